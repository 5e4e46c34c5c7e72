// The owner's insights page with known requests stored (before the server starts, at known India
// times relative to this week): the headline figures as the owner reads them, and the period
// chosen by its form, in a browser without JavaScript and with it. Every expected figure is written here by
// hand, worked out from the rows below; only the dates come from the clock.
import { rmSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { appointments, users } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

const minute = 60_000;
const day = 24 * 60 * minute;
const indiaOffset = 330 * minute;

/** This week's Monday, 00:00 in India, as an instant. */
function thisMonday(now: number): number {
  const india = new Date(now + indiaOffset);
  const sinceMonday = (india.getUTCDay() + 6) % 7;
  return (
    Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate() - sinceMonday) -
    indiaOffset
  );
}

const months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
/** "Nov 16, 2026" of an instant, in India. */
function indiaDate(instant: number): string {
  const india = new Date(instant + indiaOffset);
  const date = String(india.getUTCDate()).padStart(2, "0");
  return `${months[india.getUTCMonth()]} ${date}, ${india.getUTCFullYear()}`;
}

interface Row {
  /** Days after last week's Monday, and the time of day in India. */
  at: number;
  pincode: string;
  status?: "pending" | "contacted" | "completed";
  channel?: "search" | "ads" | "social" | "direct";
  junk?: boolean;
  /** Minutes to the admin's first contact. */
  contactAfter?: number;
}

const hours = (h: number, m = 0) => (h * 60 + m) * minute;

/** Last week (Monday to Sunday). */
const lastWeek: Row[] = [
  // Gurugram, contacted 30 minutes after it came.
  {
    at: 0 * day + hours(10),
    pincode: "122002",
    status: "contacted",
    channel: "search",
    contactAfter: 30,
  },
  // Delhi, 2 h 05 min.
  {
    at: 1 * day + hours(11),
    pincode: "110017",
    status: "completed",
    channel: "ads",
    contactAfter: 125,
  },
  // Ghaziabad (not served), never contacted: overdue now.
  { at: 2 * day + hours(9), pincode: "201010", channel: "direct" },
  // Gurugram, 30 hours: after the promise.
  {
    at: 4 * day + hours(15),
    pincode: "122001",
    status: "contacted",
    channel: "social",
    contactAfter: 1800,
  },
  // Junk: counted only as junk.
  { at: 6 * day + hours(20), pincode: "110017", junk: true },
];

