// What a therapist reads on /visits, made for a 390 px phone first: each day's visits as cards
// (time, patient, address, PIN code and locality, Directions / Call / WhatsApp, the front desk's
// notes, the course's count) with plain forms to mark them, and the calendar link. The words are
// the catalogue's (app/domain/visits/visit-texts.ts); the loader makes the links.
import { Form, isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDeniedScreen } from "#app/components/admin/access-denied.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { maxReason, maxVisitNote } from "#app/domain/visits/visit-form.ts";
import type { VisitDayResult } from "#app/domain/visits/visit-mark-form.ts";
import {
  calendarLinkTexts,
  therapistDayTexts as texts,
  visitKindNames,
  visitStatusNames,
} from "#app/domain/visits/visit-texts.ts";
import type { VisitKind, VisitStatus } from "#db/schema.ts";

export interface VisitCard {
  id: string;
  startsAt: number;
  time: string;
  kind: VisitKind;
  status: VisitStatus;
  course: string | null;
  erased: boolean;
  name: string;
  address: string;
  pincode: string;
  locality: string | null;
  directions: string | null;
  tel: string | null;
  whatsapp: string | null;
  notes: { body: string; by: string }[];
  cantMakeReason: string | null;
  note: string | null;
  pain: string | null;
  canMark: boolean;
  /** VISIT_CODE_REQUIRED: the family's code is needed to mark it done. */
  codeRequired: boolean;
  canSayCantMake: boolean;
  /** "Collect ₹1,200" and the amount's field's first value, while the family owes. */
  collect: { text: string; amount: string } | null;
}

interface DayOfVisits {
  day: string;
  label: string;
  visits: VisitCard[];
}

interface PageProps {
  days: DayOfVisits[];
  toMark: VisitCard[];
  calendarOn: boolean;
  result: VisitDayResult | undefined;
}

const linkClass =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 font-semibold ring-1";

function ContactRow({ card }: { card: VisitCard }) {
  return (
    <p className="mt-3 flex gap-2">
      {card.directions ? (
        <a
          href={card.directions}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkClass} text-brand-800 ring-brand-700`}
        >
          {texts.directions}
        </a>
      ) : null}
      {card.tel ? (
        <a href={card.tel} className={`${linkClass} text-brand-800 ring-brand-700`}>
          {texts.call}
        </a>
      ) : null}
      {card.whatsapp ? (
        <a
          href={card.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkClass} text-emerald-900 ring-emerald-700`}
        >
          {texts.whatsapp}
        </a>
      ) : null}
    </p>
  );
}

function Refusal({ card, result }: { card: VisitCard; result: VisitDayResult | undefined }) {
  if (!result || result.ok || result.visitId !== card.id) return null;
  return (
    <p id={`refusal-${card.id}`} role="alert" className="mt-3 font-medium text-red-800">
      {result.message}
    </p>
  );
}

function MarkForms({ card, result }: { card: VisitCard; result: VisitDayResult | undefined }) {
  const refused = result && !result.ok && result.visitId === card.id ? result : undefined;
  const invalid = (field: string) =>
    refused?.field === field
      ? { "aria-invalid": true, "aria-describedby": `refusal-${card.id}` }
      : {};
  const fieldClass =
    "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900";
  const painField = (name: "painBefore" | "painAfter", label: string) => (
    <label className="block flex-1 text-sm font-medium text-slate-800">
      {label}
      <input
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={10}
        step={1}
        className={fieldClass}
        {...invalid(name)}
      />
    </label>
  );
  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4">
      {card.canMark ? (
        <>
          <Form method="post" preventScrollReset className="space-y-3">
            <input type="hidden" name="intent" value="done" />
            <input type="hidden" name="visitId" value={card.id} />
            <label className="block text-sm font-medium text-slate-800">
              {texts.noteLabel}
              <textarea
                name="note"
                rows={3}
                maxLength={maxVisitNote}
                className={fieldClass}
                {...invalid("note")}
              />
            </label>
            <div className="flex gap-3">
              {painField("painBefore", texts.painBeforeLabel)}
              {painField("painAfter", texts.painAfterLabel)}
            </div>
            <label className="block text-sm font-medium text-slate-800">
              {card.codeRequired ? texts.codeLabelRequired : texts.codeLabel}
              <input
                name="code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                required={card.codeRequired}
                className={fieldClass}
                {...invalid("code")}
              />
              <span className="mt-1 block text-sm font-normal text-slate-700">
                {texts.codeHint}
              </span>
            </label>
            <button type="submit" className={buttonClasses("primary", "md", "w-full")}>
              {texts.done}
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="no_show" />
            <input type="hidden" name="visitId" value={card.id} />
            <button type="submit" className={buttonClasses("secondary", "md", "w-full")}>
              {texts.notHome}
            </button>
          </Form>
        </>
      ) : null}
      {card.canSayCantMake ? (
        <Form method="post" preventScrollReset className="space-y-2">
          <input type="hidden" name="intent" value="cant_make" />
          <input type="hidden" name="visitId" value={card.id} />
          <label className="block text-sm font-medium text-slate-800">
            {texts.cantMakeLabel}
            <input
              name="reason"
              type="text"
              required
              maxLength={maxReason}
              className={fieldClass}
              {...invalid("reason")}
            />
          </label>
          <p className="text-sm text-slate-700">{texts.cantMakeHint}</p>
          <button type="submit" className={buttonClasses("secondary", "md", "w-full")}>
            {texts.cantMake}
          </button>
        </Form>
      ) : null}
      <Refusal card={card} result={result} />
    </div>
  );
}

