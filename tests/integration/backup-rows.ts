// What the backup tests open, compare and reset: a database of each kind kept open for a whole
// file, every row and every sequence of a database as the database itself writes them, and a
// database emptied for the next run.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { quoted, tablesInOrder } from "#app/domain/privacy/backup.server.ts";
import {
  createPostgresDatabase,
  type DatabaseKind,
  emptyAccessLog,
  freshPgliteFolder,
  queryRows,
} from "#tests/integration/databases.ts";

/** A migrated, empty database of this kind, and how to close and remove it. */
export async function openScratchDatabase(
  kind: DatabaseKind,
): Promise<{ handle: DatabaseHandle; remove: () => Promise<void> }> {
  if (kind === "pglite") {
    const dataDir = freshPgliteFolder();
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      remove: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 2 });
  return {
    handle,
    remove: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/** A database handed to a restore's `open`, which then leaves it open for the next. */
export const keptOpen = (handle: DatabaseHandle) => async () => ({
  ...handle,
  close: async () => {},
});

/** Every row of every table, as the database writes it (JSON text), sorted. */
export async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`SELECT row_to_json(t)::text AS row FROM ${sql.raw(quoted(name))} t`,
    );
    all[name] = rows.map((row) => row.row).sort();
  }
  return all;
}

/**
 * How many NULLs each column holds ("table.column"): row_to_json writes a JSON null and a NULL
 * alike, so the rows' JSON alone would not show one turned into the other.
 */
export async function nullsByColumn(db: Database): Promise<Record<string, number>> {
  const all: Record<string, number> = {};
  for (const table of await tablesInOrder(db)) {
    const counts = table.columns.map(
      (column) => sql`count(*) FILTER (WHERE ${sql.raw(quoted(column))} IS NULL)::int`,
    );
    const [row] = await queryRows<{ counts: number[] }>(
      db,
      sql`SELECT ARRAY[${sql.join(counts, sql`, `)}] AS counts FROM ${sql.raw(quoted(table.name))}`,
    );
    table.columns.forEach((column, i) => {
      all[`${table.name}.${column}`] = row?.counts[i] ?? 0;
    });
  }
  return all;
}

/** Every sequence's place: where the next value comes from. */
export async function everySequence(db: Database): Promise<Record<string, string>> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const all: Record<string, string> = {};
  for (const { name } of names) {
    const [row] = await queryRows<{ value: string }>(
      db,
      sql`SELECT last_value::text || ' ' || is_called::text AS value FROM ${sql.raw(quoted(name))}`,
    );
    all[name] = row?.value ?? "";
  }
  return all;
}

/** Every table emptied, the access log too (its trigger refuses TRUNCATE: emptyAccessLog). */
export async function emptyEveryTable(db: Database): Promise<void> {
  const names = (await tablesInOrder(db))
    .map((table) => table.name)
    .filter((name) => name !== "access_log");
  await db.execute(sql.raw(`TRUNCATE ${names.map(quoted).join(", ")} CASCADE`));
  await emptyAccessLog(db);
}
