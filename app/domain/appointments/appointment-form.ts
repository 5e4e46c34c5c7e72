// The appointment form's one schema, for the browser and the server alike: it imports no server
// code. Limits and messages are the product specification's, word for word.
import { z } from "zod";
import {
  asciiDigits,
  controlsAsSpaces,
  lineBreak,
  withoutBidiControls,
  withoutFormatCharacters,
} from "../../lib/typed-text.ts";

// zod probes `new Function` for speed; our CSP forbids it (and Lighthouse reports the refusal).
z.config({ jitless: true });

export const appointmentFields = ["name", "phone", "address", "pincode", "message"] as const;
export type AppointmentField = (typeof appointmentFields)[number];

export const appointmentLimits = {
  name: { max: 100 },
  /** Digits, whatever is written around them; the whole value at most `typedMax` characters. */
  phone: { min: 10, max: 15, typedMax: 30 },
  address: { min: 5, max: 200 },
  pincode: { length: 6 },
  message: { max: 1000 },
} as const;

/**
 * The form's messages: the spec's, word for word, and ours for what the spec does not check
 * (line breaks in a one-line field, stray characters in a phone number).
 */
export const appointmentFieldMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  nameOneLine: "Name must be on one line",
  phoneTooShort: "Phone number must be at least 10 digits",
  phoneTooLong: "Phone number must be less than 15 digits",
  phoneCharacters: "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
  addressRequired: "Address is required",
  addressTooLong: "Address must be less than 200 characters",
  addressOneLine: "Address must be on one line",
  pincodeLength: "Pin code must be 6 digits",
  pincodeNumeric: "Pin code must be numeric",
  messageTooLong: "Message must be less than 1000 characters",
} as const;
const m = appointmentFieldMessages;

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
const manyLines = () =>
  z
    .string()
    .overwrite((value) => controlsAsSpaces(withoutBidiControls(value), "\t\n\r"))
    .trim();

/** What a phone number may hold besides its digits: spaces, dashes, brackets, a leading +. */
const phoneSeparators = /^\+?[\d\s\-()]*$/;
const phoneDigits = (value: string) => value.replace(/\D/g, "").length;

export const appointmentSchema = z.object({
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

export type AppointmentInput = z.output<typeof appointmentSchema>;
export type AppointmentValues = Record<AppointmentField, string>;
export type AppointmentErrors = Partial<Record<AppointmentField, string>>;

export type ParsedAppointment =
  | { ok: true; appointment: AppointmentInput }
  | { ok: false; errors: AppointmentErrors; values: AppointmentValues };

/** Checks the typed values; the first message of each field that fails. */
export function parseAppointment(values: AppointmentValues): ParsedAppointment {
  const result = appointmentSchema.safeParse(values);
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

/** The areas we serve, by the first three digits of their PIN codes. */
const servedPrefixes: [prefix: string, area: string][] = [
  ["110", "Delhi"],
  ["122", "Gurugram"],
  ["121", "Faridabad"],
  ["201", "Noida and Greater Noida"],
];

/** Which served area a valid PIN code looks to be in, or undefined when none. Never blocks. */
export function servedAreaOf(pincode: string): string | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  return servedPrefixes.find(([prefix]) => pincode.startsWith(prefix))?.[1];
}
