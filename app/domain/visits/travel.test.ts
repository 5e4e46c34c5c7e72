import { describe, expect, it } from "vitest";
import { blockedUntil, type HeldTime, slotProblem } from "#app/domain/visits/schedule.ts";
import { type Place, travelBetween, travelKey, travelTableOf } from "#app/domain/visits/travel.ts";

const rule = {
  least: 30,
  table: travelTableOf([
    { placeA: "delhi", placeB: "gurugram", minutes: 60 },
    { placeA: "delhi", placeB: "delhi", minutes: 45 },
    { placeA: "North West Delhi", placeB: "South Delhi", minutes: 75 },
    { placeA: "gurugram", placeB: "gurugram", minutes: 10 },
  ]),
};
const rohini = { district: "North West Delhi", area: "delhi" as const };
const saket = { district: "South Delhi", area: "delhi" as const };
const dwarka = { district: "South West Delhi", area: "delhi" as const };
const gurugram = { district: "Gurugram", area: "gurugram" as const };

describe("the travel between two places", () => {
  it.each([
    ["two districts' own row, either way round", rohini, saket, 75],
    ["", saket, rohini, 75],
    ["else the two areas' row", gurugram, rohini, 60],
    ["two districts of one area without a row: the area's own row", rohini, dwarka, 45],
    ["within one district: the least", rohini, rohini, 30],
    ["never below the least", gurugram, gurugram, 30],
    ["an unknown place: the least", null, rohini, 30],
    [
      "a pair the table does not hold: the least",
      { district: "Faridabad", area: "faridabad" as const },
      gurugram,
      30,
    ],
  ])("%s", (_, from, to, minutes) => {
    expect(travelBetween(rule, from, to)).toBe(minutes);
  });

  it("stores each pair once, its places in order", () => {
    expect(travelKey("gurugram", "delhi")).toBe(travelKey("delhi", "gurugram"));
  });
});

describe("a visit too close to one elsewhere", () => {
  const ist = (local: string) => new Date(`${local}:00+05:30`);
  const therapist = {
    id: "t",
    displayName: "Ravi",
    registrationNumber: "",
    yearsOfPractice: 5,
    languages: ["Hindi"],
    skills: [],
    districts: [],
    hours: { "1": [{ from: "07:00", to: "20:00" }] },
    leave: [],
    active: true,
  };
  const now = ist("2026-11-29T20:00");
  // Monday 30 November, 9:00 to 9:45 in Gurugram.
  const held: HeldTime = {
    visitId: "v",
    therapistId: "t",
    startsAt: ist("2026-11-30T09:00"),
    endsAt: ist("2026-11-30T09:45"),
    blockedUntil: blockedUntil(ist("2026-11-30T09:00"), 45, 30),
    place: gurugram,
  };
  const at = (local: string, place: Place = rohini) =>
    slotProblem(therapist, [held], {
      start: ist(local),
      minutes: 45,
      travelMinutes: 30,
      now,
      travel: { rule, place },
    });

  it("is refused when the travel from it does not fit, naming the travel", () => {
    // 9:45 + 60 minutes to Rohini is 10:45: 10:30 passes the flat 30 minutes, not the table.
    expect(at("2026-11-30T10:30")).toMatchObject({ kind: "travel", minutes: 60, toNext: false });
    expect(at("2026-11-30T10:45")).toBeUndefined();
  });

  it("is refused when the travel to the next one does not fit", () => {
    // 7:30 to 8:15 in Rohini, then 60 minutes to Gurugram: 9:15 > 9:00.
    expect(at("2026-11-30T07:30")).toMatchObject({ kind: "travel", toNext: true, minutes: 60 });
    expect(at("2026-11-30T07:15")).toBeUndefined();
  });

  it("in the same place, the flat rule alone", () => {
    expect(at("2026-11-30T10:15", gurugram)).toBeUndefined();
    expect(at("2026-11-30T10:00", gurugram)).toMatchObject({ kind: "clash" });
  });

  it("without a place, the flat rule alone", () => {
    expect(
      slotProblem(therapist, [held], {
        start: ist("2026-11-30T10:15"),
        minutes: 45,
        travelMinutes: 30,
        now,
      }),
    ).toBeUndefined();
  });
});
