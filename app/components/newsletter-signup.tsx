import { useFetcher } from "react-router";
import { Button } from "./ui/button";

/**
 * The newsletter block. The spec shows no sign-up behaviour, so nothing is stored: the
 * blog route's action answers with a plain statement of that. Posting (never GET) keeps
 * the address out of URLs and logs.
 */
export function NewsletterSignup() {
  const fetcher = useFetcher<{ message: string }>();
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mt-16 rounded-xl bg-brand-800 p-8 text-center text-white"
    >
      <h2 id="newsletter-heading" className="text-2xl font-bold">
        Subscribe to Our Newsletter
      </h2>
      <p className="mt-2 text-brand-50">
        Practical advice on recovery, pain relief and staying active, from our physiotherapists.
      </p>
      <fetcher.Form method="post" className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          className="min-h-12 flex-1 rounded-lg bg-white px-4 text-slate-900 placeholder:text-slate-600"
        />
        <Button type="submit" variant="secondary" size="lg" disabled={fetcher.state !== "idle"}>
          Subscribe
        </Button>
      </fetcher.Form>
      <p role="status" className="mt-4 min-h-6 text-brand-50">
        {fetcher.data?.message}
      </p>
    </section>
  );
}

export const newsletterNotOpenMessage =
  "Thank you for your interest. Our newsletter has not started yet, so we have not stored your e-mail address. New articles appear on this page.";
