// `npm run bench:appointments`: appointment requests per second and their latency, from the
// production server and from a bare node:http baseline (scripts/bench-appointments-baseline.ts)
// measured in the same run, first on PGlite, then on PostgreSQL (a database created for the run
// and dropped after it; skipped with a notice when PostgreSQL cannot be reached). Every request is
// a valid form with a name of its own. A benchmark, not a test: it never fails on a number, but an
// answer other than the 303 of an accepted request stops it (on PostgreSQL: that part is reported
// as failed, the PGlite figures are kept), since the figures would then measure something else.
// Load from wrk when installed, else (or with --autocannon) from autocannon. 50 connections by
// default, as bench:serve: enough to keep both servers busy, so that the rates compare what each
// can take; with fewer, each measures its round trips (see docs/performance.md).
// With --against <git ref>, the production server of that commit is measured too, in the same
// run and alternating with ours ("before"): a change's cost or gain, on the same machine at the
// same moment. Its checkout is a temporary worktree sharing this one's node_modules.
// Usage: npm run bench:appointments [-- --seconds 10 --rounds 3 --connections 50 --postgres URL
//   --against REF]
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { getEnv } from "#app/config/env.server.ts";
import { pgliteExtensions } from "#app/db.server.ts";
import { buildForBench, median } from "#scripts/bench-server.ts";
import {
  buildInto,
  freePort,
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
}
const seconds = Number(option("--seconds", "10"));
const rounds = Number(option("--rounds", "3"));
const connections = Number(option("--connections", "50"));
const postgresAdminUrl = option("--postgres", "postgres://postgres@127.0.0.1:5432/postgres");
const warmupSeconds = 3;
const buildDir = "build-bench-appointments";
const wrkPath = "/usr/bin/wrk";
const againstRef = args.includes("--against") ? option("--against", "") : undefined;
const useWrk = existsSync(wrkPath) && !args.includes("--autocannon");

/** The contact form as a browser without JavaScript sends it: answered 303 when accepted. */
function formBody(name: string): string {
  return new URLSearchParams({
    name,
    phone: "9876543210",
    address: "Flat 12, Sector 43, Golf Course Road",
    pincode: "122002",
    message: "Knee replacement three weeks ago; mornings suit us best.",
    website: "",
    startedAt: "",
    js: "",
  }).toString();
}
const namePrefix = "Patient ";
const [bodyBefore = "", bodyAfter = ""] = formBody(`${namePrefix}@`).split("%40");

// wrk's script: a distinct name per request (one thread, so one counter), every status counted.
const wrkScript = `
local before, after, origin, label = "", "", "", ""
local counter = 0
statuses = {}
function init(args)
  before, after, origin, label = args[1], args[2], args[3], args[4]
end
function request()
  counter = counter + 1
  return wrk.format("POST", "/contact", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Origin"] = origin,
  }, before .. label .. "-" .. counter .. after)
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function done(summary, latency, requests)
  local parts = {}
  for _, thread in ipairs(threads) do
    for code, count in pairs(thread:get("statuses")) do
      table.insert(parts, '"' .. code .. '":' .. count)
    end
  end
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"socketErrors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, math.floor(latency:percentile(50)),
    math.floor(latency:percentile(99)), e.connect + e.read + e.write + e.timeout,
    table.concat(parts, ",")))
end
`;
const scriptDir = mkdtempSync(join(tmpdir(), "bench-appointments-"));
const wrkScriptPath = join(scriptDir, "appointments.lua");
writeFileSync(wrkScriptPath, wrkScript);

interface Sample {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests answered (all 303). */
  answered: number;
}

