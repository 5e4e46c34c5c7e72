// One source per part (decision 042): the header, the toasts and the appointment form are each
// written once, whatever renders them. The test changes a word in that one source, in a copy of
// the project built as production builds it, and finds the new word on a staff page (which React
// runs) and on a public island page (which runs no React), in what the server renders and in
// what each part's behaviour writes in the browser: the header's menu button once opened, the
// toast a failed Logout shows with its close button, the form's message under a field. And the
// words it changes are written nowhere else in app/: there is no second copy to drift.
// With the deployment tests (`npm run test:deploy`), as it builds a whole copy of the project:
// the minutes that costs would otherwise count against `npm test`'s ten.
import { spawn } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freshDataDir,
  pinnedEnv,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import {
  navigationWait,
  phone,
  signedInAs,
  toastTitles,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

/** A word of each part's one source, as it stands and as the copy has it. */
const changes = [
  // The header's: the menu button's label once the menu is open, and Logout (both languages).
  { file: "app/content/site-text.ts", from: '"Close menu"', to: '"Fold the menu away"', times: 1 },
  {
    file: "app/content/site-text.ts",
    from: 'logout: "Logout"',
    to: 'logout: "Sign off"',
    times: 2,
  },
  // The toasts': a failed Logout's title, and every toast's close button.
  {
    file: "app/content/site-text.ts",
    from: '"Failed to logout"',
    to: '"Could not sign off"',
    times: 1,
  },
  { file: "app/content/site-text.ts", from: '"Close toast"', to: '"Put this away"', times: 1 },
  // The appointment form's: its button, and the message under an empty name.
  {
    file: "app/domain/appointments/appointment-texts.ts",
    from: '"Send Request"',
    to: '"Ask for a visit"',
    times: 1,
  },
  {
    file: "app/domain/appointments/appointment-texts.ts",
    from: '"Name is required"',
    to: '"Tell us your name"',
    times: 1,
  },
] as const;

/** What the build reads (server/build-stamp.ts) and the server's migrations. */
const projectFiles = [
  "app",
  "db",
  "public",
  "server",
  "scripts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** Every module of app/ but the tests, by path. */
function appModules(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `npm run build` in `cwd` with exactly `settings`; its log when it fails. */
function build(cwd: string, settings: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn("npm", ["run", "build"], { cwd, env: pinnedEnv(settings) });
    let log = "";
    child.stdout.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr.on("data", (chunk) => {
      log += chunk;
    });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`the copy's build failed (exit ${code}):\n${log}`)),
    );
  });
}

/** The header, the menu button in it, and whether the menu is open. */
const header = (page: Page) => page.getByRole("banner");
const menuButton = (page: Page) => header(page).locator("button[aria-controls='mobile-menu']");

describe("one source per part: a word changed in it shows on a staff page and an island page", () => {
  let copy = "";
  let dataDir = "";
  let server: RunningServer | undefined;
  const context = useBrowser(phone);

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), "physio-one-source-"));
    for (const name of projectFiles) cpSync(name, join(copy, name), { recursive: true });
    symlinkSync(resolve("node_modules"), join(copy, "node_modules"), "dir");
    for (const { file, from, to, times } of changes) {
      const path = join(copy, file);
      const source = readFileSync(path, "utf8");
      expect(source.split(from).length - 1, `${from} in ${file}`).toBe(times);
      writeFileSync(path, source.replaceAll(from, to));
    }
    const settings = { ...testSite.settings, BUILD_DIR: "build-one-source" };
    await build(copy, settings);
    dataDir = freshDataDir();
    await seedStaff({ dataDir });
    server = await startProductionServer(
      { ...settings, DATA_DIR: dataDir, APPOINTMENT_MIN_FILL_SECONDS: "0" },
      undefined,
      { cwd: copy },
    );
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  const url = () => {
    if (!server) throw new Error("the server is started in beforeAll");
    return server.url;
  };

  it("writes each changed word in one module of app/ only", () => {
    for (const { file, from } of changes) {
      const word = from.replace(/^[^"]*"|"$/g, "");
      // As a string or as JSX text: a comment that names the word is no copy of it.
      const written = [`"${word}"`, `'${word}'`, `\`${word}\``, `>${word}<`];
      const holders = appModules().filter((path) => {
        const source = readFileSync(path, "utf8");
        return written.some((form) => source.includes(form));
      });
      expect(holders, word).toEqual([file]);
    }
  });

  // A staff page and an island page, each signed in: the header's Logout shows on both.
  for (const [kind, path, islands] of [
    ["a staff page", "/admin", false],
    ["an island page", "/about", true],
  ] as const) {
    it(`the header and a toast on ${kind} (${path})`, async () => {
      await signedInAs(context(), url(), await signInCookie(url(), admin));
      const page = await context().newPage();
      const errors = watchErrors(page);
      await page.goto(`${url()}${path}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.islands === "ready")).toBe(
        islands,
      );

      await menuButton(page).click();
      expect(await menuButton(page).getAttribute("aria-label")).toBe("Fold the menu away");
      const signOff = header(page).getByRole("button", { name: "Sign off" });
      await expect.poll(() => signOff.count(), navigationWait).toBe(1);
      expect(await header(page).getByRole("button", { name: "Logout" }).count()).toBe(0);

      await page.route("**/auth/logout", (route) => route.fulfill({ status: 500, body: "" }));
      await signOff.click();
      await expect.poll(() => toastTitles(page), navigationWait).toEqual(["Could not sign off"]);
      const close = page.locator("[data-toast] [data-close-button]");
      expect(await close.getAttribute("aria-label")).toBe("Put this away");
      await close.click();
      expect(await toastTitles(page)).toEqual([]);
      expect(errors.filter((error) => !error.includes("status of 500"))).toEqual([]);
    });
  }

  it("the appointment form on the contact page (an island page), as served and as its island checks it", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url()}/contact`);
    await waitForHydration(page);
    const send = page.locator('form[data-island="appointment-form"] button[type="submit"]');
    expect(await send.textContent()).toBe("Ask for a visit");
    await send.click();
    await expect
      .poll(() => page.locator("#name-error").textContent(), navigationWait)
      .toBe("Tell us your name");
    expect(await page.getByText("Name is required").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
