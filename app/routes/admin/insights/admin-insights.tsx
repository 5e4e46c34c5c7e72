// The owner's insights (docs/insights.md): a period's requests by day or week, area, landing page,
// channel and status, how soon staff first reached the families, what is overdue now, and the
// families assessed who booked no treatment after.
// Admins only, as the dashboard. The page is whole in its HTML (charts drawn on the server): the
// period form and every figure work before, and without, the JavaScript.
import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { dropOffFigures } from "#app/domain/insights/drop-off.server.ts";
import { computeInsights } from "#app/domain/insights/insights.server.ts";
import {
  insightsTexts,
  periodErrorText,
  periodNames,
} from "#app/domain/insights/insights-texts.ts";
import { dropOffView, insightsView } from "#app/domain/insights/insights-view.server.ts";
import {
  maxPeriodDays,
  periodKinds,
  periodQuerySchema,
  resolvePeriod,
} from "#app/domain/insights/period.ts";
import { moneyFigures } from "#app/domain/money/money-figures.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { InsightsPage } from "#app/routes/admin/insights/insights-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-insights";

export const meta: Route.MetaFunction = () => staffPageMeta(insightsTexts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const params = new URL(request.url).searchParams;
  const query = periodQuerySchema.parse({
    period: params.get("period") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  const now = new Date();
  const { period, error } = resolvePeriod(query, now);
  const { db } = context.get(servicesContext);
  const [insights, money, dropOff] = await Promise.all([
    computeInsights(db, period, { now, locate: districtOf }),
    moneyFigures(db, period, now),
    dropOffFigures(db, period, now),
  ]);
  return data(
    {
      view: insightsView(insights),
      money,
      dropOff: dropOffView(dropOff),
      // A refused choice stays in the form, as typed, to be put right.
      form: error
        ? { period: query.period, from: query.from ?? "", to: query.to ?? "" }
        : { period: period.kind, from: period.from, to: period.to },
      error: error ? periodErrorText(error, maxPeriodDays) : undefined,
      today: indiaDay(now),
      periods: periodKinds.map((kind) => ({ kind, name: periodNames[kind] })),
    },
    { headers: withCookies(staff.setCookies) },
  );
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  return <InsightsPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <StaffPageError title={insightsTexts.title} message={insightsTexts.loadFailed} />;
}
