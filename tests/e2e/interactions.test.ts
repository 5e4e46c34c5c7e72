import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { navigationWait, openBrowser, waitForHydration, watchErrors } from "./browser";

const baseUrl = inject("baseUrl");
const chatUrl = "https://wa.me/919876543210";

describe("on a phone (390px)", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 844 });
    // The chat site is outside this closed network: answer for it.
    await browser.context.route("https://wa.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>chat</title>" }),
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens the menu, and closes it when a link in it navigates", async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
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
    await page.waitForURL(`${baseUrl}/about`);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("About Us");
    expect(
      await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
    ).toBe("false");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("moves the testimonials with the buttons and the arrow keys, enabling buttons by position", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
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
    await page.close();
  });

  it("has a Call Now tel: link and a WhatsApp link that opens a new tab to the configured number", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/about`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const bar = page.getByRole("navigation", { name: "Quick contact" });
    expect(await bar.getByRole("link", { name: "Call Now" }).getAttribute("href")).toBe(
      "tel:+919876543210",
    );
    const [popup] = await Promise.all([
      browser.context.waitForEvent("page"),
      bar.getByRole("link", { name: /WhatsApp/ }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(
      `${chatUrl}?text=${encodeURIComponent("Hi, I would like to book a free physiotherapy consultation at home.")}`,
    );
    expect(page.url()).toBe(`${baseUrl}/about`);
    await popup.close();
    await page.close();
  });

  it("prefills the chat message of the page it is on", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/service-areas/faridabad`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const hero = page.locator("main section").first();
    const href = await hero.getByRole("link", { name: /Chat on WhatsApp/ }).getAttribute("href");
    expect(href?.startsWith(`${chatUrl}?text=`)).toBe(true);
    expect(decodeURIComponent(href?.split("text=")[1] ?? "")).toContain("Faridabad");
    await page.close();
  });

  it("logs the missing path to the console on the not-found page", async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto(`${baseUrl}/no-such-page`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    await expect.poll(() => warnings).toContainEqual(expect.stringContaining("/no-such-page"));
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    // Rendered per request with a nonce: the stylesheet applies (a CSP block would leave the
    // browser's default 32px h1) and nothing but the page's own 404 status is reported.
    const h1Size = await page
      .getByRole("heading", { level: 1 })
      .evaluate((h1) => getComputedStyle(h1).fontSize);
    expect(h1Size).toBe("60px");
    expect(errors.filter((error) => !error.includes("status of 404"))).toEqual([]);
    await page.close();
  });

  it("answers a newsletter sign-up without storing it, and keeps the address out of the URL", async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/blog`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.getByLabel("Email address").fill("reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toContain("we have not stored your e-mail address");
    expect(page.url()).toBe(`${baseUrl}/blog`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("on a desktop (1280px)", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ width: 1280, height: 800 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows all three testimonials at once, so both carousel buttons are disabled", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Patient testimonials" });
    await expect.poll(() => carousel.locator("[aria-live=polite]").textContent()).toBe("1 / 1");
    expect(await carousel.getByRole("button", { name: "Previous testimonial" }).isDisabled()).toBe(
      true,
    );
    expect(await carousel.getByRole("button", { name: "Next testimonial" }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByRole("navigation", { name: "Quick contact" }).isVisible()).toBe(false);
    await page.close();
  });

  it("navigates with the header links and shows Book Now", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe("/contact");
    await nav.getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(`${baseUrl}/blog`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Health & Wellness Blog");
    await page.close();
  });
});
