// The reading search matches across scripts (decision 031) for the requests stored before it was
// kept: migration 0014 adds the column empty (SQL cannot read Devanagari into Latin), and the
// site fills it at start-up. Every request stored, corrected or erased since writes its own.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { requestReading } from "#app/lib/loose-reading.server.ts";

/**
 * Reads the requests whose reading is null, `batch` at a time, each batch one statement; returns
 * how many it read. Idempotent, and safe beside the site's own writes: a row corrected or erased
 * meanwhile has its reading already, and the UPDATE leaves it as it is.
 */
export async function fillSearchReadings(db: Database, batch = 2000): Promise<number> {
  let filled = 0;
  for (;;) {
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
    if (rows.length === 0) return filled;
    await db.execute(
      sql`UPDATE appointments a SET search_reading = r.reading
        FROM unnest(${sql.param(rows.map((row) => row.id))}::uuid[],
          ${sql.param(rows.map((row) => requestReading(row)))}::text[]) AS r(id, reading)
        WHERE a.id = r.id AND a.search_reading IS NULL`,
    );
    filled += rows.length;
  }
}
