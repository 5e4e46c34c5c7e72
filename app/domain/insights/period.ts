// The periods the owner's insights are read for, on India's calendar (weeks begin on Monday):
// the last 7 days (the 168 hours to now, the default), this week, last week, the last 4 weeks,
// the last 3 months, or dates typed; and the span each is compared with (the same span a week,
// or four, before). Shared by the insights page and the weekly summary.
import { TZDate } from "@date-fns/tz";
import {
  addDays,
  addWeeks,
  differenceInCalendarDays,
  format,
  startOfDay,
  startOfWeek,
  subMonths,
} from "date-fns";
import { indiaTimeZone } from "#app/lib/dates.ts";
import { z } from "#app/lib/zod.ts";

export const periodKinds = [
  "last-7-days",
  "this-week",
  "last-week",
  "last-4-weeks",
  "last-3-months",
  "dates",
] as const;
export type PeriodKind = (typeof periodKinds)[number];

/** Why dates typed were not used; the page says it (periodErrors, insights-texts.ts). */
export type PeriodError = "missing-dates" | "wrong-order" | "too-long";

/**
 * The longest period that may be typed: three months (92 days), the longest choice offered. The
 * figures are counted from the requests themselves at each view; over a year of 100,000 requests
 * that takes about twice the page's budget (bench:insights), so longer spans go to the CSV export.
 */
export const maxPeriodDays = 92;
/** Up to this many days a chart shows each day; beyond, each week. */
const maxDailyDays = 31;

/** What the page opens on, and shows when dates typed are refused (docs/insights.md). */
const defaultPeriodKind: PeriodKind = "last-7-days";

const dayMs = 86_400_000;

/** The span a period is compared with, and how it stands to the period. */
export interface Comparison {
  /** "this-week": the same part of the week before; the others: the same length just before. */
  kind: "same-time-last-week" | "week-before" | "7-days-before" | "4-weeks-before";
  start: Date;
  end: Date;
}

export interface Period {
  kind: PeriodKind;
  /** First and last day, inclusive, as India's calendar has them ("2026-11-23"). */
  from: string;
  to: string;
  /** The same days as instants: from the first's midnight in India to the midnight after the last. */
  start: Date;
  end: Date;
  bucket: "day" | "week";
  /** The 7 days to now: `start` and `end` are that instant a week ago and now, not midnights. */
  rolling?: boolean;
  /** What its figures are set beside; none for the last 3 months and for dates typed. */
  previous?: Comparison;
}

const day = z.iso.date();

export const periodQuerySchema = z.object({
  period: z.enum(periodKinds).catch(defaultPeriodKind),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});
export type PeriodQuery = z.output<typeof periodQuerySchema>;

/** India's midnight at the start of a yyyy-mm-dd day. */
function midnight(isoDay: string): TZDate {
  const [year, month, date] = isoDay.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, indiaTimeZone);
}

const isoDay = (date: Date) => format(date, "yyyy-MM-dd");

function periodOf(kind: PeriodKind, firstDay: TZDate, last: TZDate): Period {
  // The first day from its midnight: "today less 27 days" keeps the time of day it was read at.
  const first = startOfDay(firstDay);
  const days = differenceInCalendarDays(last, first) + 1;
  return {
    kind,
    from: isoDay(first),
    to: isoDay(last),
    start: new Date(first.getTime()),
    end: new Date(addDays(first, days).getTime()),
    bucket: days <= maxDailyDays ? "day" : "week",
  };
}

/**
 * The span `days` before a period, as far into it as `now` has come: a period that ends later
 * today (this week, the last 4 weeks) is set beside the same hours before, not whole days.
 */
export function comparedWith(
  period: Period,
  kind: Comparison["kind"],
  days: number,
  now: Date,
): Period {
  const shift = days * dayMs;
  const end = Math.min(period.end.getTime(), Math.max(period.start.getTime(), now.getTime()));
  return {
    ...period,
    previous: { kind, start: new Date(period.start.getTime() - shift), end: new Date(end - shift) },
  };
}

/** The 168 hours to `now`, shown day by day (the first and the last in part). */
function lastSevenDays(now: Date): Period {
  const start = new Date(now.getTime() - 7 * dayMs);
  return {
    kind: "last-7-days",
    from: isoDay(new TZDate(start.getTime(), indiaTimeZone)),
    to: isoDay(new TZDate(now.getTime(), indiaTimeZone)),
    start,
    end: new Date(now.getTime()),
    bucket: "day",
    rolling: true,
  };
}

/**
 * The period a query names, as of `now`, with the span it is compared with; dates typed that
 * cannot be read, are in the wrong order or span more than 92 days give an error (and the
 * default period instead).
 */
export function resolvePeriod(
  query: PeriodQuery,
  now: Date,
): { period: Period; error?: PeriodError } {
  const today = new TZDate(now.getTime(), indiaTimeZone);
  const monday = startOfWeek(today, { weekStartsOn: 1 });
  const week = (period: Period, kind: Comparison["kind"], weeks = 1) =>
    comparedWith(period, kind, 7 * weeks, now);
  switch (query.period) {
    case "last-7-days":
      return { period: week(lastSevenDays(now), "7-days-before") };
    case "this-week":
      return { period: week(periodOf("this-week", monday, today), "same-time-last-week") };
    case "last-week":
      return {
        period: week(
          periodOf("last-week", addWeeks(monday, -1), addDays(monday, -1)),
          "week-before",
        ),
      };
    case "last-4-weeks":
      return {
        period: week(periodOf("last-4-weeks", addDays(today, -27), today), "4-weeks-before", 4),
      };
    case "last-3-months":
      return { period: periodOf("last-3-months", addDays(subMonths(today, 3), 1), today) };
    case "dates": {
      const fallback = resolvePeriod({ period: defaultPeriodKind }, now).period;
      if (!query.from || !query.to) return { period: fallback, error: "missing-dates" };
      const first = midnight(query.from);
      const last = midnight(query.to);
      const days = differenceInCalendarDays(last, first) + 1;
      if (days < 1) return { period: fallback, error: "wrong-order" };
      if (days > maxPeriodDays) return { period: fallback, error: "too-long" };
      return { period: periodOf("dates", first, last) };
    }
  }
}

/** The first day of each day or week of a period, in order (weeks from the Monday on or before). */
export function bucketsOf(period: Period): string[] {
  const last = midnight(period.to);
  let cursor = midnight(period.from);
  if (period.bucket === "week") cursor = startOfWeek(cursor, { weekStartsOn: 1 });
  const buckets: string[] = [];
  while (cursor <= last) {
    buckets.push(isoDay(cursor));
    cursor = period.bucket === "week" ? addWeeks(cursor, 1) : addDays(cursor, 1);
  }
  return buckets;
}

/**
 * The week (Monday to Sunday) before the one `now` is in, compared with the week before it: what
 * the weekly summary reports.
 */
export function weekBefore(now: Date): Period {
  return resolvePeriod({ period: "last-week" }, now).period;
}

/** This week's Monday at 9:00 in India: when the weekly summary of the week before is due. */
export function summaryDueAt(now: Date): Date {
  const monday = startOfWeek(new TZDate(now.getTime(), indiaTimeZone), { weekStartsOn: 1 });
  monday.setHours(9, 0, 0, 0);
  return new Date(monday.getTime());
}
