import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";

export { CHROMIUM_PATH };

/**
 * How long to wait for a client-side navigation to render. Alone it takes tens of
 * milliseconds; with two servers and Chromium sharing two cores it has taken over a second.
 */
export const navigationWait = { timeout: 5_000, interval: 50 };

/** A fresh Chromium profile per test file; close it in afterAll. */
export async function openBrowser(viewport = { width: 390, height: 844 }) {
  const profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Prerendered pages hydrate after their first paint (scripts/defer-hydration.ts). A test that
 * clicks a button must wait for React to own the page: React marks the nodes it hydrated.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Collects console errors and uncaught exceptions; tests assert the list is empty. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** Every request the context makes, so a test can prove where traffic went. */
export function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on("request", (request) => urls.push(request.url()));
  return urls;
}
