import { describe, expect, it } from "vitest";
import {
  blockedUntil,
  courseStarts,
  freeStarts,
  type HeldTime,
  indiaDateOf,
  type RosterTherapist,
  slotProblem,
} from "#app/domain/visits/schedule.ts";

/** An India wall-clock time as an instant: "2026-11-30T07:30" → 02:00 UTC. */
function ist(local: string): Date {
  return new Date(`${local}:00+05:30`);
}

/** Instants as India wall-clock times, to read the expectations as a person would. */
function local(dates: Date[]): string[] {
  return dates.map((d) =>
    new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " "),
  );
}

function therapist(overrides: Partial<RosterTherapist> = {}): RosterTherapist {
  return {
    id: "t1",
    displayName: "Asha",
    registrationNumber: "DPC-1",
    yearsOfPractice: 5,
    languages: ["Hindi"],
    skills: ["stroke"],
    districts: ["Gautam Buddha Nagar"],
    // Monday to Friday 07:30–10:00; Saturday two windows; Sunday off.
    hours: {
      "1": [{ from: "07:30", to: "10:00" }],
      "2": [{ from: "07:30", to: "10:00" }],
      "3": [{ from: "07:30", to: "10:00" }],
      "4": [{ from: "07:30", to: "10:00" }],
      "5": [{ from: "07:30", to: "10:00" }],
      "6": [
        { from: "08:00", to: "09:30" },
        { from: "17:00", to: "18:30" },
      ],
    },
    leave: [],
    active: true,
    ...overrides,
  };
}

function visit(id: string, start: string, minutes = 60, travel = 30, therapistId = "t1"): HeldTime {
  const startsAt = ist(start);
  return {
    visitId: id,
    therapistId,
    startsAt,
    blockedUntil: blockedUntil(startsAt, minutes, travel),
  };
}

// Sunday 29 November 2026, 20:00 in India.
const now = ist("2026-11-29T20:00");
const hour = { minutes: 60, travelMinutes: 30, now };

describe("a visit's held time", () => {
  it("holds its length and the travel after it", () => {
    expect(blockedUntil(ist("2026-11-30T07:30"), 60, 30)).toEqual(ist("2026-11-30T09:00"));
  });
});

describe("free starts", () => {
  it("runs every quarter hour through a single window, the end inside it", () => {
    const starts = freeStarts(therapist(), [], { ...hour, from: now, days: 2 });
    // Sunday has no hours; Monday 07:30 … 09:00 (a 60-minute visit must end by 10:00).
    expect(local(starts)).toEqual([
      "2026-11-30 07:30",
      "2026-11-30 07:45",
      "2026-11-30 08:00",
      "2026-11-30 08:15",
      "2026-11-30 08:30",
      "2026-11-30 08:45",
      "2026-11-30 09:00",
    ]);
  });

  it("uses both windows of a day with two, in order", () => {
    const starts = freeStarts(therapist(), [], {
      ...hour,
      minutes: 45,
      from: ist("2026-12-05T00:00"),
      days: 1,
    });
    expect(local(starts)).toEqual([
      "2026-12-05 08:00",
      "2026-12-05 08:15",
      "2026-12-05 08:30",
      "2026-12-05 08:45",
      "2026-12-05 17:00",
      "2026-12-05 17:15",
      "2026-12-05 17:30",
      "2026-12-05 17:45",
    ]);
  });

  it("skips a day of leave", () => {
    const starts = freeStarts(therapist({ leave: ["2026-11-30"] }), [], {
      ...hour,
      from: now,
      days: 3,
      limit: 1,
    });
    expect(local(starts)).toEqual(["2026-12-01 07:30"]);
  });

  it("keeps the travel time free after a visit, and before one", () => {
    // A visit 08:00–09:00 holds until 09:30. A 45-minute visit before it must leave 30 minutes
    // of travel: from 07:30 it would hold until 08:45, over the other's start.
    const starts = freeStarts(therapist(), [visit("v1", "2026-11-30T08:00")], {
      ...hour,
      from: now,
      days: 2,
      minutes: 45,
    });
    // After it: the travel runs to 09:30, and 09:30 + 45 min ends past the window's 10:00.
    expect(local(starts)).toEqual([]);
    const longer = therapist({ hours: { "1": [{ from: "06:00", to: "11:00" }] } });
    expect(
      local(freeStarts(longer, [visit("v1", "2026-11-30T08:00")], { ...hour, from: now, days: 2 })),
    ).toEqual([
      "2026-11-30 06:00",
      "2026-11-30 06:15",
      "2026-11-30 06:30", // 06:30 + 60 + 30 = 08:00: touches, does not overlap
      "2026-11-30 09:30", // the other visit's travel ends at 09:30
      "2026-11-30 09:45",
      "2026-11-30 10:00",
    ]);
  });

  it("ignores other therapists' visits and cancelled ones the caller left out", () => {
    const other = visit("v2", "2026-11-30T07:30", 60, 30, "t2");
    expect(freeStarts(therapist(), [other], { ...hour, from: now, days: 2, limit: 1 })).toEqual([
      ist("2026-11-30T07:30"),
    ]);
  });

  it("starts no earlier than now, and stops at the limit", () => {
    const mondayMorning = ist("2026-11-30T08:05");
    const starts = freeStarts(therapist(), [], {
      ...hour,
      now: mondayMorning,
      from: mondayMorning,
      days: 7,
      limit: 3,
    });
    expect(local(starts)).toEqual(["2026-11-30 08:15", "2026-11-30 08:30", "2026-11-30 08:45"]);
  });

  it("counts days on India's calendar: a 05:00 IST start is the previous UTC day", () => {
    const early = therapist({ hours: { "2": [{ from: "05:00", to: "06:00" }] } });
    const starts = freeStarts(early, [], { ...hour, from: now, days: 3 });
    expect(starts[0]?.toISOString()).toBe("2026-11-30T23:30:00.000Z");
    expect(indiaDateOf(starts[0] as Date)).toBe("2026-12-01");
    // Leave on the India date blocks it, though in UTC it is still 30 November.
    expect(
      freeStarts({ ...early, leave: ["2026-12-01"] }, [], { ...hour, from: now, days: 3 }),
    ).toEqual([]);
  });
});