/** What the family owes, and the form that records what they handed over. */
function CollectForm({ card, result }: { card: VisitCard; result: VisitDayResult | undefined }) {
  if (!card.collect) return null;
  const refused = result && !result.ok && result.visitId === card.id ? result : undefined;
  const invalid = (field: string) =>
    refused?.field === field
      ? { "aria-invalid": true, "aria-describedby": `refusal-${card.id}` }
      : {};
  const fieldClass =
    "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900";
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
    >
      <p className="text-lg font-bold text-amber-900" data-collect>
        {card.collect.text}
      </p>
      <p className="text-sm text-slate-700">{texts.collectHint}</p>
      <input type="hidden" name="intent" value="collect" />
      <input type="hidden" name="visitId" value={card.id} />
      <div className="flex gap-3">
        <label className="block flex-1 text-sm font-medium text-slate-800">
          {texts.collectAmount}
          <input
            name="amount"
            inputMode="decimal"
            required
            defaultValue={card.collect.amount}
            autoComplete="off"
            className={fieldClass}
            {...invalid("amount")}
          />
        </label>
        <label className="block flex-1 text-sm font-medium text-slate-800">
          {texts.collectMethod}
          <select name="method" defaultValue="cash" className={fieldClass}>
            <option value="cash">{texts.collectCash}</option>
            <option value="upi">{texts.collectUpi}</option>
          </select>
        </label>
      </div>
      <button type="submit" className={buttonClasses("secondary", "md", "w-full")}>
        {texts.collectSubmit}
      </button>
    </Form>
  );
}