describe("the insights page", () => {
  let server: RunningServer | undefined;
  let dataDir = "";
  let cookie = "";
  const monday = thisMonday(Date.now());
  const lastMonday = monday - 7 * day;

  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    await seedStaff({ dataDir });
    const database = await openDatabase({ dataDir, poolSize: 1 });
    try {
      const adminId = (await database.db.select().from(users)).find(
        (user) => user.email === admin.email,
      )?.id;
      expect(adminId).toBeTruthy();
      const rows = lastWeek.map((row) => ({ ...row, at: lastMonday + row.at }));
      // This week: one request, minutes old (pending, not overdue yet).
      rows.push({ at: Math.max(monday + minute, Date.now() - 5 * minute), pincode: "122002" });
      await database.db.insert(appointments).values(
        rows.map((row, index) => ({
          name: `Patient ${index + 1}`,
          phone: `98110 ${String(index + 1).padStart(5, "0")}`,
          address: "H-12, Sector 43",
          pincode: row.pincode,
          status: row.status ?? "pending",
          createdAt: new Date(row.at),
          junk: row.junk ?? false,
          channel: row.channel ?? null,
          landingPath: row.channel ? "/" : null,
          firstContactAt:
            row.contactAfter === undefined ? null : new Date(row.at + row.contactAfter * minute),
          firstContactBy: row.contactAfter === undefined ? null : (adminId ?? null),
        })),
      );
    } finally {
      await database.close();
    }
    server = await startProductionServer({ ...testSite.settings, DATA_DIR: dataDir });
    cookie = await signInCookie(server.url, admin);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = () => server?.url ?? "";

  const context = useBrowser(desktop);

  /** A page without JavaScript (unless `script`), signed in as the admin. */
  async function adminPage(browser: BrowserContext, { script = false } = {}): Promise<Page> {
    const { hostname } = new URL(url());
    await browser.clearCookies();
    await browser.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: "/" };
      }),
    );
    const page = await browser.newPage();
    if (!script) await disableJavaScript(page);
    return page;
  }

  const headline = (page: Page, name: string) =>
    page.locator(`[data-headline="${name}"] dd`).allTextContents();
  const periodLine = (page: Page) => page.locator("[data-period-line]").textContent();

  it("shows this week's figures, then last week's when Last week is chosen (without JavaScript)", async () => {
    const page = await adminPage(context());
    await page.goto(`${url()}/admin/insights`);
    const today = monday + Math.floor((Date.now() - monday) / day) * day;
    expect(await periodLine(page)).toBe(`${indiaDate(monday)} – ${indiaDate(today)}`);
    expect((await headline(page, "requests"))[0]).toBe("1");
    expect(await headline(page, "withinPromise")).toEqual(["—", "None to judge yet"]);
    expect(await headline(page, "median")).toEqual(["—", "90th percentile: —"]);
    expect(await headline(page, "overdue")).toEqual(["1", "Open Needs attention"]);

    await page.getByLabel("Period").selectOption({ label: "Last week" });
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/\/admin\/insights\?period=last-week(&|$)/, navigationWait);
    const lastWeekLine = `${indiaDate(lastMonday)} – ${indiaDate(lastMonday + 6 * day)}`;
    expect(await periodLine(page)).toBe(lastWeekLine);
    expect(await headline(page, "requests")).toEqual(["4", "0.6 a day on average"]);
    expect(await headline(page, "withinPromise")).toEqual(["50%", "2 of 4"]);
    expect(await headline(page, "median")).toEqual(["2 h 05 min", "90th percentile: 24 h 25 min"]);
    expect(await headline(page, "overdue")).toEqual(["1", "Open Needs attention"]);
    expect(await page.getByLabel("Period").inputValue()).toBe("last-week");

    // The tables under the charts.
    const rows = (section: string) =>
      page
        .locator(`[data-section="${section}"] table tbody tr`)
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim()).join(" | ")),
        );
    expect(await rows("per-bucket")).toEqual([
      `${indiaDate(lastMonday)} | 1`,
      `${indiaDate(lastMonday + day)} | 1`,
      `${indiaDate(lastMonday + 2 * day)} | 1`,
      `${indiaDate(lastMonday + 3 * day)} | 0`,
      `${indiaDate(lastMonday + 4 * day)} | 1`,
      `${indiaDate(lastMonday + 5 * day)} | 0`,
      `${indiaDate(lastMonday + 6 * day)} | 0`,
    ]);
    expect(await rows("by-area")).toEqual([
      "Gurugram | 2 | 50%",
      "Delhi | 1 | 25%",
      "Noida | 0 | 0%",
      "Greater Noida | 0 | 0%",
      "Faridabad | 0 | 0%",
      "Outside: Ghaziabad | 1 | 25%",
    ]);
    expect(await rows("by-channel")).toEqual([
      "Ads | 1 | 25%",
      "Direct | 1 | 25%",
      "Search | 1 | 25%",
      "Social | 1 | 25%",
    ]);
    expect(await rows("by-status")).toEqual([
      "Pending | 1 | 25%",
      "Contacted | 2 | 50%",
      "Completed | 1 | 25%",
      "Junk (not counted above) | 1 | —",
    ]);
    expect(await rows("contact")).toEqual([
      `${admin.email} | 3 | 67% · 2 of 3 | 2 h 05 min | 24 h 25 min`,
    ]);
    // The overdue request is on the dashboard's Needs attention view.
    expect(await page.locator('[data-section="overdue"] a').getAttribute("href")).toBe(
      "/admin?view=attention",
    );
  });

  it("with JavaScript, asks for the period chosen (dates only when they are the period)", async () => {
    const page = await adminPage(context(), { script: true });
    const errors = watchErrors(page);
    await page.goto(`${url()}/admin/insights`);
    await waitForHydration(page);
    await page.getByLabel("Period").selectOption({ label: "Last week" });
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`${url()}/admin/insights?period=last-week`, navigationWait);
    const lastWeekLine = `${indiaDate(lastMonday)} – ${indiaDate(lastMonday + 6 * day)}`;
    await expect.poll(() => periodLine(page), navigationWait).toBe(lastWeekLine);
    expect(await headline(page, "requests")).toEqual(["4", "0.6 a day on average"]);

    // Typing a date makes the dates the period.
    const tuesday = new Date(lastMonday + day + indiaOffset).toISOString().slice(0, 10);
    await page.getByLabel("From").fill(tuesday);
    expect(await page.getByLabel("Period").inputValue()).toBe("dates");
    await page.getByRole("button", { name: "Show" }).click();
    await expect
      .poll(() => periodLine(page), navigationWait)
      .toBe(`${indiaDate(lastMonday + day)} – ${indiaDate(lastMonday + 6 * day)}`);
    expect(page.url()).toMatch(/\?period=dates&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    expect((await headline(page, "requests"))[0]).toBe("3");
    expect(errors).toEqual([]);
  });

  it("says why typed dates are refused, above this week's figures", async () => {
    const response = await fetch(
      `${url()}/admin/insights?period=dates&from=2026-11-20&to=2026-11-01`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      /<p role="alert"[^>]*>The first date must not be after the last\. Showing this week instead\.<\/p>/,
    );
    // The dates stay in the form, as typed, to be put right.
    expect(html).toMatch(/<input[^>]*name="from"[^>]*value="2026-11-20"/);
    // The charts are in the page's HTML, each named for screen readers.
    expect(html.match(/<svg[^>]*role="img"/g)?.length).toBe(4);
    expect(html).toContain('role="img" aria-label="Requests per day,');
  });
});
