// Builds and runs the production server as a separate process, for the browser tests and the
// benchmarks: the same `npm run build` and `server/main.ts` a deployment uses.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The whole environment of a build or server started by a test or a benchmark: the given
 * settings and nothing else of the shell's (no `.env` either), so a developer's own settings
 * can never change what a test sees.
 */
export function pinnedEnv(settings: Record<string, string>): Record<string, string> {
  // And Node's compile cache when the run has one (vitest.config.ts): code, not a setting.
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "NODE_COMPILE_CACHE"] as const;
  const inherited = Object.fromEntries(
    keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  return { ...inherited, ENV_FILE: "/dev/null", NODE_ENV: "production", ...settings };
}

/**
 * Runs `npm run build` into `buildDir` with exactly the given settings (in `cwd`, another checkout
 * of the project, when given).
 */
export function buildInto(buildDir: string, settings: Record<string, string>, cwd?: string): void {
  const result = spawnSync("npm", ["run", "build"], {
    cwd,
    env: pinnedEnv({ ...settings, BUILD_DIR: buildDir }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`build into ${buildDir} failed`);
}

/** A port free on 127.0.0.1: `port` itself, or any when it is 0; fails when `port` is taken. */
export async function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The servers started here and still running. They are stopped when this process exits, even
 * after a crash: one left running on a fixed port would answer for the next run's server (a
 * benchmark that crashed once went on measuring the last run's servers).
 */
const running = new Set<ChildProcess>();
let stopsOnExit = false;

function stopOnExit(child: ChildProcess) {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (stopsOnExit) return;
  stopsOnExit = true;
  process.once("exit", () => {
    for (const server of running) server.kill("SIGTERM");
  });
}

/**
 * A new, empty data folder for one server (PGlite allows one process per folder), or a copy of
 * `template`: an initialised PGlite takes seconds to create and milliseconds to copy.
 */
export function freshDataDir(template?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "physio-data-"));
  if (template && existsSync(template)) cpSync(template, dir, { recursive: true });
  return dir;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the server wrote to standard output and standard error so far. */
  output: () => string;
  /** The server's data folder (its PGlite database and key), unless DATABASE_URL is set. */
  dataDir: string;
  /** Where it writes e-mails as .eml files when SMTP_URL is not set. */
  mailDir: string;
  stop: () => Promise<void>;
}

/**
 * Node's own flags for every server this process starts from now on. None by default, so that a
 * benchmark measures the server as production runs it; the test harness sets its own
 * (tests/e2e/setup.ts).
 */
let serverNodeFlags: string[] = [];

/** Every server this process started, in order: a test that fails shows their errors. */
const started: RunningServer[] = [];

/** The servers this process has started so far (stopped ones too). */
export function startedServers(): readonly RunningServer[] {
  return started;
}

export function setServerNodeFlags(flags: string[]): void {
  serverNodeFlags = flags;
}

/**
 * Starts `server/main.ts` with exactly the given settings on `port` (a free one if omitted);
 * resolves once /healthz answers.
 */
export function startProductionServer(
  settings: Record<string, string>,
  port?: number,
  options: { discardOutput?: boolean; dataTemplate?: string; cwd?: string } = {},
): Promise<RunningServer> {
  return startNodeServer(["server/main.ts"], settings, { port, ...options });
}

/**
 * Starts a server program (`node <args>`: the production server, `scripts/start.ts`, the
 * development server) with exactly the given settings; resolves once /healthz answers.
 */
export async function startNodeServer(
  args: string[],
  settings: Record<string, string>,
  options: {
    port?: number;
    timeoutMs?: number;
    discardOutput?: boolean;
    /** Another checkout of the project to run the program from (a benchmark's "before"). */
    cwd?: string;
    /** An initialised data folder to copy for this server (see freshDataDir). */
    dataTemplate?: string;
  } = {},
): Promise<RunningServer> {
  // A port asked for must be free: otherwise another server would answer this one's health check.
  const listenPort = await freePort(options.port).catch((error: Error) => {
    throw new Error(`port ${options.port} is in use: ${error.message}`);
  });
  const url = `http://127.0.0.1:${listenPort}`;
  // Each server its own data folder, removed when it stops, unless the caller names one.
  const ownDataDir = settings.DATA_DIR ? undefined : freshDataDir(options.dataTemplate);
  const dataDir = settings.DATA_DIR ?? (ownDataDir as string);
  // E-mails written as files go beside the data folder, not into the project's own mail/.
  const mailDir = settings.MAIL_DIR ?? `${dataDir}-mail`;
  const child = spawn(process.execPath, [...serverNodeFlags, ...args], {
    cwd: options.cwd,
    env: pinnedEnv({
      HOST: "127.0.0.1",
      ...settings,
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
      PORT: String(listenPort),
    }),
    // A benchmark discards the log (as a collector would take it away) but shows errors.
    stdio: [
      "ignore",
      options.discardOutput ? "ignore" : "pipe",
      options.discardOutput ? "inherit" : "pipe",
    ],
  });
  stopOnExit(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const server: RunningServer = {
    url,
    process: child,
    output: () => output,
    dataDir,
    mailDir,
    stop: () =>
      new Promise((resolve) => {
        const cleanUp = () => {
          if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
          if (ownDataDir && !settings.MAIL_DIR) rmSync(mailDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return cleanUp();
        child.once("exit", cleanUp);
        child.kill("SIGTERM");
      }),
  };
  started.push(server);
  // Generous: a server starting beside a busy test run (2 cores, a browser, builds) may take long;
  // only one that never answers should fail a test.
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error(`server did not start within ${timeoutMs} ms:\n${output}`);
}
