// The database: PGlite in a folder by default (nothing to set up), PostgreSQL when DATABASE_URL is
// set (several app instances on one server). Domain code receives a `Database` and never knows
// which. Opened by the servers at start-up, never when a module is imported: prerendering
// imports the server bundle. Each driver is imported when it is opened, so a process loads only
// the one it uses (a one-line `npm run admin` on PGlite never loads pg, nor the logger).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import {
  type AvailabilityGate,
  alwaysAvailable,
  createAvailabilityGate,
  type DatabaseAvailability,
  DatabaseUnavailableError,
  probeDelayMs,
} from "#app/lib/database-availability.server.ts";
import * as schema from "#db/schema.ts";

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw query (both drivers answer `{ rows }`; the shared type cannot say so). */
export async function queryRows<Row>(db: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the pool, for what needs a raw connection (rate limits, LISTEN). */
  pool?: pg.Pool;
  /**
   * Whether the database answers (PostgreSQL: as the pool last found it; while it does not,
   * queries fail at once with DatabaseUnavailableError). PGlite is always there.
   */
  availability: DatabaseAvailability;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (PostgreSQL: from any connection, on a
   * connection of its own that reconnects when dropped; PGlite: from this process). Resolves to
   * a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a connection of its own that `setup` prepares, made again (and prepared
   * again, then `reconnected` called) whenever it drops; for what belongs to a session, such as a
   * lock held while the instance runs. Rejects when the first `setup` does. Resolves to a
   * function that ends it.
   */
  session?(
    setup: (client: pg.Client) => Promise<void>,
    reconnected?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; unset for PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Where the generated migrations are (db/migrations). */
  migrationsFolder?: string;
  poolSize?: number;
}

/** Another process holds the PGlite folder: two writers would silently lose each other's rows. */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is in use by another process (pid ${pid}). PGlite allows one process per folder: stop that process, or give this one its own DATA_DIR, or use PostgreSQL (DATABASE_URL).`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the folder for this process: a lock file holding our pid, created exclusively. A lock
 * left by a process that no longer runs (killed, crashed) is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

// Any fixed number: the key of the session-level lock that serialises migrations across instances.
const migrationLockKey = 727_100_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = resolve(options.migrationsFolder ?? "db/migrations");
  if (options.databaseUrl) {
    const [
      { default: pg },
      { drizzle: drizzleNodePostgres },
      { migrate: migrateNodePostgres },
      { getLogger },
    ] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
      import("#app/lib/logger.server.ts"),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // No JIT compilation (decision 052): the app's statements are a page's reads, answered in
      // milliseconds, and PostgreSQL compiled the desk's Needs attention on a year of records
      // for half a second before running it for a tenth (bench:care). Options in DATABASE_URL
      // (`?options=…`) take the place of these.
      options: "-c jit=off",
    });
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) is an
    // "error" event on the pool: without a listener it would end the whole process. The pool
    // drops that connection and opens a new one for the next query.
    pool.on("error", (error) => {
      getLogger().warn({ err: error.message }, "an idle database connection was closed");
    });
    // One in use (a transaction's, which drizzle holds outside the pool) reports the same on
    // itself, where the pool no longer listens: the query under way fails with it, and the
    // connection is dropped when it is handed back; unheard, the "error" would end the process
    // whenever PostgreSQL went away in the middle of a transaction.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const log = getLogger();
    const gate = gateConnections(pool, {
      onAway: (error) =>
        log.error(
          { err: (error as Error)?.message },
          "database unreachable: queries fail at once until a probe gets through",
        ),
      onBack: (awayMs) =>
        log.info({ awaySeconds: Math.round(awayMs / 1000) }, "database reachable again"),
    });
    // Instances starting together must not apply the same migration twice.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
      await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
      client.release();
    }
    const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Database;
    // The sessions of its own (LISTEN, the key's lock), ended with the handle.
    const sessions = new Set<() => Promise<void>>();
    const tracked = (stop: () => Promise<void>) => {
      sessions.add(stop);
      return async () => {
        sessions.delete(stop);
        await stop();
      };
    };
    const url = options.databaseUrl;
    return {
      db,
      kind: "postgres",
      pool,
      availability: gate,
      session: async (setup, reconnected) =>
        tracked(await keepSession(url, gate, setup, reconnected)),
      listen: async (channel, onNotify) =>
        tracked(await listenOnPostgres(url, channel, onNotify, gate)),
      async close() {
        gate.stop();
        await Promise.all([...sessions].map((stop) => stop()));
        await pool.end();
      },
    };
  }

  const dataDir = resolve(options.dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] =
      await Promise.all([
        import("@electric-sql/pglite"),
        import("drizzle-orm/pglite"),
        import("drizzle-orm/pglite/migrator"),
        pgliteExtensions(),
      ]);
    const client = await PGlite.create({ dataDir: join(dataDir, "pglite"), extensions });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      availability: alwaysAvailable,
      async listen(channel, onNotify) {
        const unlisten = await client.listen(channel, () => onNotify());
        return () => unlisten();
      },
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** A channel name is an identifier of ours, never request data: letters, digits, underscores. */
function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return `"${channel}"`;
}

/**
 * The pool's connections go through the gate (database-availability.server.ts): a connection
 * that cannot be made marks the database away, and while it is, `connect` (which `query` uses)
 * fails at once. A wait for a free connection of a full pool that runs out is the pool being busy,
 * not the database away. The probe takes a connection past the gate and hands it back.
 */
function gateConnections(
  pool: pg.Pool,
  report: { onAway(error: unknown): void; onBack(awayMs: number): void },
): AvailabilityGate {
  type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient>;
  const gate = createAvailabilityGate({
    probe: async () => (await connect()).release(),
    ...report,
  });
  // Busy, not away: the pool had no connection free in time, or PostgreSQL answered that it has
  // as many clients as it takes (53300). The query fails; the next ones are tried as usual.
  const busy = (error: unknown) =>
    error instanceof Error &&
    (error.message === "timeout exceeded when trying to connect" ||
      (error as { code?: string }).code === "53300");
  const seen = (error: unknown) => {
    if (!busy(error) && !pool.ending) gate.failed(error);
  };
  const gated = (callback?: Callback): Promise<pg.PoolClient> | undefined => {
    if (!gate.up && !pool.ending) {
      const error = new DatabaseUnavailableError();
      if (callback) {
        callback(error);
        return undefined;
      }
      return Promise.reject(error);
    }
    if (callback) {
      connect((error, client, done) => {
        if (error) seen(error);
        callback(error, client, done);
      });
      return undefined;
    }
    return connect().catch((error: unknown) => {
      seen(error);
      throw error;
    });
  };
  pool.connect = gated as typeof pool.connect;
  return gate;
}

/**
 * A connection of its own that `setup` prepares (LISTEN, a lock held for the session), kept open:
 * when it drops (a restart of PostgreSQL, a network cut) it is made again, one attempt at a time
 * after a pause that doubles up to 5 s, or at once when the pool finds the database back, and
 * `setup` runs again, then `reconnected`. A failed attempt leaves nothing behind: its client is
 * ended, and only the loop schedules the next. The first attempt's failure is the caller's.
 */
async function keepSession(
  connectionString: string,
  availability: DatabaseAvailability,
  setup: (client: pg.Client) => Promise<void>,
  reconnected: () => void = () => {},
): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let attempt = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    // An error on the connection is followed by its "end"; a failed attempt by the rejection.
    next.on("error", () => {});
    try {
      await next.connect();
      await setup(next);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    next.once("end", () => {
      if (client !== next) return;
      client = undefined;
      reconnect();
    });
    client = next;
  };
  const tryNow = () => {
    if (stopped || client || connecting) return;
    clearTimeout(retry);
    retry = undefined;
    connecting = connect().then(
      () => {
        connecting = undefined;
        attempt = 0;
        if (!stopped) reconnected();
      },
      () => {
        connecting = undefined;
        attempt++;
        reconnect();
      },
    );
  };
  function reconnect() {
    if (stopped || client || connecting || retry) return;
    retry = setTimeout(
      () => {
        retry = undefined;
        tryNow();
      },
      probeDelayMs(attempt, 5_000),
    );
    retry.unref();
  }
  const unwatch = availability.onChange((up) => {
    if (up) tryNow();
  });
  try {
    await connect();
  } catch (error) {
    unwatch();
    throw error;
  }
  return async () => {
    stopped = true;
    unwatch();
    clearTimeout(retry);
    await connecting;
    await client?.end().catch(() => {});
  };
}

/**
 * LISTEN on a session of its own (a pooled connection would be handed to other queries).
 * `onNotify` is also called once after each reconnection, since changes may have been missed.
 */
function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: () => void,
  availability: DatabaseAvailability,
): Promise<() => Promise<void>> {
  return keepSession(
    connectionString,
    availability,
    async (client) => {
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.query(`LISTEN ${quoteChannel(channel)}`);
    },
    onNotify,
  );
}

/**
 * The PostgreSQL extensions the schema uses, as PGlite loads them (PostgreSQL has them built in
 * its contrib): pg_trgm, for the dashboard's search; btree_gist, for the visits' exclusion
 * constraint. Every PGlite that opens our folder needs them.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gist }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/btree_gist"),
  ]);
  return { pg_trgm, btree_gist };
}
