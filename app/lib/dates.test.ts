import { describe, expect, it } from "vitest";
import { indiaDay, parseIndiaDateTime, parseIndiaDay } from "#app/lib/dates.ts";

describe("India's days and times, typed", () => {
  it("reads a day as India's midnight at its start", () => {
    expect(parseIndiaDay("2026-11-24")?.toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(indiaDay(parseIndiaDay("2028-02-29") as Date)).toBe("2028-02-29");
  });

  it.each([
    "",
    "2026-02-30",
    "2027-02-29",
    "2026-13-01",
    "2026-1-5",
    "24/11/2026",
    "2026-11-24T10:00",
  ])("refuses %j", (typed) => {
    expect(parseIndiaDay(typed)).toBeUndefined();
  });

  it("reads a datetime-local value as India time, and refuses a time that does not exist", () => {
    expect(parseIndiaDateTime("2026-11-25T10:30")?.toISOString()).toBe("2026-11-25T05:00:00.000Z");
    expect(parseIndiaDateTime("2026-11-25T24:00")).toBeUndefined();
    expect(parseIndiaDateTime("2026-04-31T10:00")).toBeUndefined();
  });
});
