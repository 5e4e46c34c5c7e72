import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, type TestContext } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } from "#scripts/chromium.ts";

/**
 * How long to wait for a client-side navigation to render. Alone it takes tens of
 * milliseconds; with servers and Chromium sharing two cores it has taken over 5 s. Generous, so
 * that only a navigation that never comes fails a test, never a busy machine.
 */
export const navigationWait = { timeout: 15_000, interval: 50 };

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/** Where a failing test leaves a screenshot and the HTML of every page it had open. */
const resultsDir = "test-results";

/**
 * A browser for the enclosing describe block (or file): a fresh profile opened before its
 * tests and closed after them. Every page a test opens is closed after it; when the test
 * failed, each is first kept as a screenshot and its HTML under test-results/, and the failure
 * names them. Chat links (wa.me) are answered locally: that site is outside this closed
 * network, and the tests check where a link goes, not the chat site itself.
 *
 * The headless shell unless `full`: the full Chromium has what the shell lacks (the
 * Notification API) and lays text out with the desktop's fonts, as the desk's own browser does.
 */
export function useBrowser(
  viewport: { width: number; height: number },
  { full = false }: { full?: boolean } = {},
): () => BrowserContext {
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  let opened: Page[] = [];
  beforeAll(async () => {
    browser = await openBrowser(viewport, full ? CHROMIUM_PATH : TEST_CHROMIUM_PATH);
    browser.context.on("page", (page) => opened.push(page));
    await browser.context.route("https://wa.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>chat</title>" }),
    );
  });
  beforeEach(() => {
    opened = [];
  });
  afterEach(async (context) => {
    // Side by side, a test's pages cannot be told from the others': it closes its own.
    if (context.task.concurrent) return;
    const pages = opened;
    opened = [];
    if (context.task.result?.state === "fail") await keepFailedPages(context, pages);
    await Promise.all(pages.map((page) => page.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is opened in beforeAll");
    return browser.context;
  };
}

async function openBrowser(viewport: { width: number; height: number }, executablePath: string) {
  const profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
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

const slug = (text: string) =>
  text
    .replace(/[^\w-]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);

/** Screenshots and HTML of the failed test's pages, named in the test's first error. */
async function keepFailedPages({ task }: TestContext, pages: Page[]): Promise<void> {
  const dir = join(resultsDir, slug(task.fullName));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const kept: string[] = [];
  for (const [index, page] of pages.entries()) {
    if (page.isClosed()) continue;
    const name = join(dir, `${index + 1}-${slug(new URL(page.url()).pathname) || "root"}`);
    try {
      await page.screenshot({ path: `${name}.png`, fullPage: true, timeout: 5_000 });
      writeFileSync(`${name}.html`, await page.content());
      kept.push(`${page.url()}: ${relative(".", name)}.png, .html`);
    } catch (error) {
      kept.push(`${page.url()}: could not be kept (${String(error)})`);
    }
  }
  const note = kept.length
    ? `Pages of this test, as they were when it failed:\n  ${kept.join("\n  ")}`
    : "This test had no page open when it failed.";
  const first = task.result?.errors?.[0];
  if (first) first.message = `${first.message}\n\n${note}`;
  else console.error(note);
}

/**
 * A page React Router runs (a staff page) must be hydrated before a test clicks a button or reads
 * the console: its root (on the document, see HydratedRouter) has committed the hydration, not
 * merely started it. A page served without React (an island page, decision 040) is ready when
 * every island has started: its boot script marks <html data-islands="ready">.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const hydrated = () => {
    if (document.documentElement.dataset.islands === "ready") return true;
    const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
    if (!key) return false;
    const hostRoot = (document as unknown as Record<string, { stateNode?: unknown }>)[key];
    const root = hostRoot?.stateNode as {
      current?: { memoizedState?: { isDehydrated?: boolean } };
    };
    return root?.current?.memoizedState?.isDehydrated === false;
  };
  try {
    await page.waitForFunction(hydrated, undefined, { timeout: 15_000 });
  } catch (error) {
    throw new Error(`${page.url()} did not hydrate within 15 s`, { cause: error });
  }
}

/**
 * Collects console errors (with the address they concern) and uncaught exceptions; tests
 * assert the list is empty.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    errors.push(`console.error: ${message.text()} (${message.location().url})`);
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

/**
 * The errors besides the one a not-found page must cause: Chromium reports the document's own
 * 404 status as a console error.
 */
export function besidesOwnNotFound(errors: string[], pageUrl: string): string[] {
  return errors.filter(
    (error) => !(error.includes("status of 404") && error.endsWith(`(${pageUrl})`)),
  );
}

/**
 * Turns JavaScript off in one page, as a visitor's browser with scripts disabled would be (what
 * Playwright's `javaScriptEnabled: false` does for a whole context), before its first navigation.
 */
export async function disableJavaScript(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setScriptExecutionDisabled", { value: true });
}

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe-core's WCAG 2.2 A/AA violations on the page, one line each (rule, help, elements).
 * In axe's single-run mode (`setLegacyMode`): its default runs the page in parts and joins them
 * in a blank page of its own, loading axe a third time, for frames of other origins: the CSP
 * (default-src 'self') allows none, and the page is checked to have no frame at all. 0.35 s
 * less per page (of about 0.85), the same rules.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  expect(page.frames()).toHaveLength(1);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** The titles of the toasts on screen. */
export function toastTitles(page: Page): Promise<(string | null)[]> {
  return page
    .locator("[data-toast] [data-title]")
    .evaluateAll((nodes) => nodes.map((node) => node.textContent));
}

/** Makes `context` signed in with `cookie` (a Cookie header's pairs), and nobody else. */
export async function signedInAs(context: BrowserContext, url: string, cookie: string) {
  await context.clearCookies();
  const { hostname } = new URL(url);
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: "/" };
    }),
  );
}

/**
 * Opens a fold of the page (a `<details>` whose summary reads `label`, as the therapist's card
 * folds its forms) by tapping its summary, as a person does; left as it is when open already.
 */
export async function openFold(scope: Locator, label: string): Promise<void> {
  const summary = scope.locator("summary", { hasText: label });
  const open = await summary.evaluate((node) => (node.parentElement as HTMLDetailsElement).open);
  if (!open) await summary.click();
}

/**
 * The words of the page's text under `selector` that are broken inside themselves across two
 * lines, as laid out now: each word (a run without spaces) measured by its own range's boxes.
 * Hidden text (a closed fold) has no boxes and is left out.
 */
export async function wordsBrokenInside(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? "").matchAll(/\S+/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index ?? 0);
          range.setEnd(node, (word.index ?? 0) + word[0].length);
          const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
          const first = boxes[0];
          if (first && boxes.some((box) => box.top > first.top + first.height / 2)) {
            broken.push(word[0]);
          }
        }
      }
    }
    return broken;
  }, selector);
}
