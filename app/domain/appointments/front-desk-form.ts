// What staff send about one request from its page (/admin/appointments/:id): one schema for the
// browser and the server, and the shapes the page shows. It imports no server code; its words
// are in appointment-texts.ts.

import { frontDeskMessages } from "#app/domain/appointments/front-desk-texts.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { z } from "#app/lib/zod.ts";
import { type AppointmentStatus, appointmentStatuses } from "#db/enums.ts";

export const maxNoteLength = 2_000;

const noteTooLong = fillText(frontDeskMessages.noteTooLong, {
  max: maxNoteLength.toLocaleString("en-IN"),
});

/** A call-back may be set up to this far back (a form left open for a few minutes). */
const callbackGraceMs = 10 * 60_000;

/** Control characters other than line breaks and tabs become spaces; the note is trimmed. */
const cleanNote = (value: string) => value.replace(/[^\P{Cc}\n\t]/gu, " ").trim();

/** "on" when the step should work the request's open repeats too (a checkbox). */
const withRepeats = z.literal("on").optional().catch(undefined);

/** The statuses a request moves on from to reach `status`: a repeat is never moved back. */
export function statusesBefore(status: AppointmentStatus): AppointmentStatus[] {
  return appointmentStatuses.slice(0, appointmentStatuses.indexOf(status));
}

export const frontDeskActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("note"),
    body: z
      .string()
      .transform(cleanNote)
      .pipe(z.string().min(1, frontDeskMessages.noteEmpty).max(maxNoteLength, noteTooLong)),
  }),
  z.object({
    intent: z.literal("callback"),
    at: z
      .string()
      .transform((value, ctx) => {
        const at = parseIndiaDateTime(value);
        if (!at) {
          ctx.addIssue({ code: "custom", message: frontDeskMessages.callbackInvalid });
          return z.NEVER;
        }
        return at;
      })
      .refine((at) => at.getTime() >= Date.now() - callbackGraceMs, frontDeskMessages.callbackPast),
  }),
  z.object({ intent: z.literal("clear-callback") }),
  z.object({ intent: z.literal("take") }),
  z.object({
    intent: z.literal("hand"),
    ownerId: z.string().min(1, frontDeskMessages.notStaff).max(100),
  }),
  z.object({ intent: z.literal("release") }),
  z.object({ intent: z.literal("junk"), repeats: withRepeats }),
  z.object({ intent: z.literal("not-junk") }),
  z.object({
    intent: z.literal("status"),
    status: z.enum(appointmentStatuses),
    repeats: withRepeats,
  }),
]);

export type FrontDeskAction = z.output<typeof frontDeskActionSchema>;

/** What an action answers: the words to show, and the field they belong to when refused. */
export type FrontDeskResult =
  | { ok: true; message: string; detail?: string }
  | { ok: false; message: string; field?: "body" | "at" | "ownerId" };

/** One entry of a request's timeline, as its page shows it. */
export type TimelineEntry =
  | { kind: "received"; at: Date }
  | { kind: "status"; at: Date; by: string; from: AppointmentStatus; to: AppointmentStatus }
  | { kind: "note"; at: Date; by: string; body: string }
  | { kind: "callback_set"; at: Date; by: string; callbackAt: Date }
  | { kind: "callback_cleared"; at: Date; by: string }
  | { kind: "owner_changed"; at: Date; by: string; ownerEmail: string | null }
  | { kind: "junk_marked" | "junk_cleared"; at: Date; by: string }
  /** A home visit's change, its words stored with it (visits.server.ts). */
  | {
      kind:
        | "visit_booked"
        | "visit_moved"
        | "visit_done"
        | "visit_no_show"
        | "visit_cancelled"
        | "visit_cant_make"
        /** The need recorded by staff (decision 050): its words stored with it. */
        | "need_recorded"
        /** The care record (decision 051): that it was written, never what. */
        | "assessment_recorded"
        | "measure_recorded"
        | "note_signed"
        | "note_amended"
        | "measure_struck"
        | "programme_set"
        | "red_flags_handled";
      at: Date;
      by: string;
      body: string;
    }
  /**
   * The family kept informed (decision 038): an ask and its settling, a reply confirming a visit, a
   * message given up or sent by hand, the updates stopped. `by` is a member of staff's address, or
   * the family or WhatsApp by name (app/domain/messages/origins.ts).
   */
  | {
      kind:
        | "family_asked"
        | "family_ask_handled"
        | "visit_confirmed"
        | "message_failed"
        | "message_sent_by_hand"
        | "messages_stopped"
        | "messages_started";
      at: Date;
      by: string;
      body: string;
    }
  | { kind: "mail_sent"; at: Date }
  | { kind: "mail_failed"; at: Date; attempts: number }
  | { kind: "mail_retrying"; at: Date; attempts: number };

export interface RepeatRequest {
  id: string;
  createdAt: Date;
  status: AppointmentStatus;
  /** Its personal data erased: nothing more is done on it. */
  erased: boolean;
}

/** Where a request came from and where its PIN code is, each in a line for staff. */
export interface RequestOrigin {
  /** The reference the family was given ("7K3Q2M"); null only for a request without one. */
  reference: string | null;
  /** "Ads: google.com, google / cpc; landed on /", or null when it was not recorded. */
  source: string | null;
  /** The page the form was sent from. */
  sentFrom: string | null;
  /** The language of that page: "Hindi" when sent from the Hindi site (call back in Hindi). */
  language: "English" | "Hindi";
  /** "Gurugram", "South Delhi (Delhi)", "Ghaziabad (outside our areas)"; null when unknown. */
  place: string | null;
}
