// Readable and tappable for older users: every link and button in the header, the open menu, the
// footer and the mobile bar has at least 44 × 44 px of tap area at 390 px (WCAG 2.5.5), contact
// details are at least 16 px, and every public route reflows with no horizontal scrolling at
// 320 px (WCAG 1.4.10) and at 200 % text size (WCAG 1.4.4).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicPaths } from "#app/content/public-routes.ts";
import { navigationWait, phone, useBrowser, waitForHydration } from "#tests/e2e/browser.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

const interactive = "a[href], button, select, input, summary, [role=button]";

/** The tap boxes smaller than 44 × 44 in the region, as "text (width×height)". */
function smallTargets(page: Page, region: string) {
  return page.locator(region).evaluate((root, selector) => {
    const small: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown at this width
      if (box.width < 44 || box.height < 44) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
        small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  }, interactive);
}

/** How far the page scrolls sideways: 0 when it reflows. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Elements wider than the viewport, to name in a failure. */
function overflowing(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
  );
}

describe("readable and tappable", () => {
  const url = readOnlyServer();

  it("leaves no dead end on the 404 page: the services, the contact page and the phone", async () => {
    const response = await fetch(`${url()}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    for (const path of [
      "/stroke-rehabilitation-at-home",
      "/post-surgery-physiotherapy-at-home",
      "/back-pain-physiotherapy-at-home",
      "/sports-injury-physiotherapy",
      "/senior-physiotherapy-at-home",
      "/contact",
    ]) {
      expect(html).toContain(`href="${path}"`);
    }
    expect(html).toContain('href="tel:+919876543210"');
    expect(html).toContain("request an appointment");
  });

  describe("at 390 px", () => {
    const context = useBrowser(phone);

    it("gives every link and button in the header, menu, footer and mobile bar 44 × 44 px", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      await waitForHydration(page);
      expect(await smallTargets(page, "header")).toEqual([]);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect.poll(() => page.locator("#mobile-menu").isVisible(), navigationWait).toBe(true);
      expect(await smallTargets(page, "#mobile-menu")).toEqual([]);
      expect(await smallTargets(page, "footer")).toEqual([]);
      expect(await smallTargets(page, "nav[aria-label='Quick contact']")).toEqual([]);
    });

    it("keeps the booking button above the fold and clear of the contact bar, with the rating, number and hours", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      const button = await page.getByRole("link", { name: "Book a Free Assessment" }).boundingBox();
      const bar = await page.locator("nav[aria-label='Quick contact']").boundingBox();
      expect(button && bar && button.y + button.height <= bar.y).toBe(true);
      const hero = page.locator("section").first();
      // The panel of wide screens is hidden here: one of each is shown.
      const shown = (locator: ReturnType<Page["locator"]>) =>
        locator.filter({ visible: true }).count();
      expect(await shown(hero.getByText("4.8 out of 5 · 500 ratings"))).toBe(1);
      expect(await shown(hero.getByRole("link", { name: "+91 98765 43210" }))).toBe(1);
      expect(await shown(hero.getByText("Mon-Sun 9:00 AM - 7:00 PM"))).toBe(1);
    });

    it("writes the footer's contact details at 16 px or more", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      const sizes = await page
        .locator("footer address, footer address *")
        .evaluateAll((nodes) =>
          nodes.map((node) => Number.parseFloat(getComputedStyle(node).fontSize)),
        );
      expect(sizes.length).toBeGreaterThan(3);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
    });
  });

  describe("at 1280 px", () => {
    const context = useBrowser({ width: 1280, height: 800 });

    it("shows what, how to book, the number, the hours and the rating in the first screen", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      const inFirstScreen = async (locator: ReturnType<Page["locator"]>) => {
        const box = await locator.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 800;
      };
      const panel = page.getByRole("complementary", { name: "Call us" });
      expect(await inFirstScreen(page.getByRole("heading", { level: 1 }))).toBe(true);
      expect(await inFirstScreen(page.getByRole("link", { name: "Book a Free Assessment" }))).toBe(
        true,
      );
      expect(await inFirstScreen(panel.getByRole("link", { name: "+91 98765 43210" }))).toBe(true);
      expect(await inFirstScreen(panel.getByText("Mon-Sun 9:00 AM - 7:00 PM"))).toBe(true);
      expect(await inFirstScreen(panel.getByText("4.8 out of 5 · 500 ratings"))).toBe(true);
    });
  });

  describe("reflow", () => {
    const narrow = useBrowser({ width: 320, height: 640 });
    const zoomed = useBrowser(phone);

    it("scrolls no public route sideways at 320 px", async () => {
      const page = await narrow().newPage();
      const wide: string[] = [];
      for (const path of publicPaths()) {
        await page.goto(`${url()}${path}`);
        if ((await sidewaysOverflow(page)) > 0) {
          wide.push(`${path}: ${(await overflowing(page)).join(" | ")}`);
        }
      }
      expect(wide).toEqual([]);
    });

    it("scrolls no public route sideways with text at 200 % (390 px)", async () => {
      const page = await zoomed().newPage();
      const wide: string[] = [];
      for (const path of publicPaths()) {
        await page.goto(`${url()}${path}`);
        // The browser's text size setting: the root font size, which every rem scales with.
        await page.evaluate(() => {
          document.documentElement.style.fontSize = "200%";
        });
        if ((await sidewaysOverflow(page)) > 0) {
          wide.push(`${path}: ${(await overflowing(page)).join(" | ")}`);
        }
      }
      expect(wide).toEqual([]);
    });
  });
});
