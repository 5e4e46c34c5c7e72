// Backups restore every value the database can hold (docs/privacy.md): generated databases — rows
// for every table, their text drawn from every Unicode line and paragraph separator, combining
// marks, Devanagari, Arabic and Hebrew with bidi controls, astral characters, at the longest
// lengths the schema's CHECKs allow (backup-values.ts) — are backed up from PGlite and from
// PostgreSQL and restored into both, and every row comes back as the database wrote it. The set of
// tables is the live database's: a table without a generator in backup-generators.ts fails the
// test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db.server.ts";
import { backupDatabase, ident, quoted, tablesInOrder } from "#app/domain/privacy/backup.server.ts";
import type { BackupTable } from "#app/domain/privacy/backup-file.server.ts";
import { restoreDatabase } from "#app/domain/privacy/restore.server.ts";
import { databaseRows, generators, sequencePlaces } from "#tests/integration/backup-generators.ts";
import {
  emptyEveryTable,
  everyRow,
  everySequence,
  keptOpen,
  nullsByColumn,
  openScratchDatabase,
} from "#tests/integration/backup-rows.ts";
import type { Made } from "#tests/integration/backup-values.ts";
import { type DatabaseKind, databaseKinds, queryRows } from "#tests/integration/databases.ts";

// --- Writing the generated rows, as plain INSERTs ----------------------------------------------

async function columnTypes(handle: DatabaseHandle, table: string): Promise<Map<string, string>> {
  const types = await queryRows<{ name: string; type: string }>(
    handle.db,
    sql`SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = ${quoted(table)}::regclass AND attnum > 0 AND NOT attisdropped`,
  );
  return new Map(types.map((row) => [row.name, row.type]));
}

async function insertRows(
  handle: DatabaseHandle,
  tables: BackupTable[],
  made: Made,
  sequences: Record<string, [string, string]>,
): Promise<void> {
  for (const table of tables) {
    const types = await columnTypes(handle, table.name);
    const all = made[table.name] ?? [];
    const generated = Object.keys(all[0] ?? {}).sort();
    // Every stored column generated, no other: a column added by a migration gets a generator.
    expect(generated, `the columns generated for ${table.name}`).toEqual([...table.columns].sort());
    for (let start = 0; start < all.length; start += 50) {
      const values = all.slice(start, start + 50).map(
        (row) =>
          sql`(${sql.join(
            table.columns.map(
              (column) => sql`${row[column]}::text::${sql.raw(types.get(column) ?? "text")}`,
            ),
            sql`, `,
          )})`,
      );
      await handle.db.execute(
        sql`INSERT INTO ${ident(table.name)} (${sql.join(table.columns.map(ident), sql`, `)})
          OVERRIDING SYSTEM VALUE VALUES ${sql.join(values, sql`, `)}`,
      );
    }
  }
  for (const [name, [value, called]] of Object.entries(sequences)) {
    await handle.db.execute(
      sql`SELECT setval(${quoted(name)}::regclass, ${value}::bigint, ${called}::boolean)`,
    );
  }
}

// --- The property ---------------------------------------------------------------------------

describe("backup and restore of generated databases", () => {
  const sources = {} as Record<DatabaseKind, DatabaseHandle>;
  const targets = {} as Record<DatabaseKind, DatabaseHandle>;
  const folder = mkdtempSync(join(tmpdir(), "physio-backup-property-"));

  const removals: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    for (const kind of databaseKinds) {
      for (const into of [sources, targets]) {
        const { handle, remove } = await openScratchDatabase(kind);
        into[kind] = handle;
        removals.push(remove);
      }
    }
  });

  afterAll(async () => {
    for (const remove of removals.splice(0)) await remove();
    rmSync(folder, { recursive: true, force: true });
  });

  it("has a generator for every table", async () => {
    const tables = await tablesInOrder(sources.pglite.db);
    expect(tables.map((t) => t.name).filter((name) => !generators[name])).toEqual([]);
  });

  it.each(databaseKinds)(
    "from %s into PGlite and into PostgreSQL, every row as it was",
    async (from) => {
      const source = sources[from];
      const tables = await tablesInOrder(source.db);
      const sequences = Object.keys(await everySequence(source.db));
      let run = 0;
      await fc.assert(
        fc.asyncProperty(databaseRows(tables), sequencePlaces(sequences), async (made, places) => {
          await emptyEveryTable(source.db);
          await insertRows(source, tables, made, places);
          const expected = await everyRow(source.db);
          const expectedSequences = await everySequence(source.db);
          const expectedNulls = await nullsByColumn(source.db);
          // Every table holds rows: none is left out of the test.
          expect(
            Object.entries(expected)
              .filter(([, r]) => r.length === 0)
              .map(([t]) => t),
          ).toEqual([]);
          run += 1;
          const backup = await backupDatabase(source, join(folder, `${from}-${run}`));
          expect(backup.rows).toEqual(
            Object.fromEntries(tables.map((t) => [t.name, expected[t.name]?.length])),
          );
          for (const into of databaseKinds) {
            const target = targets[into];
            await emptyEveryTable(target.db);
            await restoreDatabase({ file: backup.file, open: keptOpen(target), ledger: [] });
            expect(await everyRow(target.db), `${from} into ${into}`).toEqual(expected);
            expect(await nullsByColumn(target.db), `${from} into ${into}`).toEqual(expectedNulls);
            expect(await everySequence(target.db), `${from} into ${into}`).toEqual(
              expectedSequences,
            );
          }
        }),
        // Each run writes and restores whole databases: a few, each of many rows. A failure is
        // reported as found (its seed replays it), not shrunk through hundreds of such runs.
        { numRuns: 3, endOnFailure: true },
      );
    },
    120_000,
  );
});