describe("whether a slot is free", () => {
  const t = therapist();
  it.each([
    ["a free slot", "2026-11-30T07:30", 60, undefined],
    ["in the past", "2026-11-29T19:00", 60, "past"],
    ["more than 90 days ahead", "2027-03-01T07:30", 60, "too_far"],
    ["before the window opens", "2026-11-30T07:15", 60, "outside_hours"],
    ["ending after the window closes", "2026-11-30T09:15", 60, "outside_hours"],
    ["ending as the window closes", "2026-11-30T09:00", 60, undefined],
    ["on a day without hours", "2026-12-06T08:00", 60, "outside_hours"],
    ["across a Saturday's two windows", "2026-12-05T09:00", 60, "outside_hours"],
  ])("%s", (_, start, minutes, kind) => {
    expect(slotProblem(t, [], { ...hour, minutes, start: ist(start) })?.kind).toBe(kind);
  });

  it("on a day of leave", () => {
    const onLeave = therapist({ leave: ["2026-12-02"] });
    expect(slotProblem(onLeave, [], { ...hour, start: ist("2026-12-02T08:00") })).toEqual({
      kind: "leave",
    });
  });

  it("names the visit it clashes with, within the travel time on either side", () => {
    const held = [visit("v1", "2026-11-30T08:00"), visit("v0", "2026-11-30T05:00")];
    // Starting at 09:15 falls in v1's travel (until 09:30).
    const after = slotProblem(
      therapist({ hours: { "1": [{ from: "06:00", to: "12:00" }] } }),
      held,
      {
        ...hour,
        start: ist("2026-11-30T09:15"),
      },
    );
    expect(after).toEqual({ kind: "clash", with: held[0] });
    // Starting at 06:45 holds until 08:15, over v1's start.
    const before = slotProblem(
      therapist({ hours: { "1": [{ from: "06:00", to: "12:00" }] } }),
      held,
      {
        ...hour,
        start: ist("2026-11-30T06:45"),
      },
    );
    expect(before?.kind).toBe("clash");
    expect(before?.kind === "clash" && before.with.visitId).toBe("v1");
  });
});

describe("a course", () => {
  it("runs on the chosen weekdays at the first's India time, across a month's end", () => {
    // Monday 23 November 2026, 07:30: Monday, Wednesday and Friday, ten sessions.
    const starts = courseStarts(ist("2026-11-23T07:30"), [1, 3, 5], 10);
    expect(local(starts)).toEqual([
      "2026-11-23 07:30",
      "2026-11-25 07:30",
      "2026-11-27 07:30",
      "2026-11-30 07:30",
      "2026-12-02 07:30",
      "2026-12-04 07:30",
      "2026-12-07 07:30",
      "2026-12-09 07:30",
      "2026-12-11 07:30",
      "2026-12-14 07:30",
    ]);
  });

  it("crosses a year's end, and starts on the next chosen weekday when the first's is not chosen", () => {
    // Tuesday 29 December 2026; Saturdays only.
    const starts = courseStarts(ist("2026-12-29T18:00"), [6], 3);
    expect(local(starts)).toEqual(["2027-01-02 18:00", "2027-01-09 18:00", "2027-01-16 18:00"]);
  });

  it("keeps the India time of an early start, the day before in UTC", () => {
    const starts = courseStarts(ist("2026-11-30T05:00"), [1, 2], 2);
    expect(starts.map((d) => d.toISOString())).toEqual([
      "2026-11-29T23:30:00.000Z",
      "2026-11-30T23:30:00.000Z",
    ]);
  });

  it("is empty when no weekday is chosen", () => {
    expect(courseStarts(ist("2026-11-30T07:30"), [], 5)).toEqual([]);
    expect(courseStarts(ist("2026-11-30T07:30"), [0, 8], 5)).toEqual([]);
  });
});

describe("free starts and a slot's check", () => {
  it("agree on every quarter hour, whatever the visits held", () => {
    // A seeded sequence: the same visits on every run.
    let seed = 28;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const t = therapist({ leave: ["2026-12-02"] });
    const from = ist("2026-11-30T00:00");
    const mondayMorning = ist("2026-11-30T08:20");
    for (let round = 0; round < 20; round++) {
      const held = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => {
        const start = new Date(from.getTime() + Math.floor(random() * 6 * 96) * 15 * 60_000);
        const minutes = [45, 60, 90][Math.floor(random() * 3)] ?? 60;
        return {
          visitId: `v${i}`,
          therapistId: random() < 0.8 ? "t1" : "t2",
          startsAt: start,
          blockedUntil: blockedUntil(start, minutes, 30),
        };
      });
      const slot = { minutes: 45, travelMinutes: 30, now: mondayMorning };
      const free = freeStarts(t, held, { ...slot, from, days: 6 });
      const everyQuarter = Array.from(
        { length: 6 * 96 },
        (_, i) => new Date(from.getTime() + i * 15 * 60_000),
      );
      expect(free).toEqual(
        everyQuarter.filter((start) => !slotProblem(t, held, { ...slot, start })),
      );
    }
  });
});
