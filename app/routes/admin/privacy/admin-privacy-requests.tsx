// The privacy-requests list (docs/privacy.md): record a data principal's request (kind, how it
// came, the requests it concerns by reference, the day received; due PRIVACY_DUE_DAYS later), see
// what is due first, mark one answered (by whom, when, how), or carry out an erasure request in one
// confirmed step. Opened from a request's page (?request=<id>), the form starts with that
// person's requests filled in. The list names the people concerned (until they are erased), so
// each look at it is written in the access log. Admins only, as every staff screen. Each change
// is a form post: it works before the JavaScript has loaded.
import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { getEnv } from "#app/config/env.server.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  eraseForPrivacyRequest,
  listPrivacyRequests,
  markPrivacyRequestDone,
  namedRequests,
  PrivacyEraseError,
  prefillFor,
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
import { requestInfo } from "#app/lib/request-info.ts";
import { PrivacyRequestsPage } from "#app/routes/admin/privacy/privacy-requests-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-privacy-requests";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const now = new Date();
  const { db } = context.get(servicesContext);
  const asked = new URL(request.url).searchParams.get("request") ?? "";
  const [list, prefill] = await Promise.all([
    listPrivacyRequests(db, now),
    isAppointmentId(asked) ? prefillFor(db, asked) : null,
  ]);
  // The names shown: the list's, and the one the form starts with.
  const named = new Set(namedRequests(list));
  if (prefill?.name) for (const id of prefill.ids) named.add(id);
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "privacy-requests",
    appointmentIds: [...named],
    detail: { open: list.open.length, done: list.done.length },
  });
  return data(
    {
      ...list,
      today: indiaDay(now),
      dueDays: getEnv().PRIVACY_DUE_DAYS,
      prefill: prefill
        ? { references: prefill.references, name: prefill.name, count: prefill.ids.length }
        : null,
    },
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
  const services = context.get(servicesContext);
  const { db } = services;
  const by = { id: staff.user.id, email: staff.user.email };
  const change = parsed.data;
  try {
    if (change.intent === "record") {
      await recordPrivacyRequest(db, change, by, { dueDays: getEnv().PRIVACY_DUE_DAYS });
      return answer({ ok: true, message: texts.recorded });
    }
    if (change.intent === "erase") {
      const actor = { ...by, address: context.get(requestInfo).clientAddress };
      const erased = await eraseForPrivacyRequest(db, change.id, actor, texts.erasedAnswer);
      // Erased and recorded: what is left on the disk goes now; if that fails, it is logged.
      await services
        .scrubErasure(erased)
        .catch((error) => getLogger().error({ err: error }, "erasure left its old values on disk"));
      return answer({ ok: true, message: texts.erased });
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
    if (error instanceof PrivacyEraseError) {
      return error.reason === "not-open"
        ? answer({ ok: false, message: texts.notFound }, 404)
        : answer(
            {
              ok: false,
              message: error.reason === "not-erasure" ? texts.notErasure : texts.noRequests,
            },
            409,
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
