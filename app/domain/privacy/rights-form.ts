// What a request's Privacy section posts (correct, erase): one schema for the browser and the
// server, no server code; its words are in privacy-texts.ts. The corrected fields are checked
// again with the appointment form's own schema and messages (rights.server.ts).

import type {
  AppointmentErrors,
  AppointmentField,
} from "#app/domain/appointments/appointment-form.ts";
import { rightsTexts } from "#app/domain/privacy/privacy-texts.ts";
import { z } from "#app/lib/zod.ts";

/** This request alone, or every request with its phone number. */
const rightsScopes = ["one", "number"] as const;
export type RightsScope = (typeof rightsScopes)[number];

const scope = z.enum(rightsScopes).catch("one");

export const rightsActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("correct"),
    scope,
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    pincode: z.string(),
    message: z.string().default(""),
  }),
  z.object({
    intent: z.literal("erase"),
    scope,
    /** How many requests the confirmation named: refused when that is no longer true. */
    confirm: z.coerce.number().int().min(1),
  }),
]);

export type RightsResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: AppointmentErrors };

/** The note a correction leaves on the timeline: which fields, never their old values. */
export const correctionNote = (fields: readonly AppointmentField[]) =>
  rightsTexts.correctionNote(fields.join(", "));
