// What a therapist reads on /visits, made for a 390 px phone first: each day's visits as cards
// (time, patient, address, PIN code and locality, Directions / Call / WhatsApp, the front desk's
// notes, the course's count) with plain forms to mark them, and the calendar link. The words are
// the catalogue's (app/domain/visits/visit-texts.ts); the loader makes the links.

import { type FormEvent, type ReactNode, useState } from "react";
import { Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AccessDeniedScreen } from "#app/components/admin/access-denied.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { carePageTexts } from "#app/domain/care/care-texts.ts";
import { maxReason, maxVisitNote } from "#app/domain/visits/visit-form.ts";
import type { VisitDayResult } from "#app/domain/visits/visit-mark-form.ts";
import {
  therapistAppTexts as appTexts,
  calendarLinkTexts,
  therapistDayTexts as texts,
  visitKindNames,
  visitStatusNames,
} from "#app/domain/visits/visit-texts.ts";
import { formatTime } from "#app/lib/dates.ts";
import type { WaitingChange } from "#app/therapist-app/send-waiting.ts";
import type { ShownResult } from "#app/therapist-app/use-day-app.ts";
import type { VisitKind, VisitStatus } from "#db/schema.ts";

/** A visit's card; the phone keeps these (app/therapist-app/kept-day.ts: raise its shape on a change). */
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
  /** What the family wrote on the form; null when nothing. */
  message: string | null;
  /** The same request's sessions done before this one, newest first. */
  earlier: { when: string; note: string | null; pain: string | null }[];
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

/** The visits of the day, as the server sends them and the phone keeps them. */
export interface DayOfWork {
  days: DayOfVisits[];
  toMark: VisitCard[];
}

