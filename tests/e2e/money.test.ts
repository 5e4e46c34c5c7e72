// The money in Chromium against the production server (decision 045; docs/payments.md): the desk
// sells a package of 10 on a request's page, 10 visits done use it and the 11th is charged, a
// payment recorded gives a receipt whose PDF, read back by a kept parser (unpdf), holds its
// number, the amount in figures and words, and the clinic's details; the family's status page, in
// English and in Hindi, shows what is due with its UPI link and QR code, then the receipt, whose
// PDF is theirs alone; a therapist at 390 px records cash at the door and the desk receives it.
// Each test has a request of its own; receipts are numbered across the file's tests, so a number is
// read from the page, never assumed.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import type { Database } from "#app/db.server.ts";
import { financialYearOf } from "#app/domain/money/financial-year.ts";
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
  toastTitles,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { insertRequest } from "#tests/e2e/seeded-requests.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";

/** The server's settings besides the test site's: a UPI id, a registration, the proxy trusted. */
const moneySettings = {
  TRUST_PROXY: "loopback",
  CLINIC_UPI_ID: "homephysio@okhdfcbank",
  CLINIC_REGISTRATION: "DL/CE/2024/00123",
};
/** The money as the server reads it (₹1,200 a session, 10 for ₹10,800: sites.ts). */
const money = toMoneySettings(parseEnv({ ...testSite.settings, ...moneySettings }));
const year = financialYearOf(new Date());
const receiptPattern = new RegExp(`HP/${year}/\\d{6}`);

const families = {
  desk: { name: "Suresh Khanna", phone: "9911000101", language: "en" as const },
  status: { name: "Kamla Devi", phone: "9911000102", language: "hi" as const },
  door: { name: "Ravi Verma", phone: "9911000103", language: "en" as const },
};
const seeded = {
  desk: { id: "", reference: "", visits: [] as string[] },
  status: { id: "", reference: "", visits: [] as string[] },
  door: { id: "", reference: "", visits: [] as string[] },
};

/**
 * A request and `count` treatment visits of the therapist at `hour`, one a day, the last
 * `lastDay` (each request its own hour: one therapist holds each time once).
 */
async function seedRequest(
  db: Database,
  family: (typeof families)[keyof typeof families],
  therapistId: string,
  count: number,
  lastDay: number,
  hour: number,
) {
  const request = await insertRequest(db, family);
  const made = await db
    .insert(visits)
    .values(
      Array.from({ length: count }, (_, index) => {
        const startsAt = indiaAt(lastDay - (count - 1 - index), hour);
        return {
          appointmentId: request.id,
          therapistId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          blockedUntil: new Date(startsAt.getTime() + 5_400_000),
          kind: "treatment" as const,
        };
      }),
    )
    .returning({ id: visits.id });
  return { id: request.id, reference: request.reference, visits: made.map((visit) => visit.id) };
}

