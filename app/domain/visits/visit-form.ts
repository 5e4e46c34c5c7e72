// What staff send about a request's visits from its page (/admin/appointments/:id, the "Visits"
// section): one schema for the browser and the server, the reasons a visit is refused, and the
// shapes the page shows. It imports no server code; its words are in visit-texts.ts.
import { visitFormMessages as messages } from "#app/domain/visits/visit-texts.ts";
import { typedText } from "#app/lib/typed-text.ts";
import { z } from "#app/lib/zod.ts";
import {
  preferredTimes,
  requestConditions,
  therapistLanguages,
  type VisitKind,
  type VisitStatus,
  visitKinds,
  visitLengths,
} from "#db/schema.ts";

export const maxVisitNote = 2_000;
export const maxReason = 500;
export const maxCourseSessions = 40;

/**
 * The session of a course that is refused (the whole course is): its place in the course, and,
 * when the course's later sessions were being moved together, how many.
 */
export interface RefusedSession {
  index: number;
  size: number;
  moving?: number;
}

/** Why a visit cannot be booked, moved or marked (the words: visitProblemMessage). */
export type VisitProblem =
  | {
      kind: "past" | "too_far" | "leave" | "outside_hours";
      start: Date;
      therapist: string;
      session?: RefusedSession;
    }
  | {
      kind: "clash";
      start: Date;
      therapist: string;
      session?: RefusedSession;
      /** The visit it clashes with: its start and its patient's first name (null once erased). */
      other: { startsAt: Date; firstName: string | null };
      travelMinutes: number;
    }
  | {
      /** Too close to a visit elsewhere for the travel between them (decision 050). */
      kind: "travel";
      start: Date;
      therapist: string;
      session?: RefusedSession;
      other: { startsAt: Date; firstName: string | null; place: string | null };
      /** Where the visit refused would be; the travel between the two; whether `other` is next. */
      here: string | null;
      minutes: number;
      toNext: boolean;
    }
  | { kind: "no_request" | "erased" | "no_therapist" | "no_visit" | "not_yours" }
  | { kind: "inactive"; therapist: string }
  | { kind: "not_scheduled"; status: VisitStatus }
  | { kind: "not_yet"; start: Date }
  /** Moved by the desk since the phone showed it (decision 049): when it starts now. */
  | { kind: "moved"; start: Date }
  /** The family's code typed wrong, or needed (VISIT_CODE_REQUIRED) and not typed: decision 048. */
  | { kind: "wrong_code" | "code_required" };

/** Line breaks kept; other control characters as spaces, bidirectional controls gone; trimmed. */
const clean = (value: string) => typedText(value, "\n");

const visitId = z.uuid(messages.failed);
const day = z.string(messages.day).regex(/^\d{4}-\d{2}-\d{2}$/, messages.day);
const start = z.string(messages.start).regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.start);
const therapistId = z
  .string(messages.therapist)
  .min(1, messages.therapist)
  .max(100, messages.therapist);
/** Pain 0–10, or nothing when left empty. */
const pain = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    if (!/^\d{1,2}$/.test(value) || Number(value) > 10) {
      ctx.addIssue({ code: "custom", message: messages.pain });
      return z.NEVER;
    }
    return Number(value);
  });

/** What a cancel sends, of one visit or of a course's rest. */
const cancelFields = {
  visitId,
  cancelledBy: z.enum(["patient", "clinic"], messages.cancelledBy),
  reason: z
    .string(messages.reason)
    .transform(clean)
    .pipe(z.string().min(1, messages.reason).max(maxReason, messages.reason)),
};

/** What a move sends: the (first) visit's new therapist, day and start. */
const moveFields = { visitId, therapistId, day, start };

export const visitActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("visit-book"),
    therapistId,
    day,
    start,
    minutes: z.coerce
      .number(messages.minutes)
      .refine((value) => (visitLengths as readonly number[]).includes(value), messages.minutes),
    kind: z.enum(visitKinds, messages.kind),
    sessions: z.coerce
      .number(messages.sessions)
      .int(messages.sessions)
      .min(1, messages.sessions)
      .max(maxCourseSessions, messages.sessions)
      .default(1),
    weekdays: z
      .array(
        z.coerce
          .number(messages.weekdays)
          .int(messages.weekdays)
          .min(1, messages.weekdays)
          .max(7, messages.weekdays),
      )
      .default([])
      .transform((days) => [...new Set(days)].sort()),
  }),
  z.object({
    intent: z.literal("visit-done"),
    visitId,
    note: z.string().transform(clean).pipe(z.string().max(maxVisitNote, messages.note)).optional(),
    painBefore: pain,
    painAfter: pain,
  }),
  z.object({ intent: z.literal("visit-no-show"), visitId }),
  z.object({ intent: z.literal("visit-cancel"), ...cancelFields }),
  z.object({ intent: z.literal("visit-move"), ...moveFields }),
  /**
   * A course's session and its later ones still scheduled, in one step with one reason (the
   * Cancel and Move forms' "This and the later sessions", docs/visits.md).
   */
  z.object({ intent: z.literal("visit-course-cancel"), ...cancelFields }),
  z.object({ intent: z.literal("visit-course-move"), ...moveFields }),
  /** The family's ask about a visit settled without changing it (decision 038). */
  z.object({ intent: z.literal("visit-ask-handled"), askId: z.uuid(messages.failed) }),
  /** The family's WhatsApp updates stopped by staff (a STOP reply to a message sent by hand). */
  z.object({ intent: z.literal("messages-stop") }),
  /** The request's need as the desk records it (decision 050); empty choices are "none". */
  z.object({
    intent: z.literal("visit-need"),
    condition: z
      .enum([...requestConditions, ""], messages.condition)
      .transform((value) => (value === "" ? null : value)),
    preferredTimes: z
      .array(z.enum(preferredTimes, messages.preferredTimes))
      .max(preferredTimes.length, messages.preferredTimes)
      .default([])
      .transform((times) => preferredTimes.filter((time) => times.includes(time))),
    requiredLanguage: z
      .enum([...therapistLanguages, ""], messages.requiredLanguage)
      .transform((value) => (value === "" ? null : value)),
  }),
]);

