// What a request's Privacy section posts (correct, erase) and the words it shows: one schema for
// the browser and the server, no server code. The corrected fields are checked again with the
// appointment form's own schema and messages (rights.server.ts).
import { z } from "../../lib/zod.ts";
import type { AppointmentErrors, AppointmentField } from "../appointments/appointment-form.ts";

/** This request alone, or every request with its phone number. */
export const rightsScopes = ["one", "number"] as const;
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
export type RightsAction = z.output<typeof rightsActionSchema>;

export type RightsResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: AppointmentErrors };

export const fieldLabels: Record<AppointmentField, string> = {
  name: "Name",
  phone: "Phone",
  address: "Address",
  pincode: "PIN code",
  message: "Message",
};

export const rightsTexts = {
  title: "Privacy",
  intro:
    "When the person asks: give them what is held about them, correct it, or erase it. Each is written in the access log.",
  thisRequest: "This request",
  sameNumber: (count: number) =>
    count === 1 ? "All requests from this number (1)" : `All requests from this number (${count})`,
  download: "Download what is held",
  correctTitle: "Correct the details",
  correctHint:
    "Change what the person asked to correct. Only the fields you change are saved; the timeline says which.",
  correctSubmit: "Save correction",
  corrected: (fields: string[]) => `Corrected: ${fields.join(", ")}`,
  nothingChanged: "Nothing was changed: the details are as they were.",
  eraseTitle: "Erase the personal data",
  eraseWarning: (count: number) =>
    `This erases the name, phone, address, message, notes and e-mails of ${count === 1 ? "1 request" : `${count} requests`}. Dates, status, area and source stay for the figures. It cannot be undone.`,
  eraseSubmit: (count: number) => (count === 1 ? "Erase 1 request" : `Erase ${count} requests`),
  erased: (count: number) =>
    count === 1 ? "Personal data of 1 request erased" : `Personal data of ${count} requests erased`,
  countChanged: (count: number) =>
    `The number of requests changed: there are now ${count}. Check, then confirm again.`,
  erasedOn: (date: string) => `Personal data erased on ${date}`,
  alreadyErased: "This request's personal data has already been erased.",
  notFound: "There is no such request.",
  failed: "That did not work. Please try again.",
  backToRequest: "Back to the request",
  requestsList: "Record or answer it in the privacy requests list",
} as const;

/** The note a correction leaves on the timeline: which fields, never their old values. */
export const correctionNote = (fields: readonly AppointmentField[]) =>
  `Corrected at the person's request: ${fields.join(", ")}`;
