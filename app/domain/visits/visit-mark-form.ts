// What a therapist's day (/visits) posts: a mark on one of their visits (done with an optional
// note and pain before and after, patient not home, can't make it with a reason), or their
// calendar link issued or stopped. One schema for the browser and the server; it imports no
// server code. Its refusals are reason codes, worded in visit-texts.ts.
import type { VisitMarkRefusal } from "#app/domain/visits/visit-texts.ts";
import { z } from "#app/lib/zod.ts";

export const maxVisitNoteLength = 2_000;
export const maxCantMakeLength = 500;

/** Control characters other than line breaks and tabs become spaces; the text is trimmed. */
const clean = (value: string) => value.replace(/[^\P{Cc}\n\t]/gu, " ").trim();

const refusal = (reason: VisitMarkRefusal) => ({ message: reason });

/** A pain score 0–10; an empty field is none. */
const pain = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? "" : value.trim()))
  .pipe(
    z.union([
      z.literal("").transform(() => undefined),
      z
        .string()
        .regex(/^\d{1,2}$/, refusal("pain"))
        .transform(Number)
        .pipe(z.number().int().min(0, refusal("pain")).max(10, refusal("pain"))),
    ]),
  );

const visitId = z.uuid(refusal("not-found"));

export const visitDayActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("done"),
    visitId,
    note: z
      .string()
      .optional()
      .transform((value) => clean(value ?? ""))
      .pipe(z.string().max(maxVisitNoteLength, refusal("note-long")))
      .transform((value) => value || undefined),
    painBefore: pain,
    painAfter: pain,
  }),
  z.object({ intent: z.literal("no_show"), visitId }),
  z.object({
    intent: z.literal("cant_make"),
    visitId,
    reason: z
      .string()
      .optional()
      .transform((value) => clean(value ?? ""))
      .pipe(
        z.string().min(1, refusal("reason-empty")).max(maxCantMakeLength, refusal("reason-long")),
      ),
  }),
  z.object({ intent: z.literal("calendar-issue") }),
  z.object({ intent: z.literal("calendar-revoke") }),
]);

export type VisitDayAction = z.output<typeof visitDayActionSchema>;

/** The reason code of a refused form: the first issue's, when it is one of ours. */
export function refusalOf(error: z.ZodError): VisitMarkRefusal {
  const codes: readonly string[] = [
    "not-found",
    "reason-empty",
    "reason-long",
    "note-long",
    "pain",
  ] satisfies VisitMarkRefusal[];
  const message = error.issues[0]?.message ?? "";
  return codes.includes(message) ? (message as VisitMarkRefusal) : "invalid";
}

/** What the page's action answers. */
export type VisitDayResult =
  | { ok: true; intent: "done" | "no_show" | "cant_make"; visitId: string }
  | { ok: true; intent: "calendar-issue"; feedUrl: string }
  | { ok: true; intent: "calendar-revoke" }
  | { ok: false; refusal: VisitMarkRefusal; visitId?: string; field?: string };
