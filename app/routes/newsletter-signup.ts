// The newsletter sign-up as JSON, for the blog's island (app/islands/newsletter.ts): the blog
// page's own action (newsletter-signup.server.ts), with the same statuses and the same
// Retry-After, answered as `{ message }` instead of a page. Its address says the language, as a
// page's does: /newsletter/signup answers in English, /hi/newsletter/signup in Hindi. The island
// does not post to the page itself, whose answer to a script is React Router's own encoding of
// the page's data (single fetch), an internal format that may change with any release.

import { httpError } from "#app/lib/http-error.server.ts";
import { signUpForNewsletter } from "#app/routes/newsletter-signup.server.ts";
import type { Route } from "./+types/newsletter-signup";

export function action({ request, context }: Route.ActionArgs) {
  return signUpForNewsletter(request, context);
}

export function loader() {
  throw httpError("Method Not Allowed", 405, { Allow: "POST, OPTIONS" });
}
