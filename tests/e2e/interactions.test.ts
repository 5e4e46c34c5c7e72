import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  besidesOwnNotFound,
  desktop,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { testSite, useServer } from "#tests/e2e/sites.ts";

const chatUrl = "https://wa.me/919876543210";
/** The menu button's icon, closed and open: Lucide's "menu" and "x", one path each. */
const menuIcon = "M4 5h16M4 12h16M4 19h16";
const closeIcon = "M18 6 6 18M6 6l12 12";

/** The page scrolled to its very end, and where the copyright line and the contact bar sit. */
async function bottomOfPage(page: Page) {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      ),
    )
    .toBe(true);
  const copyright = page
    .getByRole("contentinfo")
    .getByText(/^© \d{4} HomePhysio NCR\. All rights reserved\.$/);
  const bar = page.getByRole("navigation", { name: "Quick contact" });
  return { copyright, bar };
}

describe("interactions", () => {
  const url = useServer(testSite);

  describe("on a phone (390px)", () => {
    const context = useBrowser(phone);

    it("opens the menu, and closes it when a link in it navigates", async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      await page.goto(`${url()}/`);
      await waitForHydration(page);
      const toggle = page.getByRole("button", { name: "Open menu" });
      const menu = page.locator("#mobile-menu");
      await expect.poll(() => menu.isVisible()).toBe(false);
      await toggle.click();
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(
        await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded"),
      ).toBe("true");
      await menu.getByRole("link", { name: "About Us" }).click();
      await page.waitForURL(`${url()}/about`);
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
        .toBe("About Us");
      expect(
        await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
      ).toBe("false");
      expect(errors).toEqual([]);
    });

    it("opens and closes the menu by its button as React draws it, and a fragment followed closes it", async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      await page.goto(`${url()}/about`);
      await waitForHydration(page);
      const toggle = page.locator("button[aria-controls='mobile-menu']");
      const menu = page.locator("#mobile-menu");
      const state = async () => ({
        label: await toggle.getAttribute("aria-label"),
        expanded: await toggle.getAttribute("aria-expanded"),
        icon: await toggle.locator("path").getAttribute("d"),
        shown: await menu.isVisible(),
      });
      const closed = { label: "Open menu", expanded: "false", icon: menuIcon, shown: false };
      const open = { label: "Close menu", expanded: "true", icon: closeIcon, shown: true };
      expect(await state()).toEqual(closed);
      await toggle.click();
      await expect.poll(state).toEqual(open);
      // The button keeps focus, and closes what it opened.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(
        "mobile-menu",
      );
      await toggle.click();
      await expect.poll(state).toEqual(closed);
      await toggle.click();
      await expect.poll(state).toEqual(open);
      await page.evaluate(() => {
        window.location.hash = "#main";
      });
      await expect.poll(state).toEqual(closed);
      expect(errors).toEqual([]);
    });

    it("has the menu closed on a page the back button brings back from the browser's cache", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/about`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(true);
      // What the browser says when its back/forward cache brings the page back as it was left.
      // (The tests' Chromium has that cache turned off: the event is sent as it would send it.)
      await page.evaluate(() =>
        window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })),
      );
      await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(false);
      expect(
        await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
      ).toBe("false");
    });

    it("keeps the query and the fragment on the links to this page in Hindi, as they change", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/about?utm_source=leaflet`);
      await waitForHydration(page);
      // The header's switch (in the bar and, at a desktop's width, in the nav) and the line for
      // Hindi readers.
      const links = () =>
        page
          .locator("a[hreflang='hi']")
          .evaluateAll((all) => all.map((a) => a.getAttribute("href")));
      expect(await links()).toEqual(Array(3).fill("/hi/about?utm_source=leaflet"));
      await page.evaluate(() => {
        window.location.hash = "#main";
      });
      await expect.poll(links).toEqual(Array(3).fill("/hi/about?utm_source=leaflet#main"));
      await page.getByRole("banner").getByRole("link", { name: "हिंदी" }).click();
      await page.waitForURL(`${url()}/hi/about?utm_source=leaflet#main`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
        .toBe("हमारे बारे में");
    });

    it("moves the testimonials with the buttons and the arrow keys, enabling buttons by position", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      await waitForHydration(page);
      const carousel = page.getByRole("region", { name: "Patient testimonials" });
      const previous = carousel.getByRole("button", { name: "Previous testimonial" });
      const next = carousel.getByRole("button", { name: "Next testimonial" });
      const position = carousel.locator("[aria-live=polite]");

      await expect.poll(() => position.textContent()).toBe("1 / 3");
      expect(await previous.isDisabled()).toBe(true);
      expect(await next.isEnabled()).toBe(true);

      await next.click();
      await expect.poll(() => position.textContent()).toBe("2 / 3");
      expect(await previous.isEnabled()).toBe(true);

      await carousel.locator("[tabindex='0']").focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => position.textContent()).toBe("3 / 3");
      await expect.poll(() => next.isDisabled()).toBe(true);

      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => position.textContent()).toBe("2 / 3");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => position.textContent()).toBe("1 / 3");
      await expect.poll(() => previous.isDisabled()).toBe(true);
    });

    it("has a Call Now tel: link and a WhatsApp link that opens a new tab to the configured number", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/about`);
      await waitForHydration(page);
      const bar = page.getByRole("navigation", { name: "Quick contact" });
      expect(await bar.getByRole("link", { name: "Call Now" }).getAttribute("href")).toBe(
        "tel:+919876543210",
      );
      const [popup] = await Promise.all([
        context().waitForEvent("page"),
        bar.getByRole("link", { name: /WhatsApp/ }).click(),
      ]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(
        `${chatUrl}?text=${encodeURIComponent("Hi, I would like to book a free assessment for physiotherapy at home.")}`,
      );
      expect(page.url()).toBe(`${url()}/about`);
      await popup.close();
    });

    it("prefills the chat message of the page it is on", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/service-areas/faridabad`);
      await waitForHydration(page);
      const hero = page.locator("main section").first();
      const href = await hero.getByRole("link", { name: /Chat on WhatsApp/ }).getAttribute("href");
      expect(href?.startsWith(`${chatUrl}?text=`)).toBe(true);
      expect(decodeURIComponent(href?.split("text=")[1] ?? "")).toContain("Faridabad");
    });

    it("logs the missing path to the console on the not-found page", async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      await page.goto(`${url()}/no-such-page`);
      await waitForHydration(page);
      await expect.poll(() => warnings).toContainEqual(expect.stringContaining("/no-such-page"));
      expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe(
        "/",
      );
      // Rendered per request with a nonce: the stylesheet applies (a CSP block would leave the
      // browser's default 32px h1) and nothing but the page's own 404 status is reported.
      const h1Size = await page
        .getByRole("heading", { level: 1 })
        .evaluate((h1) => getComputedStyle(h1).fontSize);
      expect(h1Size).toBe("60px");
      expect(besidesOwnNotFound(errors, `${url()}/no-such-page`)).toEqual([]);
    });

    it("answers a newsletter sign-up by asking to confirm it, and keeps the address out of the URL", async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      await page.goto(`${url()}/blog`);
      await waitForHydration(page);
      await page.getByLabel("Email address").fill("reader@example.com");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect
        .poll(() => page.getByRole("status").textContent(), { timeout: 15_000, interval: 50 })
        .toContain(
          "Thank you! Please check your inbox and confirm your subscription by the link we sent.",
        );
      expect(page.url()).toBe(`${url()}/blog`);
      expect(errors).toEqual([]);
    });

    it("disables Subscribe while a sign-up is on its way, and answers in the page's language", async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      await page.goto(`${url()}/hi/blog`);
      await waitForHydration(page);
      // The sign-up is held on its way until the test has seen the button.
      let reached = false;
      const released = Promise.withResolvers<void>();
      await page.route("**/newsletter/signup", async (route) => {
        reached = true;
        await released.promise;
        await route.continue();
      });
      await page.getByLabel("ईमेल पता").fill("hindi-reader@example.com");
      const subscribe = page.getByRole("button", { name: "सब्सक्राइब करें" });
      await subscribe.click();
      try {
        await expect.poll(() => reached, navigationWait).toBe(true);
        expect(await subscribe.isDisabled()).toBe(true);
      } finally {
        released.resolve();
      }
      await expect
        .poll(() => page.getByRole("status").textContent(), navigationWait)
        .toBe("धन्यवाद! कृपया अपना इनबॉक्स देखें और हमारे भेजे लिंक से अपना सब्सक्रिप्शन कन्फ़र्म करें।");
      expect(await subscribe.isEnabled()).toBe(true);
      expect(page.url()).toBe(`${url()}/hi/blog`);
      expect(errors).toEqual([]);
    });

    it("says when a sign-up got no answer, and sends it again", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/blog`);
      await waitForHydration(page);
      await page.route("**/newsletter/signup", (route) => route.abort("internetdisconnected"));
      await page.getByLabel("Email address").fill("offline-reader@example.com");
      const subscribe = page.getByRole("button", { name: "Subscribe" });
      await subscribe.click();
      await expect
        .poll(() => page.getByRole("status").textContent(), navigationWait)
        .toBe("We could not sign you up just now. Please try again in a few minutes.");
      expect(await subscribe.isEnabled()).toBe(true);
      await page.unroute("**/newsletter/signup");
      await subscribe.click();
      await expect
        .poll(() => page.getByRole("status").textContent(), navigationWait)
        .toBe(
          "Thank you! Please check your inbox and confirm your subscription by the link we sent.",
        );
      expect(page.url()).toBe(`${url()}/blog`);
    });

    it("keeps the footer's last line above the fixed contact bar when scrolled to the end", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/about`);
      await waitForHydration(page);
      const { copyright, bar } = await bottomOfPage(page);
      const line = await copyright.boundingBox();
      const barBox = await bar.boundingBox();
      if (!line || !barBox)
        throw new Error("the copyright line or the contact bar is not rendered");
      // The bar is fixed to the bottom of the screen...
      expect(barBox.y + barBox.height).toBeCloseTo(phone.height, 0);
      // ...and the copyright line ends above it, in full view.
      expect(line.y + line.height).toBeLessThanOrEqual(barBox.y);
      expect(line.y).toBeGreaterThanOrEqual(0);
    });
  });

  describe("on a desktop (1280px)", () => {
    const context = useBrowser(desktop);

    it("shows all three testimonials at once, so both carousel buttons are disabled", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      await waitForHydration(page);
      const carousel = page.getByRole("region", { name: "Patient testimonials" });
      await expect.poll(() => carousel.locator("[aria-live=polite]").textContent()).toBe("1 / 1");
      expect(
        await carousel.getByRole("button", { name: "Previous testimonial" }).isDisabled(),
      ).toBe(true);
      expect(await carousel.getByRole("button", { name: "Next testimonial" }).isDisabled()).toBe(
        true,
      );
      expect(await page.getByRole("navigation", { name: "Quick contact" }).isVisible()).toBe(false);
    });

    it("navigates with the header links and shows Book Now", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/`);
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      // To the form itself, which Book means, not the top of the contact page.
      expect(await nav.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe(
        "/contact#book",
      );
      await nav.getByRole("link", { name: "Blog" }).click();
      await page.waitForURL(`${url()}/blog`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
        .toBe("Health & Wellness Blog");
    });

    it("hides the contact bar, and shows the footer's last line at the end of the page", async () => {
      const page = await context().newPage();
      await page.goto(`${url()}/about`);
      await waitForHydration(page);
      const { copyright, bar } = await bottomOfPage(page);
      expect(await bar.isVisible()).toBe(false);
      expect(await copyright.isVisible()).toBe(true);
      const line = await copyright.boundingBox();
      expect((line?.y ?? Number.POSITIVE_INFINITY) + (line?.height ?? 0)).toBeLessThanOrEqual(
        desktop.height,
      );
    });
  });
});
