// A therapist's profile as the admins keep it (/admin/therapists/:id): one schema for the browser
// and the server, and the reading of the page's form into it. It imports no server code; its
// words are in visit-texts.ts. Field names are the paths of the parsed profile ("hours.1.0.from"),
// so that each refusal lands under the field it is about.

import { therapistMessages as messages } from "#app/domain/visits/visit-texts.ts";
import { parseIndiaDay } from "#app/lib/dates.ts";
import { typedText } from "#app/lib/typed-text.ts";
import { z } from "#app/lib/zod.ts";
import { type TherapistSkill, therapistLanguages, therapistSkills } from "#db/enums.ts";
import type { WeeklyHours, WorkingWindow } from "#db/schema.ts";

export const weekdays = ["1", "2", "3", "4", "5", "6", "7"] as const;
export type Weekday = (typeof weekdays)[number];

/** Days of leave added in one go, at most (a long absence is a profile made inactive). */
const maxLeaveSpanDays = 60;
/** Days of leave kept, at most: about a year of past and planned leave. */
const maxLeaveDays = 400;

const timeShape = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Control characters as spaces, bidirectional controls gone, runs of spaces one; trimmed. */
const cleanLine = (value: string) => typedText(value).replace(/\s+/g, " ");

const windowSchema = z
  .object({
    from: z.string().min(1, messages.fromMissing).regex(timeShape, messages.timeInvalid),
    to: z.string().min(1, messages.toMissing).regex(timeShape, messages.timeInvalid),
  })
  .refine((window) => window.from < window.to, {
    message: messages.toBeforeFrom,
    path: ["to"],
  });

const dayHoursSchema = z
  .array(windowSchema)
  .max(2, messages.tooManyWindows)
  .superRefine((windows, ctx) => {
    const [first, second] = windows;
    if (first && second && second.from < first.to) {
      ctx.addIssue({ code: "custom", message: messages.secondBeforeFirst, path: [1, "from"] });
    }
  });

const hoursSchema = z.object(
  Object.fromEntries(weekdays.map((day) => [day, dayHoursSchema.optional()])) as Record<
    Weekday,
    z.ZodOptional<typeof dayHoursSchema>
  >,
);

const daySchema = z
  .string()
  .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && parseIndiaDay(day), messages.leaveInvalid);

/**
 * A profile as it is stored, checked: the same rules for the page's form and for any other
 * caller of the domain. `districts` are the ones a profile may name (the served districts).
 */
export function therapistProfileSchema(districts: readonly string[]) {
  const known = new Set(districts);
  return z.object({
    displayName: z
      .string()
      .transform(cleanLine)
      .pipe(z.string().min(1, messages.displayNameEmpty).max(100, messages.displayNameTooLong)),
    registrationNumber: z
      .string()
      .transform(cleanLine)
      .pipe(z.string().max(60, messages.registrationTooLong)),
    yearsOfPractice: z
      .number(messages.yearsInvalid)
      .int(messages.yearsInvalid)
      .min(0, messages.yearsInvalid)
      .max(70, messages.yearsInvalid),
    languages: z.array(z.enum(therapistLanguages, messages.languageUnknown)),
    skills: z.array(z.enum(therapistSkills, messages.skillUnknown)),
    districts: z.array(
      z.string().refine((district) => known.has(district), messages.districtUnknown),
    ),
    hours: hoursSchema,
    leave: z.array(daySchema).max(maxLeaveDays, messages.leaveTooMany),
    active: z.boolean(),
  });
}

export interface TherapistProfileInput {
  displayName: string;
  registrationNumber: string;
  yearsOfPractice: number;
  languages: (typeof therapistLanguages)[number][];
  skills: TherapistSkill[];
  districts: string[];
  hours: WeeklyHours;
  leave: string[];
  active: boolean;
}

/** What the page's form sent, as typed: kept in the form when it is refused. */
export type ProfileFormValues = Record<string, string | string[]>;

