// The pieces the dashboard's rows and a request's page share: the status badge, the markers
// (overdue, call-back due, repeat, junk, owner), the received time with its age, and the call
// and WhatsApp links of the one phone module.
import { Link } from "react-router";
import type { AppointmentRow } from "#app/domain/appointments/dashboard.ts";
import { markerTexts } from "#app/domain/appointments/front-desk-texts.ts";
import { formatAge, formatDate, formatDateTime, formatTime, indiaDay } from "#app/lib/dates.ts";
import { formatPhone, telHref, whatsappGreeting, whatsappHref } from "#app/lib/indian-phone.ts";
import type { AppointmentStatus } from "#db/enums.ts";

const badgeClasses: Record<AppointmentStatus, string> = {
  // The spec's variants: default (solid) pending, secondary (muted) contacted, outline completed.
  pending: "bg-brand-700 text-white",
  contacted: "bg-slate-200 text-slate-900",
  completed: "border border-slate-400 text-slate-800",
};

const chip = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span className={`${chip} ${badgeClasses[status]}`} data-status={status}>
      {status}
    </span>
  );
}

/** The search that lists every request from the row's number (repeats included), in everything. */
const samePhoneHref = (phone: string) => `/admin?view=all&q=${encodeURIComponent(phone)}`;

/**
 * What needs the front desk's eye on this request, as small labels: overdue, a call-back due or
 * to come (its time), a repeat, junk, the owner (and "Handed to you" until its new owner works
 * on it), and the language to call back in. `withoutReasons`: not overdue, a call-back due, a
 * family's ask nor a WhatsApp to send, which Needs attention's reason lines say with their action.
 */
export function Markers({
  row,
  me,
  now,
  withoutReasons = false,
}: {
  row: AppointmentRow;
  me: string;
  now: number;
  withoutReasons?: boolean;
}) {
  const callbackAt = row.callbackAt ? new Date(row.callbackAt) : null;
  const callbackLater = callbackAt && !row.callbackDue && row.status !== "completed" && !row.junk;
  return (
    <span className="flex flex-wrap gap-1">
      {row.overdue && !withoutReasons ? (
        <span className={`${chip} bg-red-700 text-white`} data-marker="overdue">
          {markerTexts.overdue}
        </span>
      ) : null}
      {row.callbackDue && !withoutReasons ? (
        <span className={`${chip} bg-amber-300 text-amber-950`} data-marker="callback-due">
          {markerTexts.callbackDue}
        </span>
      ) : null}
      {callbackLater ? (
        <span
          className={`${chip} bg-amber-100 text-amber-950`}
          data-marker="callback"
          title={formatDateTime(callbackAt)}
        >
          {/* Short, to keep the Name column narrow: the time today, else the day (both on hover). */}
          {markerTexts.callbackAt(
            indiaDay(callbackAt) === indiaDay(new Date(now))
              ? formatTime(callbackAt)
              : formatDate(callbackAt).replace(/, \d{4}$/, ""),
          )}
        </span>
      ) : null}
      {row.familyAsk && !withoutReasons ? (
        <span className={`${chip} bg-fuchsia-700 text-white`} data-marker="family-ask">
          {row.familyAsk === "move" ? markerTexts.askMove : markerTexts.askCancel}
        </span>
      ) : null}
      {row.whatsappToSend && !withoutReasons ? (
        <span className={`${chip} bg-emerald-700 text-white`} data-marker="whatsapp-to-send">
          {markerTexts.whatsappToSend}
        </span>
      ) : null}
      {row.repeatCount > 0 ? (
        <Link
          to={samePhoneHref(row.phone)}
          className={`${chip} min-h-6 items-center bg-violet-100 text-violet-900 underline`}
          data-marker="repeat"
          aria-label={markerTexts.repeatLabel(row.repeatCount)}
        >
          {markerTexts.repeat(row.repeatCount)}
        </Link>
      ) : null}
      {row.junk ? (
        <span className={`${chip} bg-slate-700 text-white`} data-marker="junk">
          {markerTexts.junk}
        </span>
      ) : null}
      {row.ownerId ? (
        // An owner's address can be long: cut to the chip's width (whole on hover and for
        // screen readers), so that it does not widen the Name column.
        <span
          className={`${chip} max-w-32 bg-sky-100 text-sky-900`}
          data-marker="owner"
          title={row.ownerId === me ? undefined : (row.ownerEmail ?? undefined)}
        >
          <span className="truncate">
            {row.ownerId === me ? markerTexts.mine : (row.ownerEmail ?? markerTexts.taken)}
          </span>
        </span>
      ) : null}
      {row.handedBy && row.ownerId === me ? (
        <span
          className={`${chip} bg-sky-700 text-white`}
          data-marker="handed"
          title={markerTexts.handedToYouBy(row.handedBy)}
        >
          {markerTexts.handedToYou}
        </span>
      ) : null}
      {/* Hindi is marked: the desk calls back in it. No mark is English, the desk's own (as on
          the request's page, which says only "Sent in Hindi"). */}
      {row.language === "hi" && !row.erasedAt ? (
        <span
          className={`${chip} bg-orange-100 text-orange-950`}
          data-marker="language"
          title={markerTexts.languageLabel}
        >
          {markerTexts.hindi}
        </span>
      ) : null}
    </span>
  );
}

