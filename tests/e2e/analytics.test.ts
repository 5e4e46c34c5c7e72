import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  navigationWait,
  openBrowser,
  recordRequests,
  waitForHydration,
  watchErrors,
} from "./browser";
import { analyticsIds } from "./servers";

type Command = [string, ...unknown[]];

/** What the site has handed to gtag.js: its dataLayer, as plain arrays. */
function commands(page: Page): Promise<Command[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>) as Command),
  );
}

function eventsNamed(all: Command[], name: string) {
  return all
    .filter((command) => command[0] === "event" && command[1] === name)
    .map((command) => command[2] as Record<string, unknown>);
}

describe("with two analytics ids configured", () => {
  const url = inject("analyticsUrl");
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let requests: string[];
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 844 });
    requests = recordRequests(browser.context);
    // gtag.js itself is outside this closed network; what matters is what we hand it.
    await browser.context.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.__gtagLoaded = true;" }),
    );
    await browser.context.route("https://wa.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>chat</title>" }),
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads gtag.js after the page, and reports every route change with path and query to both accounts", async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/?utm_source=test`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.waitForFunction(() => (window as { __gtagLoaded?: boolean }).__gtagLoaded === true);
    expect(requests).toContain(`https://www.googletagmanager.com/gtag/js?id=${analyticsIds[0]}`);

    let all = await commands(page);
    for (const id of analyticsIds) {
      expect(all).toContainEqual(["config", id, { send_page_view: false }]);
    }
    expect(eventsNamed(all, "page_view")).toEqual(
      analyticsIds.map((id) =>
        expect.objectContaining({ send_to: id, page_path: "/?utm_source=test" }),
      ),
    );

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(`${url}/privacy-policy`);
    await expect
      .poll(async () => eventsNamed(await commands(page), "page_view").length, navigationWait)
      .toBe(analyticsIds.length * 2);
    all = await commands(page);
    expect(eventsNamed(all, "page_view").slice(-2)).toEqual(
      analyticsIds.map((id) =>
        expect.objectContaining({ send_to: id, page_path: "/privacy-policy" }),
      ),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("reports Call Now and WhatsApp clicks as an engagement and a contact event each", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${url}/contact`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const bar = page.getByRole("navigation", { name: "Quick contact" });
    // Following a tel: link would hand off to a dialler; the click itself is what is reported.
    await page.evaluate(() =>
      document.addEventListener("click", (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    await bar.getByRole("link", { name: "Call Now" }).click();
    const [popup] = await Promise.all([
      browser.context.waitForEvent("page"),
      bar.getByRole("link", { name: /WhatsApp/ }).click(),
    ]);
    await popup.close();

    const all = await commands(page);
    for (const id of analyticsIds) {
      for (const [event, method] of [
        ["click_call", "phone"],
        ["click_whatsapp", "whatsapp"],
      ] as const) {
        const engagement = { send_to: id, event_category: "engagement", event_label: "mobile-bar" };
        expect(eventsNamed(all, event)).toContainEqual(engagement);
        const contact = { send_to: id, method, event_label: "mobile-bar" };
        expect(eventsNamed(all, "contact")).toContainEqual(contact);
      }
    }
    await page.close();
  });

  it("allows the analytics hosts in the page's Content-Security-Policy", async () => {
    const response = await fetch(`${url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("https://www.googletagmanager.com");
    expect(csp).toContain("connect-src 'self' https://*.google-analytics.com");
  });
});

describe("with no analytics id configured", () => {
  const url = inject("baseUrl");
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("makes no request to any other host, and sets up no analytics", async () => {
    const requests = recordRequests(browser.context);
    const page = await browser.context.newPage();
    await page.goto(`${url}/`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(`${url}/blog`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);

    expect(requests.length).toBeGreaterThan(3);
    expect(requests.filter((request) => !request.startsWith(url))).toEqual([]);
    expect(await page.evaluate(() => [typeof window.dataLayer, typeof window.gtag])).toEqual([
      "undefined",
      "undefined",
    ]);
    await page.close();
  });
});
