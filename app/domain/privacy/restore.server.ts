// Restoring a backup (npm run db:restore) into an EMPTY database, PGlite or PostgreSQL: migrated
// to the backup's own level, its rows loaded in dependency order in one transaction (all or
// none) and its sequences set, then migrated to today's level — so later migrations change the
// rows as they changed the live database — and finally every erasure of the ledger re-applied
// (erasure-ledger.server.ts), so that no erased person comes back. Every line of the file is
// checked (backup-file.server.ts) before the database is opened, and again as it is loaded.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, queryRows } from "#app/db.server.ts";
import { batchSize, ident, quoted, tablesInOrder } from "#app/domain/privacy/backup.server.ts";
import { databaseProblem } from "#app/domain/privacy/backup-errors.server.ts";
import {
  BackupFileError,
  type BackupHeader,
  BackupReader,
  type BackupTable,
  backupLines,
  checkBackupFile,
} from "#app/domain/privacy/backup-file.server.ts";
import { scrubErasure } from "#app/domain/privacy/erasure.server.ts";
import { type LedgerEntry, reapplyErasures } from "#app/domain/privacy/erasure-ledger.server.ts";

/**
 * The backup cannot be restored here: the database holds rows, the file is not whole, or the
 * database refused it. The message holds no row's data.
 */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreError";
  }
}

/**
 * Tables a migration fills (migration 0013 makes the references' key; 0023 the clinic's first
 * travel times): an empty database holds their rows, which the backup's replace. A backup made
 * before the table existed leaves the migration's rows as they are.
 */
const filledByMigrations = new Set(["appointment_reference_key", "travel_times", "exercises"]);

/** Every line of the file checked (backup-file.server.ts), before the database is opened. */
async function checkBackup(
  file: string,
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  try {
    return await checkBackupFile(file);
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
    throw new RestoreError(`${error.message} Nothing was restored.`);
  }
}

/**
 * The migrations up to the backup's level, in a folder of their own: the rows are loaded into
 * the schema they were read from, and later migrations then change them as they changed the
 * live database. Refuses a backup made by a newer version of the site.
 */