/** Where the PIN code is: our area's name, or the district marked outside our areas. */
export function Place({ place }: { place: NonNullable<AppointmentRow["place"]> }) {
  if (!place.outside) return <span data-place="area">{place.name}</span>;
  return (
    <span data-place="outside" className="font-semibold text-red-800">
      {place.name} · {markerTexts.outside}
    </span>
  );
}

/** "Nov 24, 2026" and "10:42 AM · 18 h ago", India time; the age as of `now`. */
export function Received({ at, now, inline = false }: { at: Date; now: number; inline?: boolean }) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} className="block whitespace-nowrap">
      {formatDate(date)}
      {inline ? ", " : null}
      <span className={inline ? "" : "block text-xs text-slate-700"}>
        {formatTime(date)} · {formatAge(now - date.getTime())}
      </span>
    </time>
  );
}

/** The business's WhatsApp greetings, for a request sent from each site (WHATSAPP_GREETING…). */
export interface Greetings {
  en: string;
  hi: string;
}

/**
 * Call and WhatsApp for the patient's number, the chat opening with the business's greeting in
 * the language the request was sent in.
 */
export function ContactLinks({
  row,
  clinic,
  greeting,
  compact = false,
}: {
  row: Pick<AppointmentRow, "phone" | "name" | "language">;
  clinic: string;
  greeting: Greetings;
  compact?: boolean;
}) {
  const tel = telHref(row.phone);
  const chat = whatsappHref(
    row.phone,
    whatsappGreeting(greeting[row.language], { clinic, patient: row.name }),
  );
  // In the table, the number above WhatsApp (24 px targets, the least WCAG 2.2 asks): a narrow
  // column leaves the address and the message their spec widths (200 px, 250 px).
  const size = compact ? "min-h-6" : "min-h-11";
  return (
    <span className={compact ? "flex flex-col items-start" : "flex flex-wrap items-center gap-x-3"}>
      {tel ? (
        <a
          href={tel}
          className={`inline-flex ${size} items-center whitespace-nowrap font-medium text-brand-700 underline`}
        >
          {formatPhone(row.phone)}
        </a>
      ) : (
        <span className="whitespace-nowrap">{row.phone}</span>
      )}
      {chat ? (
        <a
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          className={`inline-flex ${size} items-center whitespace-nowrap text-sm font-medium text-emerald-800 underline`}
        >
          {markerTexts.whatsapp}
        </a>
      ) : null}
    </span>
  );
}
