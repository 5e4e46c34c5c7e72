// What a therapist's day (/visits) posts: a mark on one of their visits (done with an optional
// note and pain before and after, patient not home, can't make it with a reason), or their
// calendar link issued or stopped, or money the family handed over at the door. One schema for the browser and the server; it imports no
// server code. The limits and messages are the booking form's (visit-form.ts, visit-texts.ts).
import { parseRupees } from "#app/domain/money/amounts.ts";
import { moneyFormMessages } from "#app/domain/money/money-texts.ts";
import { maxReason, maxVisitNote } from "#app/domain/visits/visit-form.ts";
import {
  visitFormMessages as messages,
  therapistDayTexts,
} from "#app/domain/visits/visit-texts.ts";
import { typedText } from "#app/lib/typed-text.ts";
import { z } from "#app/lib/zod.ts";

/** Line breaks and tabs kept; other control characters as spaces, bidirectional controls gone. */
const clean = (value: string) => typedText(value, "\n\t");

/** A pain score 0–10; an empty field is none. */
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

const visitId = z.uuid(therapistDayTexts.failed);

/**
 * When the visit started as the phone showed it (milliseconds since 1970): a change made on a
 * visit the desk has moved meanwhile is refused and said, not applied blindly (decision 049).
 */
const seen = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    if (!/^\d{1,15}$/.test(value)) {
      ctx.addIssue({ code: "custom", message: therapistDayTexts.failed });
      return z.NEVER;
    }
    return new Date(Number(value));
  });

/** The family's visit code (decision 048): four digits, Hindi keyboards' too; empty is none. */
const code = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const typed = (value ?? "")
      .trim()
      .replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
    if (typed === "") return undefined;
    if (!/^\d{4}$/.test(typed)) {
      ctx.addIssue({ code: "custom", message: messages.code });
      return z.NEVER;
    }
    return typed;
  });

export const visitDayActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("done"),
    visitId,
    note: z
      .string()
      .optional()
      .transform((value) => clean(value ?? ""))
      .pipe(z.string().max(maxVisitNote, messages.note))
      .transform((value) => value || undefined),
    painBefore: pain,
    painAfter: pain,
    code,
    seen,
  }),
  z.object({ intent: z.literal("no_show"), visitId, seen }),
  z.object({
    intent: z.literal("cant_make"),
    visitId,
    seen,
    reason: z
      .string()
      .optional()
      .transform((value) => clean(value ?? ""))
      .pipe(z.string().min(1, messages.reason).max(maxReason, messages.reason)),
  }),
  // Money handed over at the door (decision 045): cash or UPI to the clinic's account.
  z.object({
    intent: z.literal("collect"),
    visitId,
    amount: z.string(moneyFormMessages.amount.empty).transform((typed, ctx) => {
      const read = parseRupees(typed);
      if ("problem" in read) {
        ctx.addIssue({ code: "custom", message: moneyFormMessages.amount[read.problem] });
        return z.NEVER;
      }
      return read.paise;
    }),
    method: z.enum(["cash", "upi"], moneyFormMessages.method),
  }),
  z.object({ intent: z.literal("calendar-issue") }),
  z.object({ intent: z.literal("calendar-revoke") }),
]);

/** What the page's action answers: the words to show, and the field they belong to. */
export type VisitDayResult =
  | { ok: true; intent: "done" | "no_show" | "cant_make"; visitId: string }
  | { ok: true; intent: "collect"; visitId: string; message: string }
  | { ok: true; intent: "calendar-issue"; feedUrl: string }
  | { ok: true; intent: "calendar-revoke" }
  | {
      ok: false;
      message: string;
      visitId?: string;
      field?: string;
      /** The desk moved or cancelled the visit meanwhile: nothing was applied (decision 049). */
      conflict?: true;
    };

/**
 * The day's form read: the change, or the refusal to show (its message and the field it belongs
 * to; an unknown intent is only "could not be saved").
 */
export function readDayForm(
  form: FormData | undefined,
):
  | { ok: true; change: z.output<typeof visitDayActionSchema> }
  | { ok: false; refusal: Extract<VisitDayResult, { ok: false }> } {
  const parsed = visitDayActionSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (parsed.success) return { ok: true, change: parsed.data };
  const visitId = form?.get("visitId");
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    refusal: {
      ok: false,
      message: issue && field !== "intent" ? issue.message : therapistDayTexts.failed,
      ...(typeof visitId === "string" ? { visitId } : {}),
      ...(typeof field === "string" ? { field } : {}),
    },
  };
}
