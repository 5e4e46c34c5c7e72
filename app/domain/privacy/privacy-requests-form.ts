// The privacy-requests list's forms (record one, mark one done): one schema for the browser and
// the server, no server code; its words are in privacy-texts.ts. What staff type here is about
// the request, never the person's details: the requests it concerns are named by their references.

import { readReference } from "#app/domain/appointments/reference.ts";
import { privacyRequestTexts as t } from "#app/domain/privacy/privacy-texts.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { z } from "#app/lib/zod.ts";
import { type PrivacyRequestKind, privacyRequestKinds } from "#db/enums.ts";

/** How the request reached the clinic. */
export const privacyChannels = ["phone", "email", "whatsapp", "letter", "in-person"] as const;
export type PrivacyChannel = (typeof privacyChannels)[number];

export const maxAnswerLength = 500;

/** Typed references, one per comma, semicolon or line; each as readReference reads it. */
function readReferences(typed: string): { references: string[]; bad?: string } {
  const references: string[] = [];
  for (const part of typed.split(/[,;\n]+/)) {
    const piece = part.trim();
    if (piece === "") continue;
    const reference = readReference(piece);
    if (!reference) return { references, bad: piece };
    if (!references.includes(reference)) references.push(reference);
  }
  return { references };
}

export const privacyRequestFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("record"),
    kind: z.enum(privacyRequestKinds),
    channel: z.enum(privacyChannels),
    references: z
      .string()
      .max(500)
      .default("")
      .transform((typed, ctx) => {
        const { references, bad } = readReferences(typed);
        if (bad !== undefined) ctx.addIssue({ code: "custom", message: t.badReference(bad) });
        return references;
      }),
    received: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t.badDate),
  }),
  z.object({
    /** Carry out an erasure request: erase the requests it names and mark it answered. */
    intent: z.literal("erase"),
    id: z.uuid(),
  }),
  z.object({
    intent: z.literal("done"),
    id: z.uuid(),
    answer: z
      .string()
      .trim()
      .min(1, t.answerRequired)
      .max(maxAnswerLength, fillText(t.answerTooLong, { max: String(maxAnswerLength) })),
  }),
]);

export type PrivacyRequestResult =
  | { ok: true; message: string }
  | { ok: false; message: string; field?: "references" | "received" | "answer" };

/** One privacy request as the list shows it. */
export interface PrivacyRequestRow {
  id: string;
  kind: PrivacyRequestKind;
  channel: string;
  receivedAt: Date;
  dueAt: Date;
  /**
   * The requests it concerns: their page, their reference, the person's name while there is one
   * (null once erased), and whether their personal data is erased.
   */
  requests: { id: string; reference: string | null; name: string | null; erased: boolean }[];
  recordedByEmail: string;
  doneAt: Date | null;
  doneByEmail: string | null;
  answer: string | null;
  /** Open and its due day has passed (India's calendar). */
  overdue: boolean;
}
