// The appointment form's JSON address (/contact/send, /hi/contact/send), which the contact
// page's island sends to: each answer of the contact page's action, as JSON with the same HTTP
// status (and a 429's Retry-After), in the page's language; what it stores; and the page's own
// action answering the same form alike (one function does the work of both).
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { createRateLimiter } from "#app/domain/abuse/rate-limit.server.ts";
import { openAppointmentDesk } from "#app/domain/appointments/appointments.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { action as contactAction } from "#app/routes/contact.tsx";
import { action as sendAction, loader as sendLoader } from "#app/routes/contact-send.ts";
import { type AppServices, servicesContext } from "#app/services.server.ts";
import { appointments } from "#db/schema.ts";
import { describeEachDatabase, type TestDatabase } from "#tests/integration/databases.ts";
import { formFields, staffMail } from "#tests/integration/fixtures.ts";

/** The form as the island sends it, filled in rightly. */
const typed = { ...formFields, js: "1" };

type Fields = Record<string, string | string[]>;
/** Either route's action, as called here: with the request, its context and no parameters. */
type Action = (args: Parameters<typeof sendAction>[0]) => Promise<unknown>;
const pageAction = contactAction as unknown as Action;

/** A request context on this database: a rate limit of `limit` (or none), stores failing if told. */
function contextFor(
  database: TestDatabase,
  {
    limit,
    failing = false,
  }: { limit?: { points: number; durationSeconds: number }; failing?: boolean } = {},
) {
  const context = new RouterContextProvider();
  const desk = openAppointmentDesk(database.db, staffMail, {
    leaseSeconds: 60,
    // The staff e-mail's first attempt is not this test's: it stays in the outbox.
    deliverClaimed: async () => false,
  });
  context.set(servicesContext, {
    db: database.db,
    appointments: failing
      ? {
          ...desk,
          request: async () => {
            throw new Error("the database is unreachable");
          },
        }
      : desk,
    limits: { appointment: createRateLimiter(database.db, "appointment", limit ?? "off") },
    minFillSeconds: 0,
    firstAttemptMs: 0,
  } as unknown as AppServices);
  context.set(requestInfo, { clientAddress: "203.0.113.9", clientKey: "203.0.113.9" });
  return context;
}

/** Posts `fields` to `path`, urlencoded, through `action` (the JSON address's unless said). */
async function post(
  context: RouterContextProvider,
  path: string,
  fields: Fields,
  action: Action = sendAction,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return action({
    request: new Request(`http://localhost:3000${path}`, { method: "POST", body }),
    context,
    params: {},
    unstable_pattern: path,
  } as unknown as Parameters<typeof sendAction>[0]);
}

/** The JSON address's answer: its status, Retry-After, type and body. */
async function read(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    type: response.headers.get("Content-Type"),
    body: await response.json(),
  };
}

