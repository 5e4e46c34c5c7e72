import { describe, expect, it } from "vitest";
import {
  type MatchRequest,
  serviceOfPath,
  serviceOfRequest,
  suggestTherapists,
} from "#app/domain/visits/matching.ts";
import { blockedUntil, type HeldTime, type RosterTherapist } from "#app/domain/visits/schedule.ts";

/** An India wall-clock time as an instant. */
function ist(local: string): Date {
  return new Date(`${local}:00+05:30`);
}

const noida = "Gautam Buddha Nagar";
const weekdays = { from: "07:30", to: "10:00" };

function t(id: string, overrides: Partial<RosterTherapist> = {}): RosterTherapist {
  return {
    id,
    displayName: id.toUpperCase(),
    registrationNumber: "",
    yearsOfPractice: 3,
    languages: ["English"],
    skills: ["general"],
    districts: [noida],
    hours: { "1": [weekdays], "2": [weekdays], "3": [weekdays], "4": [weekdays], "5": [weekdays] },
    leave: [],
    active: true,
    ...overrides,
  };
}

function visit(id: string, therapistId: string, start: string): HeldTime {
  const startsAt = ist(start);
  return { visitId: id, therapistId, startsAt, blockedUntil: blockedUntil(startsAt, 60, 30) };
}

// Sunday 29 November 2026, 20:00 in India: the week searched is Sunday to Saturday.
const now = ist("2026-11-29T20:00");
const options = { now, minutes: 60, travelMinutes: 30 };

const strokeHindi: MatchRequest = {
  district: noida,
  language: "hi",
  sentFromPath: "/hi/stroke-rehabilitation-at-home",
  landingPath: "/hi",
};

interface Case {
  name: string;
  request?: Partial<MatchRequest>;
  roster: RosterTherapist[];
  held?: HeldTime[];
  /** The ids in order, or the reason for none. */
  expected: string[] | "no_district" | "no_one_serves";
}