/** The app's part (decision 049): the queue, its answers, and whether the day is a kept copy. */
interface AppState {
  results: ShownResult[];
  waiting: WaitingChange[];
  online: boolean;
  signedOut: boolean;
  /** When the kept copy shown was made; null when the day came from the server just now. */
  keptAt: number | null;
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

interface PageProps extends DayOfWork {
  /** Null on a kept copy: the calendar link needs the server. */
  calendarOn: boolean | null;
  result: VisitDayResult | undefined;
  app?: AppState;
}

interface CardProps {
  card: VisitCard;
  result: ShownResult | undefined;
  submit: AppState["submit"] | undefined;
}

// Never broken inside a word at 390 px ("Direction s"): the row wraps instead.
const linkClass =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-2 font-semibold whitespace-nowrap wrap-normal ring-1";

function ContactRow({ card }: { card: VisitCard }) {
  return (
    <p className="mt-3 flex flex-wrap gap-2">
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

function Refusal({ card, result }: Omit<CardProps, "submit">) {
  if (!result || result.ok || result.visitId !== card.id) return null;
  return (
    <div id={`refusal-${card.id}`} role="alert" className="mt-3 font-medium text-red-800">
      <p data-conflict={result.conflict ? "" : undefined}>{result.message}</p>
      {result.typed ? (
        <p dir="auto" className="mt-1 whitespace-pre-wrap font-normal text-slate-900">
          {appTexts.kept(result.typed)}
        </p>
      ) : null}
    </div>
  );
}

const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900";

/** Whether the card's refusal names one of these fields: its fold is then open, to show it. */
function refusedIn(card: VisitCard, result: ShownResult | undefined, fields: string[]): boolean {
  return Boolean(
    result && !result.ok && result.visitId === card.id && fields.includes(result.field ?? ""),
  );
}

/**
 * A fold of the card (a form and its fields), closed until tapped, so that a card with every
 * action fits a phone's screen: its summary looks like the button it opens.
 */
function Fold({
  label,
  open,
  kind,
  children,
}: {
  label: string;
  open: boolean;
  kind: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <details open={open || undefined} className="group">
      <summary
        className={`${buttonClasses(kind, "md", "w-full")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        {label}
        <span aria-hidden="true" className="ml-2 transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** A field's attributes when the card's refusal names it: invalid, described by the refusal. */
function invalidOn(card: VisitCard, result: ShownResult | undefined) {
  const refused = result && !result.ok && result.visitId === card.id ? result : undefined;
  return (field: string) =>
    refused?.field === field
      ? { "aria-invalid": true, "aria-describedby": `refusal-${card.id}` }
      : {};
}

function MarkForms({ card, result, submit }: CardProps) {
  const invalid = invalidOn(card, result);
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
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      {card.canMark ? (
        <>
          <Fold
            label={texts.recordFold}
            kind="primary"
            open={refusedIn(card, result, ["note", "painBefore", "painAfter", "code"])}
          >
            <Form method="post" preventScrollReset className="space-y-3" onSubmit={submit}>
              <input type="hidden" name="intent" value="done" />
              <input type="hidden" name="visitId" value={card.id} />
              <input type="hidden" name="seen" value={card.startsAt} />
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
          </Fold>
          <Form method="post" preventScrollReset onSubmit={submit}>
            <input type="hidden" name="intent" value="no_show" />
            <input type="hidden" name="visitId" value={card.id} />
            <input type="hidden" name="seen" value={card.startsAt} />
            <button type="submit" className={buttonClasses("secondary", "md", "w-full")}>
              {texts.notHome}
            </button>
          </Form>
        </>
      ) : null}
      {card.canSayCantMake ? (
        <Fold
          label={texts.cantMakeFold}
          kind="secondary"
          open={refusedIn(card, result, ["reason"])}
        >
          <Form method="post" preventScrollReset className="space-y-2" onSubmit={submit}>
            <input type="hidden" name="intent" value="cant_make" />
            <input type="hidden" name="visitId" value={card.id} />
            <input type="hidden" name="seen" value={card.startsAt} />
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
        </Fold>
      ) : null}
      <Refusal card={card} result={result} />
    </div>
  );
}

/** What the family owes, and the form that records what they handed over. */
function CollectForm({ card, result, submit }: CardProps) {
  if (!card.collect) return null;
  const invalid = invalidOn(card, result);
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <p className="text-lg font-bold text-amber-900" data-collect>
        {card.collect.text}
      </p>
      <Fold
        label={texts.collectFold}
        kind="secondary"
        open={refusedIn(card, result, ["amount", "method"])}
      >
        <Form method="post" preventScrollReset className="space-y-3" onSubmit={submit}>
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
      </Fold>
    </div>
  );
}

function VisitCardView({ card, result, submit, waiting }: CardProps & { waiting: string[] }) {
  // A mark waiting on the phone: its forms are not offered twice.
  const marked = waiting.some((intent) => intent !== "collect");
  const props = { card, result, submit };
  const place = [texts.pincode(card.pincode), card.locality].filter(Boolean).join(" · ");
  return (
    <li
      data-visit={card.id}
      data-status={card.status}
      data-waiting={waiting.length > 0 ? waiting.join(" ") : undefined}
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
      <p className="flex items-center justify-between gap-3 text-sm text-slate-700">
        <span>{[visitKindNames[card.kind], card.course].filter(Boolean).join(" · ")}</span>
        {card.erased ? null : (
          <a
            href={`/visits/${card.id}/care`}
            className="inline-flex min-h-11 items-center whitespace-nowrap font-medium text-brand-700 underline"
            data-care-link
          >
            {carePageTexts.cardLink}
          </a>
        )}
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
      {card.message ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-800">{texts.familyWrote}</h4>
          <p dir="auto" className="whitespace-pre-wrap rounded bg-sky-50 p-2 text-slate-900">
            {card.message}
          </p>
        </div>
      ) : null}
      {card.earlier.length > 0 ? (
        <div className="mt-3" data-earlier>
          <h4 className="text-sm font-semibold text-slate-800">{texts.earlierHeading}</h4>
          <ul className="mt-1 space-y-2">
            {card.earlier.map((session) => (
              <li key={session.when} className="rounded bg-slate-50 p-2">
                <p className="text-xs text-slate-700">
                  {[session.when, session.pain].filter(Boolean).join(" · ")}
                </p>
                <p dir="auto" className="whitespace-pre-wrap text-slate-900">
                  {session.note ?? texts.earlierNone}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
      {waiting.map((intent) => (
        <p key={intent} className="mt-3 rounded bg-amber-50 p-2 font-medium text-amber-900">
          {appTexts.waitingOnCard(
            appTexts.intentNames[intent as keyof typeof appTexts.intentNames] ?? intent,
          )}
        </p>
      ))}
      {!marked && (card.canMark || card.canSayCantMake) ? <MarkForms {...props} /> : null}
      {waiting.includes("collect") ? null : <CollectForm {...props} />}
      {!marked && (card.canMark || card.canSayCantMake) ? null : <Refusal {...props} />}
    </li>
  );
}

function savedMessage(result: VisitDayResult): string | null {
  if (!result.ok || result.intent === "calendar-issue") return null;
  if (result.intent === "calendar-revoke") return calendarLinkTexts.revoked;
  return result.intent === "collect" ? result.message : texts.saved[result.intent];
}

function Saved({ result, app }: { result: VisitDayResult | undefined; app?: AppState }) {
  const sent = (app?.results ?? []).filter((answer) => answer.ok);
  const message =
    sent.length > 1
      ? appTexts.sent(sent.length)
      : sent[0]
        ? savedMessage(sent[0])
        : result
          ? savedMessage(result)
          : null;
  if (!message) return null;
  return (
    <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900">
      {message}
    </p>
  );
}

/** The issued link opened in the phone's calendar app (`webcal:`), or copied for "From URL". */
function CalendarLinkActions({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const webcal = link.replace(/^https?:/, "webcal:");
  return (
    <div className="mt-3 flex flex-col gap-2">
      <a href={webcal} className={buttonClasses("primary", "md", "w-full")} data-webcal>
        {calendarLinkTexts.openInApp}
      </a>
      <button
        type="button"
        className={buttonClasses("secondary", "md", "w-full")}
        onClick={() =>
          navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {calendarLinkTexts.copy}
      </button>
      {copied ? (
        <p role="status" className="text-sm font-medium text-emerald-900">
          {calendarLinkTexts.copied}
        </p>
      ) : null}
    </div>
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
          <CalendarLinkActions link={issued} />
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

/** Offline, a kept copy, and what waits on the phone to be sent. */
function AppBanner({ app }: { app: AppState }) {
  const count = app.waiting.length;
  const lines = [
    app.keptAt !== null
      ? appTexts.offlineAsOf(formatTime(new Date(app.keptAt)))
      : app.online
        ? null
        : appTexts.offlineNow,
  ].filter((line) => line !== null);
  if (lines.length === 0 && count === 0) return null;
  return (
    <div data-app-banner className="mt-4 space-y-1 rounded-lg bg-amber-50 p-3 text-amber-950">
      {lines.map((line) => (
        <p key={line} className="font-medium">
          {line}
        </p>
      ))}
      {count > 0 ? (
        <p data-waiting-count={count} className="font-medium">
          {app.signedOut ? appTexts.waitingSignIn(count) : appTexts.waiting(count)}{" "}
          {app.signedOut ? (
            <Link to="/auth" className="underline">
              {appTexts.signIn}
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

export function TherapistDayPage({ days, toMark, calendarOn, result, app }: PageProps) {
  const any = toMark.length > 0 || days.some((day) => day.visits.length > 0);
  // Each card's answer: the phone's latest for it, else the plain form's.
  const resultFor = (id: string): ShownResult | undefined =>
    app?.results.findLast((answer) => answer.visitId === id) ??
    (result && !result.ok && result.visitId === id ? result : undefined);
  const waitingFor = (id: string) =>
    (app?.waiting ?? [])
      .filter((change) => change.fields.visitId === id)
      .map((change) => change.fields.intent ?? "");
  const cardView = (card: VisitCard) => (
    <VisitCardView
      key={card.id}
      card={card}
      result={resultFor(card.id)}
      submit={app?.submit}
      waiting={waitingFor(card.id)}
    />
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{texts.heading}</h1>
      <p className="mt-1 text-slate-700">{texts.intro}</p>
      {app ? <AppBanner app={app} /> : null}
      <Saved result={result} app={app} />
      {toMark.length > 0 ? (
        <section aria-labelledby="to-mark" className="mt-6">
          <h2 id="to-mark" className="text-xl font-bold text-amber-900">
            {texts.toMarkHeading}
          </h2>
          <p className="text-slate-700">{texts.toMarkIntro}</p>
          <ol className="mt-3 space-y-4">{toMark.map(cardView)}</ol>
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
              <ol className="mt-2 space-y-4">{day.visits.map(cardView)}</ol>
            )}
          </section>
        ))}
      </div>
      {calendarOn === null ? null : <CalendarLink calendarOn={calendarOn} result={result} />}
    </div>
  );
}

/** The shell: the day not (yet) read from the phone, or none kept on it. */
export function TherapistDayShell({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{texts.heading}</h1>
      <p data-app-banner className="mt-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-950">
        {message}
      </p>
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
