import { describe, expect, it } from "vitest";
import { bookingSearch, readBookingSearch } from "#app/domain/visits/booking-link.ts";
import { relativeDay, suggestionLine, visitTime } from "#app/domain/visits/visit-texts.ts";

const ist = (local: string) => new Date(`${local}:00+05:30`);
// Sunday 29 November 2026, 20:00 in India (14:30 UTC).
const now = ist("2026-11-29T20:00");

describe("a suggestion's reasons in a few words", () => {
  it("says place, skill, language and the first free start", () => {
    expect(
      suggestionLine(
        { skill: "stroke", language: "Hindi", firstFree: ist("2026-11-30T07:30") },
        "Noida",
        now,
      ),
    ).toBe("Noida · stroke · speaks Hindi · free tomorrow 7:30 AM");
  });

  it("leaves out what did not match, and says when there is no free start", () => {
    expect(suggestionLine({ skill: null, language: null, firstFree: null }, "Delhi", now)).toBe(
      "Delhi · not free in the next 7 days",
    );
    expect(
      suggestionLine(
        { skill: "general", language: null, firstFree: ist("2026-12-02T17:15") },
        "Gurugram",
        now,
      ),
    ).toBe("Gurugram · general physiotherapy · free Wed 2 Dec 5:15 PM");
  });

  it("counts today and tomorrow on India's calendar, not UTC's", () => {
    // 00:30 IST on Monday is still Sunday in UTC: tomorrow from Sunday evening in India.
    expect(relativeDay(ist("2026-11-30T00:30"), now)).toBe("tomorrow");
    expect(relativeDay(ist("2026-11-29T23:45"), now)).toBe("today");
    // Late on Sunday night in India (Sunday in UTC too), Monday 05:00 IST is Sunday 23:30 UTC.
    expect(relativeDay(ist("2026-11-30T05:00"), ist("2026-11-29T23:50"))).toBe("tomorrow");
    expect(visitTime(ist("2026-11-30T00:05"))).toBe("12:05 AM");
    expect(visitTime(ist("2026-11-30T12:00"))).toBe("12:00 PM");
  });
});

describe("a free start's booking address", () => {
  it("names the therapist, the India day and time, and nothing else", () => {
    // 05:00 IST on 1 December is 23:30 UTC on 30 November.
    const search = bookingSearch("t-1", ist("2026-12-01T05:00"));
    expect(search).toBe("?book=t-1&day=2026-12-01&start=05:00#book");
    const params = new URL(`https://clinic.test/admin/appointments/x${search}`).searchParams;
    expect(readBookingSearch(params)).toEqual({
      therapistId: "t-1",
      day: "2026-12-01",
      start: "05:00",
    });
  });

  it("reads none from an address without one, or a malformed one", () => {
    expect(readBookingSearch(new URLSearchParams(""))).toBeUndefined();
    expect(
      readBookingSearch(new URLSearchParams("book=t-1&day=1-12-2026&start=07:30")),
    ).toBeUndefined();
    expect(
      readBookingSearch(new URLSearchParams("book=t-1&day=2026-12-01&start=7.30")),
    ).toBeUndefined();
  });
});
