// No double booking under load (decision 036): 20 bookings of one therapist's same slot,
// for 20 requests, sent at once as browsers without JavaScript send the booking form: on two
// instances on one PostgreSQL, and on PGlite in one instance. Exactly one visit is stored; the
// 19 others are answered 409 with the clash named (the day, the time, the first patient's first
// name), never a 5xx; and the 19 requests are still pending, nothing of theirs written.
import { rmSync } from "node:fs";
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { appointments, therapists, users, visits, type WeeklyHours } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { createTestDatabase } from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

const bookings = 20;
const therapistId = "therapist-concurrency";
/** Every day 07:00–20:00: the slot is refused for the clash alone. */
const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);
/** A week from today in India, 10:00. */
const slot = {
  day: format(addDays(new TZDate(Date.now(), "Asia/Kolkata"), 7), "yyyy-MM-dd"),
  start: "10:00",
};
const shownDay = format(addDays(new TZDate(Date.now(), "Asia/Kolkata"), 7), "EEE d MMM");
/** The request the first name comes from is whichever booking won: each is "Patient<n> Kumar". */
const clashMessage = new RegExp(
  `Dr\\. Concurrency already has a visit on ${shownDay} at 10:00 AM \\(Patient\\d+\\): visits need 30 minutes of travel between them\\.`,
);

/** The therapist and 20 pending requests, before the servers start. */
async function seedVisits(where: { dataDir?: string; databaseUrl?: string }): Promise<string[]> {
  await seedStaff(where);
  const database = await openDatabase({
    dataDir: where.dataDir ?? "",
    databaseUrl: where.databaseUrl,
    poolSize: 1,
  });
  try {
    await database.db.insert(users).values({
      id: therapistId,
      name: "Concurrency",
      email: "therapist-concurrency@clinic.test",
      emailVerified: true,
    });
    await database.db
      .insert(therapists)
      .values({ userId: therapistId, displayName: "Dr. Concurrency", hours });
    const rows = await database.db
      .insert(appointments)
      .values(
        Array.from({ length: bookings }, (_, index) => ({
          name: `Patient${index + 1} Kumar`,
          phone: `98110${String(index).padStart(5, "0")}`,
          address: `House ${index + 1}, Sector 43, Gurugram`,
          pincode: "122002",
        })),
      )
      .returning({ id: appointments.id });
    return rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}

/** The booking form of request `id`, posted as a browser without JavaScript posts it. */
function book(url: string, cookie: string, id: string): Promise<Response> {
  return fetch(`${url}/admin/appointments/${id}`, {
    method: "POST",
    body: new URLSearchParams({
      intent: "visit-book",
      therapistId,
      day: slot.day,
      start: slot.start,
      minutes: "60",
      kind: "treatment",
      sessions: "1",
    }),
    headers: { origin: url, cookie },
    redirect: "manual",
  });
}

async function bookAtOnce(servers: RunningServer[], ids: string[]) {
  const cookie = await signInCookie(servers[0]?.url ?? "", admin);
  const answers = await Promise.all(
    ids.map(async (id, index) => {
      const server = servers[index % servers.length];
      if (!server) throw new Error("a server");
      const response = await book(server.url, cookie, id);
      return { status: response.status, body: await response.text() };
    }),
  );
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(refused).toHaveLength(bookings - 1);
  for (const answer of refused) expect(answer.body).toMatch(clashMessage);
}

async function expectOneStored(where: { dataDir?: string; databaseUrl?: string }) {
  const database = await openDatabase({
    dataDir: where.dataDir ?? "",
    databaseUrl: where.databaseUrl,
    poolSize: 1,
  });
  try {
    const stored = await database.db.select().from(visits);
    expect(stored).toHaveLength(1);
    // The winner's request is contacted; the 19 others are still pending.
    const pending = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(eq(appointments.status, "pending"));
    expect(pending[0]?.n).toBe(bookings - 1);
  } finally {
    await database.close();
  }
}

describe("20 bookings of one slot at once, two instances on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const servers: RunningServer[] = [];
  let ids: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    ids = await seedVisits({ databaseUrl: database.url });
    const settings = {
      ...testSite.settings,
      DATABASE_URL: database.url,
      AUTH_SECRET: "two-instances-share-this-secret-key-0123456789",
    };
    servers.push(await startProductionServer(settings), await startProductionServer(settings));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it("stores exactly one and answers the 19 others with the clash, never a 5xx", async () => {
    await bookAtOnce(servers, ids);
    await expectOneStored({ databaseUrl: database?.url });
  });
});

describe("20 bookings of one slot at once, PGlite", () => {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  let ids: string[] = [];

  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    ids = await seedVisits({ dataDir });
    server = await startProductionServer({ ...testSite.settings, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores exactly one and answers the 19 others with the clash, never a 5xx", async () => {
    if (!server) throw new Error("the server is started in beforeAll");
    await bookAtOnce([server], ids);
    await server.stop();
    server = undefined;
    await expectOneStored({ dataDir });
  });
});
