// The privacy-requests list (issue 18): record a data principal's request (kind, how it came,
// the requests it concerns by reference, the day received; due PRIVACY_DUE_DAYS later), see what
// is due first, mark one answered (by whom, when, how). Admins only, as every staff screen. Each
// change is a form post: it works before the JavaScript has loaded.
import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { dashboardTexts } from "#app/domain/appointments/front-desk-texts.ts";
import {
  listPrivacyRequests,
  markPrivacyRequestDone,
  ReceivedDateError,
  recordPrivacyRequest,
  UnknownReferenceError,
} from "#app/domain/privacy/privacy-requests.server.ts";
import {
  type PrivacyRequestResult,
  privacyRequestFormSchema,
} from "#app/domain/privacy/privacy-requests-form.ts";
import { privacyRequestTexts as texts } from "#app/domain/privacy/privacy-texts.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { PrivacyRequestsPage } from "#app/routes/admin/privacy/privacy-requests-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-privacy-requests";

export const meta: Route.MetaFunction = () => [
  { title: dashboardTexts.titleOf(texts.title) },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const now = new Date();
  const list = await listPrivacyRequests(context.get(servicesContext).db, now);
  return data(
    { ...list, today: indiaDay(now), dueDays: getEnv().PRIVACY_DUE_DAYS },
    { headers: withCookies(staff.setCookies) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const form = await request.formData().catch(() => undefined);
  const parsed = privacyRequestFormSchema.safeParse(form ? Object.fromEntries(form) : {});
  const answer = (result: PrivacyRequestResult, status = 200) =>
    data<PrivacyRequestResult>(result, { status, headers: withCookies(staff.setCookies) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const known = field === "references" || field === "received" || field === "answer";
    return answer(
      {
        ok: false,
        message: known && issue ? issue.message : texts.failed,
        ...(known ? { field } : {}),
      },
      400,
    );
  }
  const { db } = context.get(servicesContext);
  const by = { id: staff.user.id, email: staff.user.email };
  const change = parsed.data;
  try {
    if (change.intent === "record") {
      await recordPrivacyRequest(db, change, by, { dueDays: getEnv().PRIVACY_DUE_DAYS });
      return answer({ ok: true, message: texts.recorded });
    }
    if (!(await markPrivacyRequestDone(db, change.id, change.answer, by))) {
      return answer({ ok: false, message: texts.notFound }, 404);
    }
    return answer({ ok: true, message: texts.markedDone });
  } catch (error) {
    if (error instanceof UnknownReferenceError) {
      return answer(
        { ok: false, message: texts.unknownReference(error.references), field: "references" },
        400,
      );
    }
    if (error instanceof ReceivedDateError) {
      return answer({ ok: false, message: texts.badDate, field: "received" }, 400);
    }
    getLogger().error({ err: error }, "privacy request action failed");
    return answer({ ok: false, message: texts.failed }, 500);
  }
}

export default function AdminPrivacyRequests({ loaderData, actionData }: Route.ComponentProps) {
  return <PrivacyRequestsPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.loadFailed} />;
}
