// PostgreSQL ends connections (a restart, a failover, an administrator's pg_terminate_backend):
// the instance must neither crash on the idle ones, nor on one a transaction holds, nor lose its
// live updates. On PGlite there is
// no connection to lose, so these run on PostgreSQL only.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { startAppointmentEvents } from "#app/domain/appointments/appointment-events.server.ts";
import { isDatabaseUnavailable } from "#app/lib/database-availability.server.ts";
import { startDatabaseProxy } from "#tests/database-proxy.ts";
import {
  createPostgresDatabase,
  queryRows,
  useTestDatabase,
} from "#tests/integration/databases.ts";

/** Waits until a query on `handle` goes through again. */
async function answersAgain(handle: Pick<DatabaseHandle, "db">): Promise<void> {
  await expect
    .poll(
      async () =>
        (await queryRows<{ one: number }>(handle.db, sql`select 1 as one`).catch(() => []))[0]?.one,
      { timeout: 15_000, interval: 100 },
    )
    .toBe(1);
}

describe("connections ended by postgres", () => {
  const database = useTestDatabase("postgres");

  it("survives idle connections being ended, and hears changes again after its listener is", async () => {
    const events = await startAppointmentEvents(database.handle, { quietMs: 10 });
    let heard = 0;
    events.subscribe(() => {
      heard++;
    });
    try {
      // Warm the pool, then end every other connection to this database (the listener's too).
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const ended = await queryRows<{ ended: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(ended.length).toBeGreaterThan(0);
      expect(heard).toBe(0);
      // The listener connects again (after a pause) and then says once that changes may have
      // been missed: it is listening again.
      // Polls wait only as long as it takes: their budgets are against a hang (decision 029).
      await expect.poll(() => heard, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
      // Still here, still answering, and still told of changes.
      const [row] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
      const before = heard;
      await database.db.execute(
        sql`insert into appointments (name, phone, address, pincode) values ('Asha Rani', '9876543210', 'H-12, Sector 43', '122002')`,
      );
      await expect.poll(() => heard, { timeout: 30_000, interval: 50 }).toBeGreaterThan(before);
    } finally {
      await events.close();
    }
  });
});

describe("postgres going away in the middle of a transaction", () => {
  it("fails the transaction, and the process carries on and reconnects", async () => {
    const created = await createPostgresDatabase();
    const proxy = await startDatabaseProxy(created.url);
    const handle = await openDatabase({ databaseUrl: proxy.url, dataDir: "", poolSize: 2 });
    try {
      // A transaction holds its connection outside the pool: nothing but our own listener hears
      // that connection end, and an "error" nobody hears would end the process (Vitest fails the
      // run on such an uncaught error).
      let inside!: () => void;
      const begun = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const transaction = handle.db.transaction(async (tx) => {
        inside();
        await tx.execute(sql`select pg_sleep(5)`);
      });
      await begun;
      await proxy.stop();
      await expect(transaction).rejects.toThrow();
      await proxy.start();
      await answersAgain(handle);
    } finally {
      await handle.close();
      await proxy.close();
      await created.drop();
    }
  });
});

describe("postgres stopped for a while (decision 041)", () => {
  it("tries again one connection at a time, refuses queries at once meanwhile, and resumes everything, live updates included, once it is back", async () => {
    const created = await createPostgresDatabase();
    const proxy = await startDatabaseProxy(created.url);
    const handle = await openDatabase({ databaseUrl: proxy.url, dataDir: "", poolSize: 4 });
    const events = await startAppointmentEvents(handle, { quietMs: 10 });
    let heard = 0;
    events.subscribe(() => {
      heard++;
    });
    const changes: boolean[] = [];
    handle.availability.onChange((up) => changes.push(up));
    try {
      await handle.db.execute(sql`select 1`);
      await proxy.stop();
      // A query on a connection the stop cut fails; the first that needs a new connection finds
      // the database away, and the next ones are refused without a connection tried.
      await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
      await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
      expect(handle.availability.up).toBe(false);
      const refusedAt = performance.now();
      const refusals = await Promise.allSettled(
        Array.from({ length: 200 }, () => handle.db.execute(sql`select 1`)),
      );
      expect(refusals.every((result) => result.status === "rejected")).toBe(true);
      expect(performance.now() - refusedAt).toBeLessThan(1_000);
      const refused = refusals[0] as PromiseRejectedResult;
      expect(isDatabaseUnavailable(refused.reason)).toBe(true);

      // Twelve seconds away: the pool's probe and the listener each try once a pause that
      // doubles up to 5 s (0.5, 1, 2, 4, 5 s…), so a handful of attempts each, never a doubling.
      await proxy.start();
      await proxy.blackHole();
      const before = proxy.accepted;
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      const attempts = proxy.accepted - before;
      expect(attempts).toBeGreaterThanOrEqual(4);
      expect(attempts).toBeLessThanOrEqual(20);

      // Back: the probe finds it within its ceiling, queries go through, the listener hears.
      await proxy.start();
      const back = performance.now();
      await expect.poll(() => handle.availability.up, { timeout: 15_000, interval: 50 }).toBe(true);
      expect(performance.now() - back).toBeLessThan(7_000);
      expect(changes).toEqual([false, true]);
      await answersAgain(handle);
      await expect.poll(() => heard, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
      const before2 = heard;
      await handle.db.execute(
        sql`insert into appointments (name, phone, address, pincode) values ('Asha Rani', '9876543210', 'H-12, Sector 43', '122002')`,
      );
      await expect.poll(() => heard, { timeout: 15_000, interval: 50 }).toBeGreaterThan(before2);
    } finally {
      await events.close();
      await handle.close();
      await proxy.close();
      await created.drop();
    }
  });
});