const cases: Case[] = [
  {
    name: "a request with no district suggests no one",
    request: { district: null },
    roster: [t("a", { skills: ["stroke"] })],
    expected: "no_district",
  },
  {
    name: "a district nobody serves suggests no one",
    request: { district: "Faridabad" },
    roster: [t("a"), t("b", { districts: ["Gurugram"] })],
    expected: "no_one_serves",
  },
  {
    name: "inactive therapists are not suggested, even when they serve the district",
    roster: [t("a", { active: false, skills: ["stroke"] })],
    expected: "no_one_serves",
  },
  {
    name: "only those serving the district are suggested",
    roster: [t("a", { districts: ["Gurugram"] }), t("b"), t("c", { districts: ["Delhi", noida] })],
    expected: ["b", "c"],
  },
  {
    name: "the request's service outranks general physiotherapy",
    roster: [t("a", { skills: ["general"], languages: ["Hindi"] }), t("b", { skills: ["stroke"] })],
    expected: ["b", "a"],
  },
  {
    name: "general physiotherapy outranks another service",
    roster: [t("a", { skills: ["backPain"] }), t("b", { skills: ["general"] })],
    expected: ["b", "a"],
  },
  {
    name: "with the same skill, a Hindi request prefers a Hindi speaker",
    roster: [
      t("a", { skills: ["stroke"], languages: ["English"] }),
      t("b", { skills: ["stroke"], languages: ["English", "Hindi"] }),
    ],
    expected: ["b", "a"],
  },
  {
    name: "an English request prefers an English speaker",
    request: { language: "en", sentFromPath: "/stroke-rehabilitation-at-home" },
    roster: [
      t("a", { skills: ["stroke"], languages: ["Hindi"] }),
      t("b", { skills: ["stroke"], languages: ["English"] }),
    ],
    expected: ["b", "a"],
  },
  {
    name: "skill outranks language",
    roster: [
      t("a", { skills: ["general"], languages: ["Hindi"] }),
      t("b", { skills: ["stroke"], languages: ["English"] }),
    ],
    expected: ["b", "a"],
  },
  {
    name: "with skill and language equal, the earlier free start wins",
    roster: [
      t("a", { hours: { "3": [weekdays] } }),
      t("b", { hours: { "2": [weekdays] } }),
      t("c", { hours: { "2": [{ from: "07:00", to: "09:00" }] } }),
    ],
    expected: ["c", "b", "a"],
  },
  {
    name: "a visit already held pushes the first free start later",
    roster: [t("a"), t("b")],
    held: [visit("v1", "a", "2026-11-30T08:00")],
    expected: ["b", "a"],
  },
  {
    name: "a day of leave pushes the first free start later",
    roster: [t("a", { leave: ["2026-11-30"] }), t("b")],
    expected: ["b", "a"],
  },
  {
    name: "someone with no free start this week comes after everyone free",
    roster: [t("a", { hours: {} }), t("b", { hours: { "5": [weekdays] } })],
    expected: ["b", "a"],
  },
  {
    name: "with the same first free start, the fewest visits that week wins",
    roster: [t("a"), t("b"), t("c")],
    held: [
      visit("v1", "a", "2026-12-02T08:00"),
      visit("v2", "a", "2026-12-03T08:00"),
      visit("v3", "c", "2026-12-04T08:00"),
      // Beyond the week searched: not counted.
      visit("v4", "b", "2026-12-08T08:00"),
      visit("v5", "b", "2026-12-09T08:00"),
    ],
    expected: ["b", "c", "a"],
  },
  {
    name: "equal in everything, by name",
    roster: [
      t("x", { displayName: "Ritu" }),
      t("y", { displayName: "Anil" }),
      t("z", { displayName: "Meena" }),
    ],
    expected: ["y", "z", "x"],
  },
  {
    name: "equal names, by id",
    roster: [t("b2", { displayName: "Asha" }), t("b1", { displayName: "Asha" })],
    expected: ["b1", "b2"],
  },
  {
    name: "the service of the landing page when the form was sent from /contact",
    request: { sentFromPath: "/contact", landingPath: "/back-pain-physiotherapy-at-home" },
    roster: [t("a", { skills: ["stroke"] }), t("b", { skills: ["backPain"] })],
    expected: ["b", "a"],
  },
  {
    name: "no service page: skills do not rank, language does",
    request: { sentFromPath: "/hi/contact", landingPath: "/hi" },
    roster: [
      t("a", { skills: ["stroke"], languages: ["English"] }),
      t("b", { skills: ["backPain"], languages: ["Hindi"] }),
    ],
    expected: ["b", "a"],
  },
];

describe("suggested therapists", () => {
  it.each(cases)("$name", ({ request, roster, held, expected }) => {
    const result = suggestTherapists({ ...strokeHindi, ...request }, roster, held ?? [], options);
    if (typeof expected === "string") {
      expect(result).toMatchObject({ kind: "none", reason: expected });
    } else {
      expect(result.kind === "suggested" && result.suggestions.map((s) => s.therapist.id)).toEqual(
        expected,
      );
    }
  });

  it("is the same ranking whatever the order of the roster and the visits", () => {
    const roster = [
      t("a", { skills: ["stroke"] }),
      t("b", { skills: ["stroke"], languages: ["Hindi"] }),
      t("c", { skills: ["general"], languages: ["Hindi"] }),
      t("d", { displayName: "A" }),
      t("e", { displayName: "A" }),
    ];
    const held = [visit("v1", "b", "2026-11-30T07:30"), visit("v2", "a", "2026-12-01T08:00")];
    const ids = (r: RosterTherapist[], h: HeldTime[]) => {
      const result = suggestTherapists(strokeHindi, r, h, options);
      return result.kind === "suggested" ? result.suggestions.map((s) => s.therapist.id) : [];
    };
    const expected = ids(roster, held);
    expect(expected).toEqual(["b", "a", "c", "d", "e"]);
    expect(ids([...roster].reverse(), [...held].reverse())).toEqual(expected);
  });

  it("gives the reasons as data, and the first three free starts", () => {
    const asha = t("asha", {
      displayName: "Asha",
      skills: ["stroke", "senior"],
      languages: ["English", "Hindi"],
    });
    const result = suggestTherapists(
      strokeHindi,
      [asha],
      [visit("v1", "asha", "2026-11-30T07:30"), visit("v2", "other", "2026-11-30T09:00")],
      options,
    );
    expect(result).toEqual({
      kind: "suggested",
      service: "stroke",
      suggestions: [
        {
          therapist: asha,
          reasons: {
            district: noida,
            skill: "stroke",
            language: "Hindi",
            lacksLanguage: null,
            fitsTimes: null,
            firstFree: ist("2026-11-30T09:00"),
            visitsInWeek: 1,
          },
          starts: [ist("2026-11-30T09:00"), ist("2026-12-01T07:30"), ist("2026-12-01T07:45")],
        },
      ],
    });
  });

  it("names the service even when it suggests no one", () => {
    expect(suggestTherapists({ ...strokeHindi, district: null }, [], [], options)).toEqual({
      kind: "none",
      reason: "no_district",
      service: "stroke",
      nearest: [],
    });
  });
});

