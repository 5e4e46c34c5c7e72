// The schedule as the page draws it: for each therapist and day, the working windows, the free
// time and the visits, each placed by its India time as a share of the hours shown (top and
// height in the day view's columns, left and width in the week view's rows), with its words.
// Plain data from the server: the page's JavaScript carries no clock arithmetic.
import {
  clockText,
  freeSpans,
  hoursShown,
  indiaMinutes,
  type ScheduleView,
  type Span,
  spanOf,
  windowsOn,
} from "#app/domain/visits/schedule-clock.ts";
import type {
  CantMakeVisit,
  Schedule,
  ScheduleVisit,
  WaitingRequest,
} from "#app/domain/visits/schedule-view.server.ts";
import { scheduleTexts as texts } from "#app/domain/visits/visit-texts.ts";
import { formatDate, formatDateTime, indiaTimeZone } from "#app/lib/dates.ts";
import type { VisitKind, VisitStatus } from "#db/schema.ts";

/**
 * A stretch of the day within the hours shown: as a share of them, in per cent (the week's
 * strips), and in minutes from their start (the day's columns).
 */
interface Placed {
  start: number;
  size: number;
  offset: number;
  length: number;
}

export interface ScheduleBlock extends Placed {
  id: string;
  href: string;
  /** "07:30–08:30". */
  time: string;
  name: string;
  /** Where it is ("Noida"); null when unknown. */
  place: string | null;
  kind: VisitKind;
  kindName: string;
  course?: string;
  status: VisitStatus;
  statusName: string;
  cantMake: boolean;
  /** The link's accessible name: everything the block says, and whose it is. */
  label: string;
}

export interface ScheduleCell {
  day: string;
  leave: boolean;
  working: boolean;
  windows: Placed[];
  /** "Free 09:00–10:30, 12:00–13:00", "On leave", "Not working". */
  freeText: string;
  blocks: ScheduleBlock[];
}

interface ScheduleColumn {
  therapistId: string;
  name: string;
  cells: ScheduleCell[];
}

export interface ScheduleLayout {
  view: ScheduleView;
  days: { day: string; label: string; short: string }[];
  /** "Mon, Nov 30, 2026" or "Nov 30, 2026 – Dec 06, 2026". */
  rangeLabel: string;
  /** The hours drawn, and a mark at each whole hour (its share from the top or left). */
  hours: Span;
  hourMarks: { label: string; at: number; minutes: number }[];
  columns: ScheduleColumn[];
  needsTherapist: {
    rows: { id: string; href: string; name: string; detail: string; reference: string | null }[];
    more: number;
  };
  cantMake: { id: string; href: string; name: string; when: string; reason?: string }[];
}

const weekdayFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: indiaTimeZone,
  weekday: "short",
});

