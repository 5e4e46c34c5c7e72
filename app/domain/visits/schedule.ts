// A therapist's time, as arithmetic: whether a visit fits (their hours, their leave, the visits
// they already hold and the travel after each), their free starts, and a course's dates. Pure: no
// database and no clock of its own (now is an argument), so that the booking checks, the matcher
// and the tests all read the same rules. The database repeats the clash rule itself
// (`visits_no_double_booking`, migration 0016): this module words a refusal before it happens.
import { TZDate } from "@date-fns/tz";
import { type Place, type TravelRule, travelBetween } from "#app/domain/visits/travel.ts";
import { indiaDay, indiaTimeZone } from "#app/lib/dates.ts";
import type { TherapistSkill, WeeklyHours, WorkingWindow } from "#db/schema.ts";

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** How far ahead a visit may be booked. */
const maxDaysAhead = 90;

/** A therapist as the schedule and the matcher read them (a row of `therapists`). */
export interface RosterTherapist {
  id: string;
  displayName: string;
  registrationNumber: string;
  yearsOfPractice: number;
  languages: string[];
  skills: TherapistSkill[];
  districts: string[];
  hours: WeeklyHours;
  /** Days of leave, India dates ("2026-12-01"). */
  leave: string[];
  active: boolean;
}

/** The time a visit not cancelled holds: its own and the travel after it. */
export interface HeldTime {
  visitId: string;
  therapistId: string;
  startsAt: Date;
  blockedUntil: Date;
  /** Its end and its place: with them, the travel to and from it is checked (decision 050). */
  endsAt?: Date;
  place?: Place | null;
}

/** Where a visit to place is, and the travel rule between places (decision 050). */
export interface SlotTravel {
  rule: TravelRule;
  place: Place | null;
}

/** Why a visit cannot be at a time; undefined when it can. */
export type SlotProblem =
  | { kind: "past" }
  | { kind: "too_far" }
  | { kind: "leave" }
  | { kind: "outside_hours" }
  | { kind: "clash"; with: HeldTime }
  /** Too little time to travel from the visit before (`after` false) or to the one after. */
  | { kind: "travel"; with: HeldTime; minutes: number; toNext: boolean };

/** The visit holds [start, start + minutes + travel): `blockedUntil`. */
export function blockedUntil(start: Date, minutes: number, travelMinutes: number): Date {
  return new Date(start.getTime() + (minutes + travelMinutes) * minuteMs);
}

/** An India calendar day and the minute of it. */
interface IndiaMoment {
  year: number;
  /** 0–11, as Date has it. */
  month: number;
  day: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  minute: number;
}

function inIndia(date: Date): IndiaMoment {
  const t = new TZDate(date.getTime(), indiaTimeZone);
  return {
    year: t.getFullYear(),
    month: t.getMonth(),
    day: t.getDate(),
    weekday: t.getDay() === 0 ? 7 : t.getDay(),
    minute: t.getHours() * 60 + t.getMinutes(),
  };
}

/** The instant of an India wall-clock time; days and minutes past the month's end roll over. */
function indiaInstant(year: number, month: number, day: number, minute: number): Date {
  const t = new TZDate(year, month, day, Math.floor(minute / 60), minute % 60, indiaTimeZone);
  return new Date(t.getTime());
}

/** "YYYY-MM-DD" of an India day. */
function isoDay(m: Pick<IndiaMoment, "year" | "month" | "day">): string {
  return `${m.year}-${String(m.month + 1).padStart(2, "0")}-${String(m.day).padStart(2, "0")}`;
}

/** The India date of an instant, "YYYY-MM-DD". */
export function indiaDateOf(date: Date): string {
  return indiaDay(date);
}

/** India's midnight at the start of the day of an instant. */
export function startOfIndiaDay(date: Date): Date {
  const at = inIndia(date);
  return indiaInstant(at.year, at.month, at.day, 0);
}

/** "07:30" → 450; undefined for anything else. "24:00" is the day's end. */
function minuteOfDay(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return undefined;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= 24 * 60 ? minute : undefined;
}

