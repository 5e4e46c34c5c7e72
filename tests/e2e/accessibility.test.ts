// axe-core at phone and desktop widths on one page of each template and on every page of its
// own, in English and in Hindi (the pages derived from their list: tests/e2e/expected-pages.ts,
// so a new template is checked with nothing written here); the same visits prove that those
// pages start, with their h1 and their language, without a console error or exception.
// Every other public route gets the same check in pages.test.ts.
//
// Each page is loaded once, at the phone's width (most of the site's visitors), checked, then
// widened to the desktop's and checked again. The same as loading it at each width: the page's
// HTML and its hydration do not depend on the width, as no code of the site reads the viewport
// (no matchMedia, innerWidth or resize listener; the testimonial carousel's library measures
// again when its container resizes, and the carousel reads it again then, on "reInit"), and the
// stylesheet's media queries apply on a resize as on a load. Should the site come to read the
// viewport, load each page at each width again. Loaded at each width in a browser of each, the
// 20 pages took about 34 CPU seconds with the run's set-up; so, about 26 (2026-11-27).
import { describe, expect, it } from "vitest";
import {
  axeViolations,
  besidesOwnNotFound,
  desktop,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import {
  axePaths,
  expectedHindiPages,
  expectedPages,
  hindiAxePaths,
} from "#tests/e2e/expected-pages.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

describe("axe-core", () => {
  const url = readOnlyServer();
  const context = useBrowser(phone);

  for (const path of [...axePaths, ...hindiAxePaths]) {
    it(`${path}: no WCAG 2.2 A/AA violations at ${phone.width}px and at ${desktop.width}px, and no console errors`, async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      const response = await page.goto(url() + path);
      expect(response?.status()).toBe(path.endsWith("/no-such-page") ? 404 : 200);
      await waitForHydration(page);
      if (hindiAxePaths.includes(path)) {
        expect(await page.locator("html").getAttribute("lang")).toBe("hi");
      }
      const expected = [...expectedPages, ...expectedHindiPages].find(
        (candidate) => candidate.path === path,
      );
      if (expected) {
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(expected.h1);
      }
      expect(await axeViolations(page), `at ${phone.width}px`).toEqual([]);
      await page.setViewportSize(desktop);
      // Two frames: the resize observers have run (the carousel's) and React has drawn again.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(await page.evaluate(() => window.innerWidth)).toBe(desktop.width);
      expect(await axeViolations(page), `at ${desktop.width}px`).toEqual([]);
      expect(besidesOwnNotFound(errors, url() + path)).toEqual([]);
    });
  }
});
