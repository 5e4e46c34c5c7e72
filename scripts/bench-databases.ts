// What the database benchmarks share (bench:dashboard, bench:insights): their command-line
// options, percentiles, and a run on each database — PGlite in a fresh folder under a temp dir,
// then PostgreSQL in a database created for the run and dropped after it (skipped with a note when
// the server does not answer). Interrupted, a run leaves no folder or database behind.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { median } from "#scripts/bench-server.ts";

const args = process.argv.slice(2);
/** The value after `--name` on the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * A turn of the event loop, untimed: PGlite answers without one, and a loop of its queries would
 * otherwise never let Ctrl-C's handler run.
 */
export const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Times `run` `runs` times, one at a time, after `warmups` untimed runs: its median and 95th
 * percentile in milliseconds, and what its last run returned (a count, to show what was read).
 */
export async function timeRuns(
  run: () => Promise<number>,
  { runs, warmups }: { runs: number; warmups: number },
): Promise<{ medianMs: number; p95Ms: number; last: number }> {
  for (let i = 0; i < warmups; i++) await run();
  const samples: number[] = [];
  let last = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = await run();
    samples.push(performance.now() - start);
    await turn();
  }
  return { medianMs: median(samples), p95Ms: percentile(samples, 95), last };
}

/** One case's timing: its median and 95th percentile, and what it read (a count). */
export interface CaseTiming {
  label: string;
  medianMs: number;
  p95Ms: number;
  count: number;
}

/**
 * Times each case in turn (`timeRuns`), printing its median and 95th percentile as it goes: one
 * database's timings, labelled.
 */
export async function timeCases(
  labels: readonly string[],
  cases: readonly (() => Promise<number>)[],
  options: { runs: number; warmups: number },
): Promise<CaseTiming[]> {
  const timings: CaseTiming[] = [];
  for (const [i, run] of cases.entries()) {
    const { medianMs, p95Ms, last } = await timeRuns(run, options);
    const label = labels[i] ?? "";
    timings.push({ label, medianMs, p95Ms, count: last });
    console.log(`  ${label}: median ${medianMs.toFixed(1)} ms, p95 ${p95Ms.toFixed(1)} ms`);
  }
  return timings;
}

/** Prints a benchmark's report and writes it to `bench-results/<name>.md`. */
export function writeReport(name: string, lines: readonly string[]): void {
  console.log(`\n${lines.join("\n")}`);
  mkdirSync("bench-results", { recursive: true });
  writeFileSync(`bench-results/${name}.md`, `${lines.join("\n")}\n`);
  console.log(`\nWritten to bench-results/${name}.md`);
}

/**
 * The Markdown table of every case on every database: the case, what it read (one figure, or
 * each database's when they differ), then each database's median and 95th percentile.
 */
export function timingTable(
  columns: { case: string; count: string },
  labels: readonly string[],
  results: readonly { database: string; timings: readonly CaseTiming[] }[],
): string[] {
  const cell = (timings: readonly CaseTiming[], label: string, show: (t: CaseTiming) => string) => {
    const timing = timings.find((t) => t.label === label);
    return timing ? show(timing) : "–";
  };
  return [
    `| ${columns.case} | ${columns.count} | ${results.map((r) => `${r.database} median ms | p95 ms`).join(" | ")} |`,
    `|---|---|${results.map(() => "---|---|").join("")}`,
    ...labels.map((label) => {
      const counts = [
        ...new Set(results.map((r) => cell(r.timings, label, (t) => t.count.toLocaleString("en")))),
      ];
      const times = results.map(
        (r) =>
          `${cell(r.timings, label, (t) => t.medianMs.toFixed(1))} | ${cell(r.timings, label, (t) => t.p95Ms.toFixed(1))}`,
      );
      return `| ${label} | ${counts.join(" / ")} | ${times.join(" | ")} |`;
    }),
  ];
}

/**
 * `run` on PGlite, then on PostgreSQL (`--postgres URL`, or BENCH_DATABASE_URL, or the local
 * server), each on an empty migrated database, named for the report ("PGlite (PostgreSQL 17.5)").
 * Returns the results and the notes to print (a skipped server, a database left behind).
 */
export async function onEachDatabase<R>(
  prefix: string,
  run: (handle: DatabaseHandle, database: string) => Promise<R>,
): Promise<{ results: R[]; notes: string[] }> {
  const postgresAdminUrl = option(
    "--postgres",
    process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  );
  const results: R[] = [];
  const notes: string[] = [];
  const onInterrupt: (() => Promise<unknown>)[] = [];
  const interrupted = () => {
    void Promise.allSettled(onInterrupt.map((job) => job())).finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);

  const pgliteDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  onInterrupt.push(async () => rmSync(pgliteDir, { recursive: true, force: true }));
  try {
    const handle = await openDatabase({ dataDir: pgliteDir });
    try {
      const [version] = (
        (await handle.db.execute(sql`SHOW server_version`)) as unknown as {
          rows: { server_version: string }[];
        }
      ).rows;
      results.push(
        await run(handle, `PGlite (PostgreSQL ${version?.server_version.split(" ")[0] ?? "?"})`),
      );
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  const admin = new pg.Client({
    connectionString: postgresAdminUrl,
    connectionTimeoutMillis: 3000,
  });
  const shownUrl = postgresAdminUrl.replace(/\/\/[^@]*@/, "//");
  try {
    await admin.connect();
  } catch (error) {
    const note = `PostgreSQL skipped: ${shownUrl} did not answer (${error instanceof Error ? error.message : String(error)}). Set BENCH_DATABASE_URL to use another server.`;
    notes.push(note);
    console.log(note);
    process.removeListener("SIGINT", interrupted);
    return { results, notes };
  }
  const name = `${prefix.replace(/\W/g, "_")}_${process.pid}_${Date.now()}`;
  try {
    const version = (await admin.query<{ server_version: string }>("SHOW server_version")).rows[0]
      ?.server_version;
    await admin.query(`CREATE DATABASE ${name}`);
    onInterrupt.push(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    try {
      results.push(await run(handle, `PostgreSQL ${version?.split(" ")[0] ?? ""}`.trim()));
    } finally {
      await handle.close();
    }
  } finally {
    // Without FORCE, PostgreSQL waits for the closed pool's sessions to end (pool.end() resolves
    // before its sockets close); FORCE only when one lingers.
    await admin
      .query(`DROP DATABASE IF EXISTS ${name}`)
      .catch(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
      .catch((error: unknown) => notes.push(`Could not drop the database ${name}: ${error}`));
    await admin.end();
    process.removeListener("SIGINT", interrupted);
  }
  return { results, notes };
}
