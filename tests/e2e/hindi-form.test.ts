// The appointment form on the Hindi contact page (/hi/contact; decision 022), in Chromium against the
// production server: every row of the validation table in Hindi under its field, and the area
// hint; the server's answer without JavaScript in Hindi too; a valid request, with JavaScript and
// without, shows the Hindi confirmation with its reference, still there after 30 seconds and
// after a reload; the
// staff find it by that reference in the dashboard's search, marked "Sent in Hindi", and the
// staff e-mail (in English) says so. The Hindi words are written out here, never imported from
// app/domain/appointments/form-text.ts: a change to them has to change this test on purpose.
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  besidesRefusal,
  expectEachRuleShown,
  type Field,
  fields,
  fill,
  formLabels,
  formValues,
  openForm,
  send,
  shownErrors,
  shownToasts,
  submitButton,
} from "#tests/e2e/appointment-page.ts";
import { fastSubmissions, useSmtpServer, validAppointment } from "#tests/e2e/appointments.ts";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

/** Each row of the validation table: a value that breaks one rule, and its Hindi message. */
const refusedValues: [field: Field, value: string, message: string][] = [
  ["name", "", "नाम लिखना ज़रूरी है"],
  ["name", "a".repeat(101), "नाम 100 अक्षरों से छोटा होना चाहिए"],
  ["phone", "987654321", "फ़ोन नंबर में कम से कम 10 अंक होने चाहिए"],
  ["phone", "9".repeat(16), "फ़ोन नंबर में 15 से कम अंक होने चाहिए"],
  ["phone", "abcdefghij", "फ़ोन नंबर में सिर्फ़ अंक, स्पेस, डैश, ब्रैकेट और शुरू में + हो सकता है"],
  ["address", "H-12", "पता लिखना ज़रूरी है"],
  ["address", "a".repeat(201), "पता 200 अक्षरों से छोटा होना चाहिए"],
  ["pincode", "12345", "पिन कोड 6 अंकों का होना चाहिए"],
  ["pincode", "12a456", "पिन कोड में सिर्फ़ अंक होने चाहिए"],
  ["message", "a".repeat(1001), "मैसेज 1000 अक्षरों से छोटा होना चाहिए"],
];

/** The success toast's words, which are also the confirmation's heading and first line. */
const sent = {
  title: "अपॉइंटमेंट का अनुरोध मिल गया!",
  description: "आपका अपॉइंटमेंट पक्का करने के लिए हम जल्द ही आपसे संपर्क करेंगे।",
};
const whatNext = "हम आपको +91 98765 43210 से 24 घंटे के अंदर, सुबह 9:00 से शाम 7:00 के बीच कॉल करेंगे।";
const referencePattern = /^[2-9A-HJKMNP-Z]{6}$/;

/** Taps the Hindi form's one button, "अनुरोध भेजें". */
async function sendHindi(page: Page) {
  expect(await submitButton(page, formLabels.hi).textContent()).toBe("अनुरोध भेजें");
  await send(page, formLabels.hi);
}

