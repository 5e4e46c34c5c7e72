// The planner's statistics on PGlite (decision 031). PostgreSQL's autovacuum analyses a table
// soon after its rows change; PGlite runs no autovacuum, and without statistics its planner
// guesses: a LIKE, or "erased_at is null", holds for 1 row in 200. The dashboard's plans made so
// read every match of a common word ("noida", two requests in five: 120 ms p95 at 100,000
// requests, 42 ms analysed) and the first page took twice its time. The site analyses PGlite
// itself: once started (after the search readings are filled), then every day. The statistics
// are stored with the rows, so a restart keeps them.
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "#app/db.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { startPeriodicCheck } from "#app/lib/periodic-check.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** Analyses every table of the database; resolves how long it took, in milliseconds. */
export async function analyzeDatabase(handle: Pick<DatabaseHandle, "db">): Promise<number> {
  const started = performance.now();
  await handle.db.execute(sql`ANALYZE`);
  return performance.now() - started;
}

/**
 * On PGlite, analyses the database once `after` has settled and then every `everyMs`; on
 * PostgreSQL, nothing (its autovacuum does). `stop` waits for an analysis under way.
 */
export function keepPlannerStatistics(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  log: Logger,
  after: Promise<unknown>,
  everyMs = dayMs,
): { stop(): Promise<void> } {
  if (handle.kind !== "pglite") return { stop: async () => {} };
  let stopped = false;
  const analyze = async () => {
    try {
      const ms = Math.round(await analyzeDatabase(handle));
      log.info({ ms }, "planner statistics refreshed");
    } catch (error) {
      if (!stopped) log.warn({ err: error }, "planner statistics not refreshed");
    }
  };
  const checks = after.then(() =>
    stopped ? undefined : startPeriodicCheck(analyze, everyMs, undefined),
  );
  return {
    async stop() {
      stopped = true;
      await (await checks)?.stop();
    },
  };
}
