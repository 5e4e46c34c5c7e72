// One therapist's profile (issue 28), kept by the admins: name, registration, years, languages,
// skills, districts, working hours, leave, active. One form posts the whole profile (it works
// before, and without, the JavaScript); a refusal answers 400 with each message under its field
// and every value kept as typed. Each save is in the access log (the domain records it).
import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { servedDistricts } from "#app/domain/areas/pincode-areas.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { type FieldErrors, parseTherapistForm } from "#app/domain/visits/therapist-form.ts";
import {
  districtsFor,
  readTherapist,
  saveTherapistProfile,
  TherapistProfileError,
} from "#app/domain/visits/therapists.server.ts";
import {
  therapistFormTexts,
  therapistMessages,
  therapistTexts,
} from "#app/domain/visits/visit-texts.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import {
  type ProfileAnswer,
  TherapistProfilePage,
} from "#app/routes/admin/visits/therapist-profile-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-therapist";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffPageMeta(
    loaderData ? therapistFormTexts.title(loaderData.therapist.displayName) : therapistTexts.title,
  );

export const headers: Route.HeadersFunction = staffRouteHeaders;

/** The districts the form offers: each served one with its areas, then any the profile kept. */
function districtChoices(current: readonly string[]) {
  const served = new Map(servedDistricts().map((d) => [d.name, d.areas]));
  return districtsFor(current).map((name) => ({
    name,
    areas: (served.get(name) ?? []).map((slug) => areaNames[slug]),
  }));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const therapist = await readTherapist(context.get(servicesContext).db, params.id);
  if (!therapist) throw httpError(therapistTexts.notFound, 404);
  return data(
    {
      therapist: { ...therapist, updatedAt: therapist.updatedAt.getTime() },
      districts: districtChoices(therapist.districts),
      today: indiaDay(new Date()),
    },
    { headers: withCookies(staff.setCookies) },
  );
}

/** A domain refusal's fields as the form names them: a list's item is its list. */
function formFields(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const name = path.startsWith("hours.")
      ? path
      : path.startsWith("leave")
        ? "addLeaveFrom"
        : (path.split(".")[0] ?? path);
    errors[name] ??= message;
  }
  return errors;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const { db } = context.get(servicesContext);
  const answer = (result: ProfileAnswer, status = 200) =>
    data<ProfileAnswer>(result, { status, headers: withCookies(staff.setCookies) });
  const current = await readTherapist(db, params.id);
  if (!current) return answer({ ok: false, message: therapistTexts.notFound, errors: {} }, 404);
  const form = await request.formData().catch(() => undefined);
  if (!form) return answer({ ok: false, message: therapistFormTexts.failed, errors: {} }, 400);
  const parsed = parseTherapistForm(form, districtsFor(current.districts), indiaDay(new Date()));
  const refused = (errors: FieldErrors) =>
    answer(
      {
        ok: false,
        message: therapistFormTexts.invalid,
        errors,
        values: parsed.values,
      },
      400,
    );
  if (!parsed.ok) return refused(parsed.errors);
  try {
    await saveTherapistProfile(db, current.id, parsed.profile, {
      id: staff.user.id,
      email: staff.user.email,
      address: context.get(requestInfo).clientAddress,
    });
  } catch (error) {
    if (!(error instanceof TherapistProfileError)) throw error;
    if (error.reason === "unknown") {
      return answer({ ok: false, message: therapistTexts.notFound, errors: {} }, 404);
    }
    if (error.reason === "no-role") {
      return answer(
        {
          ok: false,
          message: therapistFormTexts.invalid,
          errors: { active: therapistMessages.noRole },
          values: parsed.values,
        },
        400,
      );
    }
    return refused(formFields(error.fields));
  }
  return answer({ ok: true, message: therapistFormTexts.saved });
}

export default function AdminTherapist({ loaderData, actionData }: Route.ComponentProps) {
  return <TherapistProfilePage {...loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <StaffPageError title={therapistTexts.title} message={therapistTexts.loadFailed} />;
}
