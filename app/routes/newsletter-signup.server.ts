// A newsletter sign-up, as the blog's form sends it. Both routes that take one answer with this:
// the blog page's action (a browser without JavaScript gets the page back with the answer) and
// the JSON route the blog's island posts to (newsletter-signup.ts), so the two cannot differ.
import { data, type RouterContextProvider } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { checkLimits } from "#app/domain/abuse/rate-limit.server.ts";
import { appointmentFormText, waitIn } from "#app/domain/appointments/appointment-texts.ts";
import { mailboxOf } from "#app/domain/mail/mailbox.server.ts";
import { subscribe } from "#app/domain/newsletter/newsletter.server.ts";
import { parseNewsletterForm } from "#app/domain/newsletter/newsletter-form.ts";
import { newsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";

/**
 * Stores a sign-up as pending with its one confirmation e-mail (double opt-in). The answer never
 * says whether the address was already known. Limited per client, per mailbox and for the whole
 * site (docs/abuse.md); a refusal is a 429 that says how long to wait (Retry-After). Every answer
 * is `{ message }` in the language of the address posted to (/blog or /hi/blog, and so on).
 */
export async function signUpForNewsletter(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const lang = langOfRequest(request);
  const messages = newsletterFormText[lang];
  const limit = (text: string) => (wait: string) => fillText(text, { wait });
  const form = await request.formData().catch(() => undefined);
  const parsed = parseNewsletterForm({ email: form?.get("email") ?? undefined }, messages);
  if (!parsed.ok) return data({ message: parsed.message }, { status: 400 });
  const services = context.get(servicesContext);
  const { limits } = services;
  // Counted alike whether or not the address is known: the answer tells nothing.
  const refused = await checkLimits(
    [
      {
        limiter: limits.newsletterClient,
        key: context.get(requestInfo).clientKey,
        message: limit(messages.limits.client),
      },
      {
        limiter: limits.newsletterMailbox,
        key: mailboxOf(parsed.email),
        message: limit(messages.limits.mailbox),
      },
      { limiter: limits.newsletterSite, key: "site", message: limit(messages.limits.site) },
    ],
    (seconds) => waitIn(appointmentFormText[lang].refusals, seconds),
  );
  if (refused) {
    getLogger().warn({ reason: "rate-limited" }, "newsletter sign-up refused");
    return data(
      { message: refused.message },
      { status: 429, headers: { "Retry-After": String(refused.retryAfterSeconds) } },
    );
  }
  try {
    const outcome = await subscribe(services.db, parsed.email, { siteUrl: getEnv().SITE_URL });
    if (outcome === "queued") services.mailSender.kick();
  } catch (error) {
    getLogger().error({ err: error }, "newsletter sign-up could not be stored");
    return data({ message: messages.failed }, { status: 503 });
  }
  return data({ message: messages.subscribed }, { status: 200 });
}
