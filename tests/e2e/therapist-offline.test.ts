// The therapist's day without a signal (decision 049), in Chromium at 390 px with the network cut
// by the test (the browser context's offline mode) and the server stopped and started again, on
// PostgreSQL so that the test reads what is stored while the server runs:
// - the day opens offline from the copy kept on the phone, saying when it was made;
// - Done (with a note), Patient not home and Can't make it pressed offline wait on the phone, and
//   reach the server once each, in order, when the signal returns; a visit the desk moved
//   meanwhile is not changed, and the page says so and shows what was typed; the family's code
//   typed offline is checked when the change arrives;
// - a change made while the server is down reaches it once it is back, and its key sent three
//   times in all is applied once;
// - sign-out leaves nothing of the patients in the browser's caches or IndexedDB, and another
//   account on the same phone never sees the first one's day.
import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { appointmentActivity, therapistChanges, therapists, users, visits } from "#db/schema.ts";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { createTestDatabase } from "#tests/e2e/appointments.ts";
import {
  navigationWait,
  openFold,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
} from "#tests/e2e/browser.ts";
import { insertRequest } from "#tests/e2e/seeded-requests.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { type SeededAccount, seedStaff, signInCookie, therapistAccount } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";

const secondTherapist: SeededAccount = {
  email: "therapist-two@clinic.test",
  password: "therapist-pass-2",
  admin: false,
  therapist: true,
};

/** Every string the browser keeps for this origin: each cache's answers and each IndexedDB row. */
function browserStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        kept.push(request.url, (await (await cache.match(request))?.text()) ?? "");
      }
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
        kept.push(JSON.stringify(rows));
      }
      db.close();
    }
    return kept.join("\n");
  });
}

/** The page is served by the worker and has kept the day on the phone. */
async function appReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), navigationWait)
    .toBe(true);
}

