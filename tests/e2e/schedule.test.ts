// The front desk's schedule in a browser at 1280 px (decision 037): each visit a block in its
// therapist's column at its India time, the Needs-a-therapist list and the visit a therapist
// can't make beside it, the week view, and a block reached and opened by the keyboard.
import { describe, expect, it } from "vitest";
import { fastSubmissions } from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  desktop,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { arjun, meera, seedSchedule } from "#tests/e2e/schedule-rows.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

describe("the schedule at 1280 px", () => {
  const server = useStaffServer({ ...fastSubmissions }, [meera, arjun], { seed: seedSchedule });
  const context = useBrowser(desktop);

  const openSchedule = async (path = "/admin/schedule") => {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url()}${path}`);
    await waitForHydration(page);
    return { page, errors };
  };

  it("shows each visit in its therapist's column at its time, and the lists beside them", async () => {
    const { page, errors } = await openSchedule();
    // Columns by name: Arjun, then Meera.
    const heads = page.locator("[data-column-head] h3");
    expect(await heads.allTextContents()).toEqual(["Arjun Mehta", "Meera Sharma"]);
    const columns = page.locator("[data-therapist]");
    const meeraColumn = columns.nth(1);
    const box = async (locator: ReturnType<typeof page.locator>) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error("not on screen");
      return found;
    };
    const meeraBox = await box(meeraColumn);
    const blocks = meeraColumn.locator("[data-visit]");
    expect(await blocks.count()).toBe(2);
    const asha = meeraColumn.locator('[data-visit][data-start="08:00"]');
    expect(await asha.innerText()).toContain("08:00–09:00 Asha\nNoida");
    expect(await asha.innerText()).toContain("Assessment");
    const bela = meeraColumn.locator('[data-visit][data-start="10:30"]');
    expect(await bela.innerText()).toContain("Treatment · 3 of 10");
    // Where each is, for the travel between them: Noida, then Gurugram.
    expect(await bela.textContent()).toContain("Gurugram");
    // In Meera's column, at its time: the day is drawn from 07:00 (her hours' start), 72 px an
    // hour, level with the hours written at the side.
    const top = meeraBox.y;
    for (const [block, minutes] of [
      [asha, 60],
      [bela, 210],
    ] as const) {
      const placed = await box(block);
      expect(placed.x).toBeGreaterThanOrEqual(meeraBox.x);
      expect(placed.x + placed.width).toBeLessThanOrEqual(meeraBox.x + meeraBox.width);
      expect(Math.abs(placed.y - top - minutes * 1.2)).toBeLessThanOrEqual(1);
    }
    const eight = await box(page.locator('text[data-hour="08:00"]'));
    expect(Math.abs(eight.y + eight.height / 2 - (top + 72))).toBeLessThanOrEqual(3);
    // The 45-minute visit is three quarters of an hour tall.
    expect(Math.round((await box(bela)).height)).toBe(54);
    // Arjun's visit is in his column, marked as one he can't make.
    const arjunVisit = columns.nth(0).locator("[data-visit]");
    expect(await arjunVisit.innerText()).toContain("Can't make it");
    // Free time under each name: Meera's day less her two visits and their travel.
    expect(await page.locator("[data-column-head]").nth(1).locator("[data-free]").innerText()).toBe(
      "Free 07:00–08:00, 09:30–10:30, 11:45–19:00",
    );

    const needs = page.locator("[data-needs-therapist]");
    expect(await needs.locator("li a").allTextContents()).toEqual([
      expect.stringContaining("Chitra"),
    ]);
    expect(await needs.locator("li a").getAttribute("href")).toMatch(
      /^\/admin\/appointments\/[0-9a-f-]{36}$/,
    );
    const cantMake = page.locator("[data-cant-make]");
    expect(await cantMake.innerText()).toContain("Devika");
    expect(await cantMake.innerText()).toContain("Arjun Mehta");
    expect(await cantMake.innerText()).toContain("Reason: Car broke down");
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("reaches a block by the keyboard, in column order, and opens its request", async () => {
    const { page, errors } = await openSchedule();
    await page.locator("#district").focus();
    const focused: string[] = [];
    for (let step = 0; step < 12 && focused.length < 3; step++) {
      await page.keyboard.press("Tab");
      const start = await page.evaluate(
        () => document.activeElement?.getAttribute("data-start") ?? null,
      );
      if (start) focused.push(start);
    }
    // Arjun's column first (his 09:00), then Meera's from the morning on.
    expect(focused).toEqual(["09:00", "08:00", "10:30"]);
    // Back to Meera's first block; its name is said in full.
    await page.keyboard.press("Shift+Tab");
    const label = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(label).toBe("08:00–09:00, Asha in Noida, Assessment, Scheduled, with Meera Sharma");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/appointments\/[0-9a-f-]{36}$/, navigationWait);
    expect(errors).toEqual([]);
  });

  it("shows the week, today's row holding its visits, and filters by district", async () => {
    const { page, errors } = await openSchedule();
    await page.getByRole("link", { name: "Week", exact: true }).click();
    await page.waitForURL(/view=week/, navigationWait);
    await expect.poll(() => page.locator('[data-schedule="week"]').count(), navigationWait).toBe(1);
    expect(await page.locator("tbody tr").count()).toBe(7);
    expect(await page.locator("[data-visit]").count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    // Gurugram's therapist alone; the visits of the others are not shown.
    await page.locator("#district").selectOption("Gurugram");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/district=Gurugram/, navigationWait);
    await expect
      .poll(() => page.locator("thead [data-column-head]").allTextContents(), navigationWait)
      .toEqual(["Arjun Mehta"]);
    expect(await page.locator("[data-visit]").count()).toBe(1);
    // Chitra's request is in Gurugram: she still needs a therapist there.
    expect(await page.locator("[data-needs-therapist] li").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
