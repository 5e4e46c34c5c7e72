// The front desk's schedule (/admin/schedule), the part a browser may hold: what the address
// asks (`?view=day|week&date=YYYY-MM-DD&district=…`), the days it covers, and the arithmetic of
// India's clock that places a visit in its column and finds the free time between working
// windows and visits. No server code, no words (visit-texts.ts has them).
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfWeek } from "date-fns";
import { indiaTimeZone, parseIndiaDay } from "#app/lib/dates.ts";
import { z } from "#app/lib/zod.ts";
import type { WeeklyHours } from "#db/schema.ts";

const scheduleViews = ["day", "week"] as const;
export type ScheduleView = (typeof scheduleViews)[number];

/** What the address may say; anything unreadable is left out (and the page says so). */
export const scheduleQuerySchema = z.object({
  view: z.enum(scheduleViews).catch("day"),
  date: z.string().max(20).optional().catch(undefined),
  district: z.string().trim().max(80).optional().catch(undefined),
});

/** A day of India's calendar the address names, or undefined (not yyyy-mm-dd, or Feb 30). */
export function readDay(value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return parseIndiaDay(value) ? value : undefined;
}

const dayOf = (isoDay: string) => {
  const [year, month, date] = isoDay.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, indiaTimeZone);
};

/** The day `days` after a yyyy-mm-dd day (before, when negative). */
export const shiftDay = (isoDay: string, days: number) =>
  format(addDays(dayOf(isoDay), days), "yyyy-MM-dd");

/** The days a view shows: the day itself, or its week from Monday to Sunday. */
export function daysOf(view: ScheduleView, isoDay: string): string[] {
  if (view === "day") return [isoDay];
  const monday = format(startOfWeek(dayOf(isoDay), { weekStartsOn: 1 }), "yyyy-MM-dd");
  return Array.from({ length: 7 }, (_, index) => shiftDay(monday, index));
}

/** ISO weekday of a yyyy-mm-dd day: "1" Monday … "7" Sunday, as `WeeklyHours` keys it. */
const weekdayOf = (isoDay: string) =>
  String(((dayOf(isoDay).getDay() + 6) % 7) + 1) as keyof WeeklyHours;

/** The schedule's address for a view, a day (none: today) and a district. */
export function scheduleHref(query: { view: ScheduleView; date?: string; district?: string }) {
  const params = new URLSearchParams({ view: query.view });
  if (query.date) params.set("date", query.date);
  if (query.district) params.set("district", query.district);
  return `/admin/schedule?${params}`;
}

// India has kept +05:30, with no daylight saving, since 1945 (app/lib/dates.ts says the same).
const indiaOffsetMinutes = 330;
const dayMinutes = 1440;

/** Minutes since India's midnight of the instant's own day (0–1439). */
export function indiaMinutes(at: Date): number {
  const minutes = Math.floor(at.getTime() / 60_000) + indiaOffsetMinutes;
  return ((minutes % dayMinutes) + dayMinutes) % dayMinutes;
}

/** "07:30" → 450; undefined for anything else. */
export function clockMinutes(value: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= dayMinutes ? minutes : undefined;
}

/** 450 → "07:30". */
export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A span of a day, in minutes since India's midnight. */
export interface Span {
  from: number;
  to: number;
}

/** A therapist's working windows on a day, in minutes, in order; none on a day of leave. */
export function windowsOn(
  therapist: { hours: WeeklyHours; leave: readonly string[] },
  isoDay: string,
): Span[] {
  if (therapist.leave.includes(isoDay)) return [];
  return (therapist.hours[weekdayOf(isoDay)] ?? [])
    .map((window) => ({ from: clockMinutes(window.from), to: clockMinutes(window.to) }))
    .filter((span): span is Span => span.from !== undefined && span.to !== undefined)
    .filter((span) => span.to > span.from)
    .sort((a, b) => a.from - b.from);
}

/**
 * The free time of a day: its working windows less the time each visit holds (the visit and the
 * travel after it), pieces shorter than `shortest` minutes left out.
 */
export function freeSpans(windows: Span[], held: Span[], shortest = 15): Span[] {
  let free = windows.map((window) => ({ ...window }));
  for (const busy of held) {
    free = free.flatMap((span) => {
      if (busy.to <= span.from || busy.from >= span.to) return [span];
      const pieces: Span[] = [];
      if (busy.from > span.from) pieces.push({ from: span.from, to: busy.from });
      if (busy.to < span.to) pieces.push({ from: busy.to, to: span.to });
      return pieces;
    });
  }
  return free.filter((span) => span.to - span.from >= shortest);
}

/** The hours the day view draws: 07:00 to 20:00 at least, widened to every window and visit. */
export function hoursShown(spans: Span[]): Span {
  let from = 7 * 60;
  let to = 20 * 60;
  for (const span of spans) {
    from = Math.min(from, Math.floor(span.from / 60) * 60);
    to = Math.max(to, Math.ceil(span.to / 60) * 60);
  }
  return { from, to: Math.min(to, dayMinutes) };
}

/** A visit's span on its India day, cut at midnight (a visit never runs past it in practice). */
export function spanOf(visit: { startsAt: Date; endsAt: Date }): Span {
  const from = indiaMinutes(visit.startsAt);
  const length = Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000);
  return { from, to: Math.min(dayMinutes, from + length) };
}
