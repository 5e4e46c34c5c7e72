// The outcome measures a therapist records (docs/care.md "Outcome measures"), scored exactly as
// published: the items and their allowed values, the total, its range and direction, the
// thresholds that mean something to a family and the smallest change that counts. Pure: no
// database, no request; the words (labels, answers, messages) are in measure-texts.ts.
import type { serviceCatalog } from "#app/content/catalog.ts";
import {
  measureErrorTexts as errorTexts,
  type MeasureBand,
  type MeasureChange,
  type MeasureUnit,
  measureStaffTexts,
} from "#app/domain/care/measure-texts.ts";

export const measureKeys = [
  "nprs",
  "psfs",
  "barthel",
  "berg",
  "tug",
  "chair_stand",
  "lefs",
] as const;
export type MeasureKey = (typeof measureKeys)[number];

interface MeasureItem {
  key: string;
  label: string;
  /** The allowed values, in order, each with its published label (e.g. Barthel feeding 0/5/10). */
  options?: { value: number; label: string }[];
  min: number;
  max: number;
  step: number;
}

export interface MeasureDefinition {
  key: MeasureKey;
  items: MeasureItem[];
  min: number;
  max: number;
  unit: MeasureUnit;
  higherIsBetter: boolean;
  /** The minimal important difference in the total's units (source in docs/care.md). */
  importantChange: number;
  /**
   * Where the change that counts depends on the starting score (Berg: Donoghue & Stokes 2009),
   * the change needed from each starting score up (highest `from` first); changeOf uses it, and
   * `importantChange` is then the largest of them (a change that counts from any start).
   */
  importantChangeFrom?: { from: number; change: number }[];
  /** Thresholds that mean something to a family: e.g. Berg < 45 high fall risk; TUG >= 13.5 s. */
  thresholds: { below?: number; atLeast?: number; band: MeasureBand }[];
  /** The conditions (service keys of app/content/catalog.ts) it is offered for. */
  conditions: ServiceKey[];
}

/** The service keys of app/content/catalog.ts: the conditions the clinic treats. */
type ServiceKey = keyof typeof serviceCatalog;

export type MeasureEntry = { items: Record<string, number>; activities?: Record<string, string> };

export type Scored =
  | { ok: true; score: number; entry: MeasureEntry; band?: string }
  /** Field → message: an item's key, `activity:<slotKey>` for a PSFS activity's text, or "form". */
  | { ok: false; errors: Record<string, string> };

/** A measure's items, with their labels and answers from the texts. */
function itemsOf(key: MeasureKey, range?: { min: number; max: number; step: number }) {
  return Object.entries(measureStaffTexts[key].items).map(([itemKey, text]): MeasureItem => {
    if (!text.options) {
      if (!range) throw new Error(`${key}.${itemKey} needs a range`);
      return { key: itemKey, label: text.label, ...range };
    }
    const options = text.options.map(([value, label]) => ({ value, label }));
    const values = options.map((option) => option.value);
    const min = Math.min(...values);
    const max = Math.max(...values);
    const step = values.length > 1 ? (max - min) / (values.length - 1) : 1;
    return { key: itemKey, label: text.label, options, min, max, step };
  });
}