/** Drives `base` for `duration` seconds; names are `Patient <label>-<n>`. */
async function drive(base: string, label: string, duration: number): Promise<Sample> {
  const origin = base;
  let statuses: Record<string, number>;
  let sample: Sample;
  let socketErrors: number;
  if (useWrk) {
    const run = spawnSync(
      wrkPath,
      [
        "-t1",
        `-c${connections}`,
        `-d${duration}s`,
        "--timeout",
        "10s",
        "-s",
        wrkScriptPath,
        `${base}/contact`,
        "--",
        bodyBefore,
        bodyAfter,
        origin,
        label,
      ],
      { encoding: "utf8" },
    );
    const line = /^BENCH (.*)$/m.exec(run.stdout)?.[1];
    if (run.status !== 0 || !line) throw new Error(`wrk failed:\n${run.stdout}${run.stderr}`);
    const result = JSON.parse(line) as {
      requests: number;
      durationUs: number;
      p50Us: number;
      p99Us: number;
      socketErrors: number;
      statuses: Record<string, number>;
    };
    statuses = result.statuses;
    socketErrors = result.socketErrors;
    sample = {
      rps: result.requests / (result.durationUs / 1e6),
      p50Ms: result.p50Us / 1000,
      p99Ms: result.p99Us / 1000,
      answered: result.requests,
    };
  } else {
    let counter = 0;
    const result = await autocannon({
      url: `${base}/contact`,
      connections,
      duration,
      timeout: 10,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: formBody(`${namePrefix}${label}-${++counter}`),
          }),
        },
      ],
    });
    statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    );
    socketErrors = result.errors + result.timeouts;
    sample = {
      rps: result.requests.total / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      answered: result.requests.total,
    };
  }
  const others = Object.entries(statuses).filter(([code]) => code !== "303");
  if (others.length > 0 || socketErrors > 0) {
    throw new Error(
      `${label}: answers other than 303 (${JSON.stringify(Object.fromEntries(others))}), ${socketErrors} socket errors`,
    );
  }
  return sample;
}

/** The baseline as a process of its own, as our server is; resolves once it answers. */
async function startBaseline(target: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["scripts/bench-appointments-baseline.ts", String(port), target],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the baseline exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error("the baseline did not start");
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

interface Stored {
  appointments: number;
  /** Staff e-mails by outbox state. */
  notifications: Record<string, number>;
}

/** What a server stored for the requests whose names start with `label`. */
async function countStored(query: Query, label: string): Promise<Stored> {
  const like = `${namePrefix}${label}-%`;
  const total = (
    await query("SELECT count(*)::int AS n FROM appointments WHERE name LIKE $1", [like])
  ).rows[0] as { n: number } | undefined;
  const states = (
    await query(
      "SELECT n.state, count(*)::int AS n FROM notifications n JOIN appointments a ON a.id = n.appointment_id WHERE a.name LIKE $1 GROUP BY n.state",
      [like],
    )
  ).rows as { state: string; n: number }[];
  return {
    appointments: total?.n ?? 0,
    notifications: Object.fromEntries(states.map((row) => [row.state, row.n])),
  };
}

type ServerName = "ours" | "before" | "baseline";

interface Series {
  database: string;
  server: ServerName;
  samples: Sample[];
  answered: number;
  stored?: Stored;
  emlFiles?: number;
}

/** Warms each server, then measures them in turn, `rounds` times. */
async function measureAll(
  database: string,
  label: string,
  targets: Partial<Record<ServerName, string>>,
  settle?: (server: ServerName) => Promise<void>,
): Promise<Series[]> {
  const names = (Object.keys(targets) as ServerName[]).filter((name) => targets[name]);
  const series = Object.fromEntries(
    names.map((server) => [server, { database, server, samples: [], answered: 0 } as Series]),
  ) as Record<ServerName, Series>;
  for (const server of names) {
    const warm = await drive(targets[server] as string, `${label}-${server}-w`, warmupSeconds);
    series[server].answered += warm.answered;
    await settle?.(server);
  }
  for (let round = 1; round <= rounds; round++) {
    // Each round starts with the next server (which server goes first varies; who follows whom
    // does not). On PostgreSQL, `settle` does each server's vacuum and checkpoint after its turn,
    // so that the server measured next does not pay for them (the baseline writes twice as many
    // rows). Without these and with the migrator's port fault below, our server against a copy of
    // itself measured 0.61 on PostgreSQL; with them, 0.93 (2026-11-27, docs/performance.md).
    const order = names.map((_, i) => names[(i + round - 1) % names.length] as ServerName);
    for (const server of order) {
      const sample = await drive(
        targets[server] as string,
        `${label}-${server}-r${round}`,
        seconds,
      );
      await settle?.(server);
      series[server].samples.push(sample);
      series[server].answered += sample.answered;
      console.log(
        `${database}, round ${round}, ${server}: ${Math.round(sample.rps)} req/s, p50 ${sample.p50Ms.toFixed(1)} ms, p99 ${sample.p99Ms.toFixed(1)} ms`,
      );
    }
  }
  return names.map((server) => series[server]);
}

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (let job = cleanups.pop(); job; job = cleanups.pop()) await job().catch(() => {});
  rmSync(scriptDir, { recursive: true, force: true });
}
process.once("SIGINT", () => {
  void cleanUp().finally(() => process.exit(130));
});

