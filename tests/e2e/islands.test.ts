// The public pages served without React Router's client runtime (decision 040), as the server
// sends them: no React Router script, one boot script, and nothing that needs a script to work
// outside an island. This is how a page that forgot an island is found: its button, its live
// region or its form is left without one, and the test names it.
import { type HTMLElement, parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { bootAttribute, bootLoader } from "#app/islands/boot-loader.ts";
import { islandLoaders } from "#app/islands/registry.ts";
import { islandDataId } from "#app/islands/site-data.ts";
import { desktop, useBrowser, waitForHydration } from "#tests/e2e/browser.ts";
import { expectedHindiPages, expectedPages } from "#tests/e2e/expected-pages.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

/** Every public page in both languages (decision 040), and the not-found pages. */
const islandPaths = [
  ...expectedPages.map((page) => page.path),
  ...expectedHindiPages.map((page) => page.path),
  "/blog/99",
  "/no-such-page",
  "/hi/no-such-page",
];

/**
 * What HTML cannot do by itself: a button that is not a form's submit button, a control that
 * opens or shows something (aria-controls, aria-expanded), a region a script updates
 * (aria-live, role=status), and a form (which sends without a reload only through its island).
 */
const needsScript =
  'button:not([type="submit"]), [aria-controls], [aria-expanded], [aria-live], [role="status"], form';

/** A short, recognisable description of an element for a failure message. */
function describeElement(element: HTMLElement): string {
  const id = element.id ? `#${element.id}` : "";
  const label = element.getAttribute("aria-label") ?? element.textContent.trim().slice(0, 40);
  return `<${element.tagName.toLowerCase()}${id}> "${label}"`;
}

function insideIsland(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentNode) {
    if (node.getAttribute?.("data-island")) return true;
  }
  return false;
}

describe("island pages", () => {
  const baseUrl = readOnlyServer();

  for (const path of islandPaths) {
    it(`${path} loads its islands' boot script and no React Router script`, async () => {
      const html = await (await fetch(baseUrl() + path)).text();
      const doc = parse(html);
      expect(html).not.toContain("__reactRouterContext");
      expect(doc.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      expect(doc.querySelectorAll("script[src]")).toHaveLength(0);
      // Every other script is data: JSON-LD, or the islands' own.
      const executable = doc
        .querySelectorAll("script")
        .filter((script) => !/^application\/(ld\+)?json$/.test(script.getAttribute("type") ?? ""));
      expect(executable.map((script) => script.getAttribute(bootAttribute))).toEqual([
        expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/),
      ]);
      expect(executable[0]?.textContent).toBe(bootLoader);
      expect(() => JSON.parse(doc.getElementById(islandDataId)?.textContent ?? "")).not.toThrow();

      const orphans = doc.querySelectorAll(needsScript).filter((element) => !insideIsland(element));
      expect(orphans.map(describeElement), "outside every island").toEqual([]);

      const names = doc
        .querySelectorAll("[data-island]")
        .map((root) => root.getAttribute("data-island"));
      expect(names.filter((name) => !(name && name in islandLoaders))).toEqual([]);
    });
  }

  describe("followed from a page React Router runs", () => {
    const context = useBrowser(desktop);

    it("loads the island page as a document, never renders it in the client router", async () => {
      const page = await context().newPage();
      await page.goto(`${baseUrl()}/auth`);
      await waitForHydration(page);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "About Us" })
        .click();
      await page.waitForURL(`${baseUrl()}/about`);
      await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  });
});
