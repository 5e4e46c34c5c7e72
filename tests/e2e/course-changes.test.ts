// A course's rest cancelled or moved in one step from a request's page in Chromium at 1280 px
// (docs/visits.md): a course of 6 whose first two sessions are done is cancelled from its third
// with one reason, without JavaScript, the list then showing sessions 3 to 6 cancelled and the
// timeline one entry; another course, moved by a week from its first session, is refused naming
// the session that meets another family's visit (nothing moved), then moved by an hour, all six.
// Each test has its own request and therapist, seeded before the server starts.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { TZDate } from "@date-fns/tz";
import { addDays, format, getISODay } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";
import { appointments, therapists, users, visits, type WeeklyHours } from "#db/schema.ts";
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

const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6"].map((day) => [day, [{ from: "07:00", to: "13:00" }]]),
);

/** The first Monday at least two days from today in India. */
const monday = (() => {
  let day = addDays(new TZDate(Date.now(), "Asia/Kolkata"), 2);
  while (getISODay(day) !== 1) day = addDays(day, 1);
  return day;
})();

/** `days` after that Monday at `time`, India time. */
const at = (days: number, time: string) => {
  const when = parseIndiaDateTime(`${format(addDays(monday, days), "yyyy-MM-dd")}T${time}`);
  if (!when) throw new Error(`not a time: ${days} ${time}`);
  return when;
};

/** Days after the Monday of a course's six sessions: Mon, Wed, Fri for two weeks. */
const courseDays = [0, 2, 4, 7, 9, 11];

