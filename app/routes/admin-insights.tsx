// The owner's insights (issue 16): a period's requests by day or week, area, landing page,
// channel and status, how soon staff first reached the families, and what is overdue now.
// Admins only, as the dashboard. The page is whole in its HTML (charts drawn on the server): the
// period form and every figure work before, and without, the JavaScript.
import { data } from "react-router";
import { StaffPageError } from "~/components/admin/access-denied";
import { InsightsPage } from "~/components/admin/insights-page";
import { dashboardTexts } from "~/domain/appointments/front-desk-texts";
import { districtOf } from "~/domain/areas/pincode-areas.server";
import { computeInsights } from "~/domain/insights/insights.server";
import { insightsTexts, periodErrorText, periodNames } from "~/domain/insights/insights-texts";
import { insightsView } from "~/domain/insights/insights-view.server";
import {
  maxPeriodDays,
  periodKinds,
  periodQuerySchema,
  resolvePeriod,
} from "~/domain/insights/period";
import { requireAdmin, staffRouteHeaders, withCookies } from "~/domain/staff/staff-session.server";
import { indiaDay } from "~/lib/dates";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/admin-insights";

export const meta: Route.MetaFunction = () => [
  { title: dashboardTexts.titleOf(insightsTexts.title) },
  { name: "robots", content: "noindex, nofollow" },
];

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
  const insights = await computeInsights(context.get(servicesContext).db, period, {
    now,
    locate: districtOf,
  });
  return data(
    {
      view: insightsView(insights),
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