/** The refusals by field name ("hours.1.0.from", "addLeaveFrom"): the first for each. */
export type FieldErrors = Record<string, string>;

export type ParsedProfileForm = { values: ProfileFormValues } & (
  | { ok: true; profile: TherapistProfileInput }
  | { ok: false; errors: FieldErrors }
);

const windowField = (day: Weekday, index: number, end: "from" | "to") =>
  `hours.${day}.${index}.${end}`;

/** The form's field names of a day's windows, first then second. */
export const windowFields = (day: Weekday) =>
  [0, 1].map((index) => ({
    from: windowField(day, index, "from"),
    to: windowField(day, index, "to"),
  }));

/** The days from `from` to `to`, both included, as yyyy-mm-dd (India days have no shift). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00Z`); at <= Date.parse(`${to}T00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** "7:30" → "07:30": what a browser without a time picker may let through. */
const padTime = (value: string) => (/^\d:\d\d$/.test(value) ? `0${value}` : value);

/**
 * The page's form read into a profile and checked. `today` is India's day (yyyy-mm-dd): leave
 * is added from today on; days already kept stay whatever their date.
 */
export function parseTherapistForm(
  form: FormData,
  districts: readonly string[],
  today: string,
): ParsedProfileForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  const values: ProfileFormValues = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const had = values[name];
    if (had === undefined) values[name] = value;
    else values[name] = Array.isArray(had) ? [...had, value] : [had, value];
  }
  const errors: FieldErrors = {};

  const hours: Record<string, WorkingWindow[]> = {};
  for (const day of weekdays) {
    const windows = windowFields(day).map(({ from, to }) => ({
      from: padTime(text(from).trim()),
      to: padTime(text(to).trim()),
    }));
    const [first, second] = windows;
    const filled = (window?: WorkingWindow) => !!window && (window.from !== "" || window.to !== "");
    // A second window alone is a first one left empty: the refusal says so under the first.
    if (filled(second)) hours[day] = windows;
    else if (filled(first) && first) hours[day] = [first];
  }

  // Leave: the days kept, less those removed, and the span added.
  const removed = new Set(list("removeLeave"));
  const leave = new Set(list("leave").filter((day) => !removed.has(day)));
  const addFrom = text("addLeaveFrom").trim();
  const addTo = text("addLeaveTo").trim() || addFrom;
  if (addFrom !== "" || text("addLeaveTo").trim() !== "") {
    if (!parseIndiaDay(addFrom) || !/^\d{4}-\d{2}-\d{2}$/.test(addFrom)) {
      errors.addLeaveFrom = messages.leaveInvalid;
    } else if (!parseIndiaDay(addTo) || !/^\d{4}-\d{2}-\d{2}$/.test(addTo)) {
      errors.addLeaveTo = messages.leaveInvalid;
    } else if (addFrom < today) {
      errors.addLeaveFrom = messages.leavePast;
    } else if (addTo < addFrom) {
      errors.addLeaveTo = messages.leaveToBeforeFrom;
    } else {
      const span = daysBetween(addFrom, addTo);
      if (span.length > maxLeaveSpanDays) errors.addLeaveTo = messages.leaveTooLong;
      else for (const day of span) leave.add(day);
    }
  }

  const years = text("yearsOfPractice").trim();
  const candidate = {
    displayName: text("displayName"),
    registrationNumber: text("registrationNumber"),
    yearsOfPractice: years === "" ? 0 : /^\d{1,3}$/.test(years) ? Number(years) : Number.NaN,
    languages: list("languages"),
    skills: list("skills"),
    districts: list("districts"),
    hours,
    leave: [...leave].sort(),
    active: text("active") === "on",
  };
  const parsed = therapistProfileSchema(districts).safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A list's field is its name; a window's field its whole path.
      const [head] = issue.path;
      const name =
        head === "hours" ? issue.path.join(".") : head === "leave" ? "addLeaveFrom" : String(head);
      errors[name] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, profile: parsed.data as TherapistProfileInput, values };
}
