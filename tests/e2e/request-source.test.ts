// Where each appointment request came from, end to end on the production server: a visit's first
// page leaves the session cookie (its page, the other site that sent it, the campaign's labels,
// an ad click id); the visitor moves on by a link and sends the form, with JavaScript or without;
// the request is stored with its landing page, the page it was sent from and its channel, and the
// staff e-mail says both. On PostgreSQL, so that the test reads the rows while the server runs.
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { fill, send, shownToasts, toast } from "#tests/e2e/appointment-page.ts";
import {
  catalogue,
  createTestDatabase,
  fastSubmissions,
  readStoredData,
  useSmtpServer,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { testSite } from "#tests/e2e/sites.ts";

/** What is stored about a request's source, as the columns read back. */
async function storedSource(url: string, name: string) {
  const { appointments } = await readStoredData({ databaseUrl: url });
  return appointments
    .filter((row) => row.name === name)
    .map((row) => ({
      landingPath: row.landingPath,
      sentFromPath: row.sentFromPath,
      referrerHost: row.referrerHost,
      utmSource: row.utmSource,
      utmMedium: row.utmMedium,
      utmCampaign: row.utmCampaign,
      clickIdParam: row.clickIdParam,
      clickId: row.clickId,
      channel: row.channel,
    }));
}

describe("where a request came from", () => {
  const smtp = useSmtpServer();
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startProductionServer({
      ...testSite.settings,
      ...fastSubmissions,
      SMTP_URL: smtp().url,
      DATABASE_URL: database.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  const url = () => server?.url ?? "";
  const databaseUrl = () => database?.url ?? "";

  const context = useBrowser(desktop);
  // One browser for the file: each test is a new visitor, whose browser holds no visit yet.
  beforeEach(() => context().clearCookies());

  /** The staff e-mail about the request of `name`, as a mail client reads its text, in lines. */
  async function staffMailAbout(name: string): Promise<string[]> {
    await expect
      .poll(() => smtp().messages.filter((raw) => raw.includes(name)).length, {
        timeout: 15_000,
        interval: 50,
      })
      .toBe(1);
    const raw = smtp().messages.find((message) => message.includes(name)) ?? "";
    return ((await simpleParser(raw)).text ?? "").split("\n");
  }

  /** Sends the hydrated form on `page` and waits for the success toast. */
  async function sendWithJavaScript(page: Page, name: string) {
    await fill(page, { ...validAppointment, name });
    await send(page);
    await expect
      .poll(() => shownToasts(page), { timeout: 10_000 })
      .toEqual([toast(catalogue.sent)]);
  }

  it("stores an ad's landing page, labels and click id with a request sent later from /contact, and tells staff", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    const landing = await page.goto(
      `${url()}/stroke-rehabilitation-at-home?utm_source=google&utm_medium=cpc&utm_campaign=stroke-nov&gclid=EAIaIQobChMI-ad_click.42`,
      { referer: "https://www.google.com/" },
    );
    expect(landing?.status()).toBe(200);
    await waitForHydration(page);
    // On to the form as a visitor goes: the header's button, a page load (decision 040).
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Book Now" })
      .click();
    await page.waitForURL(`${url()}/contact#book`, navigationWait);
    await expect.poll(() => page.locator("#name").count(), navigationWait).toBe(1);
    // The form sends without a reload once its island has started, which the load event
    // waitForURL waited for does not wait for (the islands' script starts after the first paint
    // and imports each island then). Pressed before, Send is the browser's own post of the form.
    await waitForHydration(page);
    await sendWithJavaScript(page, "Ads Visitor");
    expect(errors).toEqual([]);

    expect(await storedSource(databaseUrl(), "Ads Visitor")).toEqual([
      {
        landingPath: "/stroke-rehabilitation-at-home",
        sentFromPath: "/contact",
        referrerHost: "google.com",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "stroke-nov",
        clickIdParam: "gclid",
        clickId: "EAIaIQobChMI-ad_click.42",
        channel: "ads",
      },
    ]);
    const mail = await staffMailAbout("Ads Visitor");
    expect(mail[0]).toBe("A new home-visit request came in through http://localhost:3000/contact.");
    expect(mail.filter((line) => line.startsWith("Came from:"))).toEqual([
      "Came from: Ads: google.com, google / cpc, campaign stroke-nov, gclid; landed on /stroke-rehabilitation-at-home",
    ]);
  });

  it("stores a social site's visit to an area page with a request sent without JavaScript", async () => {
    const page = await context().newPage();
    await disableJavaScript(page);
    const errors = watchErrors(page);
    const landing = await page.goto(`${url()}/service-areas/gurugram`, {
      referer: "https://l.facebook.com/",
    });
    expect(landing?.status()).toBe(200);
    // A plain link: the browser asks the server for /contact itself, saying it came from here.
    await page.getByRole("link", { name: "Book Home Visit" }).first().click();
    await page.waitForURL(`${url()}/contact#book`, navigationWait);
    expect(await page.locator('input[name="js"]').inputValue()).toBe("");
    await fill(page, { ...validAppointment, name: "Social Visitor" });
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await send(page);
    const response = await answer;
    expect(response.status()).toBe(303);
    const location = (await response.headerValue("location")) ?? "";
    expect(location).toMatch(/^\/contact\/received\?ref=\w{6}$/);
    await page.waitForURL(`${url()}${location}`, navigationWait);
    expect(errors).toEqual([]);

    expect(await storedSource(databaseUrl(), "Social Visitor")).toEqual([
      {
        landingPath: "/service-areas/gurugram",
        sentFromPath: "/contact",
        referrerHost: "facebook.com",
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        clickIdParam: null,
        clickId: null,
        channel: "social",
      },
    ]);
    const mail = await staffMailAbout("Social Visitor");
    expect(mail[0]).toBe("A new home-visit request came in through http://localhost:3000/contact.");
    expect(mail.filter((line) => line.startsWith("Came from:"))).toEqual([
      "Came from: Social: facebook.com; landed on /service-areas/gurugram",
    ]);
  });

  it("stores a visit that came straight to /contact as direct, landed on /contact", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    const landing = await page.goto(`${url()}/contact`);
    expect(landing?.status()).toBe(200);
    await waitForHydration(page);
    await sendWithJavaScript(page, "Direct Visitor");
    expect(errors).toEqual([]);

    expect(await storedSource(databaseUrl(), "Direct Visitor")).toEqual([
      {
        landingPath: "/contact",
        sentFromPath: "/contact",
        referrerHost: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        clickIdParam: null,
        clickId: null,
        channel: "direct",
      },
    ]);
    const mail = await staffMailAbout("Direct Visitor");
    expect(mail.filter((line) => line.startsWith("Came from:"))).toEqual([
      "Came from: Direct; landed on /contact",
    ]);
  });

  it("sets the visit's cookie on its first page only, which alone is kept private to the browser", async () => {
    const first = await fetch(`${url()}/about`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const cookies = first.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const [pair, ...attributes] = (cookies[0] ?? "").split("; ");
    expect(pair).toMatch(/^hp_visit=./);
    // For the browser's session only (no Expires, no Max-Age), out of scripts' reach.
    expect(attributes.map((attribute) => attribute.toLowerCase()).sort()).toEqual([
      "httponly",
      "path=/",
      "samesite=lax",
    ]);

    const later = await fetch(`${url()}/blog`, {
      headers: { cookie: pair ?? "", referer: `${url()}/about` },
    });
    expect(later.status).toBe(200);
    expect(later.headers.getSetCookie()).toEqual([]);
    expect(later.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });
});