const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00+05:30`);
/** "Mon, Nov 30, 2026". */
const dayLabel = (isoDay: string) =>
  `${weekdayFormat.format(dayStart(isoDay))}, ${formatDate(dayStart(isoDay))}`;

const requestHref = (id: string) => `/admin/appointments/${id}`;

export function scheduleLayout(
  schedule: Schedule,
  options: {
    view: ScheduleView;
    days: string[];
    /** Where a PIN code is, said for a person ("Gurugram"); undefined when unknown. */
    placeOf: (pincode: string) => string | undefined;
  },
): ScheduleLayout {
  const { days } = options;
  const byTherapistDay = new Map<string, ScheduleVisit[]>();
  for (const visit of schedule.visits) {
    const key = `${visit.therapistId}|${indiaDayOf(visit.startsAt)}`;
    byTherapistDay.set(key, [...(byTherapistDay.get(key) ?? []), visit]);
  }
  // The hours drawn: the usual day, widened to every window and visit shown.
  const spans: Span[] = [];
  for (const therapist of schedule.therapists) {
    for (const day of days) spans.push(...windowsOn(therapist, day));
  }
  for (const visit of schedule.visits) spans.push(spanOf(visit));
  const hours = hoursShown(spans);
  const length = hours.to - hours.from;
  const place = (span: Span): Placed => {
    const offset = Math.max(span.from, hours.from) - hours.from;
    const minutes = Math.min(span.to, hours.to) - Math.max(span.from, hours.from);
    return {
      start: round((offset / length) * 100),
      size: round((minutes / length) * 100),
      offset,
      length: minutes,
    };
  };
  const hourMarks = [];
  for (let minutes = hours.from; minutes <= hours.to; minutes += 60) {
    hourMarks.push({
      label: clockText(minutes),
      at: round(((minutes - hours.from) / length) * 100),
      minutes,
    });
  }

  const columns = schedule.therapists.map((therapist) => ({
    therapistId: therapist.id,
    name: therapist.name,
    cells: days.map((day): ScheduleCell => {
      const leave = therapist.leave.includes(day);
      const windows = windowsOn(therapist, day);
      const visits = byTherapistDay.get(`${therapist.id}|${day}`) ?? [];
      const held = visits.map((visit) => ({
        from: indiaMinutes(visit.startsAt),
        to: indiaMinutes(visit.startsAt) + minutesBetween(visit.startsAt, visit.blockedUntil),
      }));
      const free = freeSpans(windows, held);
      return {
        day,
        leave,
        working: windows.length > 0,
        windows: windows.map(place),
        freeText: leave
          ? texts.onLeave
          : windows.length === 0
            ? texts.notWorking
            : texts.free(free.map((span) => `${clockText(span.from)}–${clockText(span.to)}`)),
        blocks: visits.map((visit) => blockOf(visit, therapist.name, options.view, place)),
      };
    }),
  }));

  return {
    view: options.view,
    days: days.map((day) => ({
      day,
      label: dayLabel(day),
      short: weekdayFormat.format(dayStart(day)),
    })),
    rangeLabel:
      days.length === 1
        ? dayLabel(days[0] ?? "")
        : `${formatDate(dayStart(days[0] ?? ""))} – ${formatDate(dayStart(days.at(-1) ?? ""))}`,
    hours,
    hourMarks,
    columns,
    needsTherapist: {
      rows: schedule.needsTherapist.rows.map((row) => waitingRow(row, options.placeOf)),
      more: Math.max(0, schedule.needsTherapist.total - schedule.needsTherapist.rows.length),
    },
    cantMake: schedule.cantMake.map(cantMakeRow),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
const minutesBetween = (from: Date, to: Date) =>
  Math.round((to.getTime() - from.getTime()) / 60_000);

const indiaDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: indiaTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const indiaDayOf = (at: Date) => indiaDayFormat.format(at);

function blockOf(
  visit: ScheduleVisit,
  therapist: string,
  view: ScheduleView,
  place: (span: Span) => Placed,
): ScheduleBlock {
  const span = spanOf(visit);
  const time = `${clockText(span.from)}–${clockText(span.to)}`;
  const name = visit.firstName ?? texts.erased;
  return {
    ...place(span),
    id: visit.id,
    href: requestHref(visit.appointmentId),
    time,
    name,
    place: visit.place,
    kind: visit.kind,
    kindName: texts.kinds[visit.kind],
    ...(visit.course ? { course: texts.course(visit.course.index, visit.course.size) } : {}),
    status: visit.status,
    statusName: texts.statuses[visit.status],
    cantMake: visit.cantMake,
    label: texts.blockLabel({
      time,
      ...(view === "week" ? { day: dayLabel(indiaDayOf(visit.startsAt)) } : {}),
      name,
      place: visit.place,
      kind: visit.kind,
      ...(visit.course ? { course: visit.course } : {}),
      status: visit.status,
      cantMake: visit.cantMake,
      therapist,
    }),
  };
}

function waitingRow(row: WaitingRequest, placeOf: (pincode: string) => string | undefined) {
  return {
    id: row.id,
    href: requestHref(row.id),
    name: row.firstName ?? texts.erased,
    reference: row.reference,
    detail: texts.needs.received(formatDate(row.createdAt), placeOf(row.pincode)),
  };
}

function cantMakeRow(row: CantMakeVisit) {
  return {
    id: row.id,
    href: requestHref(row.appointmentId),
    name: row.firstName ?? texts.erased,
    when: texts.cantMakeList.when(formatDateTime(row.startsAt), row.therapistName),
    ...(row.reason ? { reason: texts.cantMakeList.reason(row.reason) } : {}),
  };
}