// The need (decision 050): a condition recorded by the desk, a language required, preferred times.
describe("matching on the need", () => {
  const evening = { from: "07:30", to: "20:00" };
  const allWeek = {
    "1": [evening],
    "2": [evening],
    "3": [evening],
    "4": [evening],
    "5": [evening],
  };

  it("puts the therapist with the required language first, and marks who lacks it", () => {
    const roster = [
      t("english-stroke", { skills: ["stroke"], languages: ["English", "Telugu"] }),
      t("hindi-stroke", { skills: ["stroke"], languages: ["Hindi"] }),
      t("hindi-general", { skills: ["general"], languages: ["Hindi"] }),
    ];
    const result = suggestTherapists(
      { ...strokeHindi, requiredLanguage: "Hindi" },
      roster,
      [],
      options,
    );
    if (result.kind !== "suggested") throw new Error("expected suggestions");
    expect(result.suggestions.map((s) => [s.therapist.id, s.reasons.lacksLanguage])).toEqual([
      ["hindi-stroke", null],
      ["hindi-general", null],
      ["english-stroke", "Hindi"],
    ]);
  });

  it("a language not required only ranks after the skill", () => {
    const roster = [
      t("english-stroke", { skills: ["stroke"], languages: ["English"] }),
      t("hindi-general", { skills: ["general"], languages: ["Hindi"] }),
    ];
    const result = suggestTherapists(strokeHindi, roster, [], options);
    expect(result.kind === "suggested" && result.suggestions.map((s) => s.therapist.id)).toEqual([
      "english-stroke",
      "hindi-general",
    ]);
  });

  it("the condition the desk recorded outranks the page the request came from", () => {
    const roster = [t("stroke", { skills: ["stroke"] }), t("back", { skills: ["backPain"] })];
    const result = suggestTherapists(
      { ...strokeHindi, condition: "backPain" },
      roster,
      [],
      options,
    );
    expect(result.kind === "suggested" && result.service).toBe("backPain");
    expect(result.kind === "suggested" && result.suggestions.map((s) => s.therapist.id)).toEqual([
      "back",
      "stroke",
    ]);
  });

  it("offers starts at the evening when the family asked for evenings", () => {
    const result = suggestTherapists(
      { ...strokeHindi, preferredTimes: ["evening"] },
      [t("a", { hours: allWeek })],
      [],
      options,
    );
    if (result.kind !== "suggested") throw new Error("expected suggestions");
    const [first] = result.suggestions;
    expect(first?.reasons.fitsTimes).toBe(true);
    expect(first?.starts).toEqual([
      ist("2026-11-30T17:00"),
      ist("2026-11-30T17:15"),
      ist("2026-11-30T17:30"),
    ]);
  });

  it("ranks those free at the preferred times first, and shows the others' earliest starts", () => {
    const result = suggestTherapists(
      { ...strokeHindi, preferredTimes: ["evening"] },
      [t("mornings"), t("evenings", { hours: allWeek })],
      [],
      options,
    );
    if (result.kind !== "suggested") throw new Error("expected suggestions");
    expect(
      result.suggestions.map((s) => [s.therapist.id, s.reasons.fitsTimes, s.starts[0]]),
    ).toEqual([
      ["evenings", true, ist("2026-11-30T17:00")],
      ["mornings", false, ist("2026-11-30T07:30")],
    ]);
  });

  it("offers no start too close to a visit elsewhere for the travel between them", () => {
    const travel = {
      least: 30,
      table: new Map([["gurugram\nnoida", 90]]),
    };
    const gurugram = {
      ...visit("v1", "a", "2026-11-30T07:30"),
      endsAt: ist("2026-11-30T08:30"),
      place: { district: "Gurugram", area: "gurugram" as const },
    };
    const result = suggestTherapists(
      { ...strokeHindi, area: "noida" },
      [t("a", { hours: { "1": [{ from: "07:30", to: "12:00" }] } })],
      [gurugram],
      { ...options, travel },
    );
    if (result.kind !== "suggested") throw new Error("expected suggestions");
    // Ends 8:30 in Gurugram, 90 minutes to Noida: 10:00 is the first start.
    expect(result.suggestions[0]?.starts[0]).toEqual(ist("2026-11-30T10:00"));
  });

  it("names the nearest therapists when no one serves the district", () => {
    const travel = {
      least: 30,
      table: new Map([
        ["delhi\ndelhi", 45],
        ["delhi\ngurugram", 60],
        ["delhi\nnoida", 60],
        ["gurugram\nnoida", 90],
      ]),
    };
    const result = suggestTherapists(
      { ...strokeHindi, district: "North West Delhi", area: "delhi" },
      [
        t("south", { displayName: "South", districts: ["South Delhi"] }),
        t("gurugram", { displayName: "Guru", districts: ["Gurugram"] }),
        t("noida", { displayName: "Noida", districts: [noida] }),
        t("away", { displayName: "Away", districts: ["South Delhi"], active: false }),
      ],
      [],
      { ...options, travel },
      (district) =>
        district === "Gurugram" ? ["gurugram"] : district === noida ? ["noida"] : ["delhi"],
    );
    expect(result).toMatchObject({
      kind: "none",
      reason: "no_one_serves",
      nearest: [
        { therapistId: "south", district: "South Delhi", minutes: 45 },
        { therapistId: "gurugram", district: "Gurugram", minutes: 60 },
        { therapistId: "noida", district: noida, minutes: 60 },
      ],
    });
  });
});

describe("the service a request came for", () => {
  it.each([
    ["/stroke-rehabilitation-at-home", "stroke"],
    ["/hi/post-surgery-physiotherapy-at-home", "postSurgery"],
    ["/sports-injury-physiotherapy/", "sportsInjury"],
    ["/senior-physiotherapy-at-home?utm_source=x", "senior"],
    ["/back-pain-physiotherapy-at-home#form", "backPain"],
    ["/contact", undefined],
    ["/hi", undefined],
    ["/service-areas/noida", undefined],
    ["/blog/stroke-rehabilitation-at-home", undefined],
    [null, undefined],
  ])("%j → %j", (path, service) => {
    expect(serviceOfPath(path)).toBe(service);
  });

  it("prefers the page the form was sent from to the page the visit landed on", () => {
    expect(
      serviceOfRequest({
        sentFromPath: "/senior-physiotherapy-at-home",
        landingPath: "/stroke-rehabilitation-at-home",
      }),
    ).toBe("senior");
    expect(
      serviceOfRequest({ sentFromPath: null, landingPath: "/hi/stroke-rehabilitation-at-home" }),
    ).toBe("stroke");
  });
});