describe("money", () => {
  const server = useStaffServer(moneySettings, [therapistAccount], {
    async seed(db) {
      const [therapist] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, therapistAccount.email));
      const [desk] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, admin.email));
      if (!therapist || !desk) throw new Error("no staff seeded");
      const actor = { id: desk.id, email: admin.email, isAdmin: true };
      // 11 visits in the last 11 days, to be marked done by the desk in the test.
      seeded.desk = await seedRequest(db, families.desk, therapist.id, 11, -1, 9);
      // One visit done yesterday, charged a session: the family owes ₹1,200.
      const status = await seedRequest(db, families.status, therapist.id, 1, -1, 12);
      await markVisit(db, actor, status.visits[0] ?? "", { kind: "done" }, money);
      seeded.status = status;
      // One visit done today, charged: the therapist collects at the door.
      const door = await seedRequest(db, families.door, therapist.id, 1, 0, 15);
      await markVisit(db, actor, door.visits[0] ?? "", { kind: "done" }, money);
      seeded.door = door;
    },
  });
  const context = useBrowser(desktop);

  const cookieOf = async (page: Page) =>
    (await page.context().cookies(server.url())).map((c) => `${c.name}=${c.value}`).join("; ");

  /** A receipt's PDF as its link gives it to these cookies, and its text. */
  async function receiptText(href: string, cookie: string) {
    const answer = await fetch(`${server.url()}${href}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const { text } = await extractText(new Uint8Array(await answer.arrayBuffer()), {
      mergePages: true,
    });
    return text.replace(/\s+/g, " ");
  }

  it("sells a package of 10 that 10 visits use, charges the 11th, and records a payment with its receipt", async () => {
    const url = server.url();
    const cookie = await signInCookie(url, admin);
    await signedInAs(context(), url, cookie);
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/admin/appointments/${seeded.desk.id}`);
    await waitForHydration(page);
    const account = page.getByRole("region", { name: "Account" });
    expect(await account.textContent()).toContain("Nothing owed");
    await account.getByRole("button", { name: "Sell a package of 10 sessions (₹10,800)" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Package sold.");

    // The 11 visits marked done as the page's own forms post them.
    for (const visitId of seeded.desk.visits) {
      const done = await fetch(`${url}/admin/appointments/${seeded.desk.id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "visit-done", visitId }),
        headers: { origin: url, cookie },
        redirect: "manual",
      });
      expect(done.status).toBe(303);
    }
    await page.reload();
    await waitForHydration(page);
    const shown = (await account.textContent()) ?? "";
    expect(shown).toMatch(/10 sessions: 10 used, 0 left, valid until \d{1,2} \w+ \d{4} · ₹10,800/);
    expect(
      await account.getByRole("list", { name: "Charges" }).locator("li").allTextContents(),
    ).toEqual([
      "Package · ₹10,800",
      ...Array.from({ length: 10 }, () =>
        expect.stringMatching(/^Session from the package · .* · ₹0$/),
      ),
      expect.stringMatching(/^Session at home · .* · ₹1,200$/),
    ]);
    expect(await page.locator("[data-balance]").first().textContent()).toContain("Owes ₹12,000");

    const form = account.getByRole("form", { name: "Record payment" });
    await form.getByLabel("Amount (₹)").fill("12,000");
    await form.getByLabel("Method").selectOption("upi");
    await form.getByLabel("Reference (optional)").fill("UPI 433512345678");
    await form.getByRole("button", { name: "Record payment" }).click();
    await expect
      .poll(async () => (await toastTitles(page)).join(" "), navigationWait)
      .toMatch(new RegExp(`Payment recorded: receipt ${receiptPattern.source}\\.`));
    await expect
      .poll(() => page.locator("[data-balance]").first().textContent(), navigationWait)
      .toContain("Nothing owed");
    const receiptLink = account.getByRole("link", { name: receiptPattern });
    const number = (await receiptLink.textContent()) ?? "";
    const text = await receiptText((await receiptLink.getAttribute("href")) ?? "", cookie);
    for (const expected of [
      `Receipt number: ${number}`,
      "Amount: ₹12,000",
      "In words: Twelve Thousand Rupees Only",
      "Received from: Suresh Khanna",
      "HomePhysio NCR",
      "Registration: DL/CE/2024/00123",
      "Paid by: UPI · Reference: UPI 433512345678",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.locator('[data-timeline="payment_received"]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows the family what is due with a UPI link and QR code, then the receipt and a credit note, in English and Hindi", async () => {
    const url = server.url();
    await context().clearCookies();
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.77" });
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/status`);
    await waitForHydration(page);
    await page.locator("#reference").fill(seeded.status.reference);
    await page.locator("#digits").fill(families.status.phone.slice(-4));
    await page.getByRole("button", { name: "Show my request" }).click();
    const payments = page.getByRole("region", { name: "Payments" });
    await expect
      .poll(() => payments.locator("[data-balance]").textContent(), navigationWait)
      .toBe("To pay: ₹1,200");
    const upi = payments.getByRole("link", { name: "Pay ₹1,200 by UPI" });
    expect(await upi.getAttribute("href")).toBe(
      `upi://pay?pa=homephysio%40okhdfcbank&pn=HomePhysio%20NCR&am=1200.00&cu=INR&tn=${seeded.status.reference}`,
    );
    const qr = payments.getByRole("img", { name: "Or scan this code with any UPI app" });
    expect(await qr.locator("svg path").count()).toBeGreaterThan(0);
    expect(await payments.textContent()).toContain("No payment yet.");
    expect(await axeViolations(page)).toEqual([]);

    // The desk records the money when it reaches the clinic's account.
    const staff = await signInCookie(url, admin);
    const recorded = await fetch(`${url}/admin/appointments/${seeded.status.id}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "payment-record",
        amount: "1200",
        method: "upi",
        paidOn: new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10),
        currency: "INR",
      }),
      headers: { origin: url, cookie: staff },
    });
    expect(recorded.status).toBe(200);

    await page.goto(`${url}/hi/status`);
    const hindi = page.getByRole("region", { name: "भुगतान" });
    expect(await hindi.locator("[data-balance]").textContent()).toBe("अभी कोई भुगतान बाकी नहीं है।");
    expect(await hindi.getByRole("link", { name: /UPI से भुगतान करें/ }).count()).toBe(0);
    const receipt = hindi.getByRole("link", { name: receiptPattern });
    const number = (await receipt.textContent()) ?? "";
    const href = (await receipt.getAttribute("href")) ?? "";
    const text = await receiptText(href, await cookieOf(page));
    expect(text).toContain(`रसीद नंबर: ${number}`);
    expect(text).toContain("₹1,200");
    // The receipt is the family's alone: without their look-up, a 404.
    expect((await fetch(`${url}${href}`)).status).toBe(404);

    // ₹200 of it was recorded wrongly: the desk corrects the receipt with a credit note, which the
    // family sees beside it, with its own PDF naming the receipt.
    const credited = await fetch(`${url}/admin/appointments/${seeded.status.id}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "credit-note",
        paymentId: href.split("/").at(-1) ?? "",
        amount: "200",
        currency: "INR",
        reason: "₹1,000 reached the account, not ₹1,200",
      }),
      headers: { origin: url, cookie: staff },
    });
    expect(credited.status).toBe(200);
    await page.reload();
    expect(await hindi.locator("[data-balance]").textContent()).toBe("देय राशि: ₹200");
    const note = hindi.getByRole("link", { name: /^HP\/\d\d-\d\d\/C\d{5}$/ });
    const noteHref = (await note.getAttribute("href")) ?? "";
    expect(noteHref).toMatch(/^\/status\/credit-note\/[0-9a-f-]{36}$/);
    expect(await hindi.locator("[data-receipts]").textContent()).toContain(
      `−₹200 · रसीद ${number} में सुधार का क्रेडिट नोट`,
    );
    const noteText = await receiptText(noteHref, await cookieOf(page));
    expect(noteText).toContain(`नोट नंबर: ${await note.textContent()}`);
    expect(noteText).toContain(`की रसीद ${number} के बदले`);
    expect((await fetch(`${url}${noteHref}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("lets a therapist at 390 px record cash at the door, which the desk then receives", async () => {
    const url = server.url();
    await signedInAs(context(), url, await signInCookie(url, therapistAccount));
    const page = await context().newPage();
    await page.setViewportSize(phone);
    const errors = watchErrors(page);
    await page.goto(`${url}/visits`);
    await waitForHydration(page);
    const card = page.locator(`[data-visit="${seeded.door.visits[0]}"]`);
    expect(await card.locator("[data-collect]").textContent()).toBe("Collect ₹1,200");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    expect(await axeViolations(page)).toEqual([]);
    await openFold(card, "Record what was paid");
    expect(await card.getByLabel("Amount received (₹)").inputValue()).toBe("1200.00");
    await card.getByLabel("Paid by").selectOption("cash");
    await card.getByRole("button", { name: "Record payment" }).click();
    await expect
      .poll(() => page.getByRole("status").first().textContent(), navigationWait)
      .toMatch(new RegExp(`^₹1,200 recorded: receipt ${receiptPattern.source}\\.$`));
    await expect.poll(() => card.locator("[data-collect]").count(), navigationWait).toBe(0);

    await signedInAs(context(), url, await signInCookie(url, admin));
    const desk = await context().newPage();
    await desk.goto(`${url}/admin/money`);
    const held = desk.locator("[data-cash]");
    expect(await held.count()).toBe(1);
    expect(await held.textContent()).toContain("therapist: ₹1,200");
    await held.getByRole("button", { name: "Received ₹1,200 from therapist" }).click();
    await expect
      .poll(() => desk.getByRole("status").first().textContent(), navigationWait)
      .toBe("₹1,200 received and marked handed in.");
    await expect
      .poll(() => desk.getByText("No therapist holds cash.").count(), navigationWait)
      .toBe(1);
    expect(errors).toEqual([]);
  });
});
