// The newsletter sign-up's JSON route (/newsletter/signup, /hi/newsletter/signup), which the blog's
// island posts to, on both databases: it stores a pending sign-up, answers in the language its
// address says, refuses a bad address with 400 and a client over its limit with 429 and
// Retry-After. The blog page's action is the same function (newsletter-signup.server.ts); that
// both answer alike over HTTP, the JSON as JSON: tests/e2e/newsletter.test.ts.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { createRateLimiter, parseRateLimit } from "#app/domain/abuse/rate-limit.server.ts";
import { newsletterFormText } from "#app/domain/newsletter/newsletter-texts.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { action as signupAction } from "#app/routes/newsletter-signup.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import { newsletterSubscriptions } from "#db/schema.ts";
import { describeEachDatabase, type TestDatabase } from "#tests/integration/databases.ts";

const limit = (text: string) => {
  const spec = parseRateLimit(text);
  if (!spec) throw new Error(`bad rate limit ${text}`);
  return spec;
};

/** The request context a server gives the routes: this database, these limits, one client. */
function contextOf(database: TestDatabase, clientLimit = "off") {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    db: database.db,
    limits: {
      newsletterClient: createRateLimiter(database.db, "newsletter-client", limit(clientLimit)),
      newsletterMailbox: createRateLimiter(database.db, "newsletter-mailbox", "off"),
      newsletterSite: createRateLimiter(database.db, "newsletter-site", "off"),
    },
    // The confirmation e-mail waits in the outbox: sending it is not this test's.
    mailSender: { kick() {} },
  } as unknown as AppServices);
  context.set(requestInfo, { clientAddress: "203.0.113.9", clientKey: "203.0.113.9" });
  return context;
}

/** What a route's action answered: its status, its words, its Retry-After. */
interface Answer {
  status: number;
  message: string;
  retryAfter: string | null;
}

async function post(context: RouterContextProvider, path: string, email: string): Promise<Answer> {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams({ email }),
  });
  const answer = await signupAction({ request, context, params: {} } as unknown as Parameters<
    typeof signupAction
  >[0]);
  return {
    status: answer.init?.status ?? 200,
    message: answer.data.message,
    retryAfter: new Headers(answer.init?.headers).get("Retry-After"),
  };
}

describeEachDatabase("the newsletter sign-up's JSON route", (database) => {
  it("stores a pending sign-up and thanks in the language of its address", async () => {
    const context = contextOf(database);
    expect(await post(context, "/newsletter/signup", "Reader@Example.com")).toEqual({
      status: 200,
      message: newsletterFormText.en.subscribed,
      retryAfter: null,
    });
    expect(await post(context, "/hi/newsletter/signup", "hindi@example.com")).toEqual({
      status: 200,
      message: newsletterFormText.hi.subscribed,
      retryAfter: null,
    });
    const rows = await database.db
      .select({ email: newsletterSubscriptions.email, state: newsletterSubscriptions.state })
      .from(newsletterSubscriptions)
      .orderBy(newsletterSubscriptions.email);
    expect(rows).toEqual([
      { email: "hindi@example.com", state: "pending" },
      { email: "reader@example.com", state: "pending" },
    ]);
  });

  it("answers a bad address with 400 and stores nothing", async () => {
    const context = contextOf(database);
    expect(await post(context, "/newsletter/signup", "not-an-address")).toEqual({
      status: 400,
      message: newsletterFormText.en.invalidEmail,
      retryAfter: null,
    });
    expect(await post(context, "/hi/newsletter/signup", "")).toMatchObject({
      status: 400,
      message: newsletterFormText.hi.invalidEmail,
    });
    expect(await database.db.$count(newsletterSubscriptions)).toBe(0);
  });

  it("refuses a client over its limit with 429, Retry-After and how long to wait, and stores nothing", async () => {
    const context = contextOf(database, "2/1h");
    expect((await post(context, "/newsletter/signup", "a@example.com")).status).toBe(200);
    expect((await post(context, "/hi/newsletter/signup", "b@example.com")).status).toBe(200);
    const refused = await post(context, "/hi/newsletter/signup", "c@example.com");
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(
      /^आप इस कनेक्शन से कई बार साइन-अप कर चुके हैं। कृपया \d+ (मिनट|घंटे) बाद फिर कोशिश करें।$/,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(3_500);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3_600);
    const stored = await database.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "c@example.com"));
    expect(stored).toEqual([]);
  });
});
