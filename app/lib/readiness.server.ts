// Whether this instance can store a request now (/readyz; decision 039): its database answers within
// a short time and holds every migration this build ships. A load balancer asks every few
// seconds and stops sending to an instance that says no; /healthz only says the process is up.
// One query answers both questions: the newest migration drizzle recorded, from its own table of
// a row per migration, costs a tenth of a millisecond more than `SELECT 1` (0.3 against 0.2 ms
// on PGlite, 0.17 against 0.08 ms on PostgreSQL), so nothing is cached: a database restored from
// an older backup, or a stale replica failed over to, is seen at the next call. A database with
// more migrations than this build knows (a newer release migrated it) is ready: each migration
// keeps the release before it working (expand, then contract a release later).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { QueryConfig } from "pg";
import type { DatabaseHandle } from "#app/db.server.ts";
import { queryRows } from "#app/db.server.ts";

export interface Readiness {
  ready: boolean;
  /** "ok", or "unavailable" when it failed or took longer than the time allowed. */
  database: "ok" | "unavailable";
  /** "current", "behind" (a migration of this build is missing), or "unknown" (no answer). */
  migrations: "current" | "behind" | "unknown";
}

export interface ReadinessCheck {
  /** Asks the database now; concurrent callers share one question. Never rejects. */
  check(): Promise<Readiness>;
}

export interface ReadinessOptions {
  /** The migrations this build ships (as openDatabase: db/migrations under the working folder). */
  migrationsFolder?: string;
  /** How long the database may take to answer (default 2 s). */
  timeoutMs?: number;
  /** Told when the answer changes (not ready, ready again): for the log, not on every call. */
  onChange?(readiness: Readiness): void;
}

/** When drizzle-kit generated the newest migration in `folder`: what drizzle records as applied. */
function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

// drizzle's migrator records each migration it applies with its journal time (`created_at`), and
// applies those newer than the newest it recorded: "current" is what it would find nothing to do.
const newestAppliedQuery = `select max(created_at)::float8 as newest from drizzle.__drizzle_migrations`;

type Newest = { newest: number | null };

/** PostgreSQL's codes for a missing table or schema: a database never migrated. */
const notMigratedCodes = new Set(["42P01", "3F000"]);

export function createReadinessCheck(
  database: Pick<DatabaseHandle, "db" | "kind" | "pool"> &
    Partial<Pick<DatabaseHandle, "availability">>,
  options: ReadinessOptions = {},
): ReadinessCheck {
  const shipped = newestMigrationMillis(resolve(options.migrationsFolder ?? "db/migrations"));
  const timeoutMs = options.timeoutMs ?? 2_000;
  const { pool } = database;

  async function newestApplied(): Promise<number | null> {
    // On PostgreSQL through the pool itself, with a timeout of pg's own: a query that does not
    // come back in time has its connection dropped from the pool rather than handed out again.
    // (pg reads query_timeout from a query's own settings too; its types know it on a client's.)
    const query: QueryConfig & { query_timeout: number } = {
      text: newestAppliedQuery,
      query_timeout: timeoutMs,
    };
    const rows = pool
      ? (await pool.query<Newest>(query)).rows
      : await queryRows<Newest>(database.db, sql.raw(newestAppliedQuery));
    return rows[0]?.newest ?? null;
  }

  // A question still out (a database that does not answer) is shared, not asked again: the load
  // balancer's calls never pile up connections or queries on a database that is in trouble.
  let asked: Promise<number | null> | undefined;
  const askOnce = () => {
    asked ??= newestApplied().finally(() => {
      asked = undefined;
    });
    return asked;
  };

  async function ask(): Promise<Readiness> {
    // Known away (the pool's last connection failed): no query, which would fail at once anyway.
    if (database.availability?.up === false) {
      return { ready: false, database: "unavailable", migrations: "unknown" };
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((done) => {
      timer = setTimeout(() => done("late"), timeoutMs);
    });
    try {
      const newest = await Promise.race([askOnce(), late]);
      if (newest === "late") {
        return { ready: false, database: "unavailable", migrations: "unknown" };
      }
      const current = newest !== null && newest >= shipped;
      return { ready: current, database: "ok", migrations: current ? "current" : "behind" };
    } catch (error) {
      if (notMigratedCodes.has((error as { code?: string }).code ?? "")) {
        return { ready: false, database: "ok", migrations: "behind" };
      }
      return { ready: false, database: "unavailable", migrations: "unknown" };
    } finally {
      clearTimeout(timer);
    }
  }

  let last: Readiness | undefined;
  return {
    async check() {
      const readiness = await ask();
      const changed =
        last?.database !== readiness.database || last.migrations !== readiness.migrations;
      // The first answer is worth a line only when it is "not ready".
      if (changed && (last !== undefined || !readiness.ready)) options.onChange?.(readiness);
      last = readiness;
      return readiness;
    },
  };
}
