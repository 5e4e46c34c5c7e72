// The blog's newsletter sign-up on an island page (decision 040), as React's fetcher sent it
// (app/components/newsletter-signup.tsx): without a reload, the button disabled while it is on
// its way, the server's answer in the block's status line. It posts to the JSON route that shares
// the blog page's action (app/routes/newsletter-signup.ts), whose address the block names.
// Without JavaScript the form posts to the page itself, as before.
import type { Island } from "#app/islands/registry.ts";

/** The server's words, or undefined when no answer of the route's came back. */
async function answerOf(endpoint: string, form: HTMLFormElement): Promise<string | undefined> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      body: new FormData(form),
      headers: { accept: "application/json" },
    });
    const answer = (await response.json()) as { message?: unknown };
    return typeof answer.message === "string" ? answer.message : undefined;
  } catch {
    // No connection, or an answer that is not the route's (a proxy's error page).
    return undefined;
  }
}

const newsletter: Island = (root) => {
  const { endpoint = "", failed = "" } = root.dataset;
  const form = root.querySelector("form");
  const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
  const status = root.querySelector<HTMLElement>("[role=status]");
  if (!form || !button || !status) throw new Error("The newsletter block has no form or status");
  // The browser has checked the address by then (required, type=email): an invalid one is never
  // sent, as with React's form.
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      status.textContent = (await answerOf(endpoint, form)) ?? failed;
    } finally {
      button.disabled = false;
    }
  });
};
export default newsletter;
