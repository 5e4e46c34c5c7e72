// A request's privacy actions (docs/privacy.md): correct its details or erase its personal data,
// for this request or every request with its number, as the Privacy section of the request's page
// posts them (app/routes/admin/privacy/privacy-actions.tsx). Admins only, as every staff screen that
// shows a patient (a member of staff without the role sees no personal data at all). With
// JavaScript the section posts through a fetcher and shows the answer as a toast; without it the
// browser shows the answer here, with the way back to the request.
import { data, Link } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { fieldLabels, rightsTexts } from "#app/domain/privacy/privacy-texts.ts";
import {
  correctFromRequest,
  eraseFromRequest,
  RightsError,
  ScopeChangedError,
} from "#app/domain/privacy/rights.server.ts";
import { type RightsResult, rightsActionSchema } from "#app/domain/privacy/rights-form.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-privacy";

export const meta: Route.MetaFunction = () => staffPageMeta(rightsTexts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

/** Nothing to show by itself: the actions live on the request's page (this one links back). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  return data(null, { headers: withCookies(staff.setCookies) });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const form = await request.formData().catch(() => undefined);
  const parsed = rightsActionSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!isAppointmentId(params.id) || !parsed.success) {
    return data<RightsResult>({ ok: false, message: rightsTexts.failed }, 400);
  }
  const services = context.get(servicesContext);
  const { db } = services;
  const actor = {
    id: staff.user.id,
    email: staff.user.email,
    address: context.get(requestInfo).clientAddress,
  };
  const answer = (result: RightsResult, status = 200) =>
    data<RightsResult>(result, { status, headers: withCookies(staff.setCookies) });
  const change = parsed.data;
  try {
    if (change.intent === "correct") {
      const { intent: _, scope, ...typed } = change;
      const result = await correctFromRequest(db, params.id, scope, typed, actor);
      if (!result.ok) {
        const first = Object.values(result.errors)[0] ?? rightsTexts.failed;
        return answer({ ok: false, message: first, errors: result.errors }, 400);
      }
      return answer({
        ok: true,
        message:
          result.changed.length === 0
            ? rightsTexts.nothingChanged
            : rightsTexts.corrected(result.changed.map((field) => fieldLabels[field])),
      });
    }
    const erased = await eraseFromRequest(db, params.id, change.scope, change.confirm, actor);
    // Erased and recorded: what is left on the disk goes now; if that fails, it is logged.
    await services
      .scrubErasure(erased)
      .catch((error) => getLogger().error({ err: error }, "erasure left its old values on disk"));
    return answer({ ok: true, message: rightsTexts.erased(erased.length) });
  } catch (error) {
    if (error instanceof RightsError) {
      return error.reason === "not-found"
        ? answer({ ok: false, message: rightsTexts.notFound }, 404)
        : answer({ ok: false, message: rightsTexts.alreadyErased }, 409);
    }
    if (error instanceof ScopeChangedError) {
      return answer({ ok: false, message: rightsTexts.countChanged(error.count) }, 409);
    }
    getLogger().error({ err: error }, "privacy action failed");
    return answer({ ok: false, message: rightsTexts.failed }, 500);
  }
}

/** What a browser without JavaScript shows after a post: the answer, and the way back. */
export default function AdminPrivacy({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{rightsTexts.title}</h1>
      <p
        role="status"
        className={`mt-4 text-lg ${actionData?.ok ? "text-slate-800" : "text-red-800"}`}
      >
        {actionData?.message ?? rightsTexts.failed}
      </p>
      <Link
        to={`/admin/appointments/${params.id}`}
        className="mt-6 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
      >
        ← {rightsTexts.backToRequest}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={rightsTexts.title} message={rightsTexts.failed} />;
}
