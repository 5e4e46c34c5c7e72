// Every public route that accessibility.test.ts does not visit, in a real browser: it shows its
// own h1, starts its islands, and logs no console error or uncaught exception.
import { describe, expect, it } from "vitest";
import { phone, useBrowser, waitForHydration, watchErrors } from "#tests/e2e/browser.ts";
import { axePaths, expectedPages } from "#tests/e2e/expected-pages.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

describe("the public pages in a browser", () => {
  const url = readOnlyServer();

  describe("every other public route at 390px", () => {
    const context = useBrowser(phone);

    for (const expected of expectedPages.filter((page) => !axePaths.includes(page.path))) {
      it(`${expected.path} starts its islands with its h1 and no console errors`, async () => {
        const page = await context().newPage();
        const errors = watchErrors(page);
        const response = await page.goto(url() + expected.path);
        expect(response?.status()).toBe(200);
        await waitForHydration(page);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(expected.h1);
        expect(errors).toEqual([]);
      });
    }
  });
});