describeEachDatabase("the form's JSON address", (database) => {
  const storedNames = async () =>
    (await database.db.select({ name: appointments.name }).from(appointments)).map(
      ({ name }) => name,
    );

  it("stores a valid request and answers 200 with its reference, never a redirect", async () => {
    const context = contextFor(database);
    for (const [path, name, language] of [
      ["/contact/send", "Json English", "en"],
      ["/hi/contact/send", "Json Hindi", "hi"],
    ] as const) {
      const answer = await read(await post(context, path, { ...typed, name }));
      expect(answer).toMatchObject({
        status: 200,
        retryAfter: null,
        type: "application/json",
        body: {
          status: "sent",
          notified: false,
          reference: expect.stringMatching(/^[2-9A-Z]{6}$/),
        },
      });
      const [row] = await database.db
        .select({ reference: appointments.reference, language: appointments.language })
        .from(appointments)
        .where(eq(appointments.name, name));
      expect(row).toEqual({ reference: answer.body.reference, language });
    }
  });

  it("answers 400 with the spec's messages, in the page's language, and stores nothing", async () => {
    const context = contextFor(database);
    const wrong = { ...typed, pincode: "12", whatsappUpdates: "yes" };
    expect(await read(await post(context, "/contact/send", wrong))).toMatchObject({
      status: 400,
      body: {
        status: "invalid",
        errors: { pincode: "Pin code must be 6 digits" },
        values: { pincode: "12" },
        updates: true,
      },
    });
    expect(await read(await post(context, "/hi/contact/send", wrong))).toMatchObject({
      status: 400,
      body: { status: "invalid", errors: { pincode: "पिन कोड 6 अंकों का होना चाहिए" } },
    });
    expect(await storedNames()).toEqual([]);
  });

  it("answers 400 with a refusal to a form it cannot read, or one a bot filled in", async () => {
    const context = contextFor(database);
    expect(
      await read(await post(context, "/contact/send", { ...typed, name: ["One", "Two"] })),
    ).toEqual({
      status: 400,
      retryAfter: null,
      type: "application/json",
      body: {
        status: "refused",
        message:
          "We could not read this request. Please fill in the form again, or call us on +91 98765 43210.",
      },
    });
    expect(
      await read(
        await post(context, "/contact/send", { ...typed, website: "https://spam.example" }),
      ),
    ).toMatchObject({
      status: 400,
      body: {
        status: "refused",
        message:
          "We could not accept this request. Please press send again, or call us on +91 98765 43210.",
        values: { name: typed.name },
      },
    });
    expect(await storedNames()).toEqual([]);
  });

  it("answers 429 with Retry-After past the rate limit, and stores only what it accepted", async () => {
    const context = contextFor(database, { limit: { points: 1, durationSeconds: 600 } });
    expect(
      (await read(await post(context, "/contact/send", { ...typed, name: "First" }))).status,
    ).toBe(200);
    const refused = await read(await post(context, "/contact/send", { ...typed, name: "Second" }));
    expect(refused).toMatchObject({
      status: 429,
      body: {
        status: "refused",
        message: expect.stringContaining(
          "We have received several requests from your connection. Please try again in 10 minutes",
        ),
      },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(590);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
    expect(await storedNames()).toEqual(["First"]);
  });

  it("answers 503 with the spec's failure when the request cannot be stored", async () => {
    const context = contextFor(database, { failing: true });
    expect(await read(await post(context, "/hi/contact/send", typed))).toMatchObject({
      status: 503,
      body: {
        status: "refused",
        // The spec's words, then that nothing was kept and the number to call instead.
        message: expect.stringMatching(
          /^अपॉइंटमेंट का अनुरोध नहीं भेजा जा सका। कृपया फिर से कोशिश करें। आपका अनुरोध दर्ज नहीं हुआ। कृपया हमें .+ पर कॉल करें, हम आपकी बुकिंग कर देंगे।$/,
        ),
      },
    });
  });

  it("answers like the contact page's own action, which still redirects a form without JavaScript", async () => {
    const context = contextFor(database);
    const wrong = { ...typed, phone: "98765", js: "" };
    const page = await post(context, "/contact", wrong, pageAction);
    const json = await read(await post(context, "/contact/send", wrong));
    // The page's action answers with data for its page (React Router's `data`), the same body.
    expect(page).toMatchObject({ init: { status: json.status }, data: json.body });

    const sent = await post(
      context,
      "/hi/contact",
      { ...typed, js: "", name: "No Script" },
      pageAction,
    );
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).status).toBe(303);
    expect((sent as Response).headers.get("Location")).toMatch(
      /^\/hi\/contact\/received\?ref=[2-9A-Z]{6}&mail=later$/,
    );
  });

  it("takes no other method: a GET is answered 405, allowing POST", () => {
    let thrown: unknown;
    try {
      sendLoader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 405, headers: { Allow: "POST, OPTIONS" } } });
  });
});
