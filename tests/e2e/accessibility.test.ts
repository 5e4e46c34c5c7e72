// axe-core on every public route at phone and desktop widths; the same visits prove that no
// page logs a console error or throws.
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { publicPaths } from "~/content/public-routes";
import { openBrowser, watchErrors } from "./browser";

const baseUrl = inject("baseUrl");
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  describe(`at ${viewport.width}px`, () => {
    let browser: Awaited<ReturnType<typeof openBrowser>>;
    beforeAll(async () => {
      browser = await openBrowser(viewport);
    });
    afterAll(async () => {
      await browser?.close();
    });

    for (const path of publicPaths()) {
      it(`${path}: no WCAG 2.2 A/AA violations and no console errors`, async () => {
        const page = await browser.context.newPage();
        const errors = watchErrors(page);
        await page.goto(baseUrl + path, { waitUntil: "networkidle" });
        const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        const summary = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  });
}
