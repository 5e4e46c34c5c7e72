// The site without analytics ids, as most visitors get it: no request to any other host, no
// analytics set up, and no analytics host in the Content-Security-Policy. The same site with ids
// is tested in programs.test.ts, on the build `npm start` makes there (analytics.ts).
import { describe, expect, it } from "vitest";
import { cspDirective } from "#tests/e2e/analytics.ts";
import { phone, recordRequests, useBrowser, waitForHydration } from "#tests/e2e/browser.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

describe("analytics", () => {
  const plainUrl = readOnlyServer();

  describe("with no analytics id configured", () => {
    const context = useBrowser(phone);

    it("makes no request to any other host, and sets up no analytics", async () => {
      const requests = recordRequests(context());
      const page = await context().newPage();
      await page.goto(`${plainUrl()}/`);
      await waitForHydration(page);
      await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
      await page.waitForURL(`${plainUrl()}/blog`);
      // Proving an absence: the page has loaded, its islands have started (analytics would be
      // one; they start after the first paint, which the load event does not wait for), and the
      // task analytics queues as it starts (where gtag.js would be added) has run, as a task
      // queued after it has.
      await page.waitForLoadState("load");
      await waitForHydration(page);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

      expect(requests.length).toBeGreaterThan(3);
      expect(requests.filter((request) => !request.startsWith(plainUrl()))).toEqual([]);
      // Nor any script on its way to another host (its request might not be recorded yet).
      expect(
        await page.evaluate(() =>
          [...document.scripts]
            .map((script) => script.src)
            .filter((src) => src !== "" && new URL(src).origin !== location.origin),
        ),
      ).toEqual([]);
      expect(await page.evaluate(() => [typeof window.dataLayer, typeof window.gtag])).toEqual([
        "undefined",
        "undefined",
      ]);
    });
  });

  // A prerendered page (headers computed at start-up) and a page rendered per request.
  it.each(["/", "/no-such-page"])("%s: the CSP allows no analytics host", async (path) => {
    const csp = (await fetch(plainUrl() + path)).headers.get("content-security-policy");
    expect(cspDirective(csp, "script-src")).toMatch(/^script-src 'self' /);
    expect(csp).not.toMatch(/googletagmanager|google-analytics/);
  });
});
