// Booking visits from a request's page in Chromium (docs/visits.md): the suggestions' link fills in
// the booking form (?book=&day=&start=#book), a course of 10 on Monday, Wednesday and Friday is
// booked from it and listed "Session 1 of 10" … "Session 10 of 10" with the request contacted;
// a clashing booking for another request is refused with the clash named under the start field,
// and nothing of it stored.
import { rmSync } from "node:fs";
import { TZDate } from "@date-fns/tz";
import { addDays, format, getISODay } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { appointments, therapists, users, type WeeklyHours } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

const therapistId = "therapist-browser";
const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6"].map((day) => [day, [{ from: "07:00", to: "13:00" }]]),
);

/** The first Monday at least two days from today in India. */
const monday = (() => {
  let day = addDays(new TZDate(Date.now(), "Asia/Kolkata"), 2);
  while (getISODay(day) !== 1) day = addDays(day, 1);
  return day;
})();
const mondayInput = format(monday, "yyyy-MM-dd");

describe("booking visits from a request's page", () => {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  const ids = { meera: "", ravi: "", sunita: "" };
  const context = useBrowser(desktop);

  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    await seedStaff({ dataDir });
    const database = await openDatabase({ dataDir, poolSize: 1 });
    try {
      await database.db.insert(users).values({
        id: therapistId,
        name: "Browser",
        email: "therapist-browser@clinic.test",
        emailVerified: true,
      });
      await database.db
        .insert(therapists)
        .values({ userId: therapistId, displayName: "Dr. Browser", hours });
      const [meera, ravi, sunita] = await database.db
        .insert(appointments)
        .values([
          {
            name: "Meera Joshi",
            phone: "9811100001",
            address: "A-1, Sector 18, Noida",
            pincode: "201301",
          },
          {
            name: "Ravi Verma",
            phone: "9811100002",
            address: "B-2, Sector 18, Noida",
            pincode: "201301",
          },
          {
            name: "Sunita Rao",
            phone: "9811100003",
            address: "C-3, Sector 18, Noida",
            pincode: "201301",
          },
        ])
        .returning({ id: appointments.id });
      ids.meera = meera?.id ?? "";
      ids.ravi = ravi?.id ?? "";
      ids.sunita = sunita?.id ?? "";
    } finally {
      await database.close();
    }
    server = await startProductionServer({ ...testSite.settings, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("books a course of 10 from a suggested start, and refuses a clashing booking naming it", async () => {
    const url = server?.url ?? "";
    await signedInAs(context(), url, await signInCookie(url, admin));
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(
      `${url}/admin/appointments/${ids.meera}?book=${therapistId}&day=${mondayInput}&start=07:30#book`,
    );
    await waitForHydration(page);
    const form = page.locator("form#book");
    await expect.poll(() => form.getByLabel("Therapist").inputValue()).toBe(therapistId);
    expect(await form.getByLabel("Day (first visit)").inputValue()).toBe(mondayInput);
    expect(await form.getByLabel("Start (India time)").inputValue()).toBe("07:30");
    expect(await form.getByLabel("Length").inputValue()).toBe("60");
    // A request's first visit defaults to its assessment; a course is of treatments.
    expect(await form.getByLabel("Kind").inputValue()).toBe("assessment");
    await form.getByLabel("Kind").selectOption("treatment");
    await form.getByLabel("Sessions").fill("10");
    for (const day of ["Mon", "Wed", "Fri"])
      await form.getByRole("checkbox", { name: day }).check();
    await form.getByRole("button", { name: "Book" }).click();

    const list = page.getByRole("list", { name: "The request's visits" });
    await expect.poll(() => list.locator("[data-visit]").count(), navigationWait).toBe(10);
    const lines = await list.locator("[data-course]").allTextContents();
    expect(lines.map((line) => line.replace(/ · $/, ""))).toEqual(
      Array.from({ length: 10 }, (_, index) => `Session ${index + 1} of 10`),
    );
    expect(await list.locator("[data-visit]").first().textContent()).toContain(
      `${format(monday, "EEE d MMM")}, 7:30 AM–8:30 AM · Dr. Browser · Treatment · Scheduled`,
    );
    await expect.poll(() => page.locator("[data-status]").first().textContent()).toBe("contacted");
    await expect
      .poll(() =>
        page.getByText(/^Course of 10 treatment sessions booked with Dr\. Browser/).count(),
      )
      .toBe(1);

    // Another family, the same therapist, 08:00 on that Monday: within the first visit's hour.
    await page.goto(`${url}/admin/appointments/${ids.ravi}`);
    await waitForHydration(page);
    await form.getByLabel("Therapist").selectOption(therapistId);
    await form.getByLabel("Day (first visit)").fill(mondayInput);
    await form.getByLabel("Start (India time)").fill("08:00");
    await form.getByRole("button", { name: "Book" }).click();
    const message = `Dr. Browser already has a visit on ${format(monday, "EEE d MMM")} at 7:30 AM (Meera): visits need 30 minutes of travel between them.`;
    await expect
      .poll(() => page.locator("#book-start-error").textContent(), navigationWait)
      .toBe(message);
    expect(await form.getByLabel("Start (India time)").getAttribute("aria-invalid")).toBe("true");
    // What was typed is kept, and nothing was booked.
    expect(await form.getByLabel("Start (India time)").inputValue()).toBe("08:00");
    expect(await page.getByText("No visit booked yet.").count()).toBe(1);
    expect(errors.filter((error) => !error.includes("409"))).toEqual([]);
  });

  it("cancels and moves a course's sessions without JavaScript, each on the timeline", async () => {
    const url = server?.url ?? "";
    const cookie = await signInCookie(url, admin);
    // A course of its own (Tuesday, Thursday, Saturday: clear of the other test's), booked as the
    // form without JavaScript posts it, so that this test holds in any order.
    const booked = await fetch(`${url}/admin/appointments/${ids.sunita}`, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "visit-book"],
        ["therapistId", therapistId],
        ["day", format(addDays(monday, 1), "yyyy-MM-dd")],
        ["start", "07:30"],
        ["minutes", "60"],
        ["kind", "treatment"],
        ["sessions", "10"],
        ["weekdays", "2"],
        ["weekdays", "4"],
        ["weekdays", "6"],
      ]),
      headers: { origin: url, cookie },
      redirect: "manual",
    });
    expect(booked.status).toBe(303);
    await signedInAs(context(), url, cookie);
    const page = await context().newPage();
    await disableJavaScript(page);
    await page.goto(`${url}/admin/appointments/${ids.sunita}`);
    const visit = (index: number) => page.locator("[data-visit]").nth(index);
    // The last session: cancelled by the clinic, with the reason.
    await visit(9).getByText("Cancel visit").click();
    await visit(9).getByLabel("Cancelled by").selectOption("clinic");
    await visit(9).getByLabel("Reason").fill("Therapist on training");
    await visit(9).getByRole("button", { name: "Cancel this visit" }).click();
    await page.waitForURL(/#visits$/);
    expect(await visit(9).getAttribute("data-visit-status")).toBe("cancelled");
    expect(await visit(9).textContent()).toContain("By the clinic: Therapist on training");
    // The ninth: moved to 11:00 the same day.
    const ninth = await visit(8).locator("input[name=day]").inputValue();
    await visit(8).getByText("Move", { exact: true }).click();
    await visit(8).getByLabel("Start (India time)").fill("11:00");
    // Its answer is this page again, at the address the cancel's answer left it on (#visits): a
    // wait for that address would be met at once, by the page before it.
    await Promise.all([
      page.waitForNavigation({ url: /#visits$/ }),
      visit(8).getByRole("button", { name: "Move this visit" }).click(),
    ]);
    expect(await visit(8).textContent()).toContain("11:00 AM–12:00 PM · Dr. Browser");
    expect(ninth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const timeline = page.locator("[data-timeline^=visit_]");
    expect(await timeline.allTextContents()).toEqual([
      expect.stringMatching(
        /Moved from \w{3} \d{1,2} \w{3} 7:30 AM to \w{3} \d{1,2} \w{3} 11:00 AM \(Dr\. Browser\)\./,
      ),
      expect.stringMatching(
        /Visit of \w{3} \d{1,2} \w{3} 7:30 AM cancelled by the clinic: Therapist on training/,
      ),
      expect.stringMatching(/Course of 10 treatment sessions booked/),
    ]);
  });
});
