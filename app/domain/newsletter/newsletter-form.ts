// The newsletter form's one schema, for the browser and the server alike: it imports no server
// code.
import { z } from "zod";

// zod probes `new Function` for speed; our CSP forbids it.
z.config({ jitless: true });

export const newsletterEmailMaxLength = 255;

export const newsletterInvalidEmail = "Please enter a valid e-mail address.";

export const newsletterSchema = z.object({
  email: z
    .string(newsletterInvalidEmail)
    .trim()
    .max(newsletterEmailMaxLength, "Your e-mail address must be at most 255 characters.")
    .pipe(z.email(newsletterInvalidEmail)),
});

/** The address of a sign-up, or the message that says what is wrong with it. */
export function parseNewsletterForm(
  values: Record<string, unknown>,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = newsletterSchema.safeParse(values);
  if (parsed.success) return { ok: true, email: parsed.data.email };
  return { ok: false, message: parsed.error.issues[0]?.message ?? newsletterInvalidEmail };
}
