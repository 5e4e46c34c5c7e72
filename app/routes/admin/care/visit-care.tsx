// A visit's care record, on the therapist's phone (decision 051; docs/care.md): the assessment
// with its red flags, body chart and goals; the outcome measures, scored here; the visit's note in
// the SOAP shape, saved as a draft or signed, then only amended; the home programme built from the
// library. Therapists only, and only for their own visits: another's visit is a 404 that names
// nothing. Each page view is in the access log. Plain forms: it works without JavaScript.
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { getVisitSettings } from "#app/config/staff-settings.server.ts";
import {
  careRecordOf,
  libraryExercises,
  therapistVisit,
  visitHasMeasure,
} from "#app/domain/care/care.server.ts";
import { bodyRegions, redFlags, soapParts } from "#app/domain/care/care-form.ts";
import {
  bodyRegionTexts,
  careFormTexts,
  noteTemplates,
  redFlagTexts,
  carePageTexts as texts,
} from "#app/domain/care/care-texts.ts";
import { measureStaffTexts } from "#app/domain/care/measure-texts.ts";
import { type MeasureKey, measureKeys, measures } from "#app/domain/care/measures.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireTherapist,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { therapistNameOf } from "#app/domain/visits/therapist-day.server.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { type CareFormError, careAction } from "#app/routes/admin/care/care-actions.server.ts";
import {
  AssessmentSection,
  MeasuresSection,
  NotesSection,
  ProgrammeSection,
} from "#app/routes/admin/care/care-record-view.tsx";
import { careRecordView } from "#app/routes/admin/care/care-view.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/visit-care";

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

async function ownVisit(
  request: Request,
  context: Route.LoaderArgs["context"],
  visitId: string,
  kind: "page" | "data",
) {
  const staff = await requireTherapist(request, context, kind);
  const { db } = context.get(servicesContext);
  const visit = await therapistVisit(db, visitId, staff.user.id);
  // Another therapist's visit, or none: the same 404, naming nothing.
  if (!visit) throw httpError("Not Found", 404);
  return { staff, db, visit };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, db, visit } = await ownVisit(request, context, params.visitId, "page");
  const [record, library] = await Promise.all([
    careRecordOf(db, visit.appointmentId),
    libraryExercises(db),
  ]);
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "care-record",
    appointmentIds: [visit.appointmentId],
    detail: { reason: "their own visit", visit: visit.visitId },
  });
  const names = new Map(library.map((exercise) => [exercise.key, exercise.nameEn]));
  const view = careRecordView(record, names);
  const url = new URL(request.url);
  const chosen = url.searchParams.get("measure");
  const template = url.searchParams.get("template");
  const every = getVisitSettings().care.measureEvery;
  const note = record.notes.find((row) => row.visitId === visit.visitId && row.amendsId === null);
  return data(
    {
      visit: {
        id: visit.visitId,
        patient: visit.name.split(/\s+/)[0] ?? "",
        when: formatDateTime(visit.startsAt),
        condition: visit.condition,
        erased: visit.erasedAt !== null,
        kind: visit.kind,
      },
      record: view,
      latestAssessmentId: record.assessments[0]?.id ?? null,
      // The body chart as last recorded, to correct rather than to tap again.
      regionPains: Object.fromEntries(
        (record.assessments[0]?.regions ?? []).map((region) => [region.region, region.pain]),
      ) as Record<string, number>,
      // Due every N sessions done, until one is recorded at this visit.
      measureDue:
        record.sessions > 0 &&
        record.sessions % every === 0 &&
        !(await visitHasMeasure(db, visit.visitId)),
      // The measures offered for the request's condition first.
      measureOrder: [...measureKeys].sort(
        (a, b) =>
          Number(!measures[a].conditions.includes(visit.condition as never)) -
          Number(!measures[b].conditions.includes(visit.condition as never)),
      ),
      every,
      measure: (measureKeys as readonly string[]).includes(chosen ?? "")
        ? (chosen as MeasureKey)
        : null,
      draft:
        note && note.signedAt === null
          ? {
              subjective: note.subjective,
              objective: note.objective,
              assessment: note.assessment,
              plan: note.plan,
            }
          : template && Object.hasOwn(noteTemplates, template)
            ? (noteTemplates[template]?.note ?? null)
            : null,
      noteSigned: note?.signedAt != null,
      library: library.map((exercise) => ({
        key: exercise.key,
        name: exercise.nameEn,
        purpose: exercise.purposeEn,
        suits: visit.condition !== null && exercise.conditions.includes(visit.condition),
      })),
      therapist: (await therapistNameOf(db, staff.user.id)) ?? "",
    },
    { headers: withCookies(staff.setCookies) },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, db, visit } = await ownVisit(request, context, params.visitId, "data");
  const form = await request.formData().catch(() => new FormData());
  const name = (await therapistNameOf(db, staff.user.id)) ?? staff.user.email;
  return careAction(form, {
    db,
    actor: { id: staff.user.id, email: staff.user.email, name },
    visit: { visitId: visit.visitId, appointmentId: visit.appointmentId },
    page: `/visits/${visit.visitId}/care`,
    headers: withCookies(staff.setCookies),
  });
}

