// The sign-in and sign-up form's one schema, for the browser (first error as a toast) and the
// server (which checks again). The spec's rules; its messages are in staff-texts.ts.

import { authFieldMessages, passwordMessages } from "#app/domain/staff/staff-texts.ts";
import { z } from "#app/lib/zod.ts";

// Kept here for app/routes/admin/requests/admin.tsx, which imports it from this module.

export const staffAuthFormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(255, authFieldMessages.emailTooLong)
    .pipe(z.email(authFieldMessages.emailInvalid)),
  password: z
    .string()
    .min(6, authFieldMessages.passwordTooShort)
    .max(100, authFieldMessages.passwordTooLong),
});

export type StaffAuthForm = z.infer<typeof staffAuthFormSchema>;

/** Only the address (a password-reset request): the first error, or the address. */
export function parseStaffEmail(
  values: Record<string, unknown>,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = staffAuthFormSchema.shape.email.safeParse(
    typeof values.email === "string" ? values.email : "",
  );
  if (parsed.success) return { ok: true, email: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? authFieldMessages.emailInvalid };
}

/** A new password typed twice (the link's page, change password): the first error, or it. */
export function parseNewPassword(
  values: Record<string, unknown>,
): { ok: true; password: string } | { ok: false; message: string } {
  const parsed = staffAuthFormSchema.shape.password.safeParse(
    typeof values.password === "string" ? values.password : "",
  );
  if (!parsed.success) {
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? authFieldMessages.passwordInvalid,
    };
  }
  if (values.repeat !== parsed.data) return { ok: false, message: passwordMessages.differ };
  return { ok: true, password: parsed.data };
}

/** The first error of the form, or its values. */
export function parseStaffAuthForm(
  values: Record<string, unknown>,
): { ok: true; value: StaffAuthForm } | { ok: false; message: string } {
  const parsed = staffAuthFormSchema.safeParse({
    email: typeof values.email === "string" ? values.email : "",
    password: typeof values.password === "string" ? values.password : "",
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? authFieldMessages.emailInvalid };
}
