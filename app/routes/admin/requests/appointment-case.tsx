// A request's page for the front desk: who, where, how to reach them; status, owner, call-back,
// junk; notes; the other requests from the same number; the timeline, newest first. Each change
// is a small form: with JavaScript it posts through a fetcher and keeps the focus where it was,
// without it the browser posts and the page comes back.
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useToastedFetcher } from "#app/components/admin/use-toasted-fetcher.ts";
import { type AppointmentRow, backToList } from "#app/domain/appointments/dashboard.ts";
import {
  type FrontDeskResult,
  maxNoteLength,
  type RepeatRequest,
  type RequestOrigin,
  statusesBefore,
  type TimelineEntry,
} from "#app/domain/appointments/front-desk-form.ts";
import {
  languageNames,
  statusNames,
  requestPageTexts as texts,
} from "#app/domain/appointments/front-desk-texts.ts";
import {
  actorName,
  familyTimelineTexts,
  isFamilyTimelineKind,
} from "#app/domain/messages/family-desk-texts.ts";
import { rightsTexts } from "#app/domain/privacy/privacy-texts.ts";
import type { RequestSuggestions } from "#app/domain/visits/matching.ts";
import { visitTimeline } from "#app/domain/visits/visit-texts.ts";
import { formatDate, formatDateTime, indiaDateTimeInput } from "#app/lib/dates.ts";
import { type AccountData, AccountSection } from "#app/routes/admin/money/account-section.tsx";
import { PrivacyActions } from "#app/routes/admin/privacy/privacy-actions.tsx";
import {
  ContactLinks,
  type Greetings,
  Markers,
  Received,
  StatusBadge,
} from "#app/routes/admin/requests/request-parts.tsx";
import { SuggestedTherapists } from "#app/routes/admin/visits/suggested-therapists.tsx";
import { type VisitsData, VisitsSection } from "#app/routes/admin/visits/visits-section.tsx";
import { type AppointmentStatus, appointmentStatuses } from "#db/enums.ts";

interface CaseProps {
  appointment: AppointmentRow;
  timeline: TimelineEntry[];
  repeats: RepeatRequest[];
  origin: RequestOrigin | null;
  staff: { id: string; email: string }[];
  me: string;
  now: number;
  clinic: string;
  greeting: Greetings;
  /** Requests with this one's phone number, itself included (the Privacy section's scope). */
  sameNumber: number;
  /** Its visits, the therapists to book, the booking form's first values. */
  visits: VisitsData;
  /** Its money: packages, charges, payments, the balance, and the forms. */
  account: AccountData;
  /** "Suggested therapists"; null for an erased request. */
  suggestions: RequestSuggestions | null;
}

const button =
  "inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ring-1 ring-brand-700 text-brand-800 hover:bg-brand-50";
const primary =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800";
const field = "mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The family's other requests a step can work too: not erased, and for a status one before it
 * (never moved back), for junk any (junk repeats are not listed).
 */
const openRepeats = (repeats: RepeatRequest[], status?: AppointmentStatus) =>
  repeats.filter(
    (repeat) => !repeat.erased && (!status || statusesBefore(status).includes(repeat.status)),
  ).length;

/** The offer to apply a step to the open repeats too: checked, one step, each on its timeline. */
function AlsoRepeats({ count, label }: { count: number; label: (count: number) => string }) {
  if (count === 0) return null;
  return (
    <label className="flex min-h-11 basis-full items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="repeats" value="on" defaultChecked className="size-5" />
      {label(count)}
    </label>
  );
}