describe("a course's rest cancelled or moved in one step", () => {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  const ids = {
    kavita: "",
    farhan: "",
    kavitaVisits: [] as string[],
    farhanVisits: [] as string[],
  };
  const context = useBrowser(desktop);

  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    await seedStaff({ dataDir });
    const database = await openDatabase({ dataDir, poolSize: 1 });
    try {
      const { db } = database;
      for (const [id, displayName] of [
        ["therapist-course-cancel", "Dr. Cancel"],
        ["therapist-course-move", "Dr. Move"],
      ] as const) {
        await db
          .insert(users)
          .values({ id, name: displayName, email: `${id}@clinic.test`, emailVerified: true });
        await db.insert(therapists).values({ userId: id, displayName, hours });
      }
      const [kavita, farhan, geeta] = await db
        .insert(appointments)
        .values(
          ["Kavita Nair", "Farhan Ali", "Geeta Bose"].map((name, index) => ({
            name,
            phone: `98111000${index + 11}`,
            address: `D-${index + 1}, Sector 18, Noida`,
            pincode: "201301",
            status: "contacted" as const,
          })),
        )
        .returning({ id: appointments.id });
      ids.kavita = kavita?.id ?? "";
      ids.farhan = farhan?.id ?? "";
      /** A course of 6 at `time`, its sessions `starts` days after the Monday; the ids in order. */
      const course = async (
        appointmentId: string,
        therapistId: string,
        starts: number[],
        time: string,
        done: number,
      ) => {
        const courseId = randomUUID();
        const rows = await db
          .insert(visits)
          .values(
            starts.map((days, index) => {
              const startsAt = at(days, time);
              return {
                appointmentId,
                therapistId,
                startsAt,
                endsAt: new Date(startsAt.getTime() + 60 * 60_000),
                blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
                kind: "treatment" as const,
                status: index < done ? ("done" as const) : ("scheduled" as const),
                courseId,
                courseIndex: index + 1,
                courseSize: starts.length,
              };
            }),
          )
          .returning({ id: visits.id, startsAt: visits.startsAt });
        return rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((r) => r.id);
      };
      // Kavita's: sessions 1 and 2 done two weeks ago, 3 to 6 from the Monday.
      ids.kavitaVisits = await course(
        ids.kavita,
        "therapist-course-cancel",
        [-14, -12, 0, 2, 4, 7],
        "07:30",
        2,
      );
      // Farhan's: all six to come; Geeta has Dr. Move on the Wednesday two weeks on at 9:30.
      ids.farhanVisits = await course(ids.farhan, "therapist-course-move", courseDays, "09:00", 0);
      const geetaStart = at(16, "09:30");
      await db.insert(visits).values({
        appointmentId: geeta?.id ?? "",
        therapistId: "therapist-course-move",
        startsAt: geetaStart,
        endsAt: new Date(geetaStart.getTime() + 60 * 60_000),
        blockedUntil: new Date(geetaStart.getTime() + 90 * 60_000),
        kind: "treatment",
      });
    } finally {
      await database.close();
    }
    server = await startProductionServer({ ...testSite.settings, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("cancels sessions 3 to 6 of a course of 6 with one reason, without JavaScript", async () => {
    const url = server?.url ?? "";
    await signedInAs(context(), url, await signInCookie(url, admin));
    const page = await context().newPage();
    await disableJavaScript(page);
    await page.goto(`${url}/admin/appointments/${ids.kavita}`);
    const third = page.locator(`[data-visit="${ids.kavitaVisits[2]}"]`);
    const cancel = third
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "Cancel visit" }) });
    await cancel.getByText("Cancel visit").click();
    // "This visit only" is chosen until the desk chooses otherwise.
    expect(await cancel.getByRole("radio", { name: "This visit only" }).isChecked()).toBe(true);
    await cancel.getByRole("radio", { name: "This and the later sessions (3)" }).check();
    await cancel.getByLabel("Cancelled by").selectOption("clinic");
    await cancel.getByLabel("Reason").fill("Family moved to Pune");
    await cancel.getByRole("button", { name: "Cancel the visits chosen" }).click();
    await page.waitForURL(/#visits$/);

    const list = page.getByRole("list", { name: "The request's visits" });
    expect(
      await list
        .locator("[data-visit]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-visit-status"))),
    ).toEqual(["done", "done", "cancelled", "cancelled", "cancelled", "cancelled"]);
    for (const id of ids.kavitaVisits.slice(2)) {
      expect(await page.locator(`[data-visit="${id}"]`).textContent()).toContain(
        "By the clinic: Family moved to Pune",
      );
    }
    expect(await page.locator("[data-timeline^=visit_]").allTextContents()).toEqual([
      expect.stringContaining(
        "Course cancelled: sessions 3 to 6 of 6 (4 visits) with Dr. Cancel, by the clinic: Family moved to Pune.",
      ),
    ]);
  });

  it("refuses a course's move that meets another visit, naming the session, then moves all six", async () => {
    const url = server?.url ?? "";
    await signedInAs(context(), url, await signInCookie(url, admin));
    const page = await context().newPage();
    const errors = watchErrors(page);
    const [first = ""] = ids.farhanVisits;
    await page.goto(`${url}/admin/appointments/${ids.farhan}`);
    await waitForHydration(page);
    const visit = page
      .locator(`[data-visit="${first}"] details`)
      .filter({ has: page.locator("summary", { hasText: /^Move$/ }) });
    await visit.getByText("Move", { exact: true }).click();
    await visit.getByRole("radio", { name: "This and the later sessions (5)" }).check();
    // A week on: session 5 lands on Geeta's visit.
    await visit.getByLabel("Move to").fill(format(addDays(monday, 7), "yyyy-MM-dd"));
    await visit.getByLabel("Start (India time)").fill("09:00");
    await visit.getByRole("button", { name: "Move the visits chosen" }).click();
    const message = `Session 5 of 6: Dr. Move already has a visit on ${format(addDays(monday, 16), "EEE d MMM")} at 9:30 AM (Geeta): visits need 30 minutes of travel between them. None of the 6 sessions was moved.`;
    await expect
      .poll(() => page.locator(`#visit-${first}-start-error`).textContent(), navigationWait)
      .toBe(message);
    expect(await visit.getByLabel("Start (India time)").getAttribute("aria-invalid")).toBe("true");
    const times = () =>
      page
        .locator("[data-visit]")
        .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
    expect((await times()).map((text) => text.includes("9:00 AM–10:00 AM"))).toEqual(
      Array(6).fill(true),
    );
    expect(await page.locator("[data-timeline^=visit_]").count()).toBe(0);

    // An hour later, the course's days kept: all six move.
    await visit.getByLabel("Move to").fill(format(monday, "yyyy-MM-dd"));
    await visit.getByLabel("Start (India time)").fill("10:00");
    await visit.getByRole("button", { name: "Move the visits chosen" }).click();
    await expect
      .poll(
        async () => (await times()).filter((text) => text.includes("10:00 AM–11:00 AM")).length,
        navigationWait,
      )
      .toBe(6);
    expect(await page.locator("[data-timeline^=visit_]").allTextContents()).toEqual([
      expect.stringContaining(
        `Course moved: sessions 1 to 6 of 6 (6 visits), 1 hour later: session 1 from ${format(monday, "EEE d MMM")} 9:00 AM to ${format(monday, "EEE d MMM")} 10:00 AM (Dr. Move).`,
      ),
    ]);
    expect(errors.filter((error) => !error.includes("409"))).toEqual([]);
  });
});