const oursPort = await freePort();
const siteUrl = `http://localhost:${oursPort}`;
/** The settings of a server under test, but its address. */
const serverSettings = {
  // The request log is on, as deployed (discarded, as a collector would take it away).
  LOG_LEVEL: getEnv().LOG_LEVEL,
  // One client sends everything, at once: neither the limit nor the fill time would let it.
  APPOINTMENT_RATE_LIMIT: "off",
  APPOINTMENT_MIN_FILL_SECONDS: "0",
  // No SMTP_URL: each staff e-mail is written as an .eml file in MAIL_DIR (startServer).
};

/** The other commit's checkout (--against), built, and its server's address. */
interface Before {
  dir: string;
  port: number;
  siteUrl: string;
}

/** A worktree of `ref` beside this one, sharing its node_modules, built for its own port. */
async function prepareBefore(ref: string): Promise<Before> {
  const dir = mkdtempSync(join(tmpdir(), "bench-before-"));
  rmSync(dir, { recursive: true });
  const added = spawnSync("git", ["worktree", "add", "--detach", dir, ref], { encoding: "utf8" });
  if (added.status !== 0) throw new Error(`git worktree add ${ref}: ${added.stderr}`);
  cleanups.push(async () => {
    spawnSync("git", ["worktree", "remove", "--force", dir]);
  });
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  const port = await freePort();
  const url = `http://localhost:${port}`;
  console.log(`Building ${ref} in ${dir} for ${url} …`);
  buildInto(buildDir, { SITE_URL: url }, dir);
  return { dir, port, siteUrl: url };
}

