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
      expect(answer.period.kind).toBe("this-week");
    }
  });

  it("reads anything else as this week", () => {
    expect(read({ period: "forever" }).period.kind).toBe("this-week");
    expect(read({}).period.kind).toBe("this-week");
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
