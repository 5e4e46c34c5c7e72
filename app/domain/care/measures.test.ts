import { describe, expect, it } from "vitest";
import { serviceCatalog } from "#app/content/catalog.ts";
import {
  measureBandTexts,
  measureChangeTexts,
  measureFamilyTexts,
  measureStaffTexts,
  measureUnitTexts,
} from "#app/domain/care/measure-texts.ts";
import {
  bandOf,
  changeOf,
  changeWordOf,
  type MeasureEntry,
  type MeasureKey,
  measureKeys,
  measures,
  readMeasureForm,
  scoreMeasure,
} from "#app/domain/care/measures.ts";
import { refusedHindi } from "#tests/site-terms.ts";

/** An entry with every item of a measure at `value`, then `changes` over it. */
function every(key: MeasureKey, value: number, changes: Record<string, number> = {}): MeasureEntry {
  return {
    items: {
      ...Object.fromEntries(measures[key].items.map((item) => [item.key, value])),
      ...changes,
    },
  };
}

/** An entry from the items' values in the form's order. */
function inOrder(key: MeasureKey, values: number[]): MeasureEntry {
  return {
    items: Object.fromEntries(
      measures[key].items.map((item, index) => [item.key, values[index] as number]),
    ),
  };
}

/** An entry without the items named. */
function without(entry: MeasureEntry, ...keys: string[]): MeasureEntry {
  return {
    items: Object.fromEntries(Object.entries(entry.items).filter(([key]) => !keys.includes(key))),
  };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function scoreOf(key: MeasureKey, entry: MeasureEntry) {
  const result = scoreMeasure(key, entry);
  if (!result.ok) throw new Error(`not scored: ${JSON.stringify(result.errors)}`);
  return { score: result.score, band: result.band };
}

function errorsOf(key: MeasureKey, entry: MeasureEntry) {
  const result = scoreMeasure(key, entry);
  if (result.ok) throw new Error(`scored ${result.score}`);
  return result.errors;
}

describe("NPRS", () => {
  // Farrar JT et al. Clinical importance of changes in chronic pain intensity measured on an
  // 11-point numerical pain rating scale. Pain 2001;94:149–158; Childs JD, Piva SR, Fritz JM.
  // Responsiveness of the numeric pain rating scale in patients with low back pain. Spine
  // 2005;30(11):1331–1334: MCID 2 points. Bands: Serlin RC et al. When is cancer pain mild,
  // moderate or severe? Pain 1995;61:277–284 (1–4 mild, 5–6 moderate, 7–10 severe).
  it.each([
    [0, 0, "no-pain"],
    [1, 1, "mild-pain"],
    [4, 4, "mild-pain"],
    [5, 5, "moderate-pain"],
    [6, 6, "moderate-pain"],
    [7, 7, "severe-pain"],
    [10, 10, "severe-pain"],
  ])("scores %d as %d (%s)", (pain, score, band) => {
    expect(scoreOf("nprs", { items: { pain } })).toEqual({ score, band });
  });

  it.each([
    [{ pain: 11 }, { pain: "Between 0 and 10." }],
    [{ pain: -1 }, { pain: "Between 0 and 10." }],
    [{ pain: 2.5 }, { pain: "A whole number between 0 and 10." }],
    [{}, { pain: "Give a score.", form: "Give a score for every item (1 missing)." }],
    [{ pain: 3, other: 2 }, { form: 'No item "other" in this measure.' }],
  ])("refuses %j", (items, errors) => {
    expect(errorsOf("nprs", { items })).toEqual(errors);
  });

  it.each([
    [6, 4, -2, true, true],
    [6, 5, -1, false, true],
    [3, 5, 2, true, false],
    [8, 8, 0, false, false],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("nprs", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("PSFS", () => {
  // Stratford P, Gill C, Westaway M, Binkley J. Assessing disability and change on individual
  // patients: a report of a patient specific measure. Physiotherapy Canada 1995;47:258–263 (each
  // activity 0–10; the score is the mean). Horn KK et al. The Patient-Specific Functional Scale:
  // psychometrics, clinimetrics, and application as a clinical outcome measure. J Orthop Sports
  // Phys Ther 2012;42(1):30–42: MCID 2 points on the mean.
  const activities = (scores: number[]) => ({
    items: Object.fromEntries(scores.map((score, index) => [`a${index + 1}`, score])),
    activities: Object.fromEntries(
      scores.map((_, index) => [`a${index + 1}`, `Activity ${index + 1}`]),
    ),
  });

  it.each([
    [[3, 5, 4], 4],
    [[7, 8, 8], 7.7],
    [[0, 0, 1], 0.3],
    [[6, 7, 6, 6], 6.3],
    [[3, 4, 5, 6, 2], 4],
    [[10, 10, 10, 10, 10], 10],
  ])("scores %j as the mean %d", (scores, score) => {
    expect(scoreOf("psfs", activities(scores))).toEqual({ score, band: undefined });
  });

  it("keeps the activities scored, their texts trimmed, and leaves empty slots out", () => {
    const result = scoreMeasure("psfs", {
      items: { a1: 2, a3: 5, a5: 9 },
      activities: {
        a1: " Climbing stairs ",
        a3: "Getting up from the floor",
        a5: "Walking to the market",
      },
    });
    expect(result).toEqual({
      ok: true,
      score: 5.3,
      entry: {
        items: { a1: 2, a3: 5, a5: 9 },
        activities: {
          a1: "Climbing stairs",
          a3: "Getting up from the floor",
          a5: "Walking to the market",
        },
      },
    });
  });

  it.each([
    ["two activities", activities([5, 6]), { form: "Name and score 3 to 5 activities (2 given)." }],
    ["none", { items: {} }, { form: "Name and score 3 to 5 activities (0 given)." }],
    [
      "a score without its activity",
      { items: { a1: 4, a2: 5, a3: 6 }, activities: { a1: "Stairs", a2: "Walking" } },
      { "activity:a3": "Write the activity this score is for." },
    ],
    [
      "an activity without its score",
      { items: { a1: 4, a2: 5 }, activities: { a1: "Stairs", a2: "Walking", a3: "Squatting" } },
      { a3: "Give this activity a score from 0 to 10." },
    ],
    ["a score above 10", activities([4, 11, 6]), { a2: "Between 0 and 10." }],
    ["half a point", activities([4, 5.5, 6]), { a2: "A whole number between 0 and 10." }],
    [
      "an activity of over 100 characters",
      {
        ...activities([4, 5, 6]),
        activities: { a1: "x".repeat(101), a2: "Walking", a3: "Stairs" },
      },
      { "activity:a1": "At most 100 characters." },
    ],
    [
      "a sixth slot",
      { items: { a1: 1, a2: 2, a3: 3, a6: 4 } },
      { form: 'No item "a6" in this measure.' },
    ],
  ])("refuses %s", (_, entry, errors) => {
    expect(errorsOf("psfs", entry)).toEqual(errors);
  });

  it("takes 100 characters", () => {
    const entry = {
      ...activities([4, 5, 6]),
      activities: { a1: "x".repeat(100), a2: "Walking", a3: "Stairs" },
    };
    expect(scoreOf("psfs", entry).score).toBe(5);
  });

  it.each([
    [4, 6, 2, true, true],
    [4, 5.9, 1.9, false, true],
    [6.3, 4.3, -2, true, false],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("psfs", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("Barthel Index", () => {
  // Mahoney FI, Barthel DW. Functional evaluation: the Barthel Index. Md State Med J
  // 1965;14:61–65 (0–100 in steps of 5; 100: continent, feeds, dresses, gets up, walks, climbs
  // stairs). Hsieh YW et al. Establishing the minimal clinically important difference of the
  // Barthel Index in stroke patients. Neurorehabil Neural Repair 2007;21(3):233–238: 1.85 on the
  // 0–20 version = 9.25 on 0–100, so a change of 10 counts and one of 5 does not.
  const order = [
    "feeding",
    "bathing",
    "grooming",
    "dressing",
    "bowels",
    "bladder",
    "toilet",
    "transfers",
    "mobility",
    "stairs",
  ];

  it("has the ten published items, each with its published steps", () => {
    expect(measures.barthel.items.map((item) => item.key)).toEqual(order);
    expect(
      Object.fromEntries(
        measures.barthel.items.map((item) => [item.key, item.options?.map((o) => o.value)]),
      ),
    ).toEqual({
      feeding: [0, 5, 10],
      bathing: [0, 5],
      grooming: [0, 5],
      dressing: [0, 5, 10],
      bowels: [0, 5, 10],
      bladder: [0, 5, 10],
      toilet: [0, 5, 10],
      transfers: [0, 5, 10, 15],
      mobility: [0, 5, 10, 15],
      stairs: [0, 5, 10],
    });
    expect(measures.barthel.items[0]?.options?.[1]?.label).toBe(
      "needs help cutting, spreading butter, etc., or requires modified diet",
    );
  });

  it.each([
    ["everything independent", [10, 5, 5, 10, 10, 10, 10, 15, 15, 10], 100, "independent-daily"],
    ["everything dependent", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0, undefined],
    ["help with most", [5, 0, 0, 5, 10, 5, 5, 10, 10, 0], 50, undefined],
    ["walks with help, no stairs", [10, 5, 5, 10, 10, 10, 10, 15, 10, 0], 85, undefined],
  ])("scores %s as %d", (_, values, score, band) => {
    expect(scoreOf("barthel", inOrder("barthel", values))).toEqual({ score, band });
  });

  const full = inOrder("barthel", [10, 5, 5, 10, 10, 10, 10, 15, 15, 10]);
  it.each([
    ["feeding 7", { ...full.items, feeding: 7 }, { feeding: "One of 0, 5, 10." }],
    ["bathing 10", { ...full.items, bathing: 10 }, { bathing: "One of 0, 5." }],
    ["transfers 20", { ...full.items, transfers: 20 }, { transfers: "One of 0, 5, 10, 15." }],
    ["mobility −5", { ...full.items, mobility: -5 }, { mobility: "One of 0, 5, 10, 15." }],
    [
      "three items missing",
      without(full, "bowels", "bladder", "stairs").items,
      {
        bowels: "Give a score.",
        bladder: "Give a score.",
        stairs: "Give a score.",
        form: "Give a score for every item (3 missing).",
      },
    ],
  ])("refuses %s", (_, items, errors) => {
    expect(errorsOf("barthel", { items })).toEqual(errors);
  });

  it.each([
    [50, 60, 10, true, true],
    [50, 55, 5, false, true],
    [60, 50, -10, true, false],
    [90, 100, 10, true, true],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("barthel", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("Berg Balance Scale", () => {
  // Berg K, Wood-Dauphinee S, Williams JI, Gayton D. Measuring balance in the elderly:
  // preliminary development of an instrument. Physiotherapy Canada 1989;41:304–311 (14 items,
  // 0–4, total 0–56). Berg KO, Wood-Dauphinee SL, Williams JI, Maki B. Measuring balance in the
  // elderly: validation of an instrument. Can J Public Health 1992;83 Suppl 2:S7–11 (< 45: at
  // risk of falls). Donoghue D, Stokes EK. How much change is true change? The minimum
  // detectable change of the Berg Balance Scale in elderly people. J Rehabil Med
  // 2009;41:343–346: 4 points from 45–56, 5 from 35–44, 7 from 25–34, 5 from 0–24.
  it("has the 14 published items by their short names", () => {
    expect(measures.berg.items.map((item) => item.key)).toEqual(
      Array.from({ length: 14 }, (_, index) => `b${index + 1}`),
    );
    expect(measures.berg.items[0]?.label).toBe("Sitting to standing");
    expect(measures.berg.items[13]?.label).toBe("Standing on one leg");
    expect(
      measures.berg.items.every((item) => item.options?.map((o) => o.value).join() === "0,1,2,3,4"),
    ).toBe(true);
  });

  it.each([
    ["full marks", every("berg", 4), 56, undefined],
    ["nothing", every("berg", 0), 0, "high-fall-risk"],
    ["3 on every item", every("berg", 3), 42, "high-fall-risk"],
    ["44: one short of the cut-off", every("berg", 3, { b1: 4, b2: 4 }), 44, "high-fall-risk"],
    ["45: at the cut-off", every("berg", 3, { b1: 4, b2: 4, b3: 4 }), 45, undefined],
    ["low on the hardest items", every("berg", 4, { b13: 1, b14: 0 }), 49, undefined],
  ])("scores %s as %d", (_, entry, score, band) => {
    expect(scoreOf("berg", entry)).toEqual({ score, band });
  });

  it.each([
    ["5", every("berg", 4, { b3: 5 }), { b3: "Between 0 and 4." }],
    ["−1", every("berg", 4, { b3: -1 }), { b3: "Between 0 and 4." }],
    ["2.5", every("berg", 4, { b7: 2.5 }), { b7: "A whole number between 0 and 4." }],
    [
      "two missing",
      without(every("berg", 3), "b13", "b14"),
      {
        b13: "Give a score.",
        b14: "Give a score.",
        form: "Give a score for every item (2 missing).",
      },
    ],
  ])("refuses %s", (_, entry, errors) => {
    expect(errorsOf("berg", entry)).toEqual(errors);
  });

  it.each([
    [45, 49, 4, true, true],
    [45, 48, 3, false, true],
    [52, 48, -4, true, false],
    [40, 45, 5, true, true],
    [40, 44, 4, false, true],
    [30, 37, 7, true, true],
    [30, 36, 6, false, true],
    [20, 25, 5, true, true],
    [20, 24, 4, false, true],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("berg", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("Timed Up and Go", () => {
  // Podsiadlo D, Richardson S. The timed "Up & Go": a test of basic functional mobility for frail
  // elderly persons. J Am Geriatr Soc 1991;39:142–148. Shumway-Cook A, Brauer S, Woollacott M.
  // Predicting the probability for falls in community-dwelling older adults using the Timed Up &
  // Go Test. Phys Ther 2000;80:896–903 (>= 13.5 s: high fall risk). Flansbjer UB et al.
  // Reliability of gait performance tests in men and women with hemiparesis after stroke.
  // J Rehabil Med 2005;37:75–82 (MDC 2.9 s).
  it.each([
    [8.1, 8.1, undefined],
    [12.5, 12.5, undefined],
    [13.4, 13.4, undefined],
    [13.5, 13.5, "high-fall-risk"],
    [22, 22, "high-fall-risk"],
  ])("scores %d s as %d (%s)", (seconds, score, band) => {
    expect(scoreOf("tug", { items: { seconds } })).toEqual({ score, band });
  });

  it.each([
    [{ seconds: 12.34 }, { seconds: "To one decimal place, e.g. 12.5." }],
    [{ seconds: 0 }, { seconds: "Between 1 and 300." }],
    [{ seconds: 301 }, { seconds: "Between 1 and 300." }],
    [{ seconds: Number.NaN }, { seconds: "Enter the seconds, e.g. 12.5." }],
    [{}, { seconds: "Give a score.", form: "Give a score for every item (1 missing)." }],
  ])("refuses %j", (items, errors) => {
    expect(errorsOf("tug", { items })).toEqual(errors);
  });

  it.each([
    [20, 17.1, -2.9, true, true],
    [20, 17.2, -2.8, false, true],
    [12.3, 15.2, 2.9, true, false],
    [14, 14, 0, false, false],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("tug", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("30-second chair stand", () => {
  // Jones CJ, Rikli RE, Beam WC. A 30-s chair-stand test as a measure of lower body strength in
  // community-residing older adults. Res Q Exerc Sport 1999;70:113–119 (the count of full stands).
  // Wright AA, Cook CE, Baxter GD, Dockerty JD, Abbott JH. A comparison of 3 methodological
  // approaches to defining major clinically important improvement of 4 performance measures in
  // patients with hip osteoarthritis. J Orthop Sports Phys Ther 2011;41(5):319–327 (2 stands).
  it.each([
    [0, 0],
    [8, 8],
    [12, 12],
    [25, 25],
  ])("scores %d stands as %d", (stands, score) => {
    expect(scoreOf("chair_stand", { items: { stands } })).toEqual({ score, band: undefined });
  });

  it.each([
    [{ stands: 12.5 }, { stands: "A whole number between 0 and 60." }],
    [{ stands: -1 }, { stands: "Between 0 and 60." }],
    [{ stands: 61 }, { stands: "Between 0 and 60." }],
    [{}, { stands: "Give a score.", form: "Give a score for every item (1 missing)." }],
  ])("refuses %j", (items, errors) => {
    expect(errorsOf("chair_stand", { items })).toEqual(errors);
  });

  it.each([
    [10, 12, 2, true, true],
    [10, 11, 1, false, true],
    [12, 10, -2, true, false],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("chair_stand", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("LEFS", () => {
  // Binkley JM, Stratford PW, Lott SA, Riddle DL. The Lower Extremity Functional Scale (LEFS):
  // scale development, measurement properties, and clinical application. Phys Ther
  // 1999;79(4):371–383 (20 items, 0–4, total 0–80; MDC and MCID 9 points).
  it("has the 20 published items, each 0 to 4 with the published answers", () => {
    expect(measures.lefs.items).toHaveLength(20);
    expect(measures.lefs.items[0]?.label).toBe(
      "Any of your usual work, housework, or school activities",
    );
    expect(measures.lefs.items[19]?.label).toBe("Rolling over in bed");
    expect(measures.lefs.items[0]?.options).toEqual([
      { value: 0, label: "Extreme difficulty or unable to perform activity" },
      { value: 1, label: "Quite a bit of difficulty" },
      { value: 2, label: "Moderate difficulty" },
      { value: 3, label: "A little bit of difficulty" },
      { value: 4, label: "No difficulty" },
    ]);
  });

  it.each([
    ["no difficulty", every("lefs", 4), 80],
    ["extreme difficulty throughout", every("lefs", 0), 0],
    ["moderate throughout", every("lefs", 2), 40],
    ["mixed", inOrder("lefs", [1, 2, 4, 4, 4, 1, 2, 3, 1, 4, 4, 1, 4, 3, 3, 3, 0, 3, 1, 2]), 50],
  ])("scores %s as %d", (_, entry, score) => {
    expect(scoreOf("lefs", entry)).toEqual({ score, band: undefined });
  });

  it.each([
    ["5", every("lefs", 2, { l4: 5 }), { l4: "Between 0 and 4." }],
    ["1.5", every("lefs", 2, { l4: 1.5 }), { l4: "A whole number between 0 and 4." }],
    [
      "one missing",
      without(every("lefs", 2), "l20"),
      { l20: "Give a score.", form: "Give a score for every item (1 missing)." },
    ],
  ])("refuses %s", (_, entry, errors) => {
    expect(errorsOf("lefs", entry)).toEqual(errors);
  });

  it.each([
    [50, 59, 9, true, true],
    [50, 58, 8, false, true],
    [60, 51, -9, true, false],
  ])(
    "from %d to %d: difference %d, important %s, better %s",
    (before, after, difference, important, better) => {
      expect(changeOf("lefs", before, after)).toEqual({ difference, important, better });
    },
  );
});

describe("reading a measure's form", () => {
  it("reads the numbers as typed and scores them", () => {
    expect(readMeasureForm("tug", form({ "item:seconds": " 12.5 " }))).toEqual({
      ok: true,
      score: 12.5,
      entry: { items: { seconds: 12.5 } },
    });
    expect(readMeasureForm("nprs", form({ "item:pain": "7" }))).toMatchObject({
      ok: true,
      band: "severe-pain",
    });
  });

  it.each([
    ["tug", { "item:seconds": "12,5" }, { seconds: "Enter the seconds, e.g. 12.5." }],
    ["tug", { "item:seconds": "abc" }, { seconds: "Enter the seconds, e.g. 12.5." }],
    [
      "tug",
      { "item:seconds": "" },
      { seconds: "Give a score.", form: "Give a score for every item (1 missing)." },
    ],
    [
      "chair_stand",
      { "item:stands": "twelve" },
      { stands: "Enter the number of full stands, e.g. 12." },
    ],
    ["nprs", { "item:pain": "-2" }, { pain: "Between 0 and 10." }],
  ] as const)("refuses %s %j", (key, fields, errors) => {
    expect(readMeasureForm(key, form(fields))).toEqual({ ok: false, errors });
  });

  it("counts a missing item apart from one that is not a number", () => {
    const fields = Object.fromEntries(measures.berg.items.map((item) => [`item:${item.key}`, "4"]));
    const result = readMeasureForm(
      "berg",
      form({ ...fields, "item:b1": "x", "item:b2": "", "item:b3": "" }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        b1: "Enter a number.",
        b2: "Give a score.",
        b3: "Give a score.",
        form: "Give a score for every item (2 missing).",
      },
    });
  });

  it("reads the PSFS activities with their scores, and leaves the empty slots out", () => {
    const result = readMeasureForm(
      "psfs",
      form({
        "item:a1": "3",
        "activity:a1": "Climbing the stairs to the flat",
        "item:a2": "5",
        "activity:a2": "Sitting through a meal",
        "item:a3": "",
        "activity:a3": " ",
        "item:a4": "4",
        "activity:a4": "Walking to the park",
        "item:a5": "",
        "activity:a5": "",
      }),
    );
    expect(result).toEqual({
      ok: true,
      score: 4,
      entry: {
        items: { a1: 3, a2: 5, a4: 4 },
        activities: {
          a1: "Climbing the stairs to the flat",
          a2: "Sitting through a meal",
          a4: "Walking to the park",
        },
      },
    });
  });

  it("says which PSFS slot lacks its activity or its score", () => {
    const result = readMeasureForm(
      "psfs",
      form({
        "item:a1": "3",
        "activity:a1": "Stairs",
        "item:a2": "x",
        "activity:a2": "Walking",
        "item:a3": "6",
        "activity:a4": "Squatting",
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        a2: "Enter a number.",
        "activity:a3": "Write the activity this score is for.",
        a4: "Give this activity a score from 0 to 10.",
      },
    });
  });
});

describe("the measures' definitions", () => {
  it.each(measureKeys)("%s: totals and items agree, and every word is in the texts", (key) => {
    const definition = measures[key];
    expect(definition.key).toBe(key);
    expect(definition.items.map((item) => item.label)).toEqual(
      Object.values(measureStaffTexts[key].items).map((item) => item.label),
    );
    for (const item of definition.items) {
      expect(item.label).not.toBe("");
      expect(item.min).toBeLessThan(item.max);
      if (item.options) {
        expect(item.options[0]?.value).toBe(item.min);
        expect(item.options.at(-1)?.value).toBe(item.max);
        expect(item.options.every((option) => option.label !== "")).toBe(true);
      }
    }
    if (key !== "psfs" && key !== "tug" && key !== "chair_stand") {
      const sum = (pick: "min" | "max") =>
        definition.items.reduce((total, item) => total + item[pick], 0);
      expect([definition.min, definition.max]).toEqual([sum("min"), sum("max")]);
    }
    expect(definition.importantChange).toBeGreaterThan(0);
    expect(measureUnitTexts.en[definition.unit]).toBeDefined();
    for (const threshold of definition.thresholds) {
      expect(measureBandTexts.en[threshold.band]).toBeDefined();
    }
    for (const condition of definition.conditions)
      expect(Object.keys(serviceCatalog)).toContain(condition);
    expect(definition.conditions.length).toBeGreaterThan(0);
  });

  it("offers something for every condition the clinic treats", () => {
    for (const condition of Object.keys(serviceCatalog)) {
      expect(
        measureKeys.filter((key) => (measures[key].conditions as string[]).includes(condition)),
      ).not.toEqual([]);
    }
  });

  it("gives each band and change word, and each measure its name and line, in English and Hindi", () => {
    for (const lang of ["en", "hi"] as const) {
      expect(Object.keys(measureFamilyTexts[lang]).sort()).toEqual([...measureKeys].sort());
      expect(Object.keys(measureBandTexts[lang]).sort()).toEqual(
        Object.keys(measureBandTexts.en).sort(),
      );
      expect(Object.keys(measureChangeTexts[lang]).sort()).toEqual([
        "better",
        "no-important-change",
        "worse",
      ]);
      expect(Object.keys(measureUnitTexts[lang]).sort()).toEqual(["points", "seconds", "stands"]);
    }
  });

  it("writes its Hindi by the glossary", () => {
    const hindi = [
      ...Object.values(measureFamilyTexts.hi).flatMap((text) => [text.name, text.what]),
      ...Object.values(measureBandTexts.hi),
      ...Object.values(measureChangeTexts.hi),
      ...Object.values(measureUnitTexts.hi),
    ];
    expect(hindi.every((text) => /\p{Script=Devanagari}/u.test(text))).toBe(true);
    expect(hindi.flatMap((text) => refusedHindi(text))).toEqual([]);
  });
});

describe("the bands and the change in a family's words", () => {
  it.each([
    ["berg", 44, "high-fall-risk"],
    ["berg", 45, undefined],
    ["tug", 13.4, undefined],
    ["tug", 13.5, "high-fall-risk"],
    ["nprs", 0, "no-pain"],
    ["barthel", 95, undefined],
    ["barthel", 100, "independent-daily"],
    ["lefs", 30, undefined],
  ] as const)("%s %d: %s", (key, score, band) => {
    expect(bandOf(key, score)).toBe(band);
  });

  it.each([
    ["tug", 16, 12.5, "better"],
    ["tug", 12.5, 16, "worse"],
    ["tug", 16, 14, "no-important-change"],
    ["berg", 30, 37, "better"],
    ["nprs", 3, 5, "worse"],
  ] as const)("%s from %d to %d: %s", (key, before, after, word) => {
    expect(changeWordOf(key, before, after)).toBe(word);
  });
});
