// The schedule's clock arithmetic: the days a view covers, India's minutes of an instant, working
// windows on a day (leave, weekdays), and the free time left between visits.
import { describe, expect, it } from "vitest";
import {
  clockMinutes,
  daysOf,
  freeSpans,
  hoursShown,
  indiaMinutes,
  readDay,
  shiftDay,
  windowsOn,
} from "#app/domain/visits/schedule-clock.ts";

describe("the schedule's days", () => {
  it("covers the day, or its week from Monday to Sunday across a month's end", () => {
    expect(daysOf("day", "2026-12-02")).toEqual(["2026-12-02"]);
    // Wednesday 2 December 2026: its week began on Monday 30 November.
    expect(daysOf("week", "2026-12-02")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    // A Sunday belongs to the week before it.
    expect(daysOf("week", "2026-12-06")[0]).toBe("2026-11-30");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2026-03-01", -7)).toBe("2026-02-22");
  });

  it("reads only real days from the address", () => {
    expect(readDay("2026-02-28")).toBe("2026-02-28");
    expect(readDay("2026-02-30")).toBeUndefined();
    expect(readDay("tomorrow")).toBeUndefined();
    expect(readDay(undefined)).toBeUndefined();
  });
});

describe("India's clock", () => {
  it("places an instant in India's day: 02:00 UTC is 07:30, 20:00 UTC is 01:30 the next day", () => {
    expect(indiaMinutes(new Date("2026-12-01T02:00:00Z"))).toBe(450);
    expect(indiaMinutes(new Date("2026-12-01T20:00:00Z"))).toBe(90);
    expect(clockMinutes("07:30")).toBe(450);
    expect(clockMinutes("7:30")).toBeUndefined();
    expect(clockMinutes("09:75")).toBeUndefined();
  });
});

describe("working windows and free time", () => {
  const therapist = {
    hours: {
      "1": [
        { from: "14:00", to: "18:00" },
        { from: "07:30", to: "12:00" },
      ],
      "3": [{ from: "09:00", to: "13:00" }],
    },
    leave: ["2026-12-07"],
  };

  it("gives a weekday's windows in order, none on leave or a day off", () => {
    expect(windowsOn(therapist, "2026-11-30")).toEqual([
      { from: 450, to: 720 },
      { from: 840, to: 1080 },
    ]);
    // Monday 7 December is a day of leave; Tuesday has no hours.
    expect(windowsOn(therapist, "2026-12-07")).toEqual([]);
    expect(windowsOn(therapist, "2026-12-01")).toEqual([]);
  });

  it("takes each visit's held time (with its travel) out of the windows, short gaps dropped", () => {
    const windows = windowsOn(therapist, "2026-11-30");
    // 07:30–08:30 held to 09:00; 11:50–12:50 held to 13:20 (crosses the lunch gap).
    const held = [
      { from: 450, to: 540 },
      { from: 710, to: 800 },
    ];
    expect(freeSpans(windows, held)).toEqual([
      { from: 540, to: 710 },
      { from: 840, to: 1080 },
    ]);
    // A gap of 10 minutes is no free time.
    expect(freeSpans([{ from: 540, to: 600 }], [{ from: 550, to: 600 }])).toEqual([]);
  });

  it("draws 07:00 to 20:00, widened to the earliest and latest hour shown", () => {
    expect(hoursShown([])).toEqual({ from: 420, to: 1200 });
    expect(hoursShown([{ from: 390, to: 1230 }])).toEqual({ from: 360, to: 1260 });
  });
});
