// A request's "Visits" (issue 28): its visits in order with their state, the course's count and
// what can be done to each (done, not home, cancel with who and why, move; a course's session with
// its later ones in one step, docs/visits.md), and the booking form (id `book`: the suggestions'
// links fill it in). Plain forms: they post and come back without
// JavaScript; a refusal's words stand under the field it is about.

import { Form, Link, useActionData } from "react-router";
import { useToastedFetcher } from "#app/components/admin/use-toasted-fetcher.ts";
import type { FrontDeskResult } from "#app/domain/appointments/front-desk-form.ts";
import { careDeskTexts } from "#app/domain/care/care-texts.ts";
import {
  familyMessageKindNames,
  familyMessageStateNames,
  visitMessagesTexts,
} from "#app/domain/messages/family-desk-texts.ts";
import type { VisitsFamilySide } from "#app/domain/messages/visit-messages.ts";
import {
  type BookingPrefill,
  courseFinished,
  laterScheduled,
  maxCourseSessions,
  maxReason,
  maxVisitNote,
  type VisitFormError,
  type VisitRow,
} from "#app/domain/visits/visit-form.ts";
import {
  cancelledByNames,
  isoWeekdayNames,
  sessionOf,
  visitsTexts as texts,
  visitKindNames,
  visitStatusNames,
} from "#app/domain/visits/visit-texts.ts";
import { indiaDayInput, visitClock, visitDay } from "#app/domain/visits/visit-time.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import { visitKinds, visitLengths } from "#db/schema.ts";

export interface VisitsData {
  rows: VisitRow[];
  therapists: { id: string; displayName: string }[];
  prefill: BookingPrefill;
  /** The family's side (issue 29): messages about each visit, their replies and open asks. */
  family?: VisitsFamilySide;
}

