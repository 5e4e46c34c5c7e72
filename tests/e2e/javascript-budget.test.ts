// The JavaScript each public page loads in a browser, as it crosses the network gzipped (decision
// 040): at most 15 KB on the pages served without React Router (decision 040) and at most 50 KB on
// the form's pages, in both languages. KB is 1024 bytes here: 15 KB is 15,360 bytes, 50 KB 51,200.
//
// What is measured is what really loads, not a list of files: the page is opened, its islands
// have started (or React has hydrated, on a page that is not an island page), and every script
// response is counted, the entry and each chunk it imported. The figure
// is each response's body as it came over the wire (Playwright's responseBodySize: the bytes
// Chromium received less the headers), with the browser asking for gzip only, so that the
// server sends the gzip -9 form its build wrote, or the file itself when it is too small to be
// worth compressing. A visitor's browser would mostly get brotli, a little smaller; the budget
// is stated in gzip, which every browser takes. Headers are left out: they are not JavaScript,
// and their few hundred bytes a file do not depend on the code. The browser's cache is off: each
// page counts its scripts as a first visit would, though the pages share one browser.
import type { Page, Response } from "playwright-core";
import { afterAll, describe, type ExpectStatic, it } from "vitest";
import { publicPaths } from "#app/content/public-routes.ts";
import { phone, useBrowser, waitForHydration } from "#tests/e2e/browser.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

const pageBudget = 15 * 1024;
const formBudget = 50 * 1024;
const formPages = new Set(["/contact", "/hi/contact"]);

/** Every public page in both languages, and the 404 of each. */
const paths = [...publicPaths(), "/no-such-page", "/hi/no-such-page"];

interface Script {
  name: string;
  bytes: number;
}

const isScript = (response: Response) =>
  response.request().resourceType() === "script" ||
  new URL(response.url()).pathname.endsWith(".js");

/** The scripts `address` loads, each with the bytes of its body over the wire. */
async function scriptsOf(page: Page, address: string, expect: ExpectStatic): Promise<Script[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.setExtraHTTPHeaders({ "Accept-Encoding": "gzip" });
  const responses: Response[] = [];
  page.on("response", (response) => {
    if (isScript(response)) responses.push(response);
  });
  const navigation = await page.goto(address);
  // A page that failed would load little and pass: each must be the page it is.
  expect(navigation?.status(), address).toBe(address.endsWith("/no-such-page") ? 404 : 200);
  // Ready once every island's chunk has been imported and has started (a hydrated page: once
  // React has committed), so every script the page loads by itself has come in. Waiting for the
  // network to go quiet as well cost half a second or more a page and found nothing more.
  await waitForHydration(page);
  const scripts: Script[] = [];
  for (const response of responses) {
    await response.finished();
    const { pathname } = new URL(response.url());
    // Brotli would mean the browser did not ask for gzip only, and the figure would not be gzip's.
    expect([undefined, "gzip"], pathname).toContain(response.headers()["content-encoding"]);
    const { responseBodySize } = await response.request().sizes();
    scripts.push({ name: pathname, bytes: responseBodySize });
  }
  // A script served from a cache would have come without a response to count: the page's own
  // account of what it loaded must name no other.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith(".js")),
  );
  expect(
    loaded.filter((pathname) => !scripts.some((script) => script.name === pathname)),
    `scripts of ${address} loaded without a response`,
  ).toEqual([]);
  return scripts;
}

const figures = new Map<string, number>();

describe("the JavaScript each public page loads, gzipped", () => {
  const url = readOnlyServer();
  const context = useBrowser(phone);

  afterAll(() => {
    const lines = paths
      .filter((path) => figures.has(path))
      .map((path) => `${String(figures.get(path)).padStart(7)}  ${path}`);
    console.info(`JavaScript per page, bytes gzipped over the wire:\n${lines.join("\n")}`);
  });

  // Side by side (Vitest's five at a time), each page in its own tab: the pages share nothing but
  // the browser, and each test asserts with its own `expect`, as concurrent tests must.
  for (const path of paths) {
    const budget = formPages.has(path) ? formBudget : pageBudget;
    it.concurrent(`${path}: at most ${budget / 1024} KB`, async ({ expect, onTestFinished }) => {
      const page = await context().newPage();
      onTestFinished(() => page.close());
      const scripts = await scriptsOf(page, url() + path, expect);
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
      figures.set(path, total);
      const each = scripts.map((script) => `${script.name} ${script.bytes}`).join(", ");
      expect(
        total,
        `${path} loads ${total} bytes of JavaScript gzipped (budget ${budget}): ${each || "none"}`,
      ).toBeLessThanOrEqual(budget);
    });
  }
});
