// axe-core at phone and desktop widths on one page of each template and on every page of its
// own; the same visits prove that those pages hydrate, with their h1, without a console error or
// exception.
// Every other public route gets the hydration check in pages.test.ts.
import { describe, expect, it } from "vitest";
import {
  axeViolations,
  besidesOwnNotFound,
  desktop,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "./browser";
import { axePaths, expectedPages } from "./expected-pages";
import { testSite, useServer } from "./sites";

describe("axe-core", () => {
  const url = useServer(testSite);

  for (const viewport of [phone, desktop]) {
    describe(`at ${viewport.width}px`, () => {
      const context = useBrowser(viewport);

      for (const path of axePaths) {
        it(`${path}: no WCAG 2.2 A/AA violations and no console errors`, async () => {
          const page = await context().newPage();
          const errors = watchErrors(page);
          const response = await page.goto(url() + path);
          expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
          await waitForHydration(page);
          const expected = expectedPages.find((candidate) => candidate.path === path);
          if (expected) {
            expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(expected.h1);
          }
          expect(await axeViolations(page)).toEqual([]);
          expect(besidesOwnNotFound(errors, url() + path)).toEqual([]);
        });
      }
    });
  }
});
