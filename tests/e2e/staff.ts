// Staff accounts for the end-to-end tests: a production server whose PGlite folder already
// holds an admin and a signed-up member of staff who is not an admin (made through the same
// domain code as `npm run admin`, before the server takes the folder), and sign-in as a browser
// without JavaScript does it.
import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "../../app/db.server.ts";
import { createStaffAuth, resolveAuthSecret } from "../../app/domain/staff/auth.server.ts";
import { userRoles } from "../../db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "../../scripts/production-server.ts";
import { dataTemplate, testSite } from "./sites";

export const admin = { email: "admin@clinic.test", password: "admin-pass-1" };
export const nonAdmin = { email: "staff@clinic.test", password: "staff-pass-1" };

export interface SeededAccount {
  email: string;
  password: string;
  admin: boolean;
}

/**
 * Makes the two accounts (and any `more`) in a PGlite folder that no server has open, or on
 * PostgreSQL.
 */
export async function seedStaff(
  where: { dataDir?: string; databaseUrl?: string },
  more: SeededAccount[] = [],
): Promise<void> {
  const database = await openDatabase({
    dataDir: where.dataDir ?? "",
    databaseUrl: where.databaseUrl,
    poolSize: 1,
  });
  try {
    const staff = createStaffAuth(database.db, {
      siteUrl: "http://localhost",
      secret: await resolveAuthSecret(database.db),
      signUp: "open",
      sessionIdleHours: 12,
      sendAccountLink: async () => {},
    });
    for (const account of [{ ...admin, admin: true }, { ...nonAdmin, admin: false }, ...more]) {
      const made = await staff.createConfirmedAccount(account.email, account.password);
      if (account.admin) {
        await database.db.insert(userRoles).values({ userId: made.id, role: "admin" });
      }
    }
  } finally {
    await database.close();
  }
}

export interface StaffServer {
  url(): string;
  output(): string;
  server(): RunningServer;
}

/**
 * A production server of the test site with the two accounts (and any `more`), for the enclosing
 * block. `settings` may be a function, read when the server starts (after earlier hooks, such as
 * an SMTP server's, have run).
 */
export function useStaffServer(
  settings: Record<string, string> | (() => Record<string, string>) = {},
  more: SeededAccount[] = [],
): StaffServer {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    await seedStaff({ dataDir }, more);
    server = await startProductionServer({
      ...testSite.settings,
      APPOINTMENT_MIN_FILL_SECONDS: "0",
      ...(typeof settings === "function" ? settings() : settings),
      DATA_DIR: dataDir,
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const running = () => {
    if (!server) throw new Error("the server is started in beforeAll");
    return server;
  };
  return { url: () => running().url, output: () => running().output(), server: running };
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
