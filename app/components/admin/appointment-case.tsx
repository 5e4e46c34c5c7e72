// A request's page for the front desk: who, where, how to reach them; status, owner, call-back,
// junk; notes; the other requests from the same number; the timeline, newest first. Each change
// is a small form: with JavaScript it posts through a fetcher and keeps the focus where it was,
// without it the browser posts and the page comes back.
import { useRef } from "react";
import { Link } from "react-router";
import { type AppointmentRow, appointmentStatuses } from "~/domain/appointments/dashboard";
import {
  type FrontDeskResult,
  maxNoteLength,
  type RepeatRequest,
  type RequestOrigin,
  type TimelineEntry,
} from "~/domain/appointments/front-desk-form";
import { rightsTexts } from "~/domain/privacy/rights-form";
import { formatDate, formatDateTime, indiaDateTimeInput } from "~/lib/dates";
import { PrivacyActions } from "./privacy-actions";
import { ContactLinks, Markers, Received, StatusBadge, statusLabel } from "./request-parts";
import { useToastedFetcher } from "./use-toasted-fetcher";

interface CaseProps {
  appointment: AppointmentRow;
  timeline: TimelineEntry[];
  repeats: RepeatRequest[];
  origin: RequestOrigin | null;
  staff: { id: string; email: string }[];
  me: string;
  now: number;
  clinic: string;
  greeting: string;
  /** Requests with this one's phone number, itself included (the Privacy section's scope). */
  sameNumber: number;
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

function StatusForm({ appointment }: { appointment: AppointmentRow }) {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      <label className="block text-sm font-medium text-slate-800">
        Status
        <select
          name="status"
          defaultValue={appointment.status}
          key={appointment.status}
          className={field}
        >
          {appointmentStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
        Save status
      </button>
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
          ? "Open: nobody has taken this request."
          : appointment.ownerId === me
            ? "Yours."
            : `Taken by ${appointment.ownerEmail ?? "a member of staff"}.`}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {appointment.ownerId !== me ? (
          <fetcher.Form method="post">
            <button type="submit" name="intent" value="take" className={primary} disabled={busy}>
              Take it
            </button>
          </fetcher.Form>
        ) : null}
        {others.length > 0 ? (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="hand" />
            <label className="block text-sm font-medium text-slate-800">
              Hand to
              <select name="ownerId" className={field} defaultValue={others[0]?.id}>
                {others.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.id === me ? `${member.email} (me)` : member.email}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={button} disabled={busy}>
              Hand over
            </button>
          </fetcher.Form>
        ) : null}
        {appointment.ownerId !== null ? (
          <fetcher.Form method="post">
            <button type="submit" name="intent" value="release" className={button} disabled={busy}>
              Leave open
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
          ? `Call back ${formatDateTime(new Date(appointment.callbackAt))}${appointment.callbackDue ? " (due now)" : ""}`
          : "No call-back planned."}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="callback" />
          <label className="block text-sm font-medium text-slate-800">
            Call back at (India time)
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
            Set call-back
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
              Clear call-back
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
        Add a note (kept on the timeline; a correction is a new note)
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
        Add note
      </button>
    </fetcher.Form>
  );
}

function JunkForm({ appointment }: { appointment: AppointmentRow }) {
  const fetcher = useToastedFetcher<FrontDeskResult>();
  return (
    <fetcher.Form method="post">
      <button
        type="submit"
        name="intent"
        value={appointment.junk ? "not-junk" : "junk"}
        className={button}
        disabled={fetcher.state !== "idle"}
      >
        {appointment.junk ? "Not junk" : "Mark as junk"}
      </button>
    </fetcher.Form>
  );
}

function describe(entry: TimelineEntry): string {
  switch (entry.kind) {
    case "received":
      return "Request received";
    case "status":
      return `Status ${entry.from} → ${entry.to} by ${entry.by}`;
    case "note":
      return `Note by ${entry.by}`;
    case "callback_set":
      return `Call-back set for ${formatDateTime(new Date(entry.callbackAt))} by ${entry.by}`;
    case "callback_cleared":
      return `Call-back cleared by ${entry.by}`;
    case "owner_changed":
      return entry.ownerEmail
        ? `Taken by ${entry.ownerEmail}${entry.ownerEmail === entry.by ? "" : ` (handed over by ${entry.by})`}`
        : `Left open by ${entry.by}`;
    case "junk_marked":
      return `Marked as junk by ${entry.by}`;
    case "junk_cleared":
      return `Junk mark taken away by ${entry.by}`;
    case "mail_sent":
      return "Staff e-mail sent";
    case "mail_failed":
      return `Staff e-mail failed after ${entry.attempts} attempts`;
    case "mail_retrying":
      return `Staff e-mail retrying (${entry.attempts} ${entry.attempts === 1 ? "attempt" : "attempts"} so far)`;
  }
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-3" aria-label="Timeline, newest first">
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
          {entry.kind === "note" ? (
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
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
      >
        ← All requests
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
                {" · Reference "}
                <strong className="font-mono tracking-wider">{props.origin.reference}</strong>
              </>
            ) : null}
            {props.origin?.language === "Hindi" ? (
              <>
                {" · "}
                <strong data-language>Sent in Hindi</strong>
              </>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={appointment.status} />
          <Markers row={appointment} me={me} />
        </div>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Section title="Patient">
          {appointment.erasedAt ? (
            <p className="text-slate-800" data-erased>
              {rightsTexts.erasedOn(formatDate(new Date(appointment.erasedAt)))}
            </p>
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
            Came from: {props.origin?.source ?? "Not recorded"}
            {props.origin?.sentFrom ? `; sent from ${props.origin.sentFrom}` : ""}
          </p>
        </Section>
        <Section title="Status and owner">
          <div className="space-y-4">
            <StatusForm appointment={appointment} />
            <OwnerForms appointment={appointment} staff={props.staff} me={me} />
          </div>
        </Section>
        <Section title="Call-back">
          <CallbackForms appointment={appointment} now={now} />
        </Section>
        <Section title="Same number">
          {repeats.length === 0 ? (
            <p className="text-slate-700">No other request from this number within 30 days.</p>
          ) : (
            <ul className="space-y-1" aria-label="Other requests from this number">
              {repeats.map((repeat) => (
                <li key={repeat.id}>
                  <Link
                    to={`/admin/appointments/${repeat.id}`}
                    className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline"
                  >
                    {formatDate(new Date(repeat.createdAt))} · {repeat.status}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 border-t border-slate-200 pt-3">
            <JunkForm appointment={appointment} />
          </div>
        </Section>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Section title="Notes">
          <NoteForm />
        </Section>
        <Section title="Timeline">
          <Timeline entries={props.timeline} />
        </Section>
        <Section title={rightsTexts.title}>
          <PrivacyActions appointment={appointment} sameNumber={props.sameNumber} />
        </Section>
      </div>
    </div>
  );
}
