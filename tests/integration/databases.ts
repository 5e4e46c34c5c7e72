// The databases the integration tests run on: PGlite and PostgreSQL, always (the server is the
// run's own, or the one TEST_DATABASE_URL names: tests/postgres-server.ts). Never a mock. Each
// describe block gets a database of its own
// (a copy of the migrated PGlite folder global-setup.ts made; a new PostgreSQL database, dropped
// afterwards), and every test starts on empty tables, so no test depends on another or its order.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase, queryRows } from "#app/db.server.ts";

export { queryRows };

export type DatabaseKind = "pglite" | "postgres";

export const databaseKinds: DatabaseKind[] = ["pglite", "postgres"];

/** A PGlite folder of its own: a copy of the migrated template. Remove it when done. */
export function freshPgliteFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "physio-it-"));
  cpSync(inject("pgliteTemplate"), dir, { recursive: true });
  return dir;
}

/** A new, empty database on the run's PostgreSQL server, and how to drop it. */
export async function createPostgresDatabase(
  baseUrl = inject("postgresUrl"),
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `it_${randomBytes(8).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Without FORCE, PostgreSQL waits (up to 5 s) for the sessions of a closed pool to finish
  // ending (pg's pool.end() resolves before its sockets close). A session still open after
  // that is a leak: the database is dropped all the same, and the leak reported.
  const drop = async () => {
    try {
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    } catch (error) {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      throw error;
    }
  };
  return { url: url.toString(), drop };
}

export interface TestDatabase {
  readonly kind: DatabaseKind;
  /** The block's database, as one app instance sees it. */
  readonly db: Database;
  readonly handle: DatabaseHandle;
  /**
   * The same database as a second app instance sees it: its own pool on PostgreSQL. PGlite
   * allows one process per folder, so there the instances share the one handle.
   */
  openInstance(): Promise<DatabaseHandle>;
}

/** A database for the enclosing describe block, opened before its tests and removed after. */
export function useTestDatabase(kind: DatabaseKind): TestDatabase {
  let handle: DatabaseHandle | undefined;
  let databaseUrl: string | undefined;
  let cleanup: () => Promise<void> = async () => {};
  const instances: DatabaseHandle[] = [];

  beforeAll(async () => {
    if (kind === "pglite") {
      const dataDir = freshPgliteFolder();
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      handle = await openDatabase({ dataDir });
    } else {
      const database = await createPostgresDatabase();
      cleanup = database.drop;
      databaseUrl = database.url;
      handle = await openDatabase({ databaseUrl, dataDir: "", poolSize: 4 });
    }
  });

  let emptied: string[] | undefined;
  beforeEach(async () => {
    const { db } = current();
    emptied ??= await tablesEmptiedBetweenTests(db);
    await emptyTables(db, emptied);
  });

  afterAll(async () => {
    for (const instance of instances.splice(0)) await instance.close();
    await handle?.close();
    handle = undefined;
    await cleanup();
  });

  const current = () => {
    if (!handle) throw new Error("the database is opened in beforeAll");
    return handle;
  };

  return {
    kind,
    get db() {
      return current().db;
    },
    get handle() {
      return current();
    },
    async openInstance() {
      const first = current();
      if (!databaseUrl) return { ...first, close: async () => {} };
      const instance = await openDatabase({ databaseUrl, dataDir: "", poolSize: 4 });
      instances.push(instance);
      return instance;
    },
  };
}

/**
 * The tables every test starts without rows in: these, and every table that refers to one of
 * them, however indirectly (what `TRUNCATE … CASCADE` of these empties). Not the migrations' own
 * rows, nor what a migration writes into a table of its own.
 */
const emptiedBetweenTests = [
  "appointments",
  "notifications",
  "rate_limits",
  "users",
  "newsletter_subscriptions",
  "weekly_summaries",
  "privacy_requests",
  "erasures",
  "retention_runs",
  "whatsapp_inbound",
  "backup_runs",
  "alert_incidents",
  "access_log",
  "price_versions",
  "receipt_counters",
  "credit_note_counters",
];

async function tablesEmptiedBetweenTests(db: Database): Promise<string[]> {
  const references = await queryRows<{ referring: string; referred: string }>(
    db,
    sql`SELECT conrelid::regclass::text AS referring, confrelid::regclass::text AS referred
        FROM pg_constraint WHERE contype = 'f'`,
  );
  const tables = new Set(emptiedBetweenTests);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { referring, referred } of references) {
      if (tables.has(referred) && !tables.has(referring)) {
        tables.add(referring);
        grew = true;
      }
    }
  }
  return [...tables];
}

/**
 * Empties those of `tables` that hold rows: one query asks which do, and only they are truncated.
 * A test leaves rows in a few tables; truncating all of them took 140 ms of processor time on
 * PGlite for each test (2026-11-29; decision 043).
 */
async function emptyTables(db: Database, tables: string[]): Promise<void> {
  const holding = await queryRows<{ name: string }>(
    db,
    sql.raw(
      tables
        .map((table) => `SELECT '${table}' AS name WHERE EXISTS (SELECT 1 FROM ${table})`)
        .join(" UNION ALL "),
    ),
  );
  const names = holding.map(({ name }) => name).filter((name) => name !== "access_log");
  if (names.length > 0) await db.execute(sql.raw(`TRUNCATE ${names.join(", ")} CASCADE`));
  if (holding.some(({ name }) => name === "access_log")) await emptyAccessLog(db);
}

/**
 * Empties the append-only access log between tests. Its trigger refuses TRUNCATE to the
 * application, and stays: it is switched off only inside this one transaction, which no other
 * session sees (DDL is transactional; the table's owner may, no superuser needed), and is on
 * again when the transaction commits or fails.
 */
export async function emptyAccessLog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE access_log DISABLE TRIGGER access_log_no_truncate`);
    await tx.execute(sql`TRUNCATE access_log`);
    await tx.execute(sql`ALTER TABLE access_log ENABLE TRIGGER access_log_no_truncate`);
  });
}

/** `body` once per database kind, each in its own describe block on its own database. */
export function describeEachDatabase(title: string, body: (database: TestDatabase) => void) {
  for (const kind of databaseKinds) {
    describe(`${title} (${kind})`, () => {
      body(useTestDatabase(kind));
    });
  }
}

/** The SQLSTATE and constraint of a database error, wherever the driver or ORM wrapped it. */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return {};
}

/**
 * Waits until `check` returns something truthy, or fails with `what` after `timeoutMs`: a budget
 * against a hang, which a slow machine never spends as it returns as soon as it can (decision 029).
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false | null>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