export async function migrationsUpTo(
  migrationsFolder: string,
  level: BackupHeader["migration"],
): Promise<string> {
  const journal = JSON.parse(
    await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  const entries = journal.entries.filter((entry) => entry.when <= level.createdAt);
  if (entries.length !== level.count || entries.at(-1)?.when !== level.createdAt) {
    throw new RestoreError(
      "The backup was made by another version of the site (its migrations are not these): restore it with the version that made it.",
    );
  }
  const folder = await mkdtemp(join(tmpdir(), "physio-restore-migrations-"));
  await mkdir(join(folder, "meta"));
  await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    await copyFile(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
  }
  return folder;
}

/** The tables that hold rows: a restore goes only into a database that has none. */
async function tablesWithRows(db: Database, tables?: readonly BackupTable[]): Promise<string[]> {
  const full: string[] = [];
  for (const table of tables ?? (await tablesInOrder(db))) {
    if (filledByMigrations.has(table.name)) continue;
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS any`,
    );
    if (row?.any) full.push(table.name);
  }
  return full;
}

/**
 * Loads a backup's rows into an empty database (one transaction: all of them or none), then sets
 * its sequences where they were. Every line is checked again as it is read. Returns the rows
 * loaded per table. A database error is told by its SQLSTATE, the table and the lines of the
 * file, never by its words, which quote the rows.
 */
async function loadBackup(db: Database, file: string): Promise<Record<string, number>> {
  const tables = await tablesInOrder(db);
  const full = await tablesWithRows(db, tables);
  if (full.length > 0) {
    throw new RestoreError(
      `The database is not empty (${full.join(", ")} hold rows): a backup is restored only into an empty database.`,
    );
  }
  const present = new Map(tables.map((table) => [table.name, table.columns]));
  const reader = new BackupReader();
  let doing = "reading the file";
  try {
    return await db.transaction(async (tx) => {
      let table: BackupTable | undefined;
      let batch: string[] = [];
      let firstLine = 0;
      const counts: Record<string, number> = {};
      const flush = async (lastLine: number) => {
        if (!table || batch.length === 0) return;
        doing = `loading ${table.name} from lines ${firstLine}–${lastLine}`;
        const { columns, jsonAsText } = table;
        const list = sql.join(columns.map(ident), sql`, `);
        // A JSON column written as its text (version 2) is read back from it.
        const values = sql.join(
          columns.map((column) => {
            const type = jsonAsText?.[column];
            return type ? sql`(${ident(column)} #>> '{}')::${sql.raw(type)}` : ident(column);
          }),
          sql`, `,
        );
        const name = ident(table.name);
        await tx.execute(
          sql`INSERT INTO ${name} (${list}) OVERRIDING SYSTEM VALUE
            SELECT ${values} FROM json_populate_recordset(NULL::${name}, ${`[${batch.join(",")}]`}::json)`,
        );
        counts[table.name] = (counts[table.name] ?? 0) + batch.length;
        batch = [];
        doing = "reading the file";
      };
      let last = 0;
      for await (const line of backupLines(file)) {
        const entry = reader.read(line);
        if (entry.kind === "row") {
          if (batch.length === 0) firstLine = line.number;
          batch.push(entry.text);
          if (batch.length >= batchSize) await flush(line.number);
        } else {
          await flush(last);
          if (entry.kind === "table") {
            table = entry.table;
            const columns = present.get(table.name);
            if (!columns) throw new RestoreError(`This database has no table ${table.name}.`);
            const missing = table.columns.filter((column) => !columns.includes(column));
            if (missing.length > 0) {
              throw new RestoreError(
                `The table ${table.name} has no column ${missing.join(", ")} here.`,
              );
            }
            counts[table.name] = 0;
            if (filledByMigrations.has(table.name)) {
              doing = `emptying ${table.name}`;
              await tx.execute(sql`DELETE FROM ${ident(table.name)}`);
            }
          }
        }
        last = line.number;
      }
      const { header } = reader.finish();
      for (const sequence of header.sequences) {
        doing = `setting the sequence ${sequence.name}`;
        await tx.execute(
          sql`SELECT setval(${quoted(sequence.name)}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
        );
      }
      return counts;
    });
  } catch (error) {
    if (error instanceof BackupFileError) {
      throw new RestoreError(`${basename(file)}: ${error.message} Nothing was restored.`);
    }
    const problem = databaseProblem(error);
    if (problem) {
      throw new RestoreError(
        `The database refused the backup ${basename(file)} while ${doing}: ${problem}. Nothing was restored.`,
      );
    }
    throw error;
  }
}

export interface RestoreResult {
  rows: Record<string, number>;
  /** The requests erased again by the ledger. */
  reerased: string[];
  header: BackupHeader;
}

/**
 * Restores `file` into the empty database that `open` opens (migrated by `open` to the folder it
 * is given), then re-applies the ledger. `open` is called twice: at the backup's migration level,
 * then at today's.
 */
export async function restoreDatabase(options: {
  file: string;
  open: (migrationsFolder: string) => Promise<DatabaseHandle>;
  migrationsFolder?: string;
  ledger: LedgerEntry[];
}): Promise<RestoreResult> {
  const migrationsFolder = resolve(options.migrationsFolder ?? "db/migrations");
  const { header } = await checkBackup(options.file);
  const atLevel = await migrationsUpTo(migrationsFolder, header.migration);
  let rows: Record<string, number>;
  try {
    const handle = await options.open(atLevel);
    try {
      rows = await loadBackup(handle.db, options.file);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(atLevel, { recursive: true, force: true });
  }
  const handle = await options.open(migrationsFolder).catch((error: unknown) => {
    const problem = databaseProblem(error);
    if (!problem) throw error;
    throw new RestoreError(
      `The backup's rows were restored, but migrating them on to this version of the site failed: ${problem}.`,
    );
  });
  try {
    const reerased = await reapplyErasures(handle.db, options.ledger);
    // The erased values were loaded and then emptied: their old versions go from the disk too.
    await scrubErasure(handle, reerased);
    return { rows, reerased, header };
  } finally {
    await handle.close();
  }
}
