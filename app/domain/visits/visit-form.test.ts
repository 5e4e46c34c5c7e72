// The Visits section's one schema, as the server reads a post: every refusal in the catalogue's
// words (never a library's), a course's weekdays checked against its first day, the suggestions'
// address read only where each value has its shape, and when "Mark completed" is offered.
import { describe, expect, it } from "vitest";
import {
  bookingPrefill,
  bookingProblem,
  courseFinished,
  type VisitRow,
  visitActionSchema,
} from "#app/domain/visits/visit-form.ts";
import { visitFormMessages } from "#app/domain/visits/visit-texts.ts";

const booking = {
  intent: "visit-book",
  therapistId: "t-1",
  day: "2026-12-07",
  start: "07:30",
  minutes: "60",
  kind: "treatment",
  sessions: "1",
  weekdays: [] as string[],
};

const firstMessage = (input: Record<string, unknown>) => {
  const parsed = visitActionSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe("the Visits section's posts", () => {
  it.each([
    [{ therapistId: undefined }, visitFormMessages.therapist],
    [{ day: undefined }, visitFormMessages.day],
    [{ day: "7/12/2026" }, visitFormMessages.day],
    [{ start: "7:30" }, visitFormMessages.start],
    [{ start: "24:00" }, visitFormMessages.start],
    [{ minutes: "50" }, visitFormMessages.minutes],
    [{ minutes: "an hour" }, visitFormMessages.minutes],
    [{ kind: "massage" }, visitFormMessages.kind],
    [{ sessions: "41" }, visitFormMessages.sessions],
    [{ sessions: "0" }, visitFormMessages.sessions],
    [{ weekdays: ["8"] }, visitFormMessages.weekdays],
  ])("refuses a booking with %o in the catalogue's words", (change, message) => {
    expect(firstMessage({ ...booking, ...change })).toBe(message);
  });

  it("refuses marks and cancels in the catalogue's words", () => {
    const visitId = "0b6c8f3a-1111-4222-8333-444455556666";
    expect(firstMessage({ intent: "visit-done", visitId, painBefore: "11" })).toBe(
      visitFormMessages.pain,
    );
    expect(firstMessage({ intent: "visit-done", visitId, painAfter: "x" })).toBe(
      visitFormMessages.pain,
    );
    expect(firstMessage({ intent: "visit-done", visitId: "1; drop" })).toBe(
      visitFormMessages.failed,
    );
    expect(firstMessage({ intent: "visit-cancel", visitId, cancelledBy: "patient" })).toBe(
      visitFormMessages.reason,
    );
    expect(
      firstMessage({
        intent: "visit-cancel",
        visitId,
        cancelledBy: "patient",
        reason: "  \u0007 ",
      }),
    ).toBe(visitFormMessages.reason);
    expect(
      firstMessage({ intent: "visit-cancel", visitId, cancelledBy: "nobody", reason: "x" }),
    ).toBe(visitFormMessages.cancelledBy);
    const done = visitActionSchema.parse({
      intent: "visit-done",
      visitId,
      painBefore: "",
      note: "",
    });
    expect(done).toMatchObject({ painBefore: undefined, note: "" });
  });

  it("checks a course's weekdays against its first day, and a day that does not exist", () => {
    const parse = (change: Record<string, unknown>) => {
      const parsed = visitActionSchema.parse({ ...booking, ...change });
      if (parsed.intent !== "visit-book") throw new Error("a booking");
      return bookingProblem(parsed);
    };
    expect(parse({})).toBeUndefined();
    expect(parse({ day: "2026-02-30" })).toEqual({ field: "day", message: visitFormMessages.day });
    expect(parse({ sessions: "10" })).toEqual({
      field: "weekdays",
      message: visitFormMessages.weekdays,
    });
    // Mon 7 Dec 2026: a Monday, Wednesday and Friday course may start on it, a Tuesday one not.
    expect(parse({ sessions: "10", weekdays: ["1", "3", "5"] })).toBeUndefined();
    expect(parse({ sessions: "10", weekdays: ["2", "4"] })).toEqual({
      field: "weekdays",
      message: visitFormMessages.firstDayWeekday,
    });
    // A course is of treatments; one assessment is a visit of its own.
    expect(parse({ sessions: "6", weekdays: ["1", "3", "5"], kind: "assessment" })).toEqual({
      field: "kind",
      message: visitFormMessages.courseKind,
    });
    expect(parse({ kind: "assessment" })).toBeUndefined();
  });

  it("reads the suggestions' address only where each value has its shape", () => {
    expect(bookingPrefill(new URLSearchParams("book=t-1&day=2026-12-07&start=07:30"), 45)).toEqual({
      therapistId: "t-1",
      day: "2026-12-07",
      start: "07:30",
      minutes: 45,
    });
    expect(
      bookingPrefill(new URLSearchParams("book=<script>&day=tomorrow&start=7.30"), 60),
    ).toEqual({ therapistId: "", day: "", start: "", minutes: 60 });
  });

  it("offers Mark completed once a course's last session is done and nothing is scheduled", () => {
    const row = (index: number, status: VisitRow["status"]): VisitRow => ({
      id: `v-${index}`,
      therapistId: "t-1",
      therapist: "Dr. Rao",
      startsAt: new Date(),
      endsAt: new Date(),
      kind: "treatment",
      status,
      course: { index, size: 3 },
      cancelledBy: null,
      reason: null,
      cantMakeReason: null,
      note: null,
      painBefore: null,
      painAfter: null,
      codeConfirmedAt: null,
    });
    expect(courseFinished([row(1, "done"), row(2, "done"), row(3, "done")])).toBe(true);
    expect(courseFinished([row(1, "done"), row(2, "no_show"), row(3, "done")])).toBe(true);
    expect(courseFinished([row(1, "done"), row(2, "done"), row(3, "scheduled")])).toBe(false);
    expect(courseFinished([row(1, "scheduled"), row(2, "done"), row(3, "done")])).toBe(false);
    expect(courseFinished([{ ...row(1, "done"), course: null }])).toBe(false);
    expect(courseFinished([])).toBe(false);
  });
});