describe("the therapist's day offline", () => {
  let server: RunningServer | undefined;
  let database: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  let settings: Record<string, string> = {};
  const context = useBrowser(phone);
  const ids = { therapist: "" };

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    // One key across the restart, as a deployment keeps it: the session outlives the server.
    settings = {
      ...testSite.settings,
      DATABASE_URL: created.url,
      AUTH_SECRET: "offline-day-keeps-this-secret-key-0123456789",
    };
    await seedStaff({ databaseUrl: created.url }, [therapistAccount, secondTherapist]);
    database = await openDatabase({ dataDir: "", databaseUrl: created.url, poolSize: 2 });
    const [therapist] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, therapistAccount.email));
    ids.therapist = therapist?.id ?? "";
    await database.db
      .update(therapists)
      .set({ displayName: "Dr. Offline" })
      .where(eq(therapists.userId, ids.therapist));
    server = await startProductionServer(settings);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await drop?.();
  });

  /** A family with one visit of the therapist's, `days` from today at `hour`. */
  async function familyWithVisit(name: string, phone: string, days: number, hour: number) {
    const db = database?.db;
    if (!db) throw new Error("no database");
    const request = await insertRequest(db, { name, phone, language: "en" });
    const startsAt = indiaAt(days, hour);
    const [visit] = await db
      .insert(visits)
      .values({
        appointmentId: request.id,
        therapistId: ids.therapist,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
        kind: "treatment",
      })
      .returning({ id: visits.id });
    return { request: request.id, visit: visit?.id ?? "", name };
  }

  async function openDay(account: SeededAccount): Promise<Page> {
    const url = server?.url ?? "";
    await signedInAs(context(), url, await signInCookie(url, account));
    const page = await context().newPage();
    await page.goto(`${url}/visits`);
    await waitForHydration(page);
    await appReady(page);
    return page;
  }

  const card = (page: Page, visit: string) => page.locator(`[data-visit="${visit}"]`);

  it("opens offline from the phone, and sends Done, Not home and Can't make it once each, in order, when back; a moved visit is said", async () => {
    const db = database?.db;
    if (!db) throw new Error("no database");
    const done = await familyWithVisit("Asha Offline", "9811200001", 0, 7);
    const notHome = await familyWithVisit("Bala Offline", "9811200002", 0, 9);
    const cantMake = await familyWithVisit("Chitra Offline", "9811200003", 1, 10);
    const moved = await familyWithVisit("Devi Offline", "9811200004", 0, 12);
    const page = await openDay(therapistAccount);
    expect(await card(page, done.visit).textContent()).toContain(done.name);

    await context().setOffline(true);
    try {
      await page.reload();
      await waitForHydration(page);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      const banner = page.locator("[data-app-banner]");
      await expect
        .poll(() => banner.textContent(), navigationWait)
        .toMatch(/^You are offline\. Your day as of \d{1,2}:\d{2} [AP]M\./);
      expect(await card(page, done.visit).textContent()).toContain(done.name);
      expect(await card(page, cantMake.visit).textContent()).toContain(cantMake.name);

      await openFold(card(page, done.visit), "Record the visit");
      await card(page, done.visit)
        .getByLabel("What was done (optional)")
        .fill("Walked 20 m offline");
      // The family's code, typed offline: checked by the server when the change arrives.
      const [{ familyCode = "" } = {}] = await db
        .select({ familyCode: visits.familyCode })
        .from(visits)
        .where(eq(visits.id, done.visit));
      await card(page, done.visit)
        .getByLabel("The family's visit code (4 digits)")
        .fill(familyCode);
      await card(page, done.visit).getByRole("button", { name: "Done", exact: true }).click();
      await expect
        .poll(() => card(page, done.visit).getAttribute("data-waiting"), navigationWait)
        .toBe("done");
      await card(page, notHome.visit).getByRole("button", { name: "Patient not home" }).click();
      await openFold(card(page, cantMake.visit), "I can't come");
      await card(page, cantMake.visit).getByLabel("Why you can't make it").fill("Flat tyre");
      await card(page, cantMake.visit).getByRole("button", { name: "Can't make it" }).click();
      await openFold(card(page, moved.visit), "Record the visit");
      await card(page, moved.visit).getByLabel("What was done (optional)").fill("Stairs twice");
      await card(page, moved.visit).getByRole("button", { name: "Done", exact: true }).click();
      await expect
        .poll(() => page.locator("[data-waiting-count]").textContent(), navigationWait)
        .toBe("4 changes will be sent when you are back online. ");
      expect(await card(page, done.visit).textContent()).toContain("Waiting to send: Done");

      // Nothing reached the server; meanwhile the desk moves one of the visits to 4 pm.
      const mine = [done.visit, notHome.visit, cantMake.visit, moved.visit];
      expect(
        await db.select().from(therapistChanges).where(inArray(therapistChanges.visitId, mine)),
      ).toEqual([]);
      const four = indiaAt(0, 16);
      await db
        .update(visits)
        .set({
          startsAt: four,
          endsAt: new Date(four.getTime() + 60 * 60_000),
          blockedUntil: new Date(four.getTime() + 90 * 60_000),
        })
        .where(eq(visits.id, moved.visit));
    } finally {
      await context().setOffline(false);
    }
    await expect.poll(() => page.locator("[data-waiting-count]").count(), navigationWait).toBe(0);
    await expect
      .poll(() => card(page, done.visit).getAttribute("data-status"), navigationWait)
      .toBe("done");

    const stored = await db
      .select({
        id: visits.id,
        status: visits.status,
        note: visits.note,
        reason: visits.cantMakeReason,
        confirmed: visits.codeConfirmedAt,
      })
      .from(visits)
      .where(inArray(visits.id, [done.visit, notHome.visit, cantMake.visit, moved.visit]));
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(byId.get(done.visit)).toMatchObject({
      status: "done",
      note: "Walked 20 m offline",
      confirmed: expect.any(Date),
    });
    expect(byId.get(notHome.visit)).toMatchObject({ status: "no_show" });
    expect(byId.get(cantMake.visit)).toMatchObject({ status: "scheduled", reason: "Flat tyre" });
    expect(byId.get(moved.visit)).toMatchObject({ status: "scheduled", note: null });
    // Once each, in the order they were pressed.
    const sent = await db
      .select({
        visitId: therapistChanges.visitId,
        intent: therapistChanges.intent,
        status: therapistChanges.status,
      })
      .from(therapistChanges)
      .where(
        inArray(therapistChanges.visitId, [done.visit, notHome.visit, cantMake.visit, moved.visit]),
      )
      .orderBy(therapistChanges.receivedAt);
    expect(sent).toEqual([
      { visitId: done.visit, intent: "done", status: 200 },
      { visitId: notHome.visit, intent: "no_show", status: 200 },
      { visitId: cantMake.visit, intent: "cant_make", status: 200 },
      { visitId: moved.visit, intent: "done", status: 409 },
    ]);
    const timeline = await db
      .select({ kind: appointmentActivity.kind })
      .from(appointmentActivity)
      .where(
        inArray(appointmentActivity.appointmentId, [
          done.request,
          notHome.request,
          cantMake.request,
        ]),
      );
    expect(timeline.map((entry) => entry.kind).sort()).toEqual([
      "visit_cant_make",
      "visit_done",
      "visit_no_show",
    ]);
    // The moved visit: what happened, and what was typed, on its card.
    const conflict = card(page, moved.visit).getByRole("alert");
    expect(await conflict.textContent()).toMatch(
      /^The front desk moved this visit to .*, 4:00 PM: nothing was changed\.What you wrote: Stairs twice$/,
    );
  });

  it("keeps a change made while the server is down, sends it once when it is back, and applies its key once however often it comes", async () => {
    const db = database?.db;
    if (!db) throw new Error("no database");
    const visit = await familyWithVisit("Esha Offline", "9811200005", 0, 14);
    const page = await openDay(therapistAccount);
    const port = Number(new URL(server?.url ?? "").port);
    await server?.stop();
    await card(page, visit.visit).getByRole("button", { name: "Patient not home" }).click();
    await expect
      .poll(() => page.locator("[data-waiting-count]").textContent(), navigationWait)
      .toBe("1 change will be sent when you are back online. ");
    server = await startProductionServer(settings, port);
    // The app opening again sends what waits.
    await page.reload();
    await expect.poll(() => page.locator("[data-waiting-count]").count(), navigationWait).toBe(0);
    await expect
      .poll(() => card(page, visit.visit).getAttribute("data-status"), navigationWait)
      .toBe("no_show");
    const rows = await db
      .select({ key: therapistChanges.key, intent: therapistChanges.intent })
      .from(therapistChanges)
      .where(eq(therapistChanges.visitId, visit.visit));
    expect(rows.map((row) => row.intent)).toEqual(["no_show"]);
    // The same key sent twice more from the phone (a lost answer, a second tab): the same answer,
    // applied once.
    const again = await page.evaluate(
      async ({ key, visitId }) => {
        const answers = [];
        for (let n = 0; n < 2; n++) {
          const response = await fetch("/visits/changes", {
            method: "POST",
            body: new URLSearchParams({ key, intent: "no_show", visitId }),
          });
          answers.push({ status: response.status, body: await response.json() });
        }
        return answers;
      },
      { key: rows[0]?.key ?? "", visitId: visit.visit },
    );
    expect(again).toEqual([
      { status: 200, body: { ok: true, intent: "no_show", visitId: visit.visit } },
      { status: 200, body: { ok: true, intent: "no_show", visitId: visit.visit } },
    ]);
    const entries = await db
      .select({ kind: appointmentActivity.kind })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.appointmentId, visit.request));
    expect(entries.filter((entry) => entry.kind === "visit_no_show")).toHaveLength(1);
  });

  it("leaves nothing of the patients in the browser after sign-out, and never shows one account's day to another", async () => {
    const visit = await familyWithVisit("Farah Keptday", "9811200006", 0, 18);
    const page = await openDay(therapistAccount);
    // The reader finds the day while it is kept: the name is on the phone.
    await expect.poll(() => browserStorage(page), navigationWait).toContain(visit.name);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const after = await browserStorage(page);
    expect(after).not.toContain(visit.name);
    expect(after).not.toContain("9811200006");
    expect(after).not.toContain("Sector 50");

    // Another therapist on the same phone: their day, online and offline, never the first one's.
    const other = await openDay(secondTherapist);
    expect(await other.textContent("body")).not.toContain(visit.name);
    await context().setOffline(true);
    try {
      await other.reload();
      await waitForHydration(other);
      await expect
        .poll(() => other.locator("[data-app-banner]").textContent(), navigationWait)
        .toMatch(/^You are offline\. Your day as of/);
      expect(await other.textContent("body")).not.toContain(visit.name);
      expect(await browserStorage(other)).not.toContain(visit.name);
    } finally {
      await context().setOffline(false);
    }
  });

  it("registers the worker from the day alone, for the day alone: public and staff pages are never served by it", async () => {
    const url = server?.url ?? "";
    const page = await openDay(therapistAccount);
    const scopes = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((worker) => worker.scope),
    );
    expect(scopes).toEqual([`${url}/visits`]);
    for (const path of ["/", "/hi", "/contact", "/status", "/admin", "/admin/schedule"]) {
      await page.goto(`${url}${path}`);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.evaluate(() => navigator.serviceWorker.controller), path).toBeNull();
    }
    // The manifest is linked from the day only.
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    await page.goto(`${url}/visits`);
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe(
      "/visits/manifest.webmanifest",
    );
  });
});
