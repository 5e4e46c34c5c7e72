// The appointment form's one schema, for the browser and the server alike: it imports no server
// code. Limits are the product specification's; its messages are in appointment-texts.ts.

import {
  type AppointmentFieldMessages,
  appointmentFieldMessages,
} from "#app/domain/appointments/appointment-texts.ts";
import {
  asciiDigits,
  controlsAsSpaces,
  lineBreak,
  typedText,
  withoutFormatCharacters,
} from "#app/lib/typed-text.ts";
import { z } from "#app/lib/zod.ts";

export const appointmentFields = ["name", "phone", "address", "pincode", "message"] as const;
export type AppointmentField = (typeof appointmentFields)[number];

/**
 * The form's one optional box, unticked: "Send me updates about my visits on WhatsApp at this
 * number" (decision 038). Not a detail of the person (a correction never touches it): its own name,
 * read by `readWhatsappUpdates`. Ticked, the browser sends `whatsappUpdates=yes`.
 */
export const whatsappUpdatesField = "whatsappUpdates";
export const whatsappUpdatesValue = "yes";

/**
 * The form's optional question, "When suits you best?" (decision 050): boxes for morning,
 * afternoon and evening, none ticked meaning any time. Not a detail of the person either.
 */
export const preferredTimesField = "preferredTimes";

export const appointmentLimits = {
  name: { max: 100 },
  /** Digits, whatever is written around them; the whole value at most `typedMax` characters. */
  phone: { min: 10, max: 15, typedMax: 30 },
  address: { min: 5, max: 200 },
  pincode: { length: 6 },
  message: { max: 1000 },
} as const;

/**
 * A one-line field as typed: line breaks refused (a name or an address goes into e-mail headers
 * and one-line cells), invisible format characters removed, other control characters (a tab, a
 * NUL) as spaces, then trimmed: a value of zero-width characters alone is empty.
 */
const oneLine = (oneLineMessage: string) =>
  z
    .string()
    .refine((value) => !lineBreak.test(value), oneLineMessage)
    .overwrite((value) => controlsAsSpaces(withoutFormatCharacters(value)))
    .trim();

/** The message keeps its lines and tabs; bidirectional overrides go (they reverse what follows). */
const manyLines = () => z.string().overwrite((value) => typedText(value, "\t\n\r"));

/** What a phone number may hold besides its digits: spaces, dashes, brackets, a leading +. */
const phoneSeparators = /^\+?[\d\s\-()]*$/;
const phoneDigits = (value: string) => value.replace(/\D/g, "").length;

/** The form's schema, its messages in one language (English: the spec's). */
function appointmentSchemaWith(m: AppointmentFieldMessages) {
  return z.object({
    name: oneLine(m.nameOneLine)
      .min(1, m.nameRequired)
      .max(appointmentLimits.name.max, m.nameTooLong),
    phone: oneLine(m.phoneCharacters)
      .overwrite(asciiDigits)
      .refine((value) => phoneSeparators.test(value), m.phoneCharacters)
      .refine((value) => phoneDigits(value) >= appointmentLimits.phone.min, m.phoneTooShort)
      .refine((value) => phoneDigits(value) <= appointmentLimits.phone.max, m.phoneTooLong)
      .max(appointmentLimits.phone.typedMax, m.phoneTooLong),
    address: oneLine(m.addressOneLine)
      .min(appointmentLimits.address.min, m.addressRequired)
      .max(appointmentLimits.address.max, m.addressTooLong),
    pincode: oneLine(m.pincodeNumeric)
      .overwrite(asciiDigits)
      .length(appointmentLimits.pincode.length, m.pincodeLength)
      .regex(/^\d+$/, m.pincodeNumeric),
    message: manyLines()
      .max(appointmentLimits.message.max, m.messageTooLong)
      // An empty message is stored as null.
      .transform((value) => (value === "" ? null : value)),
  });
}

export const appointmentSchema = appointmentSchemaWith(appointmentFieldMessages);
// One schema per set of messages (a language's), made once.
const schemas = new WeakMap<AppointmentFieldMessages, typeof appointmentSchema>([
  [appointmentFieldMessages, appointmentSchema],
]);

export type AppointmentInput = z.output<typeof appointmentSchema>;
export type AppointmentValues = Record<AppointmentField, string>;
export type AppointmentErrors = Partial<Record<AppointmentField, string>>;

export type ParsedAppointment =
  | { ok: true; appointment: AppointmentInput }
  | { ok: false; errors: AppointmentErrors; values: AppointmentValues };

/** Checks the typed values; the first message of each field that fails, in the messages' language. */
export function parseAppointment(
  values: AppointmentValues,
  messages: AppointmentFieldMessages = appointmentFieldMessages,
): ParsedAppointment {
  let schema = schemas.get(messages);
  if (!schema) {
    schema = appointmentSchemaWith(messages);
    schemas.set(messages, schema);
  }
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, appointment: result.data };
  const errors: AppointmentErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AppointmentField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}

/**
 * The typed values of a submitted form, each a single string. Anything else (a file, a field
 * sent twice, a missing field) is not what our form sends: undefined.
 */
export function readAppointmentForm(form: FormData): AppointmentValues | undefined {
  const values: Partial<AppointmentValues> = {};
  for (const field of appointmentFields) {
    const all = form.getAll(field);
    const value = all[0] ?? (field === "message" ? "" : undefined);
    if (all.length > 1 || typeof value !== "string") return undefined;
    values[field] = value;
  }
  return values as AppointmentValues;
}

/**
 * Whether the WhatsApp box was ticked. Consent is never assumed: only our own value, sent once,
 * is a yes; the box absent (unticked), sent twice or with any other value is a no.
 */
export function readWhatsappUpdates(form: FormData): boolean {
  const all = form.getAll(whatsappUpdatesField);
  return all.length === 1 && all[0] === whatsappUpdatesValue;
}
