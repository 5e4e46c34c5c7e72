// `npm run bench:dashboard`: how long the dashboard's queries take with 100,000 requests stored,
// measured in this process by calling the domain functions (no HTTP): the first page, a name
// search, a phone search, a status filter and the sort by status, each 200 times after 20
// warm-ups, on PGlite (a fresh folder under a temp dir) and on PostgreSQL (a database created
// for the run and dropped after it; skipped with a note when the server does not answer).
// The rows are made by the database itself (generate_series), three years of requests with
// varied names, phone formats, pincodes and statuses, each with its staff e-mail in the outbox.
// Usage: npm run bench:dashboard [-- --rows 100000 --runs 200 --postgres URL]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, type DatabaseHandle, openDatabase } from "../app/db.server.ts";
import { appointmentsCsv } from "../app/domain/appointments/appointments-export.server.ts";
import { listAppointments } from "../app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "../app/domain/appointments/dashboard.ts";
import { median } from "./bench-server.ts";

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
}
const rowCount = Number(option("--rows", "100000"));
const runs = Number(option("--runs", "200"));
const warmups = 20;
const postgresAdminUrl = option(
  "--postgres",
  process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
);

/** What is measured: the dashboard's address (its query string) for each case. */
const cases = [
  { label: "First page (newest first)", search: "" },
  { label: "Name search `mehta`", search: "q=mehta" },
  { label: "Phone search `98765`", search: "q=98765" },
  { label: "Status filter `pending`", search: "status=pending" },
  { label: "Sort by status", search: "sort=status" },
];

const firstNames =
  `Asha Rahul Priya Amit Sunita Vikram Neha Rajesh Pooja Sanjay Kavita Arjun Meera Anil
  Deepa Rohit Anjali Suresh Nisha Manoj Ritu Karan Geeta Vivek Shalini Harish Lakshmi Farhan Zoya
  Gurpreet Simran Joseph Mary Arun Divya Mohan Sneha Imran Ayesha Tarun`.split(/\s+/);
const lastNames =
  `Sharma Verma Gupta Mehta Singh Kumar Agarwal Malhotra Kapoor Chopra Bansal Jain Khan
  Reddy Iyer Nair Das Bose Yadav Chauhan Saxena Arora Bhatia Sethi Khanna Goel Mittal Rana Thomas
  Ahmed`.split(/\s+/);
