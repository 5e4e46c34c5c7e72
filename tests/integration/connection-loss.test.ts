// PostgreSQL ends connections (a restart, a failover, an administrator's pg_terminate_backend):
// the instance must neither crash on the idle ones nor lose its live updates. On PGlite there is
// no connection to lose, so these run on PostgreSQL only.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startAppointmentEvents } from "#app/domain/appointments/appointment-events.server.ts";
import { queryRows, useTestDatabase } from "#tests/integration/databases.ts";

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