async function startServer(
  which: "ours" | "before",
  dataDir: string,
  databaseUrl?: string,
  port?: number,
): Promise<RunningServer> {
  const other = which === "before" ? before : undefined;
  const server = await startProductionServer(
    {
      ...serverSettings,
      BUILD_DIR: buildDir,
      SITE_URL: other?.siteUrl ?? siteUrl,
      DATA_DIR: dataDir,
      // Inside the run's own temporary folder, counted and removed with it.
      MAIL_DIR: join(dataDir, "mail"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    port ?? other?.port ?? oursPort,
    { discardOutput: true, cwd: other?.dir },
  );
  cleanups.push(() => server.stop());
  return server;
}

const countFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);

/** The servers of the run: ours, the other commit's (--against), the baseline. */
const servers = (): ("ours" | "before")[] => (before ? ["ours", "before"] : ["ours"]);

async function benchPglite(): Promise<Series[]> {
  const dirs = Object.fromEntries(
    [...servers(), "baseline"].map((name) => [name, freshDataDir()]),
  ) as Record<ServerName, string>;
  cleanups.push(async () => {
    for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  });
  const targets: Partial<Record<ServerName, string>> = {};
  const running: RunningServer[] = [];
  for (const name of servers()) {
    const server = await startServer(name, dirs[name]);
    running.push(server);
    targets[name] = server.url;
  }
  const baseline = await startBaseline(dirs.baseline);
  cleanups.push(() => stopChild(baseline.process));
  targets.baseline = baseline.url;
  const measured = await measureAll("PGlite", "pglite", targets);
  for (const server of running) await server.stop();
  await stopChild(baseline.process);
  // The folders are free again: read what was stored.
  for (const series of measured) {
    const client = await PGlite.create({
      dataDir: join(dirs[series.server], "pglite"),
      extensions: await pgliteExtensions(),
    });
    try {
      series.stored = await countStored(
        (text, params) => client.query(text, params),
        `pglite-${series.server}`,
      );
    } finally {
      await client.close();
    }
    if (series.server !== "baseline") {
      series.emlFiles = countFiles(join(dirs[series.server], "mail"));
    }
  }
  return measured;
}

async function benchPostgres(): Promise<Series[] | string> {
  const admin = new pg.Client({
    connectionString: postgresAdminUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${postgresAdminUrl.replace(/\/\/[^@]*@/, "//")} could not be reached (${error instanceof Error ? error.message : String(error)}). Pass --postgres postgres://user@host:port/db to use another.`;
  }
  const version = (await admin.query<{ server_version: string }>("SHOW server_version")).rows[0]
    ?.server_version;
  const database = `PostgreSQL ${version?.split(" ")[0] ?? ""}`.trim();
  cleanups.push(() => admin.end());
  // A database per server measured, as the PGlite servers each have their folder.
  const urls: Partial<Record<ServerName, string>> = {};
  for (const name of [...servers(), "baseline"] as ServerName[]) {
    const dbName = `bench_appointments_${name}_${process.pid}_${Date.now()}`;
    try {
      await admin.query(`CREATE DATABASE ${dbName}`);
    } catch (error) {
      return `PostgreSQL skipped: could not create a database (${error instanceof Error ? error.message : String(error)}).`;
    }
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${dbName}`;
    urls[name] = url.toString();
  }
  const mailDirs = Object.fromEntries(servers().map((name) => [name, freshDataDir()]));
  cleanups.push(async () => {
    for (const dir of Object.values(mailDirs)) rmSync(dir, { recursive: true, force: true });
  });
  const targets: Partial<Record<ServerName, string>> = {};
  const running: RunningServer[] = [];
  for (const name of servers()) {
    const server = await startServer(name, mailDirs[name] as string, urls[name]);
    running.push(server);
    targets[name] = server.url;
  }
  // The baseline's database has no tables of its own: ours migrates it first, on a port of its
  // own (on ours', its start was taken as done when ours answered, and it was stopped mid-way).
  const migrator = await startServer("ours", freshDataDir(), urls.baseline, await freePort());
  await migrator.stop();
  const baseline = await startBaseline(urls.baseline as string);
  cleanups.push(() => stopChild(baseline.process));
  targets.baseline = baseline.url;
  const measured = await measureAll(database, "pg", targets, async (server) => {
    const client = new pg.Client({ connectionString: urls[server] });
    await client.connect();
    try {
      await client.query("VACUUM");
    } finally {
      await client.end();
    }
    await admin.query("CHECKPOINT");
  });
  for (const server of running) await server.stop();
  await stopChild(baseline.process);
  for (const series of measured) {
    const reader = new pg.Client({ connectionString: urls[series.server] });
    await reader.connect();
    try {
      series.stored = await countStored(
        (text, params) => reader.query(text, params),
        `pg-${series.server}`,
      );
    } finally {
      await reader.end();
    }
    if (series.server !== "baseline") {
      series.emlFiles = countFiles(join(mailDirs[series.server] as string, "mail"));
    }
  }
  return measured;
}

console.log(`Building ${buildDir}/ for ${siteUrl} …`);
buildForBench(buildDir, siteUrl);
const before = againstRef ? await prepareBefore(againstRef) : undefined;
// Other work on the machine lowers every figure: say how busy it was.
const loadBefore = loadavg()[0] ?? 0;
const results: Series[] = [];
let notice: string | undefined;
try {
  results.push(...(await benchPglite()));
  // A failure on PostgreSQL keeps the PGlite figures: they are written, with the reason.
  const postgres = await benchPostgres().catch((error: unknown) => {
    process.exitCode = 1;
    return `PostgreSQL run failed: ${error instanceof Error ? error.message : String(error)}`;
  });
  if (typeof postgres === "string") {
    notice = postgres;
    console.log(notice);
  } else results.push(...postgres);
} finally {
  await cleanUp();
}

const loadAfter = loadavg()[0] ?? 0;
const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
  encoding: "utf8",
}).stdout.trim();
const pick = (series: Series, key: "rps" | "p50Ms" | "p99Ms") =>
  median(series.samples.map((s) => s[key]));
const storedText = (series: Series) => {
  const stored = series.stored;
  if (!stored) return "";
  const rows = `${stored.appointments} rows for ${series.answered} answers`;
  if (series.server === "baseline") return rows;
  const states = Object.entries(stored.notifications)
    .map(([state, n]) => `${n} ${state}`)
    .join(", ");
  return `${rows}; e-mails ${states || "none"}, ${series.emlFiles ?? 0} .eml files`;
};
const databases = [...new Set(results.map((series) => series.database))];
const lines = [
  `POST /contact, a valid urlencoded form per request, each with its own name; ${connections} connections; ${seconds} s × ${rounds} rounds, ${before ? `ours, before (${againstRef}) and baseline in turn, each round starting with the next` : "ours and baseline alternating, each round starting with the other"}; on PostgreSQL, each server's database vacuumed and checkpointed after its turn, after ${warmupSeconds} s of warm-up each; load from ${useWrk ? "wrk (1 thread)" : "autocannon"}. Medians over the rounds. Measured ${new Date().toISOString().slice(0, 10)} at commit \`${commit}\` on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
  "",
  "Ours: the production server (`server/main.ts`) with `APPOINTMENT_RATE_LIMIT=off`, `APPOINTMENT_MIN_FILL_SECONDS=0`, the request log on (discarded), and no `SMTP_URL`: each request is validated, stored with its outbox row in one statement (with the requests that arrived meanwhile: group commit), and makes the staff e-mail's first delivery attempt (composing it and writing an `.eml` file to the mail folder) before answering 303. Baseline: `scripts/bench-appointments-baseline.ts`, a bare `node:http` handler that parses the same body and inserts the same row with no validation, no guards, no log and no outbox, one statement per request. Both are one Node process with a pool of 10 connections (PostgreSQL) or their own PGlite folder.",
  "",
  "| Database | Server | req/s | p50 ms | p99 ms | req/s by round | Stored (warm-up included) |",
  "|---|---|---|---|---|---|---|",
  ...results.map(
    (series) =>
      `| ${series.database} | ${series.server} | ${Math.round(pick(series, "rps"))} | ${pick(series, "p50Ms").toFixed(1)} | ${pick(series, "p99Ms").toFixed(1)} | ${series.samples.map((s) => Math.round(s.rps)).join(", ")} | ${storedText(series)} |`,
  ),
  "",
  ...databases.flatMap((database) => {
    const [ours, baseline, earlier] = (["ours", "baseline", "before"] as const).map((server) =>
      results.find((series) => series.database === database && series.server === server),
    );
    const ratio = (a?: Series, b?: Series) =>
      a && b ? (pick(a, "rps") / pick(b, "rps")).toFixed(2) : "n/a";
    return [
      `Ratio ours / baseline on ${database}: ${ratio(ours, baseline)} (target: at least 0.5).`,
      ...(earlier
        ? [`Ratio ours / before (${againstRef}) on ${database}: ${ratio(ours, earlier)}.`]
        : []),
    ];
  }),
  ...(notice ? ["", notice] : []),
];
console.log(`\n${lines.join("\n")}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/appointments.md", `${lines.join("\n")}\n`);
console.log("\nWritten to bench-results/appointments.md");