/** Under a visit: its messages to the family, their confirmation, and their open ask. */
function FamilySide({
  visitId,
  missed,
  family,
  erased,
  refusal,
}: {
  visitId: string;
  /** The visit was marked not home: an ask about it is for a new time. */
  missed: boolean;
  family: VisitsFamilySide | undefined;
  erased: boolean;
  refusal: Refusal | undefined;
}) {
  if (!family) return null;
  const words = visitMessagesTexts;
  const messages = family.messages.filter((message) => message.visitId === visitId);
  const asks = family.asks.filter((ask) => ask.visitId === visitId);
  const confirmedAt = family.confirmed[visitId];
  const when = (at: Date | string) => formatDateTime(new Date(at));
  return (
    <>
      {confirmedAt ? (
        <p className="text-sm font-semibold text-green-800" data-visit-confirmed>
          {words.confirmedAt(when(confirmedAt))}
        </p>
      ) : null}
      {asks.map((ask) => (
        <div
          key={ask.id}
          className="mt-1 rounded-md bg-amber-50 p-2 text-sm"
          data-family-ask={ask.kind}
        >
          <p className="font-semibold text-slate-900">
            {ask.kind === "cancel" ? words.askCancel : missed ? words.askNewTime : words.askMove}
          </p>
          {ask.reason ? <p dir="auto">{words.askReason(ask.reason)}</p> : null}
          {ask.preferredTime ? <p dir="auto">{words.askPreferred(ask.preferredTime)}</p> : null}
          <p className="text-slate-700">{words.askWhen(when(ask.createdAt), ask.via)}</p>
          {erased ? null : (
            <Form method="post" preventScrollReset className="mt-1">
              <input type="hidden" name="askId" value={ask.id} />
              <button type="submit" name="intent" value="visit-ask-handled" className={button}>
                {words.markHandled}
              </button>
            </Form>
          )}
          {refusal?.intent === "visit-ask-handled" ? (
            <p className="mt-1 text-red-800" role="alert">
              {refusal.message}
            </p>
          ) : null}
        </div>
      ))}
      {messages.length > 0 ? (
        <ul className="mt-1 text-sm text-slate-700" aria-label={words.messagesLabel}>
          {messages.map((message) => (
            <li key={message.id} data-family-message={message.state}>
              {words.message(
                familyMessageKindNames[message.kind],
                familyMessageStateNames[message.state],
                when(message.at),
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

const primary =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800";
const button =
  "inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ring-1 ring-brand-700 text-brand-800 hover:bg-brand-50";
const field = "mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3";
const label = "block text-sm font-medium text-slate-800";
const summary =
  "inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline";

type Refusal = VisitFormError["visitForm"];

/** Whether the family gets WhatsApp updates, and staff's stop (a STOP reply sent to a phone). */
function FamilyUpdates({
  family,
  erased,
  refusal,
}: {
  family: VisitsFamilySide | undefined;
  erased: boolean;
  refusal: Refusal | undefined;
}) {
  if (!family || erased) return null;
  const words = visitMessagesTexts;
  const { state, since } = family.updates;
  const when = since ? formatDateTime(new Date(since)) : "";
  return (
    <div className="mt-2 text-sm text-slate-700" data-family-updates={state}>
      <p>
        {state === "on"
          ? words.updatesOn(when)
          : state === "stopped"
            ? words.updatesStopped(when)
            : words.updatesNotAsked}
      </p>
      {state === "on" ? (
        <Form method="post" preventScrollReset className="mt-1 flex flex-wrap items-center gap-2">
          <button type="submit" name="intent" value="messages-stop" className={button}>
            {words.stopUpdates}
          </button>
          <span>{words.stopUpdatesHint}</span>
        </Form>
      ) : null}
      {refusal?.intent === "messages-stop" ? (
        <p className="mt-1 text-red-800" role="alert">
          {refusal.message}
        </p>
      ) : null}
    </div>
  );
}

function useRefusal(): Refusal | undefined {
  const answer = useActionData() as VisitFormError | FrontDeskResult | undefined;
  return answer && "visitForm" in answer ? answer.visitForm : undefined;
}

/** The words under a field, and the attributes that tie the field to them. */
function fieldError(refusal: Refusal | undefined, id: string, name: string) {
  const refused = refusal?.field === name || (name === "" && refusal && !refusal.field);
  return {
    refused: Boolean(refused),
    attributes: refused ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {},
    message: refused ? (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-800" data-visit-error>
        {refusal?.message}
      </p>
    ) : null,
  };
}

function TherapistSelect({
  id,
  therapists,
  chosen,
  refusal,
}: {
  id: string;
  therapists: VisitsData["therapists"];
  chosen: string;
  refusal: Refusal | undefined;
}) {
  const error = fieldError(refusal, id, "therapistId");
  return (
    <div>
      <label className={label} htmlFor={id}>
        {texts.therapist}
      </label>
      <select
        id={id}
        name="therapistId"
        required
        defaultValue={chosen}
        className={field}
        {...error.attributes}
      >
        <option value="" disabled>
          {texts.chooseTherapist}
        </option>
        {therapists.map((therapist) => (
          <option key={therapist.id} value={therapist.id}>
            {therapist.displayName}
          </option>
        ))}
      </select>
      {error.message}
    </div>
  );
}

function DayAndStart({
  prefix,
  day,
  start,
  today,
  refusal,
  dayLabel = texts.day,
}: {
  prefix: string;
  day: string;
  start: string;
  today: string;
  refusal: Refusal | undefined;
  dayLabel?: string;
}) {
  const dayError = fieldError(refusal, `${prefix}-day`, "day");
  const startError = fieldError(refusal, `${prefix}-start`, "start");
  return (
    <>
      <div>
        <label className={label} htmlFor={`${prefix}-day`}>
          {dayLabel}
        </label>
        <input
          id={`${prefix}-day`}
          type="date"
          name="day"
          required
          min={today}
          defaultValue={day}
          className={field}
          {...dayError.attributes}
        />
        {dayError.message}
      </div>
      <div>
        <label className={label} htmlFor={`${prefix}-start`}>
          {texts.start}
        </label>
        <input
          id={`${prefix}-start`}
          type="time"
          name="start"
          required
          step={900}
          defaultValue={start}
          className={field}
          {...startError.attributes}
        />
        {startError.message}
      </div>
    </>
  );
}

function BookForm({
  data,
  today,
  refusal,
}: {
  data: VisitsData;
  today: string;
  refusal: Refusal | undefined;
}) {
  const typed = refusal?.intent === "visit-book" ? refusal.values : undefined;
  const value = (name: string, fallback: string) => {
    const typedValue = typed?.[name];
    return typeof typedValue === "string" ? typedValue : fallback;
  };
  const mine = refusal?.intent === "visit-book" ? refusal : undefined;
  const weekdays = Array.isArray(typed?.weekdays) ? typed.weekdays : [];
  const kind = fieldError(mine, "book-kind", "kind");
  const sessions = fieldError(mine, "book-sessions", "sessions");
  const days = fieldError(mine, "book-weekdays", "weekdays");
  const other = fieldError(mine, "book-form", "");
  return (
    <Form
      method="post"
      id="book"
      // A refused booking comes back with what was typed, and a suggested start's link (the same
      // page) with its own values: the form is made again around them.
      key={JSON.stringify(typed ?? data.prefill)}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby="book-title"
    >
      <h3 id="book-title" className="font-semibold text-slate-900">
        {texts.book}
      </h3>
      <input type="hidden" name="intent" value="visit-book" />
      <div className="flex flex-wrap items-start gap-3">
        <TherapistSelect
          id="book-therapist"
          therapists={data.therapists}
          chosen={value("therapistId", data.prefill.therapistId)}
          refusal={mine}
        />
        <DayAndStart
          prefix="book"
          day={value("day", data.prefill.day)}
          start={value("start", data.prefill.start)}
          today={today}
          refusal={mine}
        />
        <div>
          <label className={label} htmlFor="book-minutes">
            {texts.minutes}
          </label>
          <select
            id="book-minutes"
            name="minutes"
            defaultValue={value("minutes", String(data.prefill.minutes))}
            className={field}
          >
            {visitLengths.map((minutes) => (
              <option key={minutes} value={minutes}>
                {texts.minutesOption(minutes)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className={label} htmlFor="book-kind">
            {texts.kind}
          </label>
          <select
            id="book-kind"
            name="kind"
            // A request's first visit is its assessment; after it, treatments.
            defaultValue={value(
              "kind",
              data.rows.some((row) => row.status !== "cancelled") ? "treatment" : "assessment",
            )}
            className={field}
            {...kind.attributes}
          >
            {visitKinds.map((name) => (
              <option key={name} value={name}>
                {visitKindNames[name]}
              </option>
            ))}
          </select>
          {kind.message}
        </div>
        <div>
          <label className={label} htmlFor="book-sessions">
            {texts.sessions}
          </label>
          <input
            id="book-sessions"
            type="number"
            name="sessions"
            min={1}
            max={maxCourseSessions}
            defaultValue={value("sessions", "1")}
            aria-describedby="book-sessions-hint"
            className={`${field} w-24`}
            {...sessions.attributes}
          />
          <p id="book-sessions-hint" className="mt-1 max-w-56 text-sm text-slate-700">
            {texts.sessionsHint}
          </p>
          {sessions.message}
        </div>
      </div>
      <fieldset {...days.attributes}>
        <legend className={label}>{texts.weekdays}</legend>
        <div className="flex flex-wrap gap-x-3">
          {isoWeekdayNames.map((name, index) => (
            <label key={name} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name="weekdays"
                value={index + 1}
                defaultChecked={weekdays.includes(String(index + 1))}
                className="size-5"
              />
              {name}
            </label>
          ))}
        </div>
        {days.message}
      </fieldset>
      {data.therapists.length === 0 ? <p className="text-slate-700">{texts.noTherapists}</p> : null}
      <button type="submit" className={primary}>
        {texts.submitBook}
      </button>
      {other.message}
    </Form>
  );
}

/**
 * The Cancel or Move form's choice, on a course's session with later ones still scheduled: this
 * visit only (the default) or it and the later ones. The radio is the form's intent, so the plain
 * form posts the one chosen.
 */
function ScopeChoice({
  id,
  one,
  rest,
  later,
  chosen,
  hint,
}: {
  id: string;
  one: string;
  rest: string;
  later: number;
  chosen: string | undefined;
  hint?: string;
}) {
  const choices = [
    { value: one, words: texts.scopeVisit },
    { value: rest, words: texts.scopeRest(later) },
  ];
  return (
    <fieldset className="basis-full" {...(hint ? { "aria-describedby": `${id}-hint` } : {})}>
      <legend className={label}>{texts.scopeLegend}</legend>
      <div className="flex flex-wrap gap-x-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="intent"
              value={choice.value}
              defaultChecked={choice.value === (chosen === rest ? rest : one)}
              className="size-5"
            />
            {choice.words}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="max-w-prose text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

function VisitActions({
  row,
  data,
  today,
  refusal,
}: {
  row: VisitRow;
  data: VisitsData;
  today: string;
  refusal: Refusal | undefined;
}) {
  const mine = refusal?.visitId === row.id ? refusal : undefined;
  const id = `visit-${row.id}`;
  const later = laterScheduled(data.rows, row);
  const noteError = fieldError(mine, `${id}-note`, "note");
  const painError = fieldError(
    mine?.field === "painBefore" || mine?.field === "painAfter"
      ? { ...mine, field: "pain" }
      : undefined,
    `${id}-pain`,
    "pain",
  );
  const reasonError = fieldError(mine, `${id}-reason`, "reason");
  const other = fieldError(
    mine &&
      !["note", "painBefore", "painAfter", "reason", "therapistId", "day", "start"].includes(
        mine.field ?? "",
      )
      ? { ...mine, field: undefined }
      : undefined,
    `${id}-form`,
    "",
  );
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="visitId" value={row.id} />
          <button type="submit" name="intent" value="visit-no-show" className={button}>
            {texts.notHome}
          </button>
        </Form>
      </div>
      <details open={mine?.intent === "visit-done" || undefined}>
        <summary className={summary}>{texts.markDone}</summary>
        <Form method="post" preventScrollReset className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="visit-done" />
          <input type="hidden" name="visitId" value={row.id} />
          <label className={label} htmlFor={`${id}-note`}>
            {texts.noteLabel}
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            maxLength={maxVisitNote}
            className="block w-full rounded-md border border-slate-300 px-3 py-2"
            {...noteError.attributes}
          />
          {noteError.message}
          <div className="flex flex-wrap gap-3">
            {(["painBefore", "painAfter"] as const).map((name) => (
              <div key={name}>
                <label className={label} htmlFor={`${id}-${name}`}>
                  {name === "painBefore" ? texts.painBefore : texts.painAfter}
                </label>
                <input
                  id={`${id}-${name}`}
                  type="number"
                  name={name}
                  min={0}
                  max={10}
                  className={`${field} w-24`}
                  {...painError.attributes}
                />
              </div>
            ))}
          </div>
          {painError.message}
          <button type="submit" className={primary}>
            {texts.done}
          </button>
        </Form>
      </details>
      <details
        open={
          mine?.intent === "visit-cancel" || mine?.intent === "visit-course-cancel" || undefined
        }
      >
        <summary className={summary}>{texts.cancel}</summary>
        <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-start gap-3">
          {later > 0 ? (
            <ScopeChoice
              id={`${id}-cancel-scope`}
              one="visit-cancel"
              rest="visit-course-cancel"
              later={later}
              chosen={mine?.intent}
            />
          ) : (
            <input type="hidden" name="intent" value="visit-cancel" />
          )}
          <input type="hidden" name="visitId" value={row.id} />
          <div>
            <label className={label} htmlFor={`${id}-by`}>
              {texts.cancelledBy}
            </label>
            <select id={`${id}-by`} name="cancelledBy" className={field} defaultValue="patient">
              {(["patient", "clinic"] as const).map((by) => (
                <option key={by} value={by}>
                  {cancelledByNames[by]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className={label} htmlFor={`${id}-reason`}>
              {texts.reason}
            </label>
            <input
              id={`${id}-reason`}
              name="reason"
              required
              maxLength={maxReason}
              className={field}
              {...reasonError.attributes}
            />
            {reasonError.message}
          </div>
          <button type="submit" className={`${button} mt-6`}>
            {later > 0 ? texts.confirmCancelChosen : texts.confirmCancel}
          </button>
        </Form>
      </details>
      <details
        open={mine?.intent === "visit-move" || mine?.intent === "visit-course-move" || undefined}
      >
        <summary className={summary}>{texts.move}</summary>
        <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-start gap-3">
          {later > 0 ? (
            <ScopeChoice
              id={`${id}-move-scope`}
              one="visit-move"
              rest="visit-course-move"
              later={later}
              chosen={mine?.intent}
              hint={texts.scopeMoveHint}
            />
          ) : (
            <input type="hidden" name="intent" value="visit-move" />
          )}
          <input type="hidden" name="visitId" value={row.id} />
          <TherapistSelect
            id={`${id}-therapist`}
            therapists={data.therapists}
            chosen={row.therapistId}
            refusal={mine}
          />
          <DayAndStart
            prefix={id}
            day={indiaDayInput(new Date(row.startsAt))}
            start={""}
            today={today}
            refusal={mine}
            dayLabel={texts.moveTo}
          />
          <button type="submit" className={`${button} mt-6`}>
            {later > 0 ? texts.confirmMoveChosen : texts.confirmMove}
          </button>
        </Form>
      </details>
      {other.message}
    </div>
  );
}

function VisitItem(props: {
  row: VisitRow;
  data: VisitsData;
  today: string;
  refusal: Refusal | undefined;
  erased: boolean;
}) {
  const { row } = props;
  const starts = new Date(row.startsAt);
  return (
    <li
      className="border-l-2 border-slate-300 pl-3"
      data-visit={row.id}
      data-visit-status={row.status}
    >
      <p className="text-slate-900">
        {row.course ? (
          <strong data-course>{`${sessionOf(row.course.index, row.course.size)} · `}</strong>
        ) : null}
        {`${visitDay(starts)}, ${visitClock(starts)}–${visitClock(new Date(row.endsAt))} · ${
          row.therapist
        } · ${visitKindNames[row.kind]} · `}
        <span className="font-semibold">{visitStatusNames[row.status]}</span>
      </p>
      {row.status === "cancelled" && row.cancelledBy ? (
        <p className="text-sm text-slate-700">{texts.cancelledWith(row.cancelledBy, row.reason)}</p>
      ) : null}
      {row.status === "scheduled" && row.cantMakeReason ? (
        <p className="text-sm font-semibold text-red-800" data-cant-make>
          {texts.cantMake(row.cantMakeReason)}
        </p>
      ) : null}
      {row.status === "done" ? (
        <p
          className={`text-sm ${row.codeConfirmedAt ? "text-emerald-800" : "font-semibold text-amber-800"}`}
          data-code-confirmed={row.codeConfirmedAt ? "yes" : "no"}
        >
          {row.codeConfirmedAt ? texts.codeConfirmed : texts.notConfirmedByFamily}
        </p>
      ) : null}
      {row.status === "done" && (row.painBefore !== null || row.painAfter !== null) ? (
        <p className="text-sm text-slate-700">{texts.pain(row.painBefore, row.painAfter)}</p>
      ) : null}
      {row.note ? (
        <p dir="auto" className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2 text-slate-900">
          {row.note}
        </p>
      ) : null}
      <FamilySide
        visitId={row.id}
        missed={row.status === "no_show"}
        family={props.data.family}
        erased={props.erased}
        refusal={props.refusal}
      />
      {row.status === "scheduled" && !props.erased ? <VisitActions {...props} /> : null}
    </li>
  );
}

function CompleteForm() {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  return (
    <fetcher.Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="completed" />
      <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
        {texts.markCompleted}
      </button>
    </fetcher.Form>
  );
}

export function VisitsSection({
  data,
  status,
  erased,
  now,
}: {
  data: VisitsData;
  status: AppointmentStatus;
  erased: boolean;
  now: number;
}) {
  const refusal = useRefusal();
  const today = indiaDayInput(new Date(now));
  return (
    <section
      id="visits"
      className="rounded-lg border border-slate-200 p-4"
      aria-labelledby="visits-title"
    >
      <h2 id="visits-title" className="text-lg font-semibold text-slate-900">
        {texts.title}
      </h2>
      <Link
        to="care"
        relative="path"
        className="inline-flex min-h-11 items-center text-brand-700 underline"
        data-care-link
      >
        {careDeskTexts.link}
      </Link>
      <FamilyUpdates family={data.family} erased={erased} refusal={refusal} />
      {courseFinished(data.rows) && status !== "completed" && !erased ? (
        <div className="mt-3 rounded-md bg-green-50 p-3" data-course-finished>
          <p className="text-slate-900">{texts.courseDone}</p>
          <CompleteForm />
        </div>
      ) : null}
      {data.rows.length === 0 ? (
        <p className="mt-3 text-slate-700">{texts.none}</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label={texts.listLabel}>
          {data.rows.map((row) => (
            <VisitItem
              key={row.id}
              row={row}
              data={data}
              today={today}
              refusal={refusal}
              erased={erased}
            />
          ))}
        </ol>
      )}
      {erased ? null : <BookForm data={data} today={today} refusal={refusal} />}
    </section>
  );
}
