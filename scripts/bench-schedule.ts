// `npm run bench:schedule`: how long the home visits' reads take with 50 therapists, 20,000 visits
// and 100,000 requests stored, measured in this process by calling the domain functions (no
// HTTP): the suggested therapists of one request (`suggestionsFor`: the roster, the held times
// of the next 7 days, the ranking and the first free starts), the front desk's week
// (`loadSchedule` over 7 India days, every district), and a therapist's page (`therapistWeek`:
// today and the next six days with each patient's details and the desk's notes), each 200 times
// after 20 warm-ups, on PGlite (a fresh folder) and on PostgreSQL (a database created for the run
// and dropped after it). The baseline, in the same run: the dashboard's first page
// (`listAppointments`), whose figures docs/performance.md keeps.
// The rows are made by the database itself (generate_series): 100,000 requests over a year from
// PIN codes of the five areas; 50 therapists serving one to three districts each, with two
// working windows Monday to Saturday, languages and skills in turn; their visits 60 days back
// and 30 ahead on a grid of seven starts a day (never overlapping, as the constraint demands),
// about 20,000, a tenth cancelled, the past ones done or not home.
// Usage: npm run bench:schedule [-- --runs 200 --postgres URL]
import { availableParallelism, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#app/db.server.ts";
import { listAppointments, type Viewer } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { loadSchedule } from "#app/domain/visits/schedule-view.server.ts";
import { suggestionsFor } from "#app/domain/visits/suggestions.server.ts";
import { therapistWeek } from "#app/domain/visits/therapist-day.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { analyzeDatabase } from "#app/lib/planner-statistics.server.ts";
import {
  type CaseTiming,
  onEachDatabase,
  option,
  timeCases,
  timingTable,
  writeReport,
} from "#scripts/bench-databases.ts";

const runs = Number(option("--runs", "200"));
const warmups = 20;
const requestCount = 100_000;
const therapistCount = 50;

/** PIN codes of the five areas, and the districts the directory gives them. */
const places = [
  { pincode: "201301", district: "Gautam Buddha Nagar" },
  { pincode: "201310", district: "Gautam Buddha Nagar" },
  { pincode: "122002", district: "Gurugram" },
  { pincode: "110017", district: "South Delhi" },
  { pincode: "110001", district: "New Delhi" },
  { pincode: "110085", district: "North West Delhi" },
  { pincode: "121001", district: "Faridabad" },
];
const districts = [...new Set(places.map((place) => place.district))];
const languages = ["Hindi", "English", "Punjabi", "Bengali", "Urdu"];
const skills = ["stroke", "postSurgery", "backPain", "sportsInjury", "senior", "general"];
const landings = [
  "/stroke-rehabilitation-at-home",
  "/hi/stroke-rehabilitation-at-home",
  "/post-surgery-physiotherapy-at-home",
  "/back-pain-physiotherapy-at-home",
  "/",
];
const text = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/** Seven starts a day, India time: a 60-minute visit and 30 minutes' travel apart. */
const slots = ["07:00", "08:30", "10:00", "11:30", "16:00", "17:30", "19:00"];
const hours = JSON.stringify(
  Object.fromEntries(
    ["1", "2", "3", "4", "5", "6"].map((day) => [
      day,
      [
        { from: "07:00", to: "13:00" },
        { from: "16:00", to: "20:30" },
      ],
    ]),
  ),
);

async function seed(db: Database): Promise<{ requestId: string; therapistId: string }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.28)`);
    await tx.execute(sql`
      INSERT INTO appointments (name, phone, phone_key, address, pincode, message, status,
        created_at, language, landing_path, search_reading)
      SELECT 'Patient ' || n, '98' || lpad(n::text, 8, '0'), '9198' || lpad(n::text, 8, '0'),
        'H-' || n || ', Sector ' || (n % 90 + 1), (${text(places.map((p) => p.pincode))})[1 + n % ${places.length}],
        NULL, (ARRAY['pending', 'contacted', 'completed'])[1 + n % 3],
        now() - make_interval(mins => n * 5), CASE WHEN n % 5 = 0 THEN 'hi' ELSE 'en' END,
        (${text(landings)})[1 + n % ${landings.length}], ' patient ' || n || ' '
      FROM generate_series(1, ${requestCount}) AS n`);
    await tx.execute(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT 'bench-therapist-' || t, 'Therapist ' || t, 'therapist' || t || '@clinic.test', true
      FROM generate_series(1, ${therapistCount}) AS t`);
    await tx.execute(sql`
      INSERT INTO user_roles (user_id, role)
      SELECT 'bench-therapist-' || t, 'therapist' FROM generate_series(1, ${therapistCount}) AS t`);
    await tx.execute(sql`
      INSERT INTO therapists (user_id, display_name, registration_number, years_of_practice,
        languages, skills, districts, hours, leave)
      SELECT 'bench-therapist-' || t, 'Therapist ' || t, 'DPC-' || (1000 + t), t % 25,
        ARRAY['English', (${text(languages)})[1 + t % ${languages.length}]],
        ARRAY[(${text(skills)})[1 + t % ${skills.length}], 'general'],
        ARRAY(SELECT (${text(districts)})[1 + (t + k) % ${districts.length}]
          FROM generate_series(0, t % 3) AS k),
        ${hours}::jsonb,
        ARRAY[(current_date + (t % 20))::date]
      FROM generate_series(1, ${therapistCount}) AS t`);
    // Each therapist's visits on the grid: days -60 to +29, the starts whose turn comes, to a
    // request of their own district's rows; Sundays off.
    await tx.execute(sql`
      INSERT INTO visits (appointment_id, therapist_id, starts_at, ends_at, blocked_until, kind,
        status, cancelled_by, created_at)
      SELECT a.id, 'bench-therapist-' || g.t, g.starts, g.starts + interval '60 minutes',
        g.starts + interval '90 minutes',
        CASE WHEN g.n % 7 = 0 THEN 'assessment' ELSE 'treatment' END,
        CASE WHEN g.n % 10 = 0 THEN 'cancelled'
          WHEN g.starts < now() AND g.n % 13 = 0 THEN 'no_show'
          WHEN g.starts < now() THEN 'done' ELSE 'scheduled' END,
        CASE WHEN g.n % 10 = 0 THEN 'clinic' END,
        g.starts - interval '3 days'
      FROM (
        SELECT t, row_number() OVER () AS n,
          ((current_date + d)::text || ' ' || s || ':00+05:30')::timestamptz AS starts
        FROM generate_series(1, ${therapistCount}) AS t,
          generate_series(-60, 29) AS d,
          unnest(${text(slots)}) AS s
        WHERE extract(isodow FROM current_date + d) <> 7 AND (t + d + length(s)) % 5 <> 0
        LIMIT 20000
      ) g
      JOIN LATERAL (
        SELECT id FROM appointments ORDER BY created_at DESC OFFSET (g.n * 3) % ${requestCount} LIMIT 1
      ) a ON true`);
  });
  const [request] = (
    (await db.execute(
      sql`SELECT id FROM appointments WHERE pincode = '201301' AND language = 'hi'
        ORDER BY created_at DESC LIMIT 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  if (!request) throw new Error("the seed stored no Hindi request from Noida");
  return { requestId: request.id, therapistId: "bench-therapist-7" };
}

async function count(db: Database, table: "visits" | "therapists" | "appointments") {
  const [row] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return row?.n ?? 0;
}

const labels = [
  "Baseline: the dashboard's first page (`listAppointments`)",
  "Suggested therapists for one request (`suggestionsFor`)",
  "The front desk's week, every district (`loadSchedule`)",
  "A therapist's page, today and six days (`therapistWeek`)",
];

interface Result {
  database: string;
  timings: CaseTiming[];
  rows: string;
}

async function benchDatabase(handle: DatabaseHandle, database: string): Promise<Result> {
  const started = performance.now();
  const { requestId, therapistId } = await seed(handle.db);
  const analysed = await analyzeDatabase(handle);
  const rows = `${(await count(handle.db, "appointments")).toLocaleString("en")} requests, ${await count(handle.db, "therapists")} therapists, ${(await count(handle.db, "visits")).toLocaleString("en")} visits`;
  console.log(
    `${database}: ${rows} seeded in ${Math.round(performance.now() - started - analysed)} ms, analysed in ${Math.round(analysed)} ms`,
  );
  const now = new Date();
  const viewer: Viewer = { userId: "bench-admin", now };
  const week = Array.from({ length: 7 }, (_, i) =>
    indiaDay(new Date(now.getTime() + i * 86_400_000)),
  );
  const cases: (() => Promise<number>)[] = [
    async () =>
      (
        await listAppointments(
          handle.db,
          { ...parseDashboardQuery(new URLSearchParams()), view: "all" },
          viewer,
        )
      ).rows.length,
    async () =>
      (await suggestionsFor(handle.db, requestId, { now, minutes: 60, travelMinutes: 30 }))
        ?.suggestions.length ?? 0,
    async () => (await loadSchedule(handle.db, { days: week })).visits.length,
    async () =>
      (await therapistWeek(handle.db, therapistId, now)).days.reduce(
        (sum, day) => sum + day.visits.length,
        0,
      ),
  ];
  const timings = await timeCases(labels, cases, { runs, warmups });
  return { database, timings, rows };
}

const loadBefore = loadavg()[0] ?? 0;
const { results, notes } = await onEachDatabase("bench-schedule", benchDatabase);
const loadAfter = loadavg()[0] ?? 0;
const lines = [
  `The home visits' reads on ${results.map((r) => `${r.database}: ${r.rows}`).join("; ")}, measured in-process: ${runs} timed runs per case after ${warmups} warm-ups, one at a time; each database analysed after the load. Targets: p95 under 50 ms on PostgreSQL, under 150 ms on PGlite. Count: the rows each case returned (the page's rows, the suggestions, the week's visits, the therapist's visits). Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
  "",
  ...timingTable({ case: "Case", count: "Count" }, labels, results),
  ...(notes.length ? ["", ...notes] : []),
];
writeReport("schedule", lines);