function StatusForm({
  appointment,
  repeats,
}: {
  appointment: AppointmentRow;
  repeats: RepeatRequest[];
}) {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  const [chosen, setChosen] = useState<AppointmentStatus>(appointment.status);
  useEffect(() => setChosen(appointment.status), [appointment.status]);
  const also = chosen === appointment.status ? 0 : openRepeats(repeats, chosen);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      <label className="block text-sm font-medium text-slate-800">
        {texts.status}
        <select
          name="status"
          value={chosen}
          onChange={(event) => setChosen(event.target.value as AppointmentStatus)}
          className={field}
        >
          {appointmentStatuses.map((status) => (
            <option key={status} value={status}>
              {statusNames[status]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
        {texts.saveStatus}
      </button>
      <AlsoRepeats count={also} label={texts.alsoRepeats} />
    </fetcher.Form>
  );
}

function OwnerForms({ appointment, staff, me }: Pick<CaseProps, "appointment" | "staff" | "me">) {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  const busy = fetcher.state !== "idle";
  const others = staff.filter((member) => member.id !== appointment.ownerId);
  return (
    <div className="space-y-3">
      <p className="text-slate-800" data-owner>
        {appointment.ownerId === null
          ? texts.open
          : appointment.ownerId === me
            ? texts.yours
            : texts.takenBy(appointment.ownerEmail)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {appointment.ownerId !== me ? (
          <fetcher.Form method="post">
            <button type="submit" name="intent" value="take" className={primary} disabled={busy}>
              {texts.takeIt}
            </button>
          </fetcher.Form>
        ) : null}
        {others.length > 0 ? (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="hand" />
            <label className="block text-sm font-medium text-slate-800">
              {texts.handTo}
              <select name="ownerId" className={field} defaultValue="" required>
                {/* Nobody chosen until someone is: a hand-over is never to the first by chance. */}
                <option value="" disabled>
                  {texts.chooseStaff}
                </option>
                {others.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.id === me ? texts.me(member.email) : member.email}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={button} disabled={busy}>
              {texts.handOver}
            </button>
          </fetcher.Form>
        ) : null}
        {appointment.ownerId !== null ? (
          <fetcher.Form method="post">
            <button type="submit" name="intent" value="release" className={button} disabled={busy}>
              {texts.leaveOpen}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </div>
  );
}

function CallbackForms({ appointment, now }: Pick<CaseProps, "appointment" | "now">) {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  const refused = fetcher.data && !fetcher.data.ok && fetcher.data.field === "at";
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-3">
      <p className="text-slate-800" data-callback>
        {appointment.callbackAt
          ? texts.callbackAt(
              formatDateTime(new Date(appointment.callbackAt)),
              appointment.callbackDue,
            )
          : texts.noCallback}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="callback" />
          <label className="block text-sm font-medium text-slate-800">
            {texts.callbackLabel}
            <input
              type="datetime-local"
              name="at"
              required
              min={indiaDateTimeInput(new Date(now))}
              defaultValue={
                appointment.callbackAt ? indiaDateTimeInput(new Date(appointment.callbackAt)) : ""
              }
              aria-invalid={refused || undefined}
              aria-describedby={refused ? "callback-error" : undefined}
              className={field}
            />
          </label>
          <button type="submit" className={primary} disabled={busy}>
            {texts.setCallback}
          </button>
        </fetcher.Form>
        {appointment.callbackAt ? (
          <fetcher.Form method="post">
            <button
              type="submit"
              name="intent"
              value="clear-callback"
              className={button}
              disabled={busy}
            >
              {texts.clearCallback}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      {refused ? (
        <p id="callback-error" className="text-sm text-red-800">
          {fetcher.data?.message}
        </p>
      ) : null}
    </div>
  );
}

function NoteForm() {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useToastedFetcher<FrontDeskResult>(() => form.current?.reset());
  const refused = fetcher.data && !fetcher.data.ok && fetcher.data.field === "body";
  return (
    <fetcher.Form method="post" ref={form} className="space-y-2">
      <input type="hidden" name="intent" value="note" />
      <label className="block text-sm font-medium text-slate-800" htmlFor="note">
        {texts.noteLabel}
      </label>
      <textarea
        id="note"
        name="body"
        rows={3}
        required
        maxLength={maxNoteLength}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? "note-error" : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {refused ? (
        <p id="note-error" className="text-sm text-red-800">
          {fetcher.data?.message}
        </p>
      ) : null}
      <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
        {texts.addNote}
      </button>
    </fetcher.Form>
  );
}

function JunkForm({
  appointment,
  repeats,
}: {
  appointment: AppointmentRow;
  repeats: RepeatRequest[];
}) {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <button
        type="submit"
        name="intent"
        value={appointment.junk ? "not-junk" : "junk"}
        className={button}
        disabled={fetcher.state !== "idle"}
      >
        {appointment.junk ? texts.notJunk : texts.markJunk}
      </button>
      {appointment.junk ? null : (
        <AlsoRepeats count={openRepeats(repeats)} label={texts.alsoRepeatsJunk} />
      )}
    </fetcher.Form>
  );
}

function describe(entry: TimelineEntry): string {
  const said = texts.timeline;
  switch (entry.kind) {
    case "received":
      return said.received;
    case "status":
      return said.status(entry.from, entry.to, entry.by);
    case "note":
      return said.note(entry.by);
    case "callback_set":
      return said.callbackSet(formatDateTime(new Date(entry.callbackAt)), entry.by);
    case "callback_cleared":
      return said.callbackCleared(entry.by);
    case "owner_changed":
      return entry.ownerEmail ? said.taken(entry.ownerEmail, entry.by) : said.leftOpen(entry.by);
    case "junk_marked":
      return said.junkMarked(entry.by);
    case "junk_cleared":
      return said.junkCleared(entry.by);
    case "mail_sent":
      return said.mailSent;
    case "mail_failed":
      return said.mailFailed(entry.attempts);
    case "mail_retrying":
      return said.mailRetrying(entry.attempts);
    default:
      if (isFamilyTimelineKind(entry.kind)) return familyTimelineTexts[entry.kind](entry.by);
      return visitTimeline.by(actorName(entry.by));
  }
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-3" aria-label={texts.timelineLabel}>
      {entries.map((entry, index) => (
        <li
          // The entries have no id of their own; their order never changes within a load.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          data-timeline={entry.kind}
          className="border-l-2 border-slate-300 pl-3"
        >
          <p className="text-sm text-slate-700">
            <time dateTime={new Date(entry.at).toISOString()}>
              {formatDateTime(new Date(entry.at))}
            </time>
          </p>
          <p className="text-slate-900">{describe(entry)}</p>
          {"body" in entry && entry.body ? (
            <p
              dir="auto"
              className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2 text-slate-900"
            >
              {entry.body}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function AppointmentCase(props: CaseProps) {
  const { appointment, repeats, me, now } = props;
  // Back to the list this page was opened from (its view, filters, search and page), carried in
  // the link's history state: never in this page's address, where a search's words would show.
  const back = backToList((useLocation().state as { back?: unknown } | null)?.back);
  const erased = appointment.erasedAt !== null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <Link
        to={back}
        className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
      >
        {texts.allRequests}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {appointment.erasedAt ? (
              rightsTexts.erasedOn(formatDate(new Date(appointment.erasedAt)))
            ) : (
              <bdi>{appointment.name}</bdi>
            )}
          </h1>
          <div className="mt-1 text-slate-800">
            <Received at={appointment.createdAt} now={now} />
            {props.origin?.reference ? (
              <>
                {` · ${texts.reference} `}
                <strong className="font-mono tracking-wider">{props.origin.reference}</strong>
              </>
            ) : null}
            {props.origin?.language === languageNames.hi ? (
              <>
                {" · "}
                <strong data-language>{texts.sentInHindi}</strong>
              </>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={appointment.status} />
          <Markers row={appointment} me={me} now={now} />
        </div>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Section title={texts.sections.patient}>
          {appointment.erasedAt ? (
            <>
              <p className="font-semibold text-slate-900" data-erased>
                {rightsTexts.erasedOn(formatDate(new Date(appointment.erasedAt)))}
              </p>
              <p className="mt-1 text-slate-800">{texts.erasedNotice}</p>
            </>
          ) : (
            <ContactLinks row={appointment} clinic={props.clinic} greeting={props.greeting} />
          )}
          <p className="mt-2 text-slate-800">
            {appointment.erasedAt ? null : (
              <>
                <bdi>{appointment.address}</bdi>,{" "}
              </>
            )}
            {appointment.pincode}
            {props.origin?.place ? ` · ${props.origin.place}` : ""}
          </p>
          {appointment.message ? (
            <p dir="auto" className="mt-2 whitespace-pre-wrap text-slate-700">
              {appointment.message}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">
            {texts.cameFrom(props.origin?.source ?? null)}
            {props.origin?.sentFrom ? texts.sentFrom(props.origin.sentFrom) : ""}
          </p>
        </Section>
        {/* Erased: the work is over. What the law still asks (the record, a complaint) is in the
            Privacy section; no status, owner, call-back, note or junk mark is offered. */}
        {erased ? null : (
          <>
            <Section title={texts.sections.statusAndOwner}>
              <div className="space-y-4">
                <StatusForm appointment={appointment} repeats={repeats} />
                <OwnerForms appointment={appointment} staff={props.staff} me={me} />
              </div>
            </Section>
            <Section title={texts.sections.callback}>
              <CallbackForms appointment={appointment} now={now} />
            </Section>
          </>
        )}
        <Section title={texts.sections.sameNumber}>
          {repeats.length === 0 ? (
            <p className="text-slate-700">{texts.noRepeats}</p>
          ) : (
            <ul className="space-y-1" aria-label={texts.repeatsLabel}>
              {repeats.map((repeat) => (
                <li key={repeat.id}>
                  <Link
                    to={`/admin/appointments/${repeat.id}`}
                    state={{ back }}
                    className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline"
                  >
                    {formatDate(new Date(repeat.createdAt))} · {repeat.status}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {erased ? null : (
            <div className="mt-4 border-t border-slate-200 pt-3">
              <JunkForm appointment={appointment} repeats={repeats} />
            </div>
          )}
        </Section>
      </div>

      {/* Who could take the request: below the request's own facts, above the work on it. */}
      {props.suggestions ? (
        <SuggestedTherapists
          suggestions={props.suggestions}
          appointmentId={appointment.id}
          now={now}
        />
      ) : null}

      <div className="mt-4">
        <VisitsSection data={props.visits} status={appointment.status} erased={erased} now={now} />
      </div>

      <div className="mt-4" id="account">
        <AccountSection data={props.account} erased={erased} />
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {erased ? null : (
          <Section title={texts.sections.notes}>
            <NoteForm />
          </Section>
        )}
        <Section title={texts.sections.timeline}>
          <Timeline entries={props.timeline} />
        </Section>
        <Section title={rightsTexts.title}>
          <PrivacyActions appointment={appointment} sameNumber={props.sameNumber} />
        </Section>
      </div>
    </div>
  );
}
