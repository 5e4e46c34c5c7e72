// `npm run bench:insights`: how long the owner's insights take with 100,000 requests over a year,
// measured in this process through `computeInsights` (every figure of the page: per day or week,
// by area, landing page, channel and status, first contact overall and per member of staff, junk
// and overdue), for each period the page offers and for the whole year typed as dates, each 100
// times after 10 warm-ups, on PGlite and on PostgreSQL (scripts/bench-databases.ts).
// The rows are made by the database itself (generate_series): requests spread over the year
// with real pincodes of the served areas and their neighbours, sources (landing pages, channels,
// campaigns), statuses, first contacts by three staff within minutes to days, 1 % junk; and the
// owners over time that the first contacts are charged to (decision 032): 70 % of the requests
// handed to one of the staff within 30 hours, one in ten of those handed on again later.
// Usage: npm run bench:insights [-- --rows 100000 --runs 100 --postgres URL]
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#app/db.server.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { computeInsights } from "#app/domain/insights/insights.server.ts";
import {
  maxPeriodDays,
  type Period,
  type PeriodQuery,
  resolvePeriod,
} from "#app/domain/insights/period.ts";
import {
  type CaseTiming,
  onEachDatabase,
  option,
  timeRuns,
  timingTable,
} from "#scripts/bench-databases.ts";

const rowCount = Number(option("--rows", "100000"));
const runs = Number(option("--runs", "100"));
const warmups = 10;
const staff = ["bench-staff-1", "bench-staff-2", "bench-staff-3"];

const today = new Date().toISOString().slice(0, 10);
/** The longest span that may be typed (92 days), ending today. */
const longestAgo = new Date(Date.now() - (maxPeriodDays - 1) * 86_400_000)
  .toISOString()
  .slice(0, 10);
const cases: { label: string; query: PeriodQuery }[] = [
  { label: "Last 7 days", query: { period: "last-7-days" } },
  { label: "This week", query: { period: "this-week" } },
  { label: "Last week", query: { period: "last-week" } },
  { label: "Last 4 weeks", query: { period: "last-4-weeks" } },
  { label: "Last 3 months", query: { period: "last-3-months" } },
  { label: `${maxPeriodDays} days typed`, query: { period: "dates", from: longestAgo, to: today } },
  // Longer than may be typed: what a year would cost (the reason for the limit), for the record.
  { label: "A year (not offered)", query: { period: "dates", from: "", to: "" } },
];

