// The site's analytics with ids configured, in a browser: gtag.js loaded after the page with both
// ids, every route change and the contact clicks reported to both accounts, and the analytics
// hosts allowed by the CSP. The build with ids is the one `npm start` makes from an env file in
// programs.test.ts, which runs these tests against it (a build of its own would cost the run one
// more); the site without ids is analytics.test.ts's.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { analyticsIds } from "#tests/e2e/sites.ts";

const gtagUrl = `https://www.googletagmanager.com/gtag/js?id=${analyticsIds[0]}`;

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

/** One directive of a Content-Security-Policy header ("" when it has none). */
export function cspDirective(csp: string | null, name: string): string {
  return (
    (csp ?? "")
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ""
  );
}

/** The tests, for a describe block, against `analyticsUrl`'s server, whose build has both ids. */
export function analyticsWithIds(analyticsUrl: () => string) {
  return () => {
    describe("with two analytics ids configured", () => {
      const context = useBrowser(phone);
      beforeAll(async () => {
        // gtag.js itself is outside this closed network; what matters is what we hand it.
        await context().route("https://www.googletagmanager.com/**", (route) =>
          route.fulfill({ contentType: "text/javascript", body: "window.__gtagLoaded = true;" }),
        );
      });

      it("loads gtag.js after the page, and reports every route change with path and query to both accounts", async () => {
        const page = await context().newPage();
        const errors = watchErrors(page);
        // One timeline of the page's load event and its requests, in the order the browser saw them.
        const timeline: string[] = [];
        page.on("load", () => timeline.push("load"));
        page.on("request", (request) => timeline.push(request.url()));
        await page.goto(`${analyticsUrl()}/?utm_source=test`);
        await waitForHydration(page);
        await page.waitForFunction(
          () => (window as { __gtagLoaded?: boolean }).__gtagLoaded === true,
        );
        expect(timeline).toContain(gtagUrl);
        expect(timeline.indexOf("load")).toBeGreaterThan(-1);
        expect(timeline.indexOf("load")).toBeLessThan(timeline.indexOf(gtagUrl));

        const all = await commands(page);
        for (const id of analyticsIds) {
          expect(all).toContainEqual(["config", id, { send_page_view: false }]);
        }
        expect(eventsNamed(all, "page_view")).toEqual(
          analyticsIds.map((id) =>
            expect.objectContaining({ send_to: id, page_path: "/?utm_source=test" }),
          ),
        );

        await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
        await page.waitForURL(`${analyticsUrl()}/privacy-policy`);
        // A link between public pages is a page load (decision 040): the page it opens reports
        // its own view, once to each account, with its path.
        await expect
          .poll(async () => eventsNamed(await commands(page), "page_view"), navigationWait)
          .toEqual(
            analyticsIds.map((id) =>
              expect.objectContaining({ send_to: id, page_path: "/privacy-policy" }),
            ),
          );
        expect(errors).toEqual([]);
      });

      it("reports Call Now and WhatsApp clicks as an engagement and a contact event each", async () => {
        const page = await context().newPage();
        await page.goto(`${analyticsUrl()}/contact`);
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
          context().waitForEvent("page"),
          bar.getByRole("link", { name: /WhatsApp/ }).click(),
        ]);
        await popup.close();

        const all = await commands(page);
        for (const id of analyticsIds) {
          for (const [event, method] of [
            ["click_call", "phone"],
            ["click_whatsapp", "whatsapp"],
          ] as const) {
            const engagement = {
              send_to: id,
              event_category: "engagement",
              event_label: "mobile-bar",
            };
            expect(eventsNamed(all, event)).toContainEqual(engagement);
            const contact = { send_to: id, method, event_label: "mobile-bar" };
            expect(eventsNamed(all, "contact")).toContainEqual(contact);
          }
        }
      });
    });

    // A prerendered page (headers computed at start-up) and a page rendered per request.
    it.each(["/", "/no-such-page"])("%s: the CSP allows the analytics hosts", async (path) => {
      const csp = (await fetch(analyticsUrl() + path)).headers.get("content-security-policy");
      expect(cspDirective(csp, "script-src")).toContain("https://www.googletagmanager.com");
      expect(cspDirective(csp, "connect-src")).toContain("https://*.google-analytics.com");
    });
  };
}
