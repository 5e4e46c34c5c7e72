// Restoring a backup (npm run db:restore) into an EMPTY database, PGlite or PostgreSQL: migrated
// to the backup's own level, its rows loaded in dependency order in one transaction (all or
// none) and its sequences set, then migrated to today's level — so later migrations change the
// rows as they changed the live database — and finally every erasure of the ledger re-applied
// (erasure-ledger.server.ts), so that no erased person comes back.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, queryRows } from "../../db.server.ts";
import {
  type BackupHeader,
  type BackupTable,
  backupFormat,
  backupLines,
  batchSize,
  ident,
  quoted,
  tablesInOrder,
} from "./backup.server.ts";
import { type LedgerEntry, reapplyErasures } from "./erasure-ledger.server.ts";

/** The backup cannot be restored here: the database holds rows, or the file is not whole. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreError";
  }
}

/** A backup's first line, read as its header; refused unless it is one this site wrote. */
function headerOf(line: string, file: string): BackupHeader {
  const header = JSON.parse(line) as BackupHeader;
  if (header.format !== backupFormat || header.version !== 1) {
    throw new RestoreError(`${basename(file)} is not a backup of this site.`);
  }
  return header;
}

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return headerOf(line, file);
  throw new RestoreError(`${basename(file)} is empty.`);
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
export async function tablesWithRows(
  db: Database,
  tables?: readonly BackupTable[],
): Promise<string[]> {
  const full: string[] = [];
  for (const table of tables ?? (await tablesInOrder(db))) {
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
 * its sequences where they were. Returns the rows loaded per table.
 */
export async function loadBackup(db: Database, file: string): Promise<Record<string, number>> {
  const tables = await tablesInOrder(db);
  const full = await tablesWithRows(db, tables);
  if (full.length > 0) {
    throw new RestoreError(
      `The database is not empty (${full.join(", ")} hold rows): a backup is restored only into an empty database.`,
    );
  }
  const present = new Map(tables.map((table) => [table.name, table.columns]));
  return db.transaction(async (tx) => {
    let header: BackupHeader | undefined;
    let table: BackupTable | undefined;
    let batch: string[] = [];
    let ended: Record<string, number> | undefined;
    const counts: Record<string, number> = {};
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const list = sql.join(table.columns.map(ident), sql`, `);
      const name = ident(table.name);
      await tx.execute(
        sql`INSERT INTO ${name} (${list}) OVERRIDING SYSTEM VALUE
          SELECT ${list} FROM json_populate_recordset(NULL::${name}, ${`[${batch.join(",")}]`}::json)`,
      );
      counts[table.name] = (counts[table.name] ?? 0) + batch.length;
      batch = [];
    };
    for await (const line of backupLines(file)) {
      if (ended) throw new RestoreError("The backup has lines after its end.");
      if (!header) {
        header = headerOf(line, file);
      } else if (line.startsWith("{")) {
        if (!table) throw new RestoreError("The backup has a row outside any table.");
        batch.push(line);
        if (batch.length >= batchSize) await flush();
      } else {
        await flush();
        const marker = JSON.parse(line) as ["table", string] | ["end", Record<string, number>];
        if (marker[0] === "end") {
          ended = marker[1];
          continue;
        }
        const name = marker[1];
        table = header.tables.find((candidate) => candidate.name === name);
        const columns = present.get(name);
        if (!table || !columns) throw new RestoreError(`This database has no table ${name}.`);
        const missing = table.columns.filter((column) => !columns.includes(column));
        if (missing.length > 0) {
          throw new RestoreError(`The table ${name} has no column ${missing.join(", ")} here.`);
        }
        counts[name] = 0;
      }
    }
    if (!header || !ended) {
      throw new RestoreError("The backup is cut short (no end line): nothing was restored.");
    }
    for (const [name, count] of Object.entries(ended)) {
      if (counts[name] !== count) {
        throw new RestoreError(
          `The backup's ${name} should hold ${count} rows, not ${counts[name]}.`,
        );
      }
    }
    for (const sequence of header.sequences) {
      await tx.execute(
        sql`SELECT setval(${quoted(sequence.name)}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
    return counts;
  });
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
  const header = await readBackupHeader(options.file);
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
  const handle = await options.open(migrationsFolder);
  try {
    const reerased = await reapplyErasures(handle.db, options.ledger);
    return { rows, reerased, header };
  } finally {
    await handle.close();
  }
}