/** A weekday's windows as minutes of the day, the unreadable or empty ones left out. */
function windowsOf(hours: WeeklyHours, weekday: number): { from: number; to: number }[] {
  const windows: WorkingWindow[] = hours[String(weekday) as keyof WeeklyHours] ?? [];
  const read: { from: number; to: number }[] = [];
  for (const window of windows) {
    const from = minuteOfDay(window.from);
    const to = minuteOfDay(window.to);
    if (from !== undefined && to !== undefined && from < to) read.push({ from, to });
  }
  return read.sort((a, b) => a.from - b.from);
}

/** The held times of one therapist, in order of their starts. */
function heldBy(therapistId: string, held: HeldTime[]): HeldTime[] {
  return held
    .filter((h) => h.therapistId === therapistId)
    .sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.visitId.localeCompare(b.visitId),
    );
}

/** The first held time (in order) that overlaps [start, until), as the exclusion constraint reads it. */
function firstClash(ordered: HeldTime[], start: number, until: number): HeldTime | undefined {
  for (const h of ordered) {
    if (h.startsAt.getTime() >= until) return undefined;
    if (start < h.blockedUntil.getTime()) return h;
  }
  return undefined;
}

/** A visit's time, length, the flat travel after it and (optionally) its place's travel. */
interface Slot {
  start: Date;
  minutes: number;
  travelMinutes: number;
  now: Date;
  travel?: SlotTravel;
}

/**
 * Whether `therapist` can take a visit at `start` of `minutes`, travel `travelMinutes`: in the
 * past, more than 90 days ahead, on their leave, outside one working window of its India day (its
 * end inside the window; the travel after it may run past), clashing with a held time of theirs,
 * or, given its place, too close to a visit elsewhere for the travel between the two. The first
 * of those that applies, in that order; undefined when none does.
 */
export function slotProblem(
  therapist: RosterTherapist,
  held: HeldTime[],
  slot: Slot,
): SlotProblem | undefined {
  return problemAt(therapist, heldBy(therapist.id, held), slot);
}

/** The longest travel the table may hold (its check): the reach of `travelProblem`'s look. */
const longestTravelMs = 240 * minuteMs;

/**
 * The first held time (in order) with too little time between it and a visit at [start, end) at
 * `travel.place`: its end plus the travel from its place after the start, or the end plus the
 * travel to its place after its start. Held times without an end or a place are left to the
 * flat rule.
 */
function travelProblem(
  ordered: HeldTime[],
  start: number,
  end: number,
  travel: SlotTravel,
): Extract<SlotProblem, { kind: "travel" }> | undefined {
  for (const h of ordered) {
    const from = h.startsAt.getTime();
    if (from >= end + longestTravelMs) return undefined;
    if (!h.endsAt || h.place === undefined) continue;
    const until = h.endsAt.getTime();
    if (until + longestTravelMs <= start) continue;
    if (from < start) {
      const minutes = travelBetween(travel.rule, h.place, travel.place);
      if (until + minutes * minuteMs > start)
        return { kind: "travel", with: h, minutes, toNext: false };
    } else {
      const minutes = travelBetween(travel.rule, travel.place, h.place);
      if (end + minutes * minuteMs > from)
        return { kind: "travel", with: h, minutes, toNext: true };
    }
  }
  return undefined;
}

function problemAt(
  therapist: RosterTherapist,
  ordered: HeldTime[],
  slot: Slot,
): SlotProblem | undefined {
  const start = slot.start.getTime();
  if (start < slot.now.getTime()) return { kind: "past" };
  if (start - slot.now.getTime() > maxDaysAhead * dayMs) return { kind: "too_far" };
  const at = inIndia(slot.start);
  if (therapist.leave.includes(isoDay(at))) return { kind: "leave" };
  const end = at.minute + slot.minutes;
  const fits = windowsOf(therapist.hours, at.weekday).some(
    (w) => at.minute >= w.from && end <= w.to,
  );
  if (!fits) return { kind: "outside_hours" };
  const clash = firstClash(
    ordered,
    start,
    blockedUntil(slot.start, slot.minutes, slot.travelMinutes).getTime(),
  );
  if (clash) return { kind: "clash", with: clash };
  return slot.travel
    ? travelProblem(ordered, start, start + slot.minutes * minuteMs, slot.travel)
    : undefined;
}

