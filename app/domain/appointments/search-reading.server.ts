// The reading search matches across scripts (decision 031) for the requests stored before it was
// kept: migration 0014 adds the column empty (SQL cannot read Devanagari into Latin), and the
// site fills it once it has started. Every request stored, corrected or erased since writes its own.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { requestReading } from "#app/lib/loose-reading.server.ts";

/**
 * Reads the requests whose reading is null, `batch` at a time, each batch one statement, until
 * none is left or `stopped()`; returns how many it read. Idempotent, and safe beside the site's
 * own writes: a row corrected or erased meanwhile has its reading already, and the UPDATE leaves
 * it as it is.
 */
export async function fillSearchReadings(
  db: Database,
  options: { batch?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const batch = options.batch ?? 2000;
  let filled = 0;
  while (!options.stopped?.()) {
    const rows = await queryRows<{
      id: string;
      name: string;
      address: string;
      message: string | null;
    }>(
      db,
      sql`SELECT id, name, address, message FROM appointments
        WHERE search_reading IS NULL LIMIT ${batch}`,
    );
    if (rows.length === 0) break;
    await db.execute(
      sql`UPDATE appointments a SET search_reading = r.reading
        FROM unnest(${sql.param(rows.map((row) => row.id))}::uuid[],
          ${sql.param(rows.map((row) => requestReading(row)))}::text[]) AS r(id, reading)
        WHERE a.id = r.id AND a.search_reading IS NULL`,
    );
    filled += rows.length;
  }
  return filled;
}

/**
 * Fills the readings in the background once the site has started, in batches of 500 so that
 * PGlite, which runs one statement at a time, answers other requests between them (100,000
 * requests took 17 s there, 34 s on a busy machine: docs/performance.md). Until it is done, a
 * search finds the older requests by what it matched before, not yet across scripts. `done`
 * settles when it is over; `stop` ends it after the batch under way.
 */
export function startSearchReadingFill(
  db: Database,
  log: Logger,
): { done: Promise<void>; stop(): Promise<void> } {
  let stopping = false;
  const started = performance.now();
  const run = fillSearchReadings(db, { batch: 500, stopped: () => stopping }).then(
    (requests) => {
      if (requests > 0) {
        const ms = Math.round(performance.now() - started);
        log.info({ requests, ms }, "search readings filled");
      }
    },
    (error: unknown) => {
      if (!stopping) log.error({ err: error }, "search readings not filled");
    },
  );
  return {
    done: run,
    async stop() {
      stopping = true;
      await run;
    },
  };
}
