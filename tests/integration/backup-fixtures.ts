// What the backup tests share: the person who asks to be erased, scratch folders and empty
// databases removed after each test, and the rows compared before and after a restore.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { everyRow } from "#tests/integration/backup-rows.ts";
import {
  createPostgresDatabase,
  type DatabaseKind,
  freshPgliteFolder,
} from "#tests/integration/databases.ts";

/** The project's root folder. */
export const root = join(import.meta.dirname, "../..");

export const admin = { id: "user-admin", email: "admin@clinic.test" };
export const colleague = { id: "user-colleague", email: "colleague@clinic.test" };

/** The person who asks to be erased: two requests, notes, e-mails. */
export const erased = {
  name: "Meera Kapoor",
  phone: "98111 22334",
  address: "C-7, Greater Kailash 2, New Delhi",
  message: "Knee pain since the fall in October",
  note: "Meera's daughter will open the door",
};

/**
 * Scratch folders and empty databases for one test file, removed after each of its tests (each
 * file calls this once: with `isolate: false` a worker imports this module once for all its files).
 */
export function scratchSpace() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function scratchFolder(): string {
    const dir = mkdtempSync(join(tmpdir(), "physio-backup-it-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /**
   * A new, empty database of this kind, opened at whichever migrations it is given. A PGlite
   * folder is new (initdb on first open, ~5 s), or, `migrated`, a copy of a migrated empty one.
   */
  async function emptyDatabase(
    kind: DatabaseKind,
    { migrated = false } = {},
  ): Promise<EmptyDatabase> {
    if (kind === "pglite") {
      const dataDir = migrated ? freshPgliteFolder() : join(scratchFolder(), "data");
      if (migrated) cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      return {
        open: (migrationsFolder) => openDatabase({ dataDir, migrationsFolder }),
        settings: { DATA_DIR: dataDir },
      };
    }
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    return {
      open: (migrationsFolder) =>
        openDatabase({ databaseUrl: database.url, dataDir: "", migrationsFolder, poolSize: 2 }),
      settings: { DATABASE_URL: database.url },
    };
  }

  /** Runs `cleanup` after the test under way. */
  const afterTest = (cleanup: () => Promise<void>) => cleanups.push(cleanup);

  return { scratchFolder, emptyDatabase, afterTest };
}

export interface EmptyDatabase {
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  /** The settings that name it, for a script. */
  settings: Record<string, string>;
}

/**
 * The same, without what differs between an erasure and its re-application: when it happened
 * and by whom (the restore re-applies it now, as "restore").
 */
export async function comparableRows(db: Database): Promise<Record<string, string[]>> {
  const all = await everyRow(db);
  const without = (rows: string[] | undefined, keys: string[]) =>
    (rows ?? [])
      .map((text) => {
        const row = JSON.parse(text) as Record<string, unknown>;
        for (const key of keys) delete row[key];
        return JSON.stringify(row);
      })
      .sort();
  return {
    ...all,
    appointments: without(all.appointments, ["erased_at"]),
    erasures: without(all.erasures, ["erased_at", "erased_by"]),
  };
}

/** Where any of the person's values is still written, table by table. */
export async function personalValuesIn(db: Database): Promise<string[]> {
  const values = [erased.name, erased.phone, erased.phone.replace(/\D/g, ""), erased.address];
  values.push(erased.message, erased.note, "Meera");
  const found: string[] = [];
  for (const [table, rows] of Object.entries(await everyRow(db))) {
    for (const value of values) {
      if (rows.some((row) => row.toLowerCase().includes(value.toLowerCase()))) {
        found.push(`${table}: ${value}`);
      }
    }
  }
  return found;
}