/** The minutes of an India day a preferred time covers: morning, afternoon, evening. */
export const preferredWindows = {
  morning: { from: 0, to: 12 * 60 },
  afternoon: { from: 12 * 60, to: 17 * 60 },
  evening: { from: 17 * 60, to: 24 * 60 },
} as const;

/**
 * Free starts from `from` over `days` India days (the day of `from` the first), every
 * `stepMinutes` (15) of the clock inside the working windows, in order, at most `limit`.
 */
export function freeStarts(
  therapist: RosterTherapist,
  held: HeldTime[],
  options: {
    from: Date;
    days: number;
    minutes: number;
    travelMinutes: number;
    now: Date;
    stepMinutes?: number;
    limit?: number;
    /** The travel to check around each start, given its place (decision 050). */
    travel?: SlotTravel;
    /** Only starts at these minutes of the India day ([from, to)); any when absent or empty. */
    within?: readonly { from: number; to: number }[];
  },
): Date[] {
  const step = Math.max(1, Math.floor(options.stepMinutes ?? 15));
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const ordered = heldBy(therapist.id, held);
  const busy = busyTimes(ordered);
  const within = options.within?.length ? options.within : undefined;
  const fromMs = options.from.getTime();
  const nowMs = options.now.getTime();
  const latest = nowMs + maxDaysAhead * dayMs;
  const holds = (options.minutes + options.travelMinutes) * minuteMs;
  const first = inIndia(options.from);
  const starts: Date[] = [];
  // The days, their windows and the candidates come in order: one pass over the busy times.
  let next = 0;
  for (let offset = 0; offset < options.days && starts.length < limit; offset++) {
    const dayStart = indiaInstant(first.year, first.month, first.day + offset, 0);
    const day = inIndia(dayStart);
    if (therapist.leave.includes(isoDay(day))) continue;
    for (const window of windowsOf(therapist.hours, day.weekday)) {
      for (
        let minute = Math.ceil(window.from / step) * step;
        minute + options.minutes <= window.to && starts.length < limit;
        minute += step
      ) {
        const start = dayStart.getTime() + minute * minuteMs;
        if (start < fromMs || start < nowMs) continue;
        if (start > latest) return starts;
        if (within && !within.some((w) => minute >= w.from && minute < w.to)) continue;
        while (next < busy.length && (busy[next]?.until ?? 0) <= start) next++;
        const clash = busy[next];
        if (clash && clash.from < start + holds) continue;
        if (
          options.travel &&
          travelProblem(ordered, start, start + options.minutes * minuteMs, options.travel)
        ) {
          continue;
        }
        starts.push(new Date(start));
      }
    }
  }
  return starts;
}

/** Held times as disjoint spans in order (overlapping or touching ones joined). */
function busyTimes(ordered: HeldTime[]): { from: number; until: number }[] {
  const spans: { from: number; until: number }[] = [];
  for (const h of ordered) {
    const from = h.startsAt.getTime();
    const until = h.blockedUntil.getTime();
    const last = spans[spans.length - 1];
    if (last && from <= last.until) last.until = Math.max(last.until, until);
    else spans.push({ from, until });
  }
  return spans;
}

/**
 * A course: `count` sessions on the chosen ISO weekdays (1 = Monday) at the India time of
 * `first`, from the India day of `first` on (that day itself only when its weekday is chosen):
 * their starts, in order. Empty when no weekday from 1 to 7 is chosen.
 */
export function courseStarts(first: Date, weekdays: number[], count: number): Date[] {
  const chosen = new Set(weekdays.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7));
  const starts: Date[] = [];
  if (chosen.size === 0) return starts;
  const at = inIndia(first);
  for (let offset = 0; starts.length < count; offset++) {
    const weekday = ((at.weekday - 1 + offset) % 7) + 1;
    if (chosen.has(weekday))
      starts.push(indiaInstant(at.year, at.month, at.day + offset, at.minute));
  }
  return starts;
}
