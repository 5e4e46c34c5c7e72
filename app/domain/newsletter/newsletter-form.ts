// The newsletter form's one schema, for the browser and the server alike: it imports no server
// code.
import { z } from "../../lib/zod.ts";
import { newsletterMessages } from "../messages.ts";

const newsletterEmailMaxLength = 255;

export const newsletterSchema = z.object({
  email: z
    .string(newsletterMessages.invalidEmail)
    .trim()
    .max(newsletterEmailMaxLength, newsletterMessages.emailTooLong)
    .pipe(z.email(newsletterMessages.invalidEmail)),
});

/** The address of a sign-up, or the message that says what is wrong with it. */
export function parseNewsletterForm(
  values: Record<string, unknown>,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = newsletterSchema.safeParse(values);
  if (parsed.success) return { ok: true, email: parsed.data.email };
  return { ok: false, message: parsed.error.issues[0]?.message ?? newsletterMessages.invalidEmail };
}
