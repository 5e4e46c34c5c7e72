// The family's status page in Chromium (decision 038), against the production server: in English
// with JavaScript, the page of a request with a booked course shows the next visit and its
// therapist (name, registration number, languages, "Session 1 of 10"), an ask to move a visit
// is sent from it and reaches the front desk's Needs attention with its mark, and nothing
// staff-only is in the page's HTML; in Hindi without JavaScript, a wrong pair gets one message
// (422) and the right one the page, where WhatsApp updates are stopped; the limit answers 429
// with Retry-After, in the page's words; the confirmation links to the page. Each test is its
// own client (a forwarded address, the proxy trusted), so that no test's tries count for another.
import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { recordChange } from "#app/domain/appointments/request-changes.server.ts";
import { bookVisits, cancelVisit } from "#app/domain/visits/visits.server.ts";
import { appointments, therapists, users, visits, type WeeklyHours } from "#db/schema.ts";
import {
  axeViolations,
  desktop,
  disableJavaScript,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

/** Stored with the request or by staff: never on the family's page. */
const secrets = {
  name: "Kamla Devi",
  address: "House 77, Lotus Lane, Sector 50, Noida",
  message: "Knee replaced in March, uses a walker",
  note: "Gate code 4411, dog in the yard",
  visitNote: "Quadriceps sets, gait training",
  cancelReason: "Therapist reassigned by the clinic office",
};
const phone = "99110 55443";
const digits = "5443";

/** 10:00 India time, `days` from today. */
function indiaMorning(days: number): Date {
  const today = new TZDate(Date.now(), "Asia/Kolkata");
  const at = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days,
    10,
    0,
    0,
    "Asia/Kolkata",
  );
  return new Date(at.getTime());
}

const seeded = { reference: "", id: "" };