export const measures: Record<MeasureKey, MeasureDefinition> = {
  // Farrar 2001, Childs 2005: 2 points. Bands: Serlin 1995 (mild 1–4, moderate 5–6, severe 7–10).
  nprs: {
    key: "nprs",
    items: itemsOf("nprs"),
    min: 0,
    max: 10,
    unit: "points",
    higherIsBetter: false,
    importantChange: 2,
    thresholds: [
      { below: 1, band: "no-pain" },
      { atLeast: 1, below: 5, band: "mild-pain" },
      { atLeast: 5, below: 7, band: "moderate-pain" },
      { atLeast: 7, band: "severe-pain" },
    ],
    conditions: ["stroke", "postSurgery", "backPain", "sportsInjury", "senior"],
  },
  // Stratford 1995; Horn 2012: 2 points on the mean of the activities.
  psfs: {
    key: "psfs",
    items: itemsOf("psfs"),
    min: 0,
    max: 10,
    unit: "points",
    higherIsBetter: true,
    importantChange: 2,
    thresholds: [],
    conditions: ["postSurgery", "backPain", "sportsInjury", "senior"],
  },
  // Mahoney & Barthel 1965, 0–100 in steps of 5. Hsieh 2007: 1.85 on the 0–20 version = 9.25 on
  // 0–100, so in practice a change of 10 (two steps). 100: independent in these 10 activities.
  barthel: {
    key: "barthel",
    items: itemsOf("barthel"),
    min: 0,
    max: 100,
    unit: "points",
    higherIsBetter: true,
    importantChange: 9.25,
    thresholds: [{ atLeast: 100, band: "independent-daily" }],
    conditions: ["stroke", "postSurgery", "senior"],
  },
  // Berg 1989, 1992 (< 45: high fall risk). Donoghue & Stokes 2009: the change that is true
  // change at 95% confidence, by the starting score.
  berg: {
    key: "berg",
    items: itemsOf("berg"),
    min: 0,
    max: 56,
    unit: "points",
    higherIsBetter: true,
    importantChange: 7,
    importantChangeFrom: [
      { from: 45, change: 4 },
      { from: 35, change: 5 },
      { from: 25, change: 7 },
      { from: 0, change: 5 },
    ],
    thresholds: [{ below: 45, band: "high-fall-risk" }],
    conditions: ["stroke", "senior"],
  },
  // Podsiadlo & Richardson 1991. Shumway-Cook 2000: >= 13.5 s high fall risk. Flansbjer 2005:
  // MDC 2.9 s (stroke).
  tug: {
    key: "tug",
    items: itemsOf("tug", { min: 1, max: 300, step: 0.1 }),
    min: 1,
    max: 300,
    unit: "seconds",
    higherIsBetter: false,
    importantChange: 2.9,
    thresholds: [{ atLeast: 13.5, band: "high-fall-risk" }],
    conditions: ["stroke", "postSurgery", "senior"],
  },
  // Jones, Rikli & Beam 1999. Wright 2011: 2 stands. No age norms here (docs/care.md).
  chair_stand: {
    key: "chair_stand",
    items: itemsOf("chair_stand", { min: 0, max: 60, step: 1 }),
    min: 0,
    max: 60,
    unit: "stands",
    higherIsBetter: true,
    importantChange: 2,
    thresholds: [],
    conditions: ["postSurgery", "senior"],
  },
  // Binkley 1999: 0–80, MCID 9 points.
  lefs: {
    key: "lefs",
    items: itemsOf("lefs"),
    min: 0,
    max: 80,
    unit: "points",
    higherIsBetter: true,
    importantChange: 9,
    thresholds: [],
    conditions: ["postSurgery", "sportsInjury"],
  },
};

/** PSFS: how many activities a score needs, and how long an activity's text may be. */
const psfsActivities = { fewest: 3, most: 5, longest: 100 };

/** Rounds to one decimal place, half up (5.25 → 5.3), as the PSFS mean and TUG seconds are. */
function oneDecimal(value: number): number {
  return Math.round(value * 10 + 1e-9) / 10;
}

