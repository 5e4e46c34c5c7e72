// PGlite's planner statistics (decision 031): the site analyses the database itself, as
// PostgreSQL's autovacuum would, once the search readings are filled, and the statistics stay
// with the rows through a restart.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { keepPlannerStatistics } from "#app/lib/planner-statistics.server.ts";
import {
  createPostgresDatabase,
  eventually,
  freshPgliteFolder,
  queryRows,
} from "#tests/integration/databases.ts";
import { appointmentInput, captureLog, staffMail } from "#tests/integration/fixtures.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The columns of the requests' table that the planner has statistics for. */
const analysedColumns = async (db: Parameters<typeof queryRows>[0]) =>
  (
    await queryRows<{ attname: string }>(
      db,
      sql`SELECT attname FROM pg_stats WHERE tablename = 'appointments' ORDER BY attname`,
    )
  ).map((row) => row.attname);

it("analyses PGlite once the readings are filled, and keeps the statistics through a restart", async () => {
  const dataDir = freshPgliteFolder();
  folders.push(dataDir);
  let handle = await openDatabase({ dataDir });
  const { log, lines } = captureLog();
  try {
    for (const name of ["Sunita Verma", "Priya Sharma", "Asha Rani"]) {
      await createAppointment(handle.db, appointmentInput({ name }), staffMail);
    }
    expect(await analysedColumns(handle.db)).toEqual([]);
    // Not before the readings are filled.
    let filled = () => {};
    const statistics = keepPlannerStatistics(
      handle,
      log,
      new Promise<void>((resolve) => {
        filled = resolve;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await analysedColumns(handle.db)).toEqual([]);
    filled();
    const columns = await eventually("statistics of the requests", async () => {
      const found = await analysedColumns(handle.db);
      return found.length > 0 && found;
    });
    expect(columns).toEqual(
      expect.arrayContaining(["created_at", "name", "search_reading", "status"]),
    );
    await statistics.stop();
    expect(lines().some((line) => line.includes("planner statistics refreshed"))).toBe(true);
  } finally {
    await handle.close();
  }
  handle = await openDatabase({ dataDir });
  try {
    expect(await analysedColumns(handle.db)).toEqual(
      expect.arrayContaining(["created_at", "name"]),
    );
  } finally {
    await handle.close();
  }
});

it("leaves PostgreSQL's statistics to its autovacuum", async () => {
  const { log, lines } = captureLog();
  const statistics = keepPlannerStatistics(
    { kind: "postgres", db: undefined as never },
    log,
    Promise.resolve(),
  );
  await statistics.stop();
  expect(lines()).toEqual([]);
});

it("asks PostgreSQL to compile no statement, unless DATABASE_URL's own options say otherwise", async () => {
  // Decision 052: compiling the desk's Needs attention took half a second of its six tenths.
  const jitOf = async (databaseUrl: string) => {
    const handle = await openDatabase({ databaseUrl, dataDir: "", poolSize: 1 });
    try {
      return (await queryRows<{ jit: string }>(handle.db, sql`SHOW jit`))[0]?.jit;
    } finally {
      await handle.close();
    }
  };
  const created = await createPostgresDatabase();
  try {
    // The server's own default, which the app's connections change.
    const plain = new pg.Client({ connectionString: created.url });
    await plain.connect();
    expect((await plain.query<{ jit: string }>("SHOW jit")).rows[0]?.jit).toBe("on");
    await plain.end();
    expect(await jitOf(created.url)).toBe("off");
    const own = new URL(created.url);
    own.searchParams.set("options", "-c jit=on");
    expect(await jitOf(own.toString())).toBe("on");
  } finally {
    await created.drop();
  }
});
