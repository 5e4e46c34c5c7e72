// The care record's forms as the server reads them (decision 051): plain form posts, each field
// checked here with its own words (care-texts.ts); the database's checks hold the same limits.
import {
  type BodyRegion,
  bodyRegionTexts,
  type RedFlag,
  redFlagTexts,
  careFormTexts as texts,
} from "#app/domain/care/care-texts.ts";
import type { BodyRegionPain, MeasureOccasion, ProgrammeItem } from "#db/schema.ts";
import { measureOccasions } from "#db/schema.ts";

export const redFlags = Object.keys(redFlagTexts) as RedFlag[];
export const bodyRegions = Object.keys(bodyRegionTexts) as BodyRegion[];

export type Read<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const refuse = (field: string, message: string) => ({ ok: false as const, field, message });

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
};

export interface AssessmentInput {
  problem: string;
  since: string;
  history: string;
  redFlags: RedFlag[];
  regions: BodyRegionPain[];
  goals: string[];
}

/** The assessment form: `problem`, `since`, `history`, `redFlag` (many), `pain:<region>`, `goal1..3`. */
export function readAssessmentForm(form: FormData): Read<AssessmentInput> {
  const problem = textOf(form, "problem");
  if (problem.length < 1 || problem.length > 2000) return refuse("problem", texts.problem);
  const since = textOf(form, "since");
  if (since.length > 200) return refuse("since", texts.since);
  const history = textOf(form, "history");
  if (history.length > 4000) return refuse("history", texts.history);
  const flags = form.getAll("redFlag").map(String);
  if (flags.some((flag) => !(redFlags as string[]).includes(flag))) {
    return refuse("redFlag", texts.redFlag);
  }
  const regions: BodyRegionPain[] = [];
  for (const region of bodyRegions) {
    const raw = textOf(form, `pain:${region}`);
    if (raw === "") continue;
    if (!/^(10|[0-9])$/.test(raw)) return refuse(`pain:${region}`, texts.regionPain);
    regions.push({ region, pain: Number(raw) });
  }
  const goals: string[] = [];
  for (const n of [1, 2, 3]) {
    const goal = textOf(form, `goal${n}`);
    if (goal.length > 200) return refuse(`goal${n}`, texts.goal);
    if (goal !== "") goals.push(goal);
  }
  if (goals.length === 0) return refuse("goal1", texts.goalsNeeded);
  return {
    ok: true,
    value: {
      problem,
      since,
      history,
      redFlags: [...new Set(flags)] as RedFlag[],
      regions,
      goals,
    },
  };
}

export const soapParts = ["subjective", "objective", "assessment", "plan"] as const;
export type SoapNote = Record<(typeof soapParts)[number], string>;

/** A SOAP note's four parts, each up to 4,000 characters, at least one written. */
export function readNoteForm(form: FormData): Read<SoapNote> {
  const note = {} as SoapNote;
  for (const part of soapParts) {
    const value = textOf(form, part);
    if (value.length > 4000) return refuse(part, texts.noteField(part));
    note[part] = value;
  }
  if (soapParts.every((part) => note[part] === "")) return refuse("subjective", texts.noteEmpty);
  return { ok: true, value: note };
}

export function readOccasion(form: FormData): Read<MeasureOccasion> {
  const value = textOf(form, "occasion");
  return (measureOccasions as readonly string[]).includes(value)
    ? { ok: true, value: value as MeasureOccasion }
    : refuse("occasion", texts.occasion);
}

/**
 * A programme: the exercises ticked (`exercise`, many, in the order shown), each with the
 * library's numbers unless the form gives its own (`sets:<key>`, `reps:<key>`, `hold:<key>`,
 * `perDay:<key>`). Which keys exist is the library's to say (care.server.ts).
 */
export function readProgrammeForm(
  form: FormData,
  library: ReadonlyMap<string, Omit<ProgrammeItem, "exercise">>,
): Read<ProgrammeItem[]> {
  const chosen = [...new Set(form.getAll("exercise").map(String))];
  if (chosen.length === 0) return refuse("exercise", texts.programmeEmpty);
  if (chosen.length > 12) return refuse("exercise", texts.programmeTooMany);
  const unknown = chosen.filter((key) => !library.has(key));
  if (unknown.length > 0) return refuse("exercise", texts.programmeUnknown(unknown.length));
  const items: ProgrammeItem[] = [];
  for (const key of chosen) {
    const base = library.get(key) as Omit<ProgrammeItem, "exercise">;
    const number = (name: string, fallback: number | null, min: number, max: number) => {
      const raw = textOf(form, `${name}:${key}`);
      if (raw === "") return fallback;
      if (!/^\d{1,3}$/.test(raw) || Number(raw) < min || Number(raw) > max) return undefined;
      return Number(raw);
    };
    const sets = number("sets", base.sets, 1, 10);
    const reps = number("reps", base.reps, 1, 100);
    const holdSeconds = number("hold", base.holdSeconds, 1, 300);
    const timesPerDay = number("perDay", base.timesPerDay, 1, 6);
    if (
      sets === undefined ||
      sets === null ||
      reps === undefined ||
      reps === null ||
      holdSeconds === undefined ||
      timesPerDay === undefined ||
      timesPerDay === null
    ) {
      return refuse(`sets:${key}`, texts.programmeNumbers);
    }
    items.push({ exercise: key, sets, reps, holdSeconds, timesPerDay });
  }
  return { ok: true, value: items };
}

/** A reason to read a care record, for the access log. */
export function readReason(form: FormData): Read<string> {
  const reason = textOf(form, "reason").replace(/\s+/g, " ");
  return reason.length >= 3 && reason.length <= 200
    ? { ok: true, value: reason }
    : refuse("reason", texts.reason);
}