export type VisitAction = z.output<typeof visitActionSchema>;

/** The ISO weekday (1 = Monday) of a "YYYY-MM-DD" day; undefined for a day that does not exist. */
function weekdayOfDay(day: string): number | undefined {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) {
    return undefined;
  }
  return at.getUTCDay() === 0 ? 7 : at.getUTCDay();
}

/**
 * What is wrong with a booking beyond its fields' own rules: a day that does not exist, or a
 * course of assessments, without weekdays, or whose first day is not one of them. Undefined when nothing is.
 */
export function bookingProblem(
  booking: Extract<VisitAction, { intent: "visit-book" }>,
): { field: "day" | "weekdays" | "kind"; message: string } | undefined {
  const weekday = weekdayOfDay(booking.day);
  if (weekday === undefined) return { field: "day", message: messages.day };
  if (booking.sessions === 1) return undefined;
  // An assessment is one visit: a course is of treatments.
  if (booking.kind === "assessment") return { field: "kind", message: messages.courseKind };
  if (booking.weekdays.length === 0) return { field: "weekdays", message: messages.weekdays };
  if (!booking.weekdays.includes(weekday)) {
    return { field: "weekdays", message: messages.firstDayWeekday };
  }
  return undefined;
}

/**
 * Whether the request's page offers "Mark completed": a course's last session is done and no
 * visit is still scheduled (staff decide; nothing completes by itself).
 */
export function courseFinished(rows: VisitRow[]): boolean {
  return (
    rows.some(
      (row) => row.course && row.course.index === row.course.size && row.status === "done",
    ) && !rows.some((row) => row.status === "scheduled")
  );
}

/**
 * How many later sessions of `row`'s course are still scheduled: the Cancel and Move forms offer
 * "This and the later sessions (N)" when there are any and `row` is scheduled itself.
 */
export function laterScheduled(rows: VisitRow[], row: VisitRow): number {
  const { course, courseId } = row;
  if (row.status !== "scheduled" || !course || !courseId) return 0;
  return rows.filter(
    (other) =>
      other.status === "scheduled" &&
      other.courseId === courseId &&
      other.course !== null &&
      other.course.index > course.index,
  ).length;
}

/** The intents of the "Visits" section: the request's page hands these to its visits' action. */
export const isVisitIntent = (intent: unknown): intent is VisitAction["intent"] =>
  typeof intent === "string" && intent.startsWith("visit-");

/** What a refused visit form answers: the words, the field they belong to, the visit. */
export interface VisitFormError {
  visitForm: {
    intent: string;
    visitId?: string;
    message: string;
    field?: string;
    /** What was typed, to fill the form again (the booking form). */
    values?: Record<string, string | string[]>;
  };
}

/** One visit as a request's page shows it. */
export interface VisitRow {
  id: string;
  therapistId: string;
  therapist: string;
  startsAt: Date;
  endsAt: Date;
  kind: VisitKind;
  status: VisitStatus;
  course: { index: number; size: number } | null;
  /** The course's id (visits.course_id), which its sessions share. */
  courseId?: string | null;
  cancelledBy: "patient" | "clinic" | null;
  reason: string | null;
  cantMakeReason: string | null;
  note: string | null;
  painBefore: number | null;
  painAfter: number | null;
  /** When it was marked done with the family's code (decision 048); null: not confirmed by them. */
  codeConfirmedAt: Date | null;
}

/** The booking form's first values: from the suggestions' links, else empty and the default length. */
export interface BookingPrefill {
  therapistId: string;
  day: string;
  start: string;
  minutes: number;
}

/**
 * Reads `?book=<therapistId>&day=YYYY-MM-DD&start=HH:MM` (the suggested starts' links; nothing of
 * the patient in it): each value only when it has its field's shape.
 */
export function bookingPrefill(params: URLSearchParams, defaultMinutes: number): BookingPrefill {
  const read = (name: string, shape: RegExp) => {
    const value = params.get(name) ?? "";
    return shape.test(value) ? value : "";
  };
  return {
    therapistId: read("book", /^[\w-]{1,100}$/),
    day: read("day", /^\d{4}-\d{2}-\d{2}$/),
    start: read("start", /^([01]\d|2[0-3]):[0-5]\d$/),
    minutes: defaultMinutes,
  };
}