const cities = ["Gurugram", "New Delhi", "Noida", "Faridabad", "Greater Noida"];
const messages = [
  "Knee replacement three weeks ago; mornings suit us best.",
  "Lower back pain for a month, cannot sit long.",
  "Stroke rehabilitation for my father, second floor, no lift.",
  "Frozen shoulder, evenings after 6 pm please.",
  "Post-fracture physiotherapy (ankle), plaster removed last week.",
];
const array = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(",")}]`);
const pick = (values: string[], random: string) =>
  sql`(${array(values)})[1 + floor(${sql.raw(random)} * ${values.length})::int]`;

/**
 * The requests, over three years: recent ones mostly pending or contacted, older ones mostly
 * completed. Phones as people type them: "98765 43210", "+91 98765 43210", "9876543210".
 */
async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One connection for the transaction: the seed makes every run's rows the same.
    await tx.execute(sql`SELECT setseed(0.42)`);
    await tx.execute(sql`
      INSERT INTO appointments (name, phone, address, pincode, message, status, created_at)
      SELECT
        ${pick(firstNames, "r_first")} || ' ' || ${pick(lastNames, "r_last")},
        CASE
          WHEN r_format < 0.5 THEN substr(digits, 1, 5) || ' ' || substr(digits, 6)
          WHEN r_format < 0.8 THEN '+91 ' || substr(digits, 1, 5) || ' ' || substr(digits, 6)
          ELSE digits
        END,
        'House ' || (1 + floor(r_house * 500)::int) || ', Sector ' || (1 + floor(r_sector * 100)::int)
          || ', ' || ${pick(cities, "r_city")},
        (ARRAY['110', '122', '121', '201'])[1 + floor(r_area * 4)::int] || lpad(floor(r_pin * 1000)::int::text, 3, '0'),
        CASE WHEN r_message < 0.3 THEN NULL ELSE ${pick(messages, "r_message")} END,
        CASE
          WHEN age_days < 7 THEN CASE WHEN r_status < 0.6 THEN 'pending' WHEN r_status < 0.9 THEN 'contacted' ELSE 'completed' END
          WHEN age_days < 60 THEN CASE WHEN r_status < 0.1 THEN 'pending' WHEN r_status < 0.4 THEN 'contacted' ELSE 'completed' END
          ELSE CASE WHEN r_status < 0.01 THEN 'pending' WHEN r_status < 0.05 THEN 'contacted' ELSE 'completed' END
        END,
        now() - make_interval(secs => age_days * 86400)
      FROM (
        SELECT random() AS r_first, random() AS r_last, random() AS r_format,
          '9' || lpad(floor(random() * 1e9)::bigint::text, 9, '0') AS digits,
          random() AS r_house, random() AS r_sector, random() AS r_city, random() AS r_area,
          random() AS r_pin, random() AS r_message, random() AS r_status,
          random() * 1095 AS age_days
        FROM generate_series(1, ${rowCount})
      ) AS r`);
    // The staff e-mails: sent, but for a few that failed, and the last day's still in the outbox.
    await tx.execute(sql`
      INSERT INTO notifications (appointment_id, kind, recipient, state, attempts, last_error,
        next_attempt_at, created_at, sent_at)
      SELECT id, 'appointment-staff', 'staff@clinic.test', state,
        CASE state WHEN 'sent' THEN 1 WHEN 'failed' THEN 8 ELSE attempts END,
        CASE WHEN state = 'failed' OR attempts > 0 THEN '451 4.3.0 temporary failure' END,
        created_at + interval '5 minutes', created_at,
        CASE WHEN state = 'sent' THEN created_at + interval '2 seconds' END
      FROM (
        SELECT id, created_at, r_attempts,
          CASE WHEN r_attempts < 0.5 THEN 0 ELSE 1 + floor(r_attempts * 3)::int END AS attempts,
          CASE
            WHEN created_at > now() - interval '1 day' AND r_state < 0.5 THEN 'queued'
            WHEN r_state < 0.01 THEN 'failed'
            ELSE 'sent'
          END AS state
        FROM (SELECT id, created_at, random() AS r_state, random() AS r_attempts FROM appointments) AS a
      ) AS n`);
  });
}

interface Timing {
  label: string;
  medianMs: number;
  p95Ms: number;
  /** What the query selects, over all pages. */
  total: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * A turn of the event loop, untimed: PGlite answers without one, and a loop of its queries would
 * otherwise never let Ctrl-C's handler run.
 */
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function measure(db: Database): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const { label, search } of cases) {
    const query = parseDashboardQuery(new URLSearchParams(search));
    for (let run = 0; run < warmups; run++) await listAppointments(db, query, viewer);
    const samples: number[] = [];
    let last: Awaited<ReturnType<typeof listAppointments>> | undefined;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      last = await listAppointments(db, query, viewer);
      samples.push(performance.now() - start);
      await turn();
    }
    timings.push({
      label,
      medianMs: median(samples),
      p95Ms: percentile(samples, 95),
      total: last?.total ?? 0,
    });
  }
  return timings;
}

/** The export of everything, a few times: an occasional request, not a page view. */
async function measureExport(db: Database): Promise<{ medianMs: number; lines: number }> {
  const samples: number[] = [];
  let lines = 0;
  for (let run = 0; run < 4; run++) {
    const start = performance.now();
    const csv = await appointmentsCsv(db, parseDashboardQuery(new URLSearchParams()));
    if (run > 0) samples.push(performance.now() - start);
    lines = csv.trimEnd().split("\n").length - 1;
  }
  return { medianMs: median(samples), lines };
}

interface Result {
  database: string;
  timings: Timing[];
  export: { medianMs: number; lines: number };
}

async function benchDatabase(handle: DatabaseHandle, database: string): Promise<Result> {
  const started = performance.now();
  await seed(handle.db);
  // PostgreSQL's autovacuum analyses a table soon after a bulk load; PGlite runs no autovacuum,
  // so there the queries must do without statistics, as they will in use.
  if (handle.kind === "postgres") await handle.db.execute(sql`ANALYZE appointments, notifications`);
  console.log(
    `${database}: ${rowCount} requests seeded in ${Math.round(performance.now() - started)} ms`,
  );
  return { database, timings: await measure(handle.db), export: await measureExport(handle.db) };
}

const results: Result[] = [];
const notes: string[] = [];
const loadBefore = loadavg()[0] ?? 0;

// Interrupted, the run still leaves no folder or database behind.
const onInterrupt: (() => Promise<unknown>)[] = [];
process.once("SIGINT", () => {
  void Promise.allSettled(onInterrupt.map((job) => job())).finally(() => process.exit(130));
});

const pgliteDir = mkdtempSync(join(tmpdir(), "bench-dashboard-"));
onInterrupt.push(async () => rmSync(pgliteDir, { recursive: true, force: true }));
try {
  const handle = await openDatabase({ dataDir: pgliteDir });
  try {
    const [version] = (
      (await handle.db.execute(sql`SHOW server_version`)) as unknown as {
        rows: { server_version: string }[];
      }
    ).rows;
    const database = `PGlite (PostgreSQL ${version?.server_version.split(" ")[0] ?? "?"})`;
    results.push(await benchDatabase(handle, database));
  } finally {
    await handle.close();
  }
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
const shownUrl = postgresAdminUrl.replace(/\/\/[^@]*@/, "//");
let adminConnected = false;
try {
  await admin.connect();
  adminConnected = true;
} catch (error) {
  const note = `PostgreSQL skipped: ${shownUrl} did not answer (${error instanceof Error ? error.message : String(error)}). Set BENCH_DATABASE_URL to use another server.`;
  notes.push(note);
  console.log(note);
}
if (adminConnected) {
  const name = `bench_dashboard_${process.pid}_${Date.now()}`;
  try {
    const version = (await admin.query<{ server_version: string }>("SHOW server_version")).rows[0]
      ?.server_version;
    await admin.query(`CREATE DATABASE ${name}`);
    onInterrupt.push(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    try {
      const database = `PostgreSQL ${version?.split(" ")[0] ?? ""}`.trim();
      results.push(await benchDatabase(handle, database));
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
  }
}

const loadAfter = loadavg()[0] ?? 0;
const cell = (result: Result, label: string, show: (timing: Timing) => string) => {
  const timing = result.timings.find((t) => t.label === label);
  return timing ? show(timing) : "–";
};
const lines = [
  `The dashboard's queries on ${rowCount.toLocaleString("en")} requests over three years, each with its staff e-mail, measured in-process through \`listAppointments\` (a page of 25 rows with each one's e-mail state, the total of what is selected and the pending count): ${runs} timed runs per case after ${warmups} warm-ups, one at a time. PostgreSQL analysed after the load (as autovacuum would); PGlite without statistics (it runs no autovacuum). Targets: p95 under 50 ms on PostgreSQL, under 150 ms on PGlite. Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
  "",
  `| Case | Matches | ${results.map((r) => `${r.database} median ms | p95 ms`).join(" | ")} |`,
  `|---|---|${results.map(() => "---|---|").join("")}`,
  ...cases.map(({ label }) => {
    const matches = [
      ...new Set(results.map((r) => cell(r, label, (t) => t.total.toLocaleString("en")))),
    ];
    const times = results.map(
      (r) =>
        `${cell(r, label, (t) => t.medianMs.toFixed(1))} | ${cell(r, label, (t) => t.p95Ms.toFixed(1))}`,
    );
    return `| ${label} | ${matches.join(" / ")} | ${times.join(" | ")} |`;
  }),
  "",
  `CSV export of every row (\`appointmentsCsv\`, median of 3 runs after one): ${results
    .map(
      (r) =>
        `${r.database} ${Math.round(r.export.medianMs)} ms for ${r.export.lines.toLocaleString("en")} rows`,
    )
    .join("; ")}.`,
  ...(notes.length ? ["", ...notes] : []),
];
console.log(`\n${lines.join("\n")}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/dashboard.md", `${lines.join("\n")}\n`);
console.log("\nWritten to bench-results/dashboard.md");