const array = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(",")}]`);
const pick = (values: string[], random: string) =>
  sql`(${array(values)})[1 + floor(${sql.raw(random)} * ${values.length})::int]`;

/** Served areas' pincodes, most requests from them, and their neighbours'. */
const pincodes = [
  ...["110017", "110085", "110001", "110092", "110058", "110075"],
  ...["122002", "122018", "122001", "122011"],
  ...["201301", "201304", "201303", "201306", "201310", "201308"],
  ...["121001", "121006", "121002"],
  ...["201010", "201001", "122107", "121102", "131001", "124103"],
];
const landings = [
  "/",
  "/contact",
  "/stroke-rehabilitation-at-home",
  "/post-surgery-physiotherapy-at-home",
  "/back-pain-physiotherapy-at-home",
  "/service-areas/gurugram",
  "/service-areas/noida",
  "/blog",
];

export async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.42)`);
    await tx.execute(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT id, 'Staff ' || n, 'staff' || n || '@clinic.test', true
      FROM unnest(${sql.param(staff)}::text[]) WITH ORDINALITY AS s(id, n)`);
    await tx.execute(sql`
      INSERT INTO appointments (name, phone, phone_key, address, pincode, status, created_at, junk,
        first_contact_at, first_contact_by, channel, landing_path, sent_from_path, referrer_host,
        utm_source, utm_medium, utm_campaign)
      SELECT 'Patient ' || n, digits, '91' || digits, 'House ' || n || ', Sector 12', pincode,
        status, created_at, r_junk < 0.01,
        CASE WHEN status <> 'pending'
          THEN created_at + make_interval(secs => 300 + r_contact * r_contact * 40 * 3600) END,
        CASE WHEN status <> 'pending' THEN (${sql.param(staff)}::text[])[1 + floor(r_staff * 3)::int] END,
        channel, ${pick(landings, "r_landing")}, '/contact',
        CASE channel WHEN 'search' THEN 'google.com' WHEN 'social' THEN 'facebook.com'
          WHEN 'other' THEN 'practo.com' END,
        CASE WHEN channel = 'ads' THEN 'google' END, CASE WHEN channel = 'ads' THEN 'cpc' END,
        CASE WHEN channel = 'ads' THEN 'stroke-' || (n % 4) END
      FROM (
        SELECT n, r_junk, r_contact, r_staff, r_landing,
          '9' || lpad(((n::bigint * 829348951 + 12345) % 1000000000)::text, 9, '0') AS digits,
          ${pick(pincodes, "r_pin")} AS pincode,
          (ARRAY['search', 'search', 'search', 'ads', 'ads', 'direct', 'direct', 'social', 'other'])[1 + floor(r_channel * 9)::int] AS channel,
          CASE
            WHEN age_days < 2 THEN CASE WHEN r_status < 0.6 THEN 'pending' ELSE 'contacted' END
            WHEN age_days < 30 THEN CASE WHEN r_status < 0.05 THEN 'pending' WHEN r_status < 0.4 THEN 'contacted' ELSE 'completed' END
            ELSE CASE WHEN r_status < 0.01 THEN 'pending' WHEN r_status < 0.05 THEN 'contacted' ELSE 'completed' END
          END AS status,
          now() - make_interval(secs => age_days * 86400) AS created_at
        FROM (
          SELECT n, random() AS r_junk, random() AS r_contact, random() AS r_staff,
            random() AS r_landing, random() AS r_pin, random() AS r_channel, random() AS r_status,
            365 * (${rowCount} - n + random()) / ${rowCount} AS age_days
          FROM generate_series(1, ${rowCount}) AS n
        ) AS g
      ) AS r`);
    // Hand-overs, as the front desk records them (the trail the owner when judged is read from).
    await tx.execute(sql`
      INSERT INTO appointment_activity (appointment_id, kind, by_user_id, by_email, owner_email, created_at)
      SELECT id, 'owner_changed', NULL, owner, owner, created_at + make_interval(secs => delay)
      FROM (
        SELECT id, created_at, 60 + random() * 30 * 3600 AS delay, random() AS r_owned,
          'staff' || (1 + floor(random() * 3)::int) || '@clinic.test' AS owner
        FROM appointments
      ) AS a WHERE r_owned < 0.7
      UNION ALL
      SELECT id, 'owner_changed', NULL, owner, owner, created_at + make_interval(secs => 31 * 3600 + random() * 48 * 3600)
      FROM (
        SELECT id, created_at, random() AS r_again,
          'staff' || (1 + floor(random() * 3)::int) || '@clinic.test' AS owner
        FROM appointments
      ) AS b WHERE r_again < 0.07`);
  });
}

/** The 365 days to now, as the page would read them were a year allowed. */
function yearTo(now: Date): Period {
  const end = new Date(now.getTime() + 86_400_000);
  const start = new Date(end.getTime() - 366 * 86_400_000);
  return {
    kind: "dates",
    from: start.toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
    start,
    end,
    bucket: "week",
  };
}

async function measure(db: Database): Promise<CaseTiming[]> {
  const timings: CaseTiming[] = [];
  for (const each of cases) {
    const run = async () => {
      const now = new Date();
      const period = each.query.from === "" ? yearTo(now) : resolvePeriod(each.query, now).period;
      return (await computeInsights(db, period, { now, locate: districtOf })).total;
    };
    const { medianMs, p95Ms, last } = await timeRuns(run, { runs, warmups });
    timings.push({ label: each.label, medianMs, p95Ms, count: last });
  }
  return timings;
}

interface Result {
  database: string;
  timings: CaseTiming[];
}

async function benchDatabase(handle: DatabaseHandle, database: string): Promise<Result> {
  const started = performance.now();
  await seed(handle.db);
  if (handle.kind === "postgres") {
    await handle.db.execute(sql`ANALYZE appointments, appointment_activity, users`);
  }
  console.log(
    `${database}: ${rowCount} requests seeded in ${Math.round(performance.now() - started)} ms`,
  );
  return { database, timings: await measure(handle.db) };
}

if (import.meta.main) {
  const loadBefore = loadavg()[0] ?? 0;
  const { results, notes } = await onEachDatabase("bench-insights", benchDatabase);
  const loadAfter = loadavg()[0] ?? 0;

  const lines = [
    `The insights page's figures (\`computeInsights\`: its four statements, the counts in one pass, the first contacts charged to their owners when judged, the span before, and junk with overdue, run together as the page runs them) on ${rowCount.toLocaleString("en")} requests over one year (real pincodes of the five areas and their neighbours, sources, statuses, first contacts by three staff, 70 % handed to one of them, 1 % junk): ${runs} timed runs per period after ${warmups} warm-ups, one at a time. PostgreSQL analysed after the load; PGlite without statistics. Targets: p95 under 100 ms on PostgreSQL, under 300 ms on PGlite. Measured ${today} on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
    "",
    ...timingTable(
      { case: "Period", count: "Requests" },
      cases.map(({ label }) => label),
      results,
    ),
    ...(notes.length ? ["", ...notes] : []),
  ];
  console.log(`\n${lines.join("\n")}`);
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/insights.md", `${lines.join("\n")}\n`);
  console.log("\nWritten to bench-results/insights.md");
}
