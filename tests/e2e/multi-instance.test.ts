// Two app instances on one PostgreSQL, as behind a load balancer: a request sent to one shows on
// a dashboard open on the other within 2 seconds (LISTEN/NOTIFY), a session made on one is
// valid on the other (sessions live in the database; both instances are given the same
// AUTH_SECRET, as a deployment's instances are), and the evening reminder of each of tomorrow's
// visits is queued once though both check for it (VISIT_REMINDER_AT 00:00: due as they start). The PostgreSQL is the
// run's own, or the one TEST_DATABASE_URL names (tests/postgres-server.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { notifications } from "#db/schema.ts";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import {
  createTestDatabase,
  fastSubmissions,
  postAppointment,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import { desktop, navigationWait, useBrowser, waitForHydration } from "#tests/e2e/browser.ts";
import { seedTomorrowVisits, tomorrowFamilies } from "#tests/e2e/messages-rows.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie, therapistAccount } from "#tests/e2e/staff.ts";

describe("two instances on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const servers: RunningServer[] = [];
  const context = useBrowser(desktop);

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedStaff({ databaseUrl: database.url }, [therapistAccount], seedTomorrowVisits);
    const settings = {
      ...testSite.settings,
      ...fastSubmissions,
      DATABASE_URL: database.url,
      AUTH_SECRET: "two-instances-share-this-secret-key-0123456789",
      // Past already, whatever the hour in India: each instance queues tomorrow's reminders as it
      // starts (and every five minutes after).
      VISIT_REMINDER_AT: "00:00",
    };
    servers.push(await startProductionServer(settings), await startProductionServer(settings));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it("accepts on one instance a session made on the other", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("two servers");
    const cookie = await signInCookie(first.url, admin);
    // As the dashboard's Export CSV link asks for it (exports start from the dashboard only).
    const response = await fetch(`${second.url}/admin/export.csv`, {
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^Date \(India\),Name,Phone/);
  });

  it("shows a request sent to one instance on a dashboard open on the other within 2 s", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("two servers");
    const cookie = await signInCookie(second.url, admin);
    const host = new URL(second.url);
    await context().addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return {
          name: pair.slice(0, at),
          value: pair.slice(at + 1),
          domain: host.hostname,
          path: "/",
        };
      }),
    );
    const page = await context().newPage();
    await page.goto(`${second.url}/admin`);
    await waitForHydration(page);
    await expect
      .poll(
        () => page.getByText("Live: new requests appear here by themselves").count(),
        navigationWait,
      )
      .toBe(1);
    const sentAt = Date.now();
    const sent = await postAppointment(first.url, {
      ...validAppointment,
      name: "Across Instances",
    });
    expect(sent.status).toBe(303);
    await expect
      .poll(() => page.locator("tr", { hasText: "Across Instances" }).count(), {
        timeout: 2_000,
        interval: 50,
      })
      .toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(2_000);
  });

  it("queues each of tomorrow's reminders once, though both instances checked", async () => {
    if (!database) throw new Error("the database is made in beforeAll");
    const reader = await openDatabase({ dataDir: "", databaseUrl: database.url, poolSize: 1 });
    try {
      const reminders = () =>
        reader.db
          .select({ visitId: notifications.visitId, state: notifications.state })
          .from(notifications)
          .where(eq(notifications.kind, "family_visit_reminder"));
      // Each instance checked as it started; the first's check may still be committing.
      await expect
        .poll(async () => (await reminders()).length, { timeout: 15_000, interval: 100 })
        .toBe(tomorrowFamilies.length);
      const rows = await reminders();
      expect(new Set(rows.map((row) => row.visitId)).size).toBe(tomorrowFamilies.length);
      // No Cloud API settings: they wait for the front desk to send them by hand.
      expect(rows.every((row) => row.state === "by_hand")).toBe(true);
    } finally {
      await reader.close();
    }
  });
});
