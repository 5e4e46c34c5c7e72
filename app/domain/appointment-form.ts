// The appointment form's one schema, for the browser and the server alike: it imports no server
// code. Limits and messages are the product specification's, word for word.
import { z } from "zod";

// zod probes `new Function` for speed; our CSP forbids it (and Lighthouse reports the refusal).
z.config({ jitless: true });

export const appointmentFields = ["name", "phone", "address", "pincode", "message"] as const;
export type AppointmentField = (typeof appointmentFields)[number];

export const appointmentLimits = {
  name: { max: 100 },
  phone: { min: 10, max: 15 },
  address: { min: 5, max: 200 },
  pincode: { length: 6 },
  message: { max: 1000 },
} as const;

/**
 * Control characters (but tab and line breaks) become spaces before anything is checked: no
 * keyboard types them, a paste can carry them (a word processor's line break is a vertical tab),
 * and PostgreSQL cannot store NUL at all. A person cannot see them to remove them, so they are
 * not refused either.
 */
const typedText = () =>
  z
    .string()
    .overwrite((value) => value.replace(/\p{Cc}/gu, (c) => ("\t\n\r".includes(c) ? c : " ")));

export const appointmentSchema = z.object({
  name: typedText()
    .trim()
    .min(1, "Name is required")
    .max(appointmentLimits.name.max, "Name must be less than 100 characters"),
  phone: typedText()
    .trim()
    .min(appointmentLimits.phone.min, "Phone number must be at least 10 digits")
    .max(appointmentLimits.phone.max, "Phone number must be less than 15 digits"),
  address: typedText()
    .trim()
    .min(appointmentLimits.address.min, "Address is required")
    .max(appointmentLimits.address.max, "Address must be less than 200 characters"),
  pincode: typedText()
    .trim()
    .length(appointmentLimits.pincode.length, "Pin code must be 6 digits")
    .regex(/^\d+$/, "Pin code must be numeric"),
  message: typedText()
    .trim()
    .max(appointmentLimits.message.max, "Message must be less than 1000 characters")
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
