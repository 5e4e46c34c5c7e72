// Staff accounts for the end-to-end tests: a production server whose PGlite folder already
// holds an admin and a signed-up member of staff who is not an admin (made through the same
// domain code as `npm run admin`, before the server takes the folder), and sign-in as a browser
// without JavaScript does it.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { asc } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { createStaffAuth } from "#app/domain/staff/auth.server.ts";
import { grantRole } from "#app/domain/staff/roles.server.ts";
import { notifications, userRoles } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { createTestDatabase } from "#tests/e2e/appointments.ts";
import { navigationWait } from "#tests/e2e/browser.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";

export const admin = { email: "admin@clinic.test", password: "admin-pass-1" };
export const nonAdmin = { email: "staff@clinic.test", password: "staff-pass-1" };

export interface SeededAccount {
  email: string;
  password: string;
  admin: boolean;
  /** Granted the therapist role as `npm run admin -- grant <email> therapist` does (a profile). */
  therapist?: boolean;
}

/** A therapist who is not an admin, for `more`: an empty profile named "therapist". */
export const therapistAccount: SeededAccount = {
  email: "therapist@clinic.test",
  password: "therapist-pass-1",
  admin: false,
  therapist: true,
};

/** Rows a test writes before its server starts (PGlite's folder is then the server's alone). */
export type SeedRows = (db: Database) => Promise<void>;

/**
 * Makes the two accounts (and any `more`) in a PGlite folder that no server has open, or on
 * PostgreSQL; then `seed`'s rows, when given.
 */
export async function seedStaff(
  where: { dataDir?: string; databaseUrl?: string },
  more: SeededAccount[] = [],
  seed?: SeedRows,
): Promise<void> {
  const database = await openDatabase({
    dataDir: where.dataDir ?? "",
    databaseUrl: where.databaseUrl,
    poolSize: 1,
  });
  try {
    const staff = createStaffAuth(database.db, {
      siteUrl: "http://localhost",
      // Accounts are made, nothing signed: the server signs with its own key.
      secret: randomBytes(32).toString("base64url"),
      signUp: "open",
      sessionIdleHours: 12,
      sendAccountLink: async () => {},
    });
    for (const account of [{ ...admin, admin: true }, { ...nonAdmin, admin: false }, ...more]) {
      const made = await staff.createConfirmedAccount(account.email, account.password);
      if (account.admin) {
        await database.db.insert(userRoles).values({ userId: made.id, role: "admin" });
      }
      if (account.therapist) await grantRole(database.db, made.email, "therapist");
    }
    await seed?.(database.db);
  } finally {
    await database.close();
  }
}

export interface StaffServer {
  url(): string;
  output(): string;
  server(): RunningServer;
  /**
   * Every e-mail in the server's outbox as it stands, oldest first. Of a server on PostgreSQL
   * only (not `{ postgres: false }`): a PGlite folder is the running server's alone.
   */
  outbox(): Promise<(typeof notifications.$inferSelect)[]>;
  /** The server's database, read beside it (PostgreSQL only, as `outbox`). */
  database(): Database;
}

/**
 * A production server of the test site with the two accounts (and any `more`), for the enclosing
 * block, on a database of its own on the run's PostgreSQL server (which a test can then read while
 * the server runs), or with `postgres: false`, on a PGlite folder of its own. PostgreSQL unless a
 * file is about PGlite: a server on it starts and answers on about a fifth less processor time
 * (three staff files, 143.5 → 113.9 CPU seconds, 2026-11-29; decision 043), and the database code
 * is tested on both in the integration tests. `settings` may be a function, read when the server
 * starts (after earlier hooks, such as an SMTP server's, have run).
 */
export function useStaffServer(
  settings: Record<string, string> | (() => Record<string, string>) = {},
  more: SeededAccount[] = [],
  options: { postgres?: boolean; seed?: SeedRows } = {},
): StaffServer {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  let postgres: { url: string; drop: () => Promise<void>; reader: DatabaseHandle } | undefined;
  beforeAll(async () => {
    let where: { DATA_DIR: string } | { DATABASE_URL: string };
    if (options.postgres ?? true) {
      const database = await createTestDatabase();
      await seedStaff({ databaseUrl: database.url }, more, options.seed);
      postgres = {
        ...database,
        reader: await openDatabase({ dataDir: "", databaseUrl: database.url, poolSize: 1 }),
      };
      where = { DATABASE_URL: database.url };
    } else {
      dataDir = freshDataDir(dataTemplate);
      await seedStaff({ dataDir }, more, options.seed);
      where = { DATA_DIR: dataDir };
    }
    server = await startProductionServer({
      ...testSite.settings,
      APPOINTMENT_MIN_FILL_SECONDS: "0",
      ...(typeof settings === "function" ? settings() : settings),
      ...where,
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await postgres?.reader.close();
    await postgres?.drop();
  });
  const running = () => {
    if (!server) throw new Error("the server is started in beforeAll");
    return server;
  };
  return {
    url: () => running().url,
    output: () => running().output(),
    server: running,
    async outbox() {
      if (!postgres)
        throw new Error(
          "the outbox is read on PostgreSQL only: not useStaffServer(…, …, { postgres: false })",
        );
      return postgres.reader.db.select().from(notifications).orderBy(asc(notifications.createdAt));
    },
    database() {
      if (!postgres) throw new Error("the database is read on PostgreSQL only");
      return postgres.reader.db;
    },
  };
}

/**
 * The outbox once none of its e-mails waits to be sent (each was delivered, or failed for good),
 * oldest first. A request stores the e-mails it queues before it answers, so once the requests
 * of a test are answered, this is every e-mail they will ever cause.
 */
export async function settledOutbox(server: StaffServer) {
  await expect
    .poll(async () => (await server.outbox()).filter(({ state }) => state === "queued"), {
      timeout: 15_000,
      interval: 50,
    })
    .toEqual([]);
  return server.outbox();
}

/** Signs in as a browser without JavaScript does; the Cookie header to send afterwards. */
export async function signInCookie(
  url: string,
  account: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", ...account }),
    headers: { origin: url },
    redirect: "manual",
  });
  if (response.status !== 303) {
    throw new Error(`sign-in of ${account.email} answered ${response.status}`);
  }
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * Searches the dashboard shown on `page` for `q` as the desk does (types it, presses Search), and
 * waits until the page is drawn for it: the search box's value as the page wrote it (its value
 * attribute), not what was typed. The address changes before the new list is drawn, and two
 * searches may list the same rows: a check of the list could pass on the one before, and the next
 * search be typed into a box that the late drawing replaces.
 */
export async function searchDashboard(page: Page, q: string): Promise<void> {
  await page.getByLabel("Search name, phone, address or pincode").fill(q);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((address) => address.searchParams.get("q") === q, navigationWait);
  await expect.poll(() => page.locator("#q").getAttribute("value"), navigationWait).toBe(q);
}
