// The sign-in and sign-up form's one schema, for the browser (first error as a toast) and the
// server (which checks again). The spec's rules and messages.
import { z } from "zod";
import { signOutMessages } from "./staff-hint.ts";

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
  /** Under the spec's "Account created! Please login.": what to do first. */
  accountCreatedNext:
    "We have e-mailed you a link: open it to confirm your address and choose your password.",
  resetSent:
    "If an account uses this address, we have e-mailed it a link to choose a new password. The link works for one hour.",
  passwordSet: "Your password is set. Please login.",
} as const;

/** What a refused sign-up or reset request reads, given how long to wait ("in 5 minutes"). */
export const staffMailLimitMessages = {
  signUpClient: (wait: string) =>
    `Too many accounts were created from this connection. Please try again ${wait}, or ask an administrator.`,
  resetClient: (wait: string) =>
    `Too many password resets were asked for from this connection. Please try again ${wait}.`,
  confirmationMailbox: (wait: string) =>
    `We have already e-mailed a confirmation link to this address. Please use it, or try again ${wait}.`,
  resetMailbox: (wait: string) =>
    `We have already e-mailed several links to this address. Please use the latest one, or try again ${wait}.`,
  site: (wait: string) =>
    `We are sending many account e-mails just now. Please try again ${wait}, or ask an administrator.`,
  signIn: (_wait: string) => staffAuthMessages.tooManyAttempts,
} as const;

/** Only the address (a password-reset request): the first error, or the address. */
export function parseStaffEmail(
  values: Record<string, unknown>,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = staffAuthFormSchema.shape.email.safeParse(
    typeof values.email === "string" ? values.email : "",
  );
  if (parsed.success) return { ok: true, email: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid email address" };
}

/** A new password typed twice (the link's page, change password): the first error, or it. */
export function parseNewPassword(
  values: Record<string, unknown>,
): { ok: true; password: string } | { ok: false; message: string } {
  const parsed = staffAuthFormSchema.shape.password.safeParse(
    typeof values.password === "string" ? values.password : "",
  );
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid password" };
  }
  if (values.repeat !== parsed.data) return { ok: false, message: passwordMessages.differ };
  return { ok: true, password: parsed.data };
}

/** The words of the password pages (choose one by a link, change one when signed in). */
export const passwordMessages = {
  differ: "The two passwords are not the same.",
  linkExpired: "This link has expired",
  linkExpiredText:
    "The link is not valid any more: links work once, a confirmation link for 24 hours and a reset link for one hour. Ask for a new one with “Forgot your password?” on the login page.",
  changed: "Your password is changed. You are signed out everywhere else.",
  wrongCurrent: "Your current password is not right.",
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
