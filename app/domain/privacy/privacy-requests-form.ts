// The privacy-requests list's forms (record one, mark one done) and words: one schema for the
// browser and the server, no server code. What staff type here is about the request, never the
// person's details: the requests it concerns are named by their references.
import type { PrivacyRequestKind as StoredKind } from "../../../db/schema.ts";
import { z } from "../../lib/zod.ts";
import { readReference } from "../appointments/reference.ts";

export const privacyRequestKinds = [
  "access",
  "correction",
  "erasure",
  "withdrawal",
  "grievance",
] as const satisfies readonly StoredKind[];
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

export const kindNames: Record<PrivacyRequestKind, string> = {
  access: "Access (what we hold)",
  correction: "Correction",
  erasure: "Erasure",
  withdrawal: "Withdrawal of consent",
  grievance: "Grievance",
};

/** How the request reached the clinic. */
export const privacyChannels = ["phone", "email", "whatsapp", "letter", "in-person"] as const;
export type PrivacyChannel = (typeof privacyChannels)[number];
export const channelNames: Record<PrivacyChannel, string> = {
  phone: "Phone call",
  email: "E-mail",
  whatsapp: "WhatsApp",
  letter: "Letter",
  "in-person": "In person",
};

export const maxAnswerLength = 500;

export const privacyRequestTexts = {
  title: "Privacy requests",
  intro:
    "Each request a person makes about their data (to see it, correct it, erase it, withdraw consent, or a grievance), when it came and by when it must be answered.",
  backToRequests: "All requests",
  recordTitle: "Record a request",
  kind: "What they asked for",
  channel: "How it came",
  references: "References of their requests (optional; separate with commas)",
  received: "Received on (India date)",
  record: "Record request",
  recorded: "Privacy request recorded",
  open: "To answer",
  done: "Answered",
  noneOpen: "Nothing to answer.",
  noneDone: "None answered yet.",
  due: (date: string) => `Due ${date}`,
  overdue: (date: string) => `Overdue since ${date}`,
  answer: "How it was answered",
  markDone: "Mark as answered",
  markedDone: "Marked as answered",
  answeredBy: (date: string, by: string) => `Answered ${date} by ${by}`,
  recordedBy: (date: string, by: string) => `Received ${date}; recorded by ${by}`,
  badReference: (typed: string) =>
    `"${typed}" is not a request reference (six letters and digits).`,
  unknownReference: (references: string[]) =>
    `No request has the reference ${references.join(", ")}.`,
  badDate: "Enter the date it was received: today or earlier.",
  answerRequired: "Say how it was answered.",
  answerTooLong: `At most ${maxAnswerLength} characters.`,
  notFound: "That privacy request is not open any more.",
  failed: "That did not work. Please try again.",
  loadFailed: "The privacy requests could not be loaded. Please try again in a moment.",
} as const;

const t = privacyRequestTexts;

/** Typed references, one per comma, semicolon or line; each as readReference reads it. */
export function readReferences(typed: string): { references: string[]; bad?: string } {
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
    intent: z.literal("done"),
    id: z.uuid(),
    answer: z.string().trim().min(1, t.answerRequired).max(maxAnswerLength, t.answerTooLong),
  }),
]);
export type PrivacyRequestForm = z.output<typeof privacyRequestFormSchema>;

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
  /** The requests it concerns: their page and reference. */
  requests: { id: string; reference: string | null }[];
  recordedByEmail: string;
  doneAt: Date | null;
  doneByEmail: string | null;
  answer: string | null;
  /** Open and its due day has passed (India's calendar). */
  overdue: boolean;
}
