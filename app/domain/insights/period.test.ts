import { describe, expect, it } from "vitest";
import { periodErrorText } from "#app/domain/insights/insights-texts.ts";
import {
  bucketsOf,
  maxPeriodDays,
  periodQuerySchema,
  resolvePeriod,
  summaryDueAt,
  weekBefore,
} from "#app/domain/insights/period.ts";

/** Tuesday 10 March 2026, 00:30 in India: still Monday 9 March in UTC. */
const now = new Date("2026-03-09T19:00:00.000Z");
const read = (query: Record<string, string>) => resolvePeriod(periodQuerySchema.parse(query), now);

describe("the insights' periods, on India's calendar", () => {
  it.each([
    ["this-week", "2026-03-09", "2026-03-10", "day"],
    ["last-week", "2026-03-02", "2026-03-08", "day"],
    ["last-4-weeks", "2026-02-11", "2026-03-10", "day"],
    ["last-3-months", "2025-12-11", "2026-03-10", "week"],
  ])("%s is %s to %s, by %s", (kind, from, to, bucket) => {
    const { period, error } = read({ period: kind });
    expect(error).toBeUndefined();
    expect(period).toMatchObject({ kind, from, to, bucket });
  });

  it("runs from India's midnight to the midnight after the last day", () => {
    const { period } = read({ period: "last-week" });
    expect(period.start.toISOString()).toBe("2026-03-01T18:30:00.000Z");
    expect(period.end.toISOString()).toBe("2026-03-08T18:30:00.000Z");
    // Counted back from today, still from the first day's midnight (not 00:30, the time now).
    expect(read({ period: "last-4-weeks" }).period.start.toISOString()).toBe(
      "2026-02-10T18:30:00.000Z",
    );
    expect(read({ period: "last-3-months" }).period.start.toISOString()).toBe(
      "2025-12-10T18:30:00.000Z",
    );
  });

  it("takes dates typed, up to three months, in order", () => {
    expect(read({ period: "dates", from: "2026-01-01", to: "2026-01-31" }).period).toMatchObject({
      kind: "dates",
      from: "2026-01-01",
      to: "2026-01-31",
      bucket: "day",
    });
    expect(read({ period: "dates", from: "2025-12-09", to: "2026-03-10" }).period).toMatchObject({
      from: "2025-12-09",
      bucket: "week",
    });
    for (const [query, error, words] of [
      [{ period: "dates", from: "2026-02-01" }, "missing-dates", "Type both dates."],
      [
        { period: "dates", from: "2026-02-01", to: "2026-01-31" },
        "wrong-order",
        "The first date must not be after the last.",
      ],
      [
        { period: "dates", from: "2025-12-08", to: "2026-03-10" },
        "too-long",
        "Choose at most 92 days.",
      ],
      [
        { period: "dates", from: "2026-02-30", to: "2026-03-01" },
        "missing-dates",
        "Type both dates.",
      ],
    ] as const) {
      const answer = read(query);
      expect(answer.error).toBe(error);
      expect(periodErrorText(error, maxPeriodDays)).toBe(words);
      expect(answer.period.kind).toBe("last-7-days");
    }
  });

  it("reads anything else, and nothing, as the last 7 days", () => {
    expect(read({ period: "forever" }).period.kind).toBe("last-7-days");
    expect(read({}).period.kind).toBe("last-7-days");
  });

  it("takes the last 7 days as the 168 hours to now, day by day, beside the 168 hours before", () => {
    const { period } = read({ period: "last-7-days" });
    expect(period).toMatchObject({
      from: "2026-03-03",
      to: "2026-03-10",
      start: new Date("2026-03-02T19:00:00.000Z"),
      end: now,
      bucket: "day",
      rolling: true,
      previous: {
        kind: "7-days-before",
        start: new Date("2026-02-23T19:00:00.000Z"),
        end: new Date("2026-03-02T19:00:00.000Z"),
      },
    });
    // Both days it begins and ends in, in part.
    expect(bucketsOf(period)).toHaveLength(8);
  });

  it("sets this week beside the same hours of the week before, and the others beside the span before", () => {
    const compared = (kind: string) => {
      const dates: Record<string, string> = { from: "2026-03-01", to: "2026-03-07" };
      const previous = read({ period: kind, ...(kind === "dates" ? dates : {}) }).period.previous;
      return previous && [previous.kind, previous.start.toISOString(), previous.end.toISOString()];
    };
    // 00:30 on Tuesday: Monday 2 March 00:00 to Tuesday 3 March 00:30.
    expect(compared("this-week")).toEqual([
      "same-time-last-week",
      "2026-03-01T18:30:00.000Z",
      "2026-03-02T19:00:00.000Z",
    ]);
    expect(compared("last-week")).toEqual([
      "week-before",
      "2026-02-22T18:30:00.000Z",
      "2026-03-01T18:30:00.000Z",
    ]);
    // 11 February to 10 March 00:30, set beside 14 January to 10 February 00:30.
    expect(compared("last-4-weeks")).toEqual([
      "4-weeks-before",
      "2026-01-13T18:30:00.000Z",
      "2026-02-09T19:00:00.000Z",
    ]);
    expect(compared("last-3-months")).toBeUndefined();
    expect(compared("dates")).toBeUndefined();
  });

  it("lists each day, or each week from its Monday", () => {
    expect(bucketsOf(read({ period: "this-week" }).period)).toEqual(["2026-03-09", "2026-03-10"]);
    const weeks = bucketsOf(read({ period: "dates", from: "2026-01-01", to: "2026-02-10" }).period);
    expect(weeks).toEqual([
      "2025-12-29",
      "2026-01-05",
      "2026-01-12",
      "2026-01-19",
      "2026-01-26",
      "2026-02-02",
      "2026-02-09",
    ]);
  });

  it("reports the week before on Monday at 9:00 in India", () => {
    expect(weekBefore(now)).toMatchObject({ from: "2026-03-02", to: "2026-03-08" });
    expect(summaryDueAt(now).toISOString()).toBe("2026-03-09T03:30:00.000Z");
    // Sunday night in India: still last week's Monday.
    expect(summaryDueAt(new Date("2026-03-08T18:00:00.000Z")).toISOString()).toBe(
      "2026-03-02T03:30:00.000Z",
    );
  });
});
