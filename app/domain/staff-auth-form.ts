// The sign-in and sign-up form's one schema, for the browser (first error as a toast) and the
// server (which checks again). The spec's rules and messages.
import { z } from "zod";
import { signOutMessages } from "../lib/staff-hint.ts";

export const staffAuthFormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(255, "Email must be less than 255 characters")
    .pipe(z.email("Invalid email address")),
  password: z
    .string()
    .min(6, "Password must be at least 6 characters")
    .max(100, "Password must be less than 100 characters"),
});

export type StaffAuthForm = z.infer<typeof staffAuthFormSchema>;

export const staffAuthMessages = {
  signedIn: "Logged in successfully",
  accountCreated: "Account created! Please login.",
  alreadyRegistered: "This email is already registered. Please login instead.",
  invalidCredentials: "Invalid email or password",
  unexpected: "An unexpected error occurred",
  signedOut: signOutMessages.done,
  signOutFailed: signOutMessages.failed,
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  signUpClosed: "Sign-up is closed. Ask an administrator for an account.",
} as const;

/** The first error of the form, or its values. */
export function parseStaffAuthForm(
  values: Record<string, unknown>,
): { ok: true; value: StaffAuthForm } | { ok: false; message: string } {
  const parsed = staffAuthFormSchema.safeParse({
    email: typeof values.email === "string" ? values.email : "",
    password: typeof values.password === "string" ? values.password : "",
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid email address" };
}

/** The page a signed-in non-admin gets at /admin (the spec's words). */
export const accessDenied = {
  title: "Access Denied",
  text: "You don't have permission to access this page.",
} as const;
