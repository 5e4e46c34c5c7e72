// The newsletter form's one schema, for the browser and the server alike: it imports no server
// code.

import { newsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";
import { z } from "#app/lib/zod.ts";

const newsletterEmailMaxLength = 255;

/** What the schema says about a wrong address, in one language (newsletter-texts.ts). */
export type NewsletterFormMessages = { invalidEmail: string; emailTooLong: string };

function newsletterSchemaIn(messages: NewsletterFormMessages) {
  return z.object({
    email: z
      .string(messages.invalidEmail)
      .trim()
      .max(newsletterEmailMaxLength, messages.emailTooLong)
      .pipe(z.email(messages.invalidEmail)),
  });
}

export const newsletterSchema = newsletterSchemaIn(newsletterFormText.en);

/** The address of a sign-up, or the message (in `messages`' language) that says what is wrong. */
export function parseNewsletterForm(
  values: Record<string, unknown>,
  messages: NewsletterFormMessages = newsletterFormText.en,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = newsletterSchemaIn(messages).safeParse(values);
  if (parsed.success) return { ok: true, email: parsed.data.email };
  return { ok: false, message: parsed.error.issues[0]?.message ?? messages.invalidEmail };
}
