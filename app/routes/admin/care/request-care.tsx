// A request's care record, for the desk (decision 051; docs/care.md): that an assessment, notes,
// measures and a home programme exist, and the red flags to handle (Needs attention lists them);
// the content only once a reason is given, which the access log keeps with the reading. With
// CARE_ADMINS_READ=true admins read it at once (logged all the same). Admins only.

import { eq } from "drizzle-orm";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { getVisitSettings } from "#app/config/staff-settings.server.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import {
  careRecordOf,
  careSummaryOf,
  handleRedFlags,
  libraryExercises,
} from "#app/domain/care/care.server.ts";
import { readReason } from "#app/domain/care/care-form.ts";
import {
  careDeskTexts as desk,
  redFlagTexts,
  carePageTexts as texts,
} from "#app/domain/care/care-texts.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import {
  AssessmentSection,
  MeasuresSection,
  NotesSection,
  ProgrammeSection,
} from "#app/routes/admin/care/care-record-view.tsx";
import { type CareRecordView, careRecordView } from "#app/routes/admin/care/care-view.server.ts";
import { servicesContext } from "#app/services.server.ts";
import { appointments } from "#db/schema.ts";
import type { Route } from "./+types/request-care";

export const meta: Route.MetaFunction = () => staffPageMeta(desk.heading);

export const headers: Route.HeadersFunction = staffRouteHeaders;

async function recordView(db: Parameters<typeof careRecordOf>[0], id: string) {
  const [record, library] = await Promise.all([careRecordOf(db, id), libraryExercises(db)]);
  return careRecordView(record, new Map(library.map((row) => [row.key, row.nameEn])));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const { db } = context.get(servicesContext);
  const [request_] = await db
    .select({ reference: appointments.reference, erasedAt: appointments.erasedAt })
    .from(appointments)
    .where(eq(appointments.id, params.id));
  if (!request_) throw httpError("Not Found", 404);
  const summary = await careSummaryOf(db, params.id);
  const direct = getVisitSettings().care.adminsRead;
  let record: CareRecordView | null = null;
  if (direct && summary.assessments + summary.notes + summary.measures > 0) {
    await recordAccess(db, {
      ...accessBy(staff, context.get(requestInfo).clientAddress),
      action: "care-record",
      appointmentIds: [params.id],
      detail: { reason: "admins read directly (CARE_ADMINS_READ)" },
    });
    record = await recordView(db, params.id);
  }
  return data(
    {
      id: params.id,
      reference: request_.reference,
      summary: {
        assessments: summary.assessments,
        notes: summary.notes,
        measures: summary.measures,
        programme: summary.programme,
        flags: summary.flags.map((flag) => ({
          id: flag.id,
          at: formatDateTime(flag.at),
          labels: flag.redFlags.map(
            (key) => redFlagTexts[key as keyof typeof redFlagTexts]?.label ?? key,
          ),
          handled: flag.handledAt
            ? desk.flagsHandledBy(flag.handledBy ?? "", formatDateTime(flag.handledAt))
            : null,
        })),
      },
      record,
    },
    { headers: withCookies(staff.setCookies) },
  );
}

type ReadAnswer =
  | { ok: true; record: CareRecordView }
  | { ok: false; field: string; message: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const { db } = context.get(servicesContext);
  const headers = withCookies(staff.setCookies);
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") === "red-flags-handled") {
    const assessmentId = String(form.get("assessmentId") ?? "");
    // Not an id at all: nothing to handle (the database would refuse it as a uuid).
    if (!isAppointmentId(assessmentId)) throw httpError("Bad Request", 400);
    await handleRedFlags(
      db,
      { id: staff.user.id, email: staff.user.email },
      params.id,
      assessmentId,
    );
    throw redirect(`/admin/appointments/${params.id}/care`, { status: 303, headers });
  }
  const reason = readReason(form);
  if (!reason.ok) {
    return data<ReadAnswer>(
      { ok: false, field: reason.field, message: reason.message },
      {
        status: 400,
        headers,
      },
    );
  }
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "care-record",
    appointmentIds: [params.id],
    detail: { reason: reason.value },
  });
  return data<ReadAnswer>({ ok: true, record: await recordView(db, params.id) }, { headers });
}

const button =
  "mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800";

export default function RequestCare({ loaderData }: Route.ComponentProps) {
  const { summary, id, reference } = loaderData;
  const answer = useActionData<typeof action>();
  const record = loaderData.record ?? (answer?.ok ? answer.record : null);
  const any = summary.assessments + summary.notes + summary.measures > 0 || summary.programme;
  return (
    <div className="mx-auto max-w-3xl px-4 py-3">
      <Link
        to={`/admin/appointments/${id}`}
        className="inline-flex min-h-11 items-center text-brand-700 underline"
      >
        {reference}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{desk.heading}</h1>
      <p className="mt-1 text-slate-800" data-care-summary>
        {any
          ? desk.exists(summary.assessments, summary.notes, summary.measures, summary.programme)
          : desk.none}
      </p>
      {summary.assessments > 0 ? (
        <a
          href={`/admin/appointments/${id}/discharge.pdf`}
          className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          data-care-discharge
        >
          {desk.discharge}
        </a>
      ) : null}
      {summary.flags.map((flag) => (
        <div
          key={flag.id}
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3"
          data-care-flags={flag.handled ? "handled" : "open"}
        >
          <p className="font-medium text-red-900">{desk.flags(flag.labels.join("; "))}</p>
          <p className="text-sm text-slate-700">{flag.at}</p>
          {flag.handled ? (
            <p className="text-sm text-slate-800">{flag.handled}</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="red-flags-handled" />
              <input type="hidden" name="assessmentId" value={flag.id} />
              <button type="submit" className={button}>
                {desk.flagsHandled}
              </button>
            </Form>
          )}
        </div>
      ))}
      {record ? (
        <div data-care-record>
          <AssessmentSection record={record} />
          <MeasuresSection record={record} />
          <NotesSection record={record} />
          <ProgrammeSection record={record} />
        </div>
      ) : any ? (
        <Form method="post" className="mt-4" noValidate>
          <p className="text-sm text-slate-700">{desk.readNote}</p>
          <label className="mt-2 block font-medium">
            {desk.reasonLabel}
            <input
              name="reason"
              maxLength={200}
              className="mt-1 block w-full min-h-11 rounded-lg border border-slate-300 px-2"
            />
          </label>
          {answer && !answer.ok ? (
            <p role="alert" className="mt-1 font-medium text-red-800">
              {answer.message}
            </p>
          ) : null}
          <button type="submit" className={button}>
            {desk.read}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={desk.heading} message={texts.loadFailed} />;
}