const field = "mt-1 block w-full min-h-11 rounded-lg border border-slate-300 px-2 text-slate-900";
const button =
  "mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800";
const quiet =
  "mt-3 inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-medium text-brand-700";
const summary = "min-h-11 cursor-pointer py-2 font-medium text-brand-700";

function Refusal({ error, intent }: { error: CareFormError | undefined; intent: string[] }) {
  if (!error || !intent.includes(error.care.intent)) return null;
  return (
    <p role="alert" className="mt-2 font-medium text-red-800" data-care-refusal={error.care.field}>
      {error.care.message}
    </p>
  );
}

export default function VisitCare({ loaderData }: Route.ComponentProps) {
  const { visit, record, draft, library, measure } = loaderData;
  const error = useActionData<typeof action>() as CareFormError | undefined;
  const [params] = useSearchParams();
  const saved = params.get("saved");
  const open = (intent: string) => error?.care.intent === intent;
  return (
    <div className="mx-auto max-w-xl px-4 py-3">
      <Link to="/visits" className="inline-flex min-h-11 items-center text-brand-700 underline">
        {texts.back}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{texts.title}</h1>
      <p className="text-slate-700">{texts.visitOf(visit.patient, visit.when)}</p>
      {saved ? (
        <p role="status" className="mt-2 font-medium text-green-800">
          {texts.saved}
        </p>
      ) : null}
      {visit.erased ? <p className="mt-2 text-slate-800">{careFormTexts.erased}</p> : null}

      <AssessmentSection record={record}>
        <details
          className="mt-2"
          open={open("assessment") || (!record.assessment && visit.kind === "assessment")}
        >
          <summary className={summary}>
            {record.assessment ? texts.assessmentCorrect : texts.assessmentSave}
          </summary>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="assessment" />
            {loaderData.latestAssessmentId ? (
              <input type="hidden" name="supersedes" value={loaderData.latestAssessmentId} />
            ) : null}
            <label className="mt-2 block font-medium">
              {texts.problem}
              <textarea
                name="problem"
                rows={3}
                maxLength={2000}
                defaultValue={record.assessment?.problem}
                className={field}
              />
            </label>
            <label className="mt-2 block font-medium">
              {texts.since}
              <input
                name="since"
                maxLength={200}
                defaultValue={record.assessment?.since}
                className={field}
              />
            </label>
            <label className="mt-2 block font-medium">
              {texts.history}
              <textarea
                name="history"
                rows={3}
                maxLength={4000}
                defaultValue={record.assessment?.history}
                className={field}
              />
            </label>
            <fieldset className="mt-3">
              <legend className="font-medium">{texts.redFlags}</legend>
              <p className="text-sm text-slate-700">{texts.redFlagsHint}</p>
              {redFlags.map((flag) => (
                <label key={flag} className="mt-1 flex min-h-11 items-start gap-2">
                  <input
                    type="checkbox"
                    name="redFlag"
                    value={flag}
                    defaultChecked={record.assessment?.redFlags.some(
                      (ticked) => ticked.key === flag,
                    )}
                    className="mt-1 size-5"
                  />
                  <span>{redFlagTexts[flag].label}</span>
                </label>
              ))}
            </fieldset>
            <fieldset className="mt-3">
              <legend className="font-medium">{texts.regions}</legend>
              <p className="text-sm text-slate-700">{texts.regionsHint}</p>
              <div className="grid grid-cols-2 gap-2">
                {bodyRegions.map((region) => (
                  <label key={region} className="text-sm">
                    {bodyRegionTexts[region]}
                    <input
                      name={`pain:${region}`}
                      defaultValue={loaderData.regionPains[region]}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={10}
                      className={field}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="mt-3">
              <legend className="font-medium">{texts.goals}</legend>
              <p className="text-sm text-slate-700">{texts.goalHint}</p>
              {[1, 2, 3].map((n) => (
                <label key={n} className="mt-1 block text-sm">
                  {texts.goal(n)}
                  <input
                    name={`goal${n}`}
                    maxLength={200}
                    defaultValue={record.assessment?.goals[n - 1]}
                    className={field}
                  />
                </label>
              ))}
            </fieldset>
            <Refusal error={error} intent={["assessment"]} />
            <button type="submit" className={button}>
              {texts.assessmentSave}
            </button>
          </Form>
        </details>
      </AssessmentSection>

      <MeasuresSection record={record}>
        {loaderData.measureDue ? (
          <p className="mt-2 font-medium text-amber-800">{texts.measureDue(loaderData.every)}</p>
        ) : null}
        <details className="mt-2" open={measure !== null || open("measure")}>
          <summary className={summary}>{texts.measureRecord}</summary>
          <ul className="flex flex-wrap gap-2">
            {loaderData.measureOrder.map((key) => (
              <li key={key}>
                <Link
                  to={`?measure=${key}#care-measures`}
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3"
                  aria-current={measure === key ? "true" : undefined}
                >
                  {measureStaffTexts[key].name}
                </Link>
              </li>
            ))}
          </ul>
          {measure ? (
            <Form method="post" noValidate data-measure-form={measure}>
              <input type="hidden" name="intent" value="measure" />
              <input type="hidden" name="measure" value={measure} />
              <h3 className="mt-3 font-medium">{measureStaffTexts[measure].name}</h3>
              <label className="mt-2 block font-medium">
                {texts.occasion}
                <select
                  name="occasion"
                  defaultValue={
                    record.measures.some((m) => m.measure === measure) ? "interval" : "start"
                  }
                  className={field}
                >
                  <option value="start">{texts.occasions.start}</option>
                  <option value="interval">{texts.occasions.interval}</option>
                  <option value="discharge">{texts.occasions.discharge}</option>
                </select>
              </label>
              {measures[measure].items.map((item) => (
                <div key={item.key} className="mt-2">
                  {measure === "psfs" ? (
                    <input
                      name={`activity:${item.key}`}
                      maxLength={100}
                      aria-label={item.label}
                      placeholder={item.label}
                      className={field}
                    />
                  ) : null}
                  {item.options ? (
                    <label className="block text-sm">
                      {measure === "psfs" ? texts.activityScore : item.label}
                      <select name={`item:${item.key}`} className={field} defaultValue="">
                        <option value="" />
                        {item.options.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.value}: {option.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <label className="block text-sm">
                      {measure === "psfs" ? texts.activityScore : item.label}
                      <input
                        name={`item:${item.key}`}
                        type="number"
                        inputMode="decimal"
                        min={item.min}
                        max={item.max}
                        step={item.step}
                        className={field}
                      />
                    </label>
                  )}
                  {[item.key, `activity:${item.key}`].map((key) =>
                    error?.care.intent === "measure" && error.care.fields?.[key] ? (
                      <p key={key} className="text-sm text-red-800" data-care-field-error={key}>
                        {error.care.fields[key]}
                      </p>
                    ) : null,
                  )}
                </div>
              ))}
              <Refusal error={error} intent={["measure"]} />
              <button type="submit" className={button}>
                {texts.measureSave}
              </button>
            </Form>
          ) : null}
        </details>
        {record.measures.length > 0 ? (
          // Keyed by the strikes made: once one is saved, the form comes back closed and empty.
          <details key={record.struck.length} className="mt-2" open={open("measure-strike")}>
            <summary className={summary}>{texts.strike}</summary>
            <Form method="post" noValidate data-measure-strike>
              <input type="hidden" name="intent" value="measure-strike" />
              <label className="mt-2 block font-medium">
                {texts.measureChoose}
                <select name="measureId" className={field}>
                  {record.measures.flatMap((series) =>
                    series.points.map((point) => (
                      <option key={point.id} value={point.id}>
                        {point.score} / {series.max}: {series.name}, {point.at}
                      </option>
                    )),
                  )}
                </select>
              </label>
              <label className="mt-2 block font-medium">
                {texts.strikeReason}
                <textarea
                  name="reason"
                  maxLength={500}
                  rows={2}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1 text-slate-900"
                />
              </label>
              <Refusal error={error} intent={["measure-strike"]} />
              <button type="submit" className={button}>
                {texts.strikeSave}
              </button>
            </Form>
          </details>
        ) : null}
      </MeasuresSection>

      <NotesSection
        record={record}
        amendForm={(note) => (
          <details className="mt-2" open={open("note-amend")}>
            <summary className={summary}>{texts.amend}</summary>
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="note-amend" />
              <input type="hidden" name="noteId" value={note.id} />
              {soapParts.map((part) => (
                <label key={part} className="mt-2 block text-sm font-medium">
                  {texts.soap[part]}
                  <textarea name={part} rows={2} maxLength={4000} className={field} />
                </label>
              ))}
              <Refusal error={error} intent={["note-amend"]} />
              <button type="submit" className={button}>
                {texts.amendSave}
              </button>
            </Form>
          </details>
        )}
      />
      {loaderData.noteSigned ? null : (
        <section className="mt-3" aria-label={texts.note}>
          <details open={open("note-save") || open("note-sign") || draft !== null}>
            <summary className={summary}>{texts.note}</summary>
            <p className="mt-1 text-sm">{texts.template}</p>
            <ul className="flex flex-wrap gap-2">
              {Object.entries(noteTemplates).map(([key, template]) => (
                <li key={key}>
                  <Link
                    to={`?template=${key}#care-notes`}
                    className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm"
                  >
                    {template.label}
                  </Link>
                </li>
              ))}
            </ul>
            <Form method="post" noValidate key={JSON.stringify(draft)}>
              {soapParts.map((part) => (
                <label key={part} className="mt-2 block text-sm font-medium">
                  {texts.soap[part]}
                  <textarea
                    name={part}
                    rows={3}
                    maxLength={4000}
                    defaultValue={draft?.[part]}
                    className={field}
                  />
                </label>
              ))}
              <Refusal error={error} intent={["note-save", "note-sign"]} />
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="note-save" className={quiet}>
                  {texts.saveDraft}
                </button>
                <button type="submit" name="intent" value="note-sign" className={button}>
                  {texts.sign}
                </button>
              </div>
            </Form>
          </details>
        </section>
      )}

      <ProgrammeSection record={record}>
        <details className="mt-2" open={open("programme")}>
          <summary className={summary}>{texts.programmeBuild}</summary>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="programme" />
            {[true, false].map((suits) => (
              <fieldset key={String(suits)} className="mt-2">
                <legend className="font-medium">
                  {suits ? texts.programmeSuggested : texts.programmeOthers}
                </legend>
                {library
                  .filter((exercise) => exercise.suits === suits)
                  .map((exercise) => (
                    <label key={exercise.key} className="mt-1 flex min-h-11 items-start gap-2">
                      <input
                        type="checkbox"
                        name="exercise"
                        value={exercise.key}
                        defaultChecked={record.programme?.items.some(
                          (item) => item.exercise === exercise.key,
                        )}
                        className="mt-1 size-5"
                      />
                      <span>
                        {exercise.name}
                        <span className="block text-sm text-slate-600">{exercise.purpose}</span>
                      </span>
                    </label>
                  ))}
              </fieldset>
            ))}
            <Refusal error={error} intent={["programme"]} />
            <button type="submit" className={button}>
              {texts.programmeSave}
            </button>
          </Form>
        </details>
      </ProgrammeSection>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffPageError title={texts.title} message={texts.loadFailed} />;
}