describe("the family's status page", () => {
  const server = useStaffServer(
    {
      TRUST_PROXY: "loopback",
      STATUS_RATE_LIMIT_CLIENT: "3/15m",
      STATUS_RATE_LIMIT_REFERENCE: "20/1h",
    },
    [],
    {
      async seed(db) {
        const desk = { id: "desk-seed", email: "desk-seed@clinic.test", isAdmin: true };
        await db.insert(users).values([
          { id: desk.id, name: "Desk", email: desk.email, emailVerified: true },
          { id: "t-rao", name: "Rao", email: "rao@clinic.test", emailVerified: true },
        ]);
        await db.insert(therapists).values({
          userId: "t-rao",
          displayName: "Dr. Meera Rao",
          registrationNumber: "DL-PT-20417",
          languages: ["Hindi", "English"],
          hours,
        });
        const [request] = await db
          .insert(appointments)
          .values({
            name: secrets.name,
            phone,
            phoneKey: "919911055443",
            address: secrets.address,
            pincode: "201301",
            message: secrets.message,
            whatsappConsentAt: new Date(),
            reference: sql`next_appointment_reference()`,
          })
          .returning({ id: appointments.id, reference: appointments.reference });
        seeded.id = request?.id ?? "";
        seeded.reference = request?.reference ?? "";
        await recordChange(db, seeded.id, desk, { kind: "note", body: secrets.note });
        const book = (start: Date, course?: { sessions: number; weekdays: number[] }) =>
          bookVisits(
            db,
            desk,
            {
              appointmentId: seeded.id,
              therapistId: "t-rao",
              start,
              minutes: 60,
              kind: "treatment",
              course,
            },
            { travelMinutes: 30 },
          );
        await book(indiaMorning(2), { sessions: 10, weekdays: [1, 2, 3, 4, 5, 6, 7] });
        const [cancelled] = await book(indiaMorning(1));
        await cancelVisit(db, desk, cancelled ?? "", {
          by: "clinic",
          reason: secrets.cancelReason,
        });
        await db.insert(visits).values({
          appointmentId: seeded.id,
          therapistId: "t-rao",
          startsAt: indiaMorning(-7),
          endsAt: new Date(indiaMorning(-7).getTime() + 3_600_000),
          blockedUntil: new Date(indiaMorning(-7).getTime() + 5_400_000),
          kind: "assessment",
          status: "done",
          note: secrets.visitNote,
          painBefore: 7,
          painAfter: 4,
        });
      },
    },
  );
  const context = useBrowser(desktop);

  beforeEach(async () => {
    await context().clearCookies();
  });

  /** The page's HTML as the server sends it to the browser's cookies, and the page's own. */
  async function htmlOf(page: Page, path: string) {
    const cookies = await context().cookies(server.url());
    const served = await fetch(`${server.url()}${path}`, {
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    return [await served.text(), await page.content()];
  }

  async function fillLookup(page: Page, fields: { reference: string; digits: string }) {
    await page.locator("#reference").fill(fields.reference);
    await page.locator("#digits").fill(fields.digits);
  }

  /** Without JavaScript: the form's post as the browser navigates, and the answer to the post. */
  async function submitted(page: Page, button: string) {
    const [landed] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: button }).click(),
    ]);
    let request = landed?.request();
    while (request?.redirectedFrom()) request = request.redirectedFrom() ?? undefined;
    const answer = await request?.response();
    if (!answer) throw new Error("the form's post got no answer");
    return answer;
  }

  async function lookUp(page: Page, fields: { reference: string; digits: string }, button: string) {
    await fillLookup(page, fields);
    return submitted(page, button);
  }

  it("shows the next visit and its therapist with JavaScript, and sends a move to Needs attention", async () => {
    const url = server.url();
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.41" });
    const page = await context().newPage();
    const errors = watchErrors(page);
    const answer = await page.goto(`${url}/status`);
    expect(answer?.headers()["cache-control"]).toBe("no-store");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await waitForHydration(page);
    // Typed as read out on the phone.
    const typed = `${seeded.reference.slice(0, 3).toLowerCase()} ${seeded.reference.slice(3)}`;
    await fillLookup(page, { reference: typed, digits });
    await page.getByRole("button", { name: "Show my request" }).click();
    await expect
      .poll(() => page.locator("h1").textContent(), navigationWait)
      .toBe(`Request ${seeded.reference}`);
    expect(page.url()).toBe(`${url}/status`);

    const next = page.locator("[data-next]");
    const nextText = await next.textContent();
    expect(nextText).toContain("Treatment · Session 1 of 10");
    expect(nextText).toContain("Dr. Meera Rao");
    expect(nextText).toContain("Registration no. DL-PT-20417");
    expect(nextText).toContain("Speaks Hindi, English");
    expect(await page.locator("[data-done]").textContent()).toBe("1 visit done.");
    expect(
      await page
        .locator("[data-visit]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-state"))),
    ).toEqual(["done", "cancelled", ...Array(10).fill("to_come")]);
    expect(await axeViolations(page)).toEqual([]);

    // Ask to move the second session.
    const second = page.locator("[data-visit]").nth(3);
    await second.getByText("Move or cancel this visit").click();
    await second.getByLabel("Why?").fill("A family wedding that day");
    await second.getByLabel("A better time for you (optional)").fill("Saturday morning");
    await second.getByRole("button", { name: "Send to the clinic" }).click();
    await expect
      .poll(() => second.locator("[data-asked]").textContent(), navigationWait)
      .toMatch(/^You asked to move this visit on .+; we will call you\.$/);
    expect(await second.locator("[data-ask-form]").count()).toBe(0);

    // Nothing staff-only, nor the family's own details, in either HTML.
    for (const html of await htmlOf(page, "/status")) {
      expect(html).toContain("Dr. Meera Rao");
      for (const secret of Object.values(secrets)) expect(html).not.toContain(secret);
      expect(html).not.toContain(phone);
      expect(html).not.toContain("9911055443");
    }
    expect(errors).toEqual([]);

    // At the front desk: in Needs attention, marked.
    await signedInAs(context(), url, await signInCookie(url, admin));
    const desk = await context().newPage();
    await desk.goto(`${url}/admin?view=attention`);
    const mark = desk.locator('[data-marker="family-ask"]');
    await expect
      .poll(() => mark.first().textContent(), navigationWait)
      .toBe("Asks to move a visit");
    expect(await desk.locator('[data-count="family"]').textContent()).toBe("1 from families");
  });

  it("works without JavaScript in Hindi: one message for a wrong pair, then the page, and the stop", async () => {
    const url = server.url();
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.42" });
    const page = await context().newPage();
    await disableJavaScript(page);
    await page.goto(`${url}/hi/status`);
    const wrong = await lookUp(
      page,
      { reference: seeded.reference, digits: "0000" },
      "मेरा अनुरोध दिखाएँ",
    );
    expect(wrong.status()).toBe(422);
    expect(await page.locator("[data-status-message]").textContent()).toBe(
      "इस रेफ़रेंस नंबर और इन अंकों से कोई अनुरोध नहीं मिला। दोनों जाँचकर फिर से कोशिश करें, या हमें कॉल करें।",
    );
    const right = await lookUp(page, { reference: seeded.reference, digits }, "मेरा अनुरोध दिखाएँ");
    expect(right.status()).toBe(303);
    expect(page.url()).toBe(`${url}/hi/status`);
    expect(await page.locator("h1").textContent()).toBe(`अनुरोध ${seeded.reference}`);
    const next = await page.locator("[data-next]").textContent();
    expect(next).toContain("इलाज · 10 में से सेशन 1");
    expect(next).toContain("Dr. Meera Rao");
    expect(next).toContain("रजिस्ट्रेशन नंबर DL-PT-20417");
    expect(next).toContain("भाषाएँ: हिंदी, अंग्रेज़ी");
    for (const html of await htmlOf(page, "/hi/status")) {
      for (const secret of Object.values(secrets)) expect(html).not.toContain(secret);
      expect(html).not.toContain("9911055443");
    }

    // Ask to move a later session, without JavaScript: the answer is the page again, saying so.
    const later = page.locator("[data-visit]").nth(5);
    await later.getByText("यह विज़िट बदलें या रद्द करें").click();
    await later.getByLabel("क्यों?").fill("उस दिन अस्पताल में जाँच है");
    await later.getByLabel("आपके लिए बेहतर समय (चाहें तो)").fill("रविवार शाम");
    const [askLanded] = await Promise.all([
      page.waitForNavigation(),
      later.getByRole("button", { name: "क्लिनिक को भेजें" }).click(),
    ]);
    expect(askLanded?.url()).toBe(`${url}/hi/status`);
    expect(await page.locator("[data-visit]").nth(5).locator("[data-asked]").textContent()).toMatch(
      /^आपने .+ को यह विज़िट बदलने के लिए कहा; हम आपको कॉल करेंगे।$/,
    );

    expect(await page.locator("[data-updates]").getAttribute("data-updates")).toBe("on");
    // The stop asks first (the answer to its post), then stops.
    expect((await submitted(page, "व्हाट्सऐप मैसेज बंद करें")).status()).toBe(200);
    expect((await submitted(page, "हाँ, बंद करें")).status()).toBe(303);
    expect(await page.locator("[data-updates-state]").textContent()).toBe(
      "व्हाट्सऐप मैसेज बंद हैं। जब तक आप इन्हें फिर से शुरू नहीं करते, हम व्हाट्सऐप पर कुछ नहीं भेजेंगे।",
    );

    // "Look up another request": the form again, the cookie gone.
    expect((await submitted(page, "कोई और अनुरोध देखें")).status()).toBe(303);
    expect(await page.locator("#reference").count()).toBe(1);
    expect((await context().cookies(url)).map((cookie) => cookie.name)).not.toContain(
      "family_status",
    );
  });

  it("works with JavaScript in Hindi: one message for a wrong pair, then the next visit and its therapist", async () => {
    const url = server.url();
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.44" });
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/hi/status`);
    await waitForHydration(page);
    await fillLookup(page, { reference: seeded.reference, digits: "1111" });
    await page.getByRole("button", { name: "मेरा अनुरोध दिखाएँ" }).click();
    await expect
      .poll(() => page.locator("[data-status-message]").textContent(), navigationWait)
      .toBe("इस रेफ़रेंस नंबर और इन अंकों से कोई अनुरोध नहीं मिला। दोनों जाँचकर फिर से कोशिश करें, या हमें कॉल करें।");
    await fillLookup(page, { reference: seeded.reference, digits });
    await page.getByRole("button", { name: "मेरा अनुरोध दिखाएँ" }).click();
    await expect
      .poll(() => page.locator("h1").textContent(), navigationWait)
      .toBe(`अनुरोध ${seeded.reference}`);
    const next = await page.locator("[data-next]").textContent();
    expect(next).toContain("10 में से सेशन 1");
    expect(next).toContain("Dr. Meera Rao");
    expect(next).toContain("रजिस्ट्रेशन नंबर DL-PT-20417");
    // Chromium logs the wrong pair's 422 as a failed load; nothing else went wrong.
    expect(errors).toEqual([expect.stringContaining("status of 422")]);
  });

  it("refuses a client past the limit with 429, Retry-After and how long to wait", async () => {
    const url = server.url();
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.43" });
    const page = await context().newPage();
    await disableJavaScript(page);
    await page.goto(`${url}/status`);
    for (let i = 0; i < 3; i++) {
      const wrong = await lookUp(page, { reference: "ZZZ ZZZ", digits: "1234" }, "Show my request");
      expect(wrong.status()).toBe(422);
    }
    const refused = await lookUp(page, { reference: seeded.reference, digits }, "Show my request");
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await page.locator("[data-status-message]").textContent()).toMatch(
      /^Too many tries\. Please try again in 15 minutes, or call us on \+91 98765 43210\.$/,
    );
  });

  it("is linked from the confirmation of a request, in both languages", async () => {
    const url = server.url();
    for (const [path, link] of [
      ["/contact/received", "/status"],
      ["/hi/contact/received", "/hi/status"],
    ]) {
      const html = await (await fetch(`${url}${path}?ref=${seeded.reference}`)).text();
      const anchor = /<a [^>]*data-status-link[^>]*>/.exec(html)?.[0];
      expect(anchor).toContain(`href="${link}"`);
    }
    // Never prerendered nor in the sitemap.
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("/status");
  });
});
