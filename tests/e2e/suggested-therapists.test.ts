// "Suggested therapists" on a request's page in Chromium (decision 037), on PostgreSQL: a Hindi
// request sent from the stroke page with a Noida PIN code shows the Noida stroke therapist who
// speaks Hindi first, with the reasons in a few words and three free starts, each a link that
// opens the same page with the booking asked for (a therapist and a time, nothing of the
// patient's), and a course of 10 is booked from the one chosen; a request whose district nobody
// serves says so. The therapists are stored directly
// (the roster's own page is tested apart). The server's clock is the real one: the free starts'
// days and times are read as a pattern.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { openDatabase } from "#app/db.server.ts";
import { parseAppointment } from "#app/domain/appointments/appointment-form.ts";
import { staffMailFor } from "#app/domain/appointments/appointment-mail.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { therapists, users } from "#db/schema.ts";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { createTestDatabase } from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  desktop,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

// Every day, from early to late: some start is free whenever the test runs.
const allDay = [{ from: "00:00", to: "23:45" }];
const hours = {
  "1": allDay,
  "2": allDay,
  "3": allDay,
  "4": allDay,
  "5": allDay,
  "6": allDay,
  "7": allDay,
};

const hindiStroke = {
  landingPath: "/hi",
  sentFromPath: "/hi/stroke-rehabilitation-at-home",
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  clickIdParam: null,
  clickId: null,
  channel: "direct",
  language: "hi",
} as const;

describe("suggested therapists on a request's page", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: RunningServer | undefined;
  let cookie = "";
  const ids = { noida: "", faridabad: "" };
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedStaff({ databaseUrl: database.url });
    const handle = await openDatabase({ dataDir: "", databaseUrl: database.url, poolSize: 1 });
    try {
      const { db } = handle;
      const profiles = [
        { id: "t-ravi", displayName: "Ravi Kumar", skills: ["general"], languages: ["Hindi"] },
        {
          id: "t-asha",
          displayName: "Asha Verma",
          skills: ["stroke", "senior"],
          languages: ["English", "Hindi"],
        },
        { id: "t-john", displayName: "John Mathew", skills: ["stroke"], languages: ["English"] },
      ];
      for (const p of profiles) {
        await db
          .insert(users)
          .values({ id: p.id, name: p.displayName, email: `${p.id}@clinic.test` });
        await db.insert(therapists).values({
          userId: p.id,
          displayName: p.displayName,
          yearsOfPractice: 6,
          skills: p.skills,
          languages: p.languages,
          districts: ["Gautam Buddha Nagar"],
          hours,
        });
      }
      const staffMail = staffMailFor(
        toSiteConfig(parseEnv(testSite.settings)),
        "staff@clinic.test",
      );
      const request = (pincode: string) => {
        const parsed = parseAppointment({
          name: "Suman Devi",
          phone: "98110 22334",
          address: "C-5, Sector 62",
          pincode,
          message: "",
        });
        if (!parsed.ok) throw new Error("invalid request");
        return createAppointment(db, parsed.appointment, staffMail, { source: hindiStroke });
      };
      ids.noida = (await request("201301")).appointment.id;
      ids.faridabad = (await request("121001")).appointment.id;
    } finally {
      await handle.close();
    }
    server = await startProductionServer({ ...testSite.settings, DATABASE_URL: database.url });
    cookie = await signInCookie(server.url, admin);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  const url = () => server?.url ?? "";
  const context = useBrowser(desktop);

  it("shows the Noida stroke therapist who speaks Hindi first, and a free start fills the booking in", async () => {
    await signedInAs(context(), url(), cookie);
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url()}/admin/appointments/${ids.noida}`);
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Suggested therapists" });
    const items = panel.locator("li[data-therapist]");
    // The stroke therapist who speaks Hindi, the stroke one who does not, general physiotherapy.
    expect(
      await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-therapist"))),
    ).toEqual(["t-asha", "t-john", "t-ravi"]);
    const first = items.first();
    expect(await first.locator("[data-reasons]").textContent()).toMatch(
      /^Noida · stroke · speaks Hindi · free (today|tomorrow) \d{1,2}:\d{2} [AP]M$/,
    );
    expect(await items.nth(2).locator("[data-reasons]").textContent()).toMatch(
      /^Noida · general physiotherapy · speaks Hindi · free /,
    );
    const starts = first.getByRole("list", { name: "Free starts of Asha Verma" }).getByRole("link");
    expect(await starts.count()).toBe(3);
    // The third start: the first is the next quarter hour, which can pass while the test runs
    // (the booking then says the start "has already passed").
    const href = (await starts.nth(2).getAttribute("href")) ?? "";
    expect(href).toMatch(
      new RegExp(
        `^/admin/appointments/${ids.noida}\\?book=t-asha&day=\\d{4}-\\d{2}-\\d{2}&start=\\d{2}:\\d{2}#book$`,
      ),
    );
    expect(await axeViolations(page)).toEqual([]);
    // Nothing of the patient's in the address.
    expect(href).not.toMatch(/Suman|98110|201301|Sector/);
    await starts.nth(2).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${url()}${href}`);
    // The start chosen is in the booking form: a course of 10 booked from it, every day at that
    // time (her hours are the whole day, every day).
    const chosen = new URL(href, url()).searchParams;
    const form = page.locator("form#book");
    await expect.poll(() => form.getByLabel("Therapist").inputValue()).toBe("t-asha");
    expect(await form.getByLabel("Day (first visit)").inputValue()).toBe(chosen.get("day"));
    expect(await form.getByLabel("Start (India time)").inputValue()).toBe(chosen.get("start"));
    // A request's first visit defaults to its assessment; a course is of treatments.
    expect(await form.getByLabel("Kind").inputValue()).toBe("assessment");
    await form.getByLabel("Kind").selectOption("treatment");
    await form.getByLabel("Sessions").fill("10");
    for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) {
      await form.getByRole("checkbox", { name: day }).check();
    }
    await form.getByRole("button", { name: "Book" }).click();
    const list = page.getByRole("list", { name: "The request's visits" });
    await expect.poll(() => list.locator("[data-visit]").count(), { timeout: 15_000 }).toBe(10);
    expect(await list.locator("[data-course]").first().textContent()).toMatch(/^Session 1 of 10/);
    expect(await list.locator("[data-visit]").first().textContent()).toContain("Asha Verma");
    expect(errors).toEqual([]);
  });

  it("says so when nobody serves the request's district", async () => {
    await signedInAs(context(), url(), cookie);
    const page = await context().newPage();
    await page.goto(`${url()}/admin/appointments/${ids.faridabad}`);
    const panel = page.getByRole("region", { name: "Suggested therapists" });
    expect(await panel.locator("[data-no-suggestion] > p").textContent()).toBe(
      "No active therapist serves Faridabad yet. Any therapist can still be booked.",
    );
    expect(await panel.locator("li[data-therapist]").count()).toBe(0);
    // The nearest who serve other districts: Faridabad to Noida is an hour by the clinic's table.
    expect(await panel.locator("[data-nearest]").allTextContents()).toEqual([
      "Asha Verma: serves Gautam Buddha Nagar, about 60 minutes away",
      "John Mathew: serves Gautam Buddha Nagar, about 60 minutes away",
      "Ravi Kumar: serves Gautam Buddha Nagar, about 60 minutes away",
    ]);
  });
});
