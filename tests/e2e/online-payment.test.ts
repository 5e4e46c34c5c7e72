// Paying online and the family's visit code in Chromium against the production server (decisions
// 047, 048), with Razorpay played by a local server that speaks its Payment Links API, shows a
// hosted page and sends the signed webhook when "Pay" is pressed (tests/integration/
// razorpay-api.ts): a family buys a package from the Hindi status page and pays what is due from
// the English one, and each sees its receipt; a therapist at 390 px marks a visit done with the
// family's code (confirmed), one without it (not confirmed), and meets the limit of wrong codes.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { toMoneySettings } from "#app/domain/money/prices.server.ts";
import { markVisit } from "#app/domain/visits/visits.server.ts";
import { users, visits } from "#db/schema.ts";
import {
  axeViolations,
  desktop,
  navigationWait,
  openFold,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { insertRequest } from "#tests/e2e/seeded-requests.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";
import {
  razorpaySignature,
  razorpayTest,
  startFakeRazorpay,
} from "#tests/integration/razorpay-api.ts";

let serverUrl = "";
const razorpay = await startFakeRazorpay({ webhookTo: () => serverUrl });
afterAll(() => razorpay.close());

const families = {
  hindi: { name: "Kamla Devi", phone: "9911000201", language: "hi" as const },
  payer: { name: "Suresh Khanna", phone: "9911000203", language: "en" as const },
  english: { name: "Ravi Verma", phone: "9911000202", language: "en" as const },
};
const seeded = {
  hindi: { reference: "" },
  payer: { reference: "" },
  english: { id: "", reference: "" },
  visits: [] as { id: string; code: string }[],
};
/** The money as the server reads it (₹1,200 a session: sites.ts). */
const money = toMoneySettings(parseEnv(testSite.settings));

describe("paying online, and the family's visit code", () => {
  const server = useStaffServer(
    () => ({
      TRUST_PROXY: "loopback",
      RAZORPAY_KEY_ID: razorpayTest.keyId,
      RAZORPAY_KEY_SECRET: razorpayTest.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpayTest.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
      VISIT_CODE_RATE_LIMIT: "5/1d",
    }),
    [therapistAccount],
    {
      async seed(db) {
        const [therapist] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, therapistAccount.email));
        if (!therapist) throw new Error("no therapist seeded");
        seeded.hindi = await insertRequest(db, families.hindi);
        // A family owing ₹1,200: a visit of yesterday, done.
        const payer = await insertRequest(db, families.payer);
        seeded.payer = payer;
        const [owed] = await db
          .insert(visits)
          .values({
            appointmentId: payer.id,
            therapistId: therapist.id,
            startsAt: indiaAt(-1, 12),
            endsAt: indiaAt(-1, 13),
            blockedUntil: indiaAt(-1, 13, 30),
            kind: "treatment",
          })
          .returning({ id: visits.id });
        const [desk] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, admin.email));
        if (!owed || !desk) throw new Error("not seeded");
        await markVisit(
          db,
          { id: desk.id, email: admin.email, isAdmin: true },
          owed.id,
          { kind: "done" },
          money,
        );
        const english = await insertRequest(db, families.english);
        seeded.english = english;
        // Three visits of the English family today, two hours apart, each with its code.
        const made = await db
          .insert(visits)
          .values(
            [6, 8, 10].map((hour) => ({
              appointmentId: english.id,
              therapistId: therapist.id,
              startsAt: indiaAt(0, hour),
              endsAt: indiaAt(0, hour + 1),
              blockedUntil: indiaAt(0, hour + 1, 30),
              kind: "treatment" as const,
            })),
          )
          .returning({ id: visits.id, code: visits.familyCode });
        seeded.visits = made;
      },
    },
  );
  const context = useBrowser(desktop);

  async function statusPage(family: (typeof families)[keyof typeof families], path: string) {
    serverUrl = server.url();
    await context().clearCookies();
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url()}${path}`);
    await waitForHydration(page);
    const reference =
      family === families.hindi
        ? seeded.hindi.reference
        : family === families.payer
          ? seeded.payer.reference
          : seeded.english.reference;
    await page.locator("#reference").fill(reference);
    await page.locator("#digits").fill(family.phone.slice(-4));
    await page
      .locator("form")
      .filter({ has: page.locator("#reference") })
      .locator("button")
      .click();
    return { page, errors };
  }

  it("lets a family buy a package from the Hindi status page through the gateway, then shows its receipt", async () => {
    const { page, errors } = await statusPage(families.hindi, "/hi/status");
    const buy = page.getByRole("button", { name: "10 सेशन का पैकेज ऑनलाइन खरीदें (₹10,800)" });
    await expect.poll(() => buy.count(), navigationWait).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await buy.click();
    // Razorpay's page (the local stand-in), for the package's price.
    await expect.poll(() => page.locator("h1").textContent(), navigationWait).toBe("Pay ₹10800");
    await page.getByRole("button", { name: "Pay" }).click();
    // Back on the family's page, in Hindi: the package, and its receipt.
    await page.waitForURL(/\/hi\/status/, navigationWait);
    const payments = page.getByRole("region", { name: "भुगतान" });
    await expect
      .poll(() => payments.textContent(), navigationWait)
      .toContain("10 सेशन का पैकेज: 10 बाकी");
    expect(await payments.locator("[data-receipts]").textContent()).toMatch(
      /HP\/\d\d-\d\d\/\d{6} · .+ · ₹10,800/,
    );
    expect(await payments.locator("[data-balance]").textContent()).toBe(
      "अभी कोई भुगतान बाकी नहीं है।",
    );
    expect(errors).toEqual([]);
  });

  it("lets a therapist at 390 px confirm a visit with the family's code, leave one unconfirmed, and stops guesses", async () => {
    const url = server.url();
    serverUrl = url;
    const [confirmed, unconfirmed, guessed] = seeded.visits;
    if (!confirmed || !unconfirmed || !guessed) throw new Error("no visits seeded");
    // The family sees each code on their page.
    const family = await statusPage(families.english, "/status");
    await expect
      .poll(() => family.page.locator("[data-visit-code]").allTextContents(), navigationWait)
      .toContain(
        `Visit code ${confirmed.code}: tell it to the therapist at the end of the visit, to confirm it took place.`,
      );
    await family.page.close();

    await signedInAs(context(), url, await signInCookie(url, therapistAccount));
    const page = await context().newPage();
    await page.setViewportSize(phone);
    const errors = watchErrors(page);
    await page.goto(`${url}/visits`);
    await waitForHydration(page);
    const card = (id: string) => page.locator(`[data-visit="${id}"]`);
    // Nowhere on the therapist's page.
    expect(await page.content()).not.toContain(`Visit code ${confirmed.code}`);
    expect(await axeViolations(page)).toEqual([]);

    /** Presses Done with `code`, and waits for the server's answer (each press its own). */
    const done = async (id: string, code: string) => {
      await openFold(card(id), "Record the visit");
      await card(id).getByLabel("The family's visit code (4 digits)").fill(code);
      const answered = page.waitForResponse(
        (response) => response.url().includes("/visits") && response.request().method() === "POST",
        { timeout: navigationWait.timeout },
      );
      await card(id).getByRole("button", { name: "Done", exact: true }).click();
      return (await answered).status();
    };
    expect(await done(confirmed.id, confirmed.code)).toBe(200);
    await expect
      .poll(
        () => card(confirmed.id).getByRole("button", { name: "Done", exact: true }).count(),
        navigationWait,
      )
      .toBe(0);
    expect(await done(unconfirmed.id, "")).toBe(200);
    await expect
      .poll(
        () => card(unconfirmed.id).getByRole("button", { name: "Done", exact: true }).count(),
        navigationWait,
      )
      .toBe(0);
    // Wrong codes: refused each time, then the limit, even for the right one.
    const wrong = String((Number(guessed.code) + 1) % 10_000).padStart(4, "0");
    for (let n = 0; n < 5; n++) {
      expect(await done(guessed.id, wrong)).toBe(422);
      await expect
        .poll(
          () => card(guessed.id).locator(`#refusal-${guessed.id}`).textContent(),
          navigationWait,
        )
        .toBe(
          "That is not this visit's code. Ask the family to read it from their status page or the reminder.",
        );
    }
    expect(await done(guessed.id, guessed.code)).toBe(429);
    await expect
      .poll(() => card(guessed.id).locator(`#refusal-${guessed.id}`).textContent(), navigationWait)
      .toBe(
        "Too many wrong codes for this visit. Mark it done without the code, or ask the front desk.",
      );
    expect(await card(guessed.id).getByRole("button", { name: "Done", exact: true }).count()).toBe(
      1,
    );
    // Chromium reports each refusal's status: five wrong codes (422), then the limit (429).
    expect(errors.map((error) => /status of (\d{3})/.exec(error)?.[1] ?? error)).toEqual([
      "422",
      "422",
      "422",
      "422",
      "422",
      "429",
    ]);

    // The desk reads which visit the family confirmed.
    await signedInAs(context(), url, await signInCookie(url, admin));
    const desk = await context().newPage();
    await desk.goto(`${url}/admin/appointments/${seeded.english.id}`);
    const marks = await desk.locator("[data-code-confirmed]").allTextContents();
    expect(marks.sort()).toEqual([
      "Confirmed by the family's code",
      "Not confirmed by the family (done without their code)",
    ]);
  });

  it("refuses the webhook unsigned or forged, and a purchase without the family's look-up", async () => {
    const url = server.url();
    const body = JSON.stringify({ event: "payment_link.paid", payload: {} });
    const post = (headers: Record<string, string>) =>
      fetch(`${url}/webhooks/razorpay`, {
        method: "POST",
        // From Razorpay's servers: another site's origin, which only the signature answers for.
        headers: {
          "Content-Type": "application/json",
          Origin: "https://api.razorpay.com",
          ...headers,
        },
        body,
      });
    const unsigned = await post({});
    expect([unsigned.status, await unsigned.text()]).toEqual([
      401,
      "The request is not signed (X-Razorpay-Signature).",
    ]);
    const forged = await post({ "X-Razorpay-Signature": "0".repeat(64) });
    expect([forged.status, await forged.text()]).toEqual([
      403,
      "The signature does not match the body.",
    ]);
    // Signed: answered 200, and kept for staff (not a payment of a link of ours).
    const signed = await post({ "X-Razorpay-Signature": razorpaySignature(body) });
    expect([signed.status, await signed.text()]).toEqual([200, "OK"]);
    // The status page's purchase needs the family's own look-up.
    for (const intent of ["buy-package", "pay-online"]) {
      const refused = await fetch(`${url}/status`, {
        method: "POST",
        headers: { origin: url },
        body: new URLSearchParams({ intent }),
      });
      expect(refused.status).toBe(403);
      await refused.arrayBuffer();
    }
  });

  it("lets a family pay what is due from the English status page, then shows the receipt", async () => {
    const { page, errors } = await statusPage(families.payer, "/status");
    const pay = page.getByRole("button", { name: "Pay ₹1,200 online" });
    await expect.poll(() => pay.count(), navigationWait).toBe(1);
    await pay.click();
    await expect.poll(() => page.locator("h1").textContent(), navigationWait).toBe("Pay ₹1200");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/status/, navigationWait);
    const payments = page.getByRole("region", { name: "Payments" });
    await expect
      .poll(() => payments.locator("[data-balance]").textContent(), navigationWait)
      .toBe("Nothing to pay just now.");
    expect(await payments.locator("[data-receipts]").textContent()).toContain("₹1,200");
    expect(errors).toEqual([]);
  });
});