function VisitCardView({ card, result }: { card: VisitCard; result: VisitDayResult | undefined }) {
  const place = [texts.pincode(card.pincode), card.locality].filter(Boolean).join(" · ");
  return (
    <li
      data-visit={card.id}
      data-status={card.status}
      className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <time dateTime={new Date(card.startsAt).toISOString()} className="text-lg font-bold">
          {card.time}
        </time>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">
          {visitStatusNames[card.status]}
        </span>
      </p>
      <p className="text-sm text-slate-700">
        {[visitKindNames[card.kind], card.course].filter(Boolean).join(" · ")}
      </p>
      {card.erased ? (
        <p className="mt-2 text-slate-700">{texts.erased}</p>
      ) : (
        <>
          <h3 className="mt-2 text-lg font-semibold text-slate-900" dir="auto">
            {card.name}
          </h3>
          <p className="text-slate-900" dir="auto">
            {card.address}
          </p>
          <p className="text-slate-700">{place}</p>
          <ContactRow card={card} />
        </>
      )}
      {card.notes.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-800">{texts.notesHeading}</h4>
          <ul className="mt-1 space-y-2">
            {card.notes.map((note) => (
              <li key={`${note.by}${note.body}`} className="rounded bg-slate-50 p-2">
                <p dir="auto" className="whitespace-pre-wrap text-slate-900">
                  {note.body}
                </p>
                <p className="text-xs text-slate-700">{note.by}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {card.cantMakeReason ? (
        <p className="mt-3 font-medium text-amber-900" dir="auto">
          {texts.cantMakeSaid(card.cantMakeReason)}
        </p>
      ) : null}
      {card.note || card.pain ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-800">{texts.yourNote}</h4>
          {card.note ? (
            <p dir="auto" className="whitespace-pre-wrap text-slate-900">
              {card.note}
            </p>
          ) : null}
          {card.pain ? <p className="text-slate-700">{card.pain}</p> : null}
        </div>
      ) : null}
      {card.canMark || card.canSayCantMake ? <MarkForms card={card} result={result} /> : null}
      <CollectForm card={card} result={result} />
      {card.canMark || card.canSayCantMake ? null : <Refusal card={card} result={result} />}
    </li>
  );
}

function Saved({ result }: { result: VisitDayResult | undefined }) {
  if (!result?.ok || result.intent === "calendar-issue") return null;
  const message =
    result.intent === "calendar-revoke"
      ? calendarLinkTexts.revoked
      : result.intent === "collect"
        ? result.message
        : texts.saved[result.intent];
  return (
    <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900">
      {message}
    </p>
  );
}

function CalendarLink({
  calendarOn,
  result,
}: {
  calendarOn: boolean;
  result: VisitDayResult | undefined;
}) {
  const issued = result?.ok && result.intent === "calendar-issue" ? result.feedUrl : null;
  return (
    <section aria-labelledby="calendar-heading" className="mt-10 border-t border-slate-300 pt-6">
      <h2 id="calendar-heading" className="text-xl font-bold text-slate-900">
        {calendarLinkTexts.heading}
      </h2>
      <p className="mt-2 text-slate-700">{calendarLinkTexts.intro}</p>
      {issued ? (
        <div role="status" className="mt-4 rounded-lg bg-emerald-50 p-3">
          <p className="font-medium text-emerald-900">{calendarLinkTexts.shownOnce}</p>
          <label className="mt-2 block text-sm font-medium text-slate-800">
            {calendarLinkTexts.linkLabel}
            <input
              readOnly
              value={issued}
              data-calendar-link
              className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm"
            />
          </label>
        </div>
      ) : (
        <p className="mt-3 text-slate-800">
          {calendarOn ? calendarLinkTexts.active : calendarLinkTexts.none}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="calendar-issue" />
          <button type="submit" className={buttonClasses("primary", "md", "w-full")}>
            {calendarOn || issued ? calendarLinkTexts.reissue : calendarLinkTexts.issue}
          </button>
        </Form>
        {calendarOn || issued ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="calendar-revoke" />
            <button type="submit" className={buttonClasses("secondary", "md", "w-full")}>
              {calendarLinkTexts.revoke}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

export function TherapistDayPage({ days, toMark, calendarOn, result }: PageProps) {
  const any = toMark.length > 0 || days.some((day) => day.visits.length > 0);
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{texts.heading}</h1>
      <p className="mt-1 text-slate-700">{texts.intro}</p>
      <Saved result={result} />
      {toMark.length > 0 ? (
        <section aria-labelledby="to-mark" className="mt-6">
          <h2 id="to-mark" className="text-xl font-bold text-amber-900">
            {texts.toMarkHeading}
          </h2>
          <p className="text-slate-700">{texts.toMarkIntro}</p>
          <ol className="mt-3 space-y-4">
            {toMark.map((card) => (
              <VisitCardView key={card.id} card={card} result={result} />
            ))}
          </ol>
        </section>
      ) : null}
      {any ? null : <p className="mt-6 text-slate-800">{texts.noVisits}</p>}
      <div className="mt-6 space-y-8">
        {days.map((day) => (
          <section key={day.day} aria-labelledby={`day-${day.day}`} data-day={day.day}>
            <h2
              id={`day-${day.day}`}
              className="sticky top-0 bg-white py-2 text-xl font-bold text-slate-900"
            >
              {day.label}
            </h2>
            {day.visits.length === 0 ? (
              <p className="text-slate-700">{texts.noVisitsDay}</p>
            ) : (
              <ol className="mt-2 space-y-4">
                {day.visits.map((card) => (
                  <VisitCardView key={card.id} card={card} result={result} />
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
      <CalendarLink calendarOn={calendarOn} result={result} />
    </div>
  );
}

/** A therapist's refusal (403) reads Access Denied; anything else, that the page failed. */
export function TherapistDayError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDeniedScreen />;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{texts.heading}</h1>
      <p role="alert" className="mt-4 text-lg text-red-800">
        {texts.failed}
      </p>
    </div>
  );
}