describe("the appointment form in Hindi", () => {
  const smtp = useSmtpServer();
  const server = useStaffServer(() => ({ ...fastSubmissions, SMTP_URL: smtp().url }));
  const context = useBrowser(phone);
  // A browser of its own for each test that takes the clock in hand: a page's clock is its
  // context's, and stays 30 s ahead after the test, which the start time the form sends would
  // carry into whichever test runs after it (they run in any order).
  const clockContexts = [useBrowser(phone), useBrowser(phone)] as const;

  /**
   * The front desk's view of a request: the dashboard's search for its reference lists it alone,
   * and its page shows the reference and "Sent in Hindi".
   */
  async function foundByStaff(reference: string, name: string, browser = context) {
    // Signed in for this look only: the visitor's pages before and after are not.
    const cookie = await signInCookie(server.url(), admin);
    await browser().addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", value = ""] = pair.split(/=(.*)/s);
        return { name, value, url: server.url() };
      }),
    );
    onTestFinished(() => browser().clearCookies());
    const page = await browser().newPage();
    await page.setViewportSize(desktop);
    await page.goto(`${server.url()}/admin`);
    await waitForHydration(page);
    await page.getByLabel("Search name, phone, address or pincode").fill(reference);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((address) => address.searchParams.get("q") === reference, navigationWait);
    const rows = page.locator("table tbody tr");
    await expect.poll(() => rows.count(), navigationWait).toBe(1);
    await rows.getByRole("link", { name, exact: true }).click();
    await page.waitForURL(/\/admin\/appointments\//, navigationWait);
    await expect
      .poll(() => page.locator("main").textContent(), navigationWait)
      .toContain(`Reference ${reference} · Sent in Hindi`);
  }

  it("shows each rule of the validation table in Hindi under its field, and the area hint in Hindi", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await openForm(page, `${server.url()}/hi`);
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    await fill(page, validAppointment);
    await expectEachRuleShown(page, refusedValues, sendHindi);
    expect(posts).toEqual([]);
    // validAppointment's PIN code, 122002, is Gurugram's.
    await expect
      .poll(() => page.locator("#pincode-hint").textContent())
      .toBe("अच्छी खबर: यह गुरुग्राम का लगता है, जहाँ हम आते हैं।");
    expect(errors).toEqual([]);
  });

  it("keeps the Hindi confirmation through a reload after a send with JavaScript", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, `${server.url()}/hi`);
    await fill(page, { ...validAppointment, name: "Hindi Reload Patient" });
    await sendHindi(page);
    const panel = page.getByRole("region", { name: sent.title });
    await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(true);
    const reference = (await panel.locator("[data-reference]").textContent()) ?? "";
    expect(reference).toMatch(referencePattern);
    expect(page.url()).toBe(`${server.url()}/hi/contact/received?ref=${reference}`);
    expect((await page.reload())?.status()).toBe(200);
    expect(
      await page.evaluate(() => ({
        lang: document.documentElement.lang,
        heading: document.querySelector("h1")?.textContent,
        reference: document.querySelector("[data-reference]")?.textContent,
      })),
    ).toEqual({ lang: "hi", heading: sent.title, reference });
    expect(errors).toEqual([]);
  });

  it("keeps the Hindi confirmation with its reference after 30 seconds; staff find it by the reference, sent in Hindi", async () => {
    const [context] = clockContexts;
    const page = await context().newPage();
    const errors = watchErrors(page);
    // The page's clock is the test's: thirty seconds pass without being waited for.
    await page.clock.install();
    await openForm(page, `${server.url()}/hi`);
    const name = "Hindi Script Patient";
    await fill(page, { ...validAppointment, name });
    await sendHindi(page);
    await expect.poll(() => shownToasts(page), { timeout: 10_000 }).toEqual([sent]);
    const panel = page.getByRole("region", { name: sent.title });
    await page.clock.runFor(30_000);
    // Whatever those seconds set off (a navigation fetches its data first) has come to rest.
    await page.waitForLoadState("networkidle");
    expect(await shownToasts(page)).toEqual([]);
    expect(await panel.isVisible()).toBe(true);
    const panelText = await panel.textContent();
    expect(panelText).toContain(sent.description);
    expect(panelText).toContain("आपका रेफ़रेंस नंबर");
    expect(panelText).toContain(whatNext);
    const reference = (await panel.locator("[data-reference]").textContent()) ?? "";
    expect(reference).toMatch(referencePattern);
    expect(await panel.getByRole("button", { name: "एक और अनुरोध भेजें" }).count()).toBe(1);
    expect(await formValues(page)).toEqual(["", "", "", "", ""]);
    expect(errors).toEqual([]);

    // The staff e-mail stays in English, and says which language the request was sent in.
    await expect
      .poll(() => smtp().messages.filter((raw) => raw.includes(name)).length, navigationWait)
      .toBe(1);
    const raw = smtp().messages.find((message) => message.includes(name)) ?? "";
    const lines = ((await simpleParser(raw)).text ?? "").split("\n");
    expect(lines.filter((line) => line.startsWith("Language:"))).toEqual([
      "Language: Hindi (sent from the Hindi site)",
    ]);

    await foundByStaff(reference, name, context);
  });

  it("answers in Hindi without JavaScript, then lands on /hi/contact/received with the Hindi confirmation, which stays and leads home in Hindi", async () => {
    const [, context] = clockContexts;
    const page = await context().newPage();
    await disableJavaScript(page);
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url()}/hi/contact`);
    // Nothing hydrated: the form is the server's HTML alone.
    expect(await page.locator('input[name="js"]').inputValue()).toBe("");

    // The server's own check, in Hindi, the typed values kept.
    const typed = {
      name: "b".repeat(101),
      phone: "98765",
      address: "H-12",
      pincode: "12a456",
      message: "c".repeat(1001),
    };
    await fill(page, typed);
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    const loaded = page.waitForEvent("load");
    await sendHindi(page);
    expect((await refused).status()).toBe(400);
    await loaded;
    expect(await shownErrors(page)).toEqual({
      name: "नाम 100 अक्षरों से छोटा होना चाहिए",
      phone: "फ़ोन नंबर में कम से कम 10 अंक होने चाहिए",
      address: "पता लिखना ज़रूरी है",
      pincode: "पिन कोड में सिर्फ़ अंक होने चाहिए",
      message: "मैसेज 1000 अक्षरों से छोटा होना चाहिए",
    });
    expect(await formValues(page)).toEqual(fields.map((field) => typed[field]));

    // Corrected and sent again: Post/Redirect/Get to the Hindi confirmation page.
    const name = "Hindi No Script Patient";
    await fill(page, { ...validAppointment, name });
    const accepted = page.waitForResponse((response) => response.request().method() === "POST");
    await sendHindi(page);
    const response = await accepted;
    expect(response.status()).toBe(303);
    const location = (await response.headerValue("location")) ?? "";
    expect(location).toMatch(/^\/hi\/contact\/received\?ref=[2-9A-HJKMNP-Z]{6}$/);
    const reference = new URL(location, server.url()).searchParams.get("ref") ?? "";
    await page.waitForURL(`${server.url()}${location}`);
    expect(posts).toEqual(["/hi/contact", "/hi/contact"]);
    expect(besidesRefusal(errors, 400)).toEqual([]);

    /** The confirmation as the page shows it. */
    const confirmation = (shown: Page) =>
      shown.evaluate(() => ({
        lang: document.documentElement.lang,
        heading: document.querySelector("h1")?.textContent,
        text: document.querySelector("main")?.textContent ?? "",
        reference: document.querySelector("[data-reference]")?.textContent,
        // Nothing takes a page without scripts away but a refresh the page itself asks for.
        refresh: document.querySelectorAll('meta[http-equiv="refresh" i]').length,
      }));
    const expected = {
      lang: "hi",
      heading: sent.title,
      text: expect.stringContaining(whatNext),
      reference,
      refresh: 0,
    };
    const shown = await confirmation(page);
    expect(shown).toEqual(expected);
    expect(shown.text).toContain(sent.description);

    // The same page once its scripts run: thirty seconds later the confirmation is still there.
    const withScript = await context().newPage();
    const scriptErrors = watchErrors(withScript);
    await withScript.clock.install();
    expect((await withScript.goto(`${server.url()}${location}`))?.status()).toBe(200);
    await waitForHydration(withScript);
    await withScript.clock.runFor(30_000);
    await withScript.waitForLoadState("networkidle");
    expect(await confirmation(withScript)).toEqual(expected);
    expect(scriptErrors).toEqual([]);

    await foundByStaff(reference, name, context);

    // Her way on is in Hindi too: the confirmation's link home opens the Hindi home page.
    await withScript.getByRole("link", { name: "होम पेज पर जाएँ", exact: true }).click();
    await withScript.waitForURL(`${server.url()}/hi`, navigationWait);
    await expect
      .poll(() => withScript.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("घर पर पाएँ सर्टिफाइड फिज़ियोथेरेपिस्ट");
  });
});