function isOnStep(value: number, item: MeasureItem): boolean {
  const steps = (value - item.min) / item.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** What is wrong with one item's value, or undefined. */
function valueProblem(key: MeasureKey, item: MeasureItem, value: number): string | undefined {
  if (!Number.isFinite(value)) return notANumber(key);
  if (item.options) {
    const values = item.options.map((option) => option.value);
    if (values.includes(value)) return undefined;
    if (item.step === 1) {
      return value < item.min || value > item.max || Number.isInteger(value)
        ? errorTexts.between(item.min, item.max)
        : errorTexts.wholeNumber(item.min, item.max);
    }
    return errorTexts.oneOf(values);
  }
  if (value < item.min || value > item.max) return errorTexts.between(item.min, item.max);
  if (!isOnStep(value, item)) {
    return item.step === 1 ? errorTexts.wholeNumber(item.min, item.max) : errorTexts.oneDecimal;
  }
  return undefined;
}

/** The message for a value that is not a number, in the measure's own terms. */
function notANumber(key: MeasureKey): string {
  if (key === "tug") return errorTexts.seconds;
  if (key === "chair_stand") return errorTexts.stands;
  return errorTexts.number;
}

/** Scores an entry; `unreadable` items were typed but are not numbers (their message given). */
function score(key: MeasureKey, entry: MeasureEntry, unreadable: Record<string, string>): Scored {
  const definition = measures[key];
  const errors: Record<string, string> = { ...unreadable };
  const known = new Set(definition.items.map((item) => item.key));
  const unknown = [
    ...Object.keys(entry.items),
    ...(key === "psfs" ? Object.keys(entry.activities ?? {}) : []),
  ].filter((itemKey) => !known.has(itemKey));
  if (unknown.length > 0)
    return { ok: false, errors: { form: errorTexts.unknownItem(unknown[0] ?? "") } };

  for (const item of definition.items) {
    const value = entry.items[item.key];
    if (value === undefined) continue;
    const problem = valueProblem(key, item, value);
    if (problem) errors[item.key] = problem;
  }

  if (key === "psfs") return scorePsfs(entry, errors);

  const missing = definition.items.filter(
    (item) => entry.items[item.key] === undefined && !(item.key in unreadable),
  );
  for (const item of missing) errors[item.key] = errorTexts.missingItem;
  if (missing.length > 0) errors.form = errorTexts.missingItems(missing.length);
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const items = Object.fromEntries(
    definition.items.map((item) => [item.key, entry.items[item.key] as number]),
  );
  const sum = Object.values(items).reduce((total, value) => total + value, 0);
  const total = key === "tug" ? oneDecimal(sum) : sum;
  return scored(key, total, { items });
}

/** PSFS: 3 to 5 activities, each with its text and its score; the mean, to one decimal place. */
function scorePsfs(entry: MeasureEntry, errors: Record<string, string>): Scored {
  const activities: Record<string, string> = {};
  const items: Record<string, number> = {};
  for (const item of measures.psfs.items) {
    const text = entry.activities?.[item.key]?.trim() ?? "";
    const value = entry.items[item.key];
    const typed = value !== undefined || item.key in errors;
    if (text.length > psfsActivities.longest)
      errors[`activity:${item.key}`] = errorTexts.activityLength;
    if (text === "" && typed) errors[`activity:${item.key}`] = errorTexts.activityText;
    if (text !== "" && !typed) errors[item.key] = errorTexts.activityScore;
    if (text !== "" && value !== undefined) {
      activities[item.key] = text;
      items[item.key] = value;
    }
  }
  const given = measures.psfs.items.filter(
    (item) =>
      (entry.activities?.[item.key]?.trim() ?? "") !== "" ||
      entry.items[item.key] !== undefined ||
      item.key in errors,
  ).length;
  if (given < psfsActivities.fewest || given > psfsActivities.most) {
    errors.form = errorTexts.activities(given);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const values = Object.values(items);
  const mean = oneDecimal(values.reduce((total, value) => total + value, 0) / values.length);
  return scored("psfs", mean, { items, activities });
}

function scored(key: MeasureKey, total: number, entry: MeasureEntry): Scored {
  const band = bandOf(key, total);
  return band === undefined
    ? { ok: true, score: total, entry }
    : { ok: true, score: total, entry, band };
}

/** Scores exactly as published (PSFS: the mean of the activities scored, to one decimal; TUG: seconds to one decimal; Barthel 0–100 in its published steps; Berg 0–56; LEFS 0–80; NPRS 0–10 integer; 30-s chair stand: the count). */
export function scoreMeasure(key: MeasureKey, entry: MeasureEntry): Scored {
  return score(key, entry, {});
}

/** A typed number: digits with an optional decimal point, an optional minus sign. */
const numberText = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Reads a measure's form fields: `item:<itemKey>` (number text, "" = missing) and for PSFS `activity:<slotKey>`. Values as typed; uses scoreMeasure. */
export function readMeasureForm(key: MeasureKey, form: FormData): Scored {
  const items: Record<string, number> = {};
  const activities: Record<string, string> = {};
  const unreadable: Record<string, string> = {};
  for (const item of measures[key].items) {
    const typed = form.get(`item:${item.key}`);
    const text = typeof typed === "string" ? typed.trim() : "";
    if (text !== "") {
      if (numberText.test(text)) items[item.key] = Number(text);
      else unreadable[item.key] = notANumber(key);
    }
    if (key === "psfs") {
      const activity = form.get(`activity:${item.key}`);
      if (typeof activity === "string" && activity.trim() !== "")
        activities[item.key] = activity.trim();
    }
  }
  return score(key, key === "psfs" ? { items, activities } : { items }, unreadable);
}

/** The change that counts for a measure from a starting score. */
function importantChangeFrom(key: MeasureKey, before: number): number {
  const definition = measures[key];
  const band = definition.importantChangeFrom?.find((step) => before >= step.from);
  return band?.change ?? definition.importantChange;
}

/** The change between two scores: the difference (after − before), whether it reaches the important change, and whether it is better (direction-aware). */
export function changeOf(
  key: MeasureKey,
  before: number,
  after: number,
): { difference: number; important: boolean; better: boolean } {
  const difference = oneDecimal(after - before);
  const important = Math.abs(difference) >= importantChangeFrom(key, before);
  const better = measures[key].higherIsBetter ? difference > 0 : difference < 0;
  return { difference, important, better };
}

/** The change as a family reads it: "better" or "worse" when it is important, else "no-important-change". */
export function changeWordOf(key: MeasureKey, before: number, after: number): MeasureChange {
  const change = changeOf(key, before, after);
  if (!change.important) return "no-important-change";
  return change.better ? "better" : "worse";
}

/** The band a score falls in (e.g. "high-fall-risk"), or undefined. */
export function bandOf(key: MeasureKey, score: number): MeasureBand | undefined {
  return measures[key].thresholds.find(
    (threshold) =>
      (threshold.below === undefined || score < threshold.below) &&
      (threshold.atLeast === undefined || score >= threshold.atLeast),
  )?.band;
}
