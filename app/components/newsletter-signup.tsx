import { useFormAction } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { NewsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";

/**
 * The newsletter block. A sign-up is stored as pending and one e-mail asks to confirm it (double
 * opt-in, app/domain/newsletter/newsletter.server.ts); the answer is the same whether or not the address was
 * known. Posting (never GET) keeps the address out of URLs and logs. Without JavaScript the form
 * posts to the page it is on (/blog or /hi/blog), whose action answers in that page's language:
 * the page comes back with the answer as `actionMessage`. The blog is an island page (decision
 * 040), so none of this runs in the browser: with JavaScript the newsletter island
 * (app/islands/newsletter.ts) sends the form to the JSON route that shares the blog's action.
 */
export function NewsletterSignup({
  text: newsletter,
  actionMessage,
  island,
}: {
  /** The block's words in the page's language (the blog route's loader sends them). */
  text: NewsletterFormText["signup"];
  actionMessage?: string;
  /** Where the island posts, and what it says when no answer comes. */
  island: { endpoint: string; failed: string };
}) {
  const action = useFormAction();
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mt-16 rounded-xl bg-brand-800 p-8 text-center text-white"
      data-island="newsletter"
      data-endpoint={island.endpoint}
      data-failed={island.failed}
    >
      <h2 id="newsletter-heading" className="text-2xl font-bold">
        {newsletter.heading}
      </h2>
      <p className="mt-2 text-brand-50">{newsletter.text}</p>
      <form
        method="post"
        action={action}
        className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
      >
        <label htmlFor="newsletter-email" className="sr-only">
          {newsletter.emailLabel}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          // The schema's limit (app/domain/newsletter/newsletter-form.ts), written out: importing it
          // would bring zod into the blog page's bundle.
          maxLength={255}
          placeholder={newsletter.placeholder}
          className="min-h-12 flex-1 rounded-lg bg-white px-4 text-slate-900 placeholder:text-slate-600"
        />
        <Button type="submit" variant="secondary" size="lg">
          {newsletter.subscribe}
        </Button>
      </form>
      <p role="status" className="mt-4 min-h-6 text-brand-50">
        {actionMessage}
      </p>
    </section>
  );
}
