// `npm run bench:dashboard`: how long the dashboard's queries take with 100,000 requests stored,
// measured in this process by calling the domain functions (no HTTP): the first page, searches
// (a name, part of a number, a whole number in two spellings, a word of the address), a status
// filter, the sort by status, "Needs attention", the viewer's own requests, the junk filter, a
// request's repeat links and its whole page, each 200 times after 20 warm-ups, on PGlite (a fresh
// folder under a temp dir) and on PostgreSQL (a database created for the run and dropped after
// it; skipped with a note when the server does not answer).
// The rows are made by the database itself (generate_series): three years of requests with
// varied names, phone spellings, addresses, pincodes and statuses, a fifth of them in Devanagari
// (name, address and message, as the Hindi form receives them) and their readings for search
// across scripts filled as the site does at start-up (timed), each with its staff e-mail in
// the outbox; a few percent from a number that wrote within the days before (a repeat), some
// taken by one of three staff, a quarter with a call-back, one in a hundred junk; the status
// changes that took each to where it is, and notes on a fifth.
// The access log's cost (decision 033): the dashboard page's loader path — the list, then its row
// in the log (`recordAccess`) — against the list alone, runs of the two interleaved on the same
// data. Usage: npm run bench:dashboard [-- --rows 100000 --runs 200 --postgres URL --cases
// noida,mehta] (`--cases`: only the cases whose label holds one of the words, and neither the
// export nor the access log's cost: a quick look at a few cases while working on them).
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#app/db.server.ts";
import { appointmentsCsv } from "#app/domain/appointments/appointments-export.server.ts";
import { listAppointments, type Viewer } from "#app/domain/appointments/dashboard.server.ts";
import { type DashboardQuery, parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import {
  appointmentFor,
  repeatsOf,
  staffMembers,
  timelineOf,
} from "#app/domain/appointments/front-desk.server.ts";
import { fillSearchReadings } from "#app/domain/appointments/search-reading.server.ts";
import { dashboardAccess, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { analyzeDatabase } from "#app/lib/planner-statistics.server.ts";
import {
  type CaseTiming,
  onEachDatabase,
  option,
  percentile,
  timeRuns,
  timingTable,
  turn,
} from "#scripts/bench-databases.ts";
import { median } from "#scripts/bench-server.ts";

const rowCount = Number(option("--rows", "100000"));
const runs = Number(option("--runs", "200"));
const warmups = 20;

/** The staff: the first is the one looking ("Mine"). */
const staff = ["bench-staff-1", "bench-staff-2", "bench-staff-3"];
/** Who looks, and when: the seed's times are relative to the same moment. */
const viewer: Viewer = { userId: staff[0] ?? "", now: new Date() };

/** A number the seed gives to three requests within two days, in three spellings. */
const repeatedNumber = "9810012345";

/**
 * What is measured: the dashboard's address (its query string) for each list case; for a
 * request's own page, what its loader reads, for the newest request from `repeatedNumber`.
 */
type Case =
  | { label: string; search: string }
  | { label: string; request: (db: Database, id: string) => Promise<number> };
const cases: Case[] = [
  { label: "First page (newest first)", search: "" },
  { label: "Name search `mehta`", search: "q=mehta" },
  { label: "Phone search `98765` (part of a number)", search: "q=98765" },
  { label: "Phone search `+91 98100 12345`", search: "q=%2B91+98100+12345" },
  { label: "Phone search `098100 12345`", search: "q=098100+12345" },
  { label: "Address search `sector 62`", search: "q=sector+62" },
  // Across scripts (decision 031): Latin finding Devanagari, and the other way round.
  { label: "Across scripts `sunita`", search: "q=sunita" },
  { label: "Across scripts `verma`", search: "q=verma" },
  { label: "Across scripts `noida` (an address word)", search: "q=noida" },
  { label: "Across scripts `प्रिया`", search: `q=${encodeURIComponent("प्रिया")}` },
  { label: "Across scripts `शर्मा`", search: `q=${encodeURIComponent("शर्मा")}` },
  { label: "Across scripts `सेक्टर 62`", search: `q=${encodeURIComponent("सेक्टर 62")}` },
  { label: "Status filter `pending`", search: "status=pending" },
  { label: "Sort by status", search: "sort=status" },
  { label: "Needs attention", search: "view=attention" },
  { label: "Mine", search: "owner=mine" },
  { label: "Junk", search: "status=junk" },
  {
    label: "Repeat links of a request (`repeatsOf`)",
    request: async (db, id) => (await repeatsOf(db, id)).length,
  },
  {
    label: "A request's page (row, timeline, repeats, staff)",
    request: async (db, id) => {
      const [row, timeline] = await Promise.all([
        appointmentFor(db, id, viewer),
        timelineOf(db, id),
        repeatsOf(db, id),
        staffMembers(db),
      ]);
      if (!row) throw new Error("the request is missing");
      return timeline.length;
    },
  },
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
// A fifth of the requests, as the Hindi form receives them.
const hindiFirstNames =
  `आशा राहुल प्रिया अमित सुनीता विक्रम नेहा राजेश पूजा संजय कविता अर्जुन मीरा अनिल दीपा रोहित
  अंजलि सुरेश निशा मनोज रितु करण गीता विवेक शालिनी हरीश लक्ष्मी सीमा रेखा गौरव`.split(/\s+/);
const hindiLastNames =
  `शर्मा वर्मा गुप्ता मेहता सिंह कुमार अग्रवाल मल्होत्रा कपूर चोपड़ा बंसल जैन यादव चौहान सक्सेना
  अरोड़ा भाटिया सेठी खन्ना गोयल मित्तल राणा त्यागी चौधरी`.split(/\s+/);
const hindiCities = ["गुरुग्राम", "नई दिल्ली", "नोएडा", "फ़रीदाबाद", "ग्रेटर नोएडा"];
const hindiMessages = [
  "घुटने का ऑपरेशन तीन हफ़्ते पहले हुआ, सुबह का समय ठीक रहेगा।",
  "एक महीने से कमर में दर्द है, देर तक बैठ नहीं पाते।",
  "पिताजी के लिए स्ट्रोक के बाद फ़िज़ियोथेरेपी, दूसरी मंज़िल, लिफ़्ट नहीं है।",
  "कंधा जाम है, शाम 6 बजे के बाद आइए।",
  "टखने की हड्डी टूटी थी, पिछले हफ़्ते प्लास्टर खुला।",
];
/**
 * A case's query: "All requests" unless it names a view (with none, the dashboard would choose
 * by its counts, and the first page would be Needs attention on these three years of requests).
 */
function listed(search: string): DashboardQuery {
  const query = parseDashboardQuery(new URLSearchParams(search));
  return { ...query, view: query.view ?? "all" };
}

const array = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(",")}]`);
const pick = (values: string[], random: string) =>
  sql`(${array(values)})[1 + floor(${sql.raw(random)} * ${values.length})::int]`;

/**
 * The number's key as migration 0008 backfills it (the core of `phoneKey`, in SQL): checked
 * against `phoneKey` after the seed.
 */
const phoneKeySql = (phone: string) => {
  const d = sql.raw(`regexp_replace(${phone}, '[^0-9]', '', 'g')`);
  return sql`CASE
    WHEN ${d} ~ '^[1-9][0-9]{9}$' THEN '91' || ${d}
    WHEN ${d} ~ '^0[1-9][0-9]{9}$' THEN '91' || substr(${d}, 2)
    WHEN ${d} ~ '^91[1-9][0-9]{9}$' THEN ${d}
    WHEN ${d} ~ '^910[1-9][0-9]{9}$' THEN '91' || substr(${d}, 4)
    WHEN ${d} ~ '^0091[1-9][0-9]{9}$' THEN substr(${d}, 3)
    WHEN ${d} ~ '^00[1-9]' THEN substr(${d}, 3)
    ELSE ${d}
  END`;
};

/**
 * The requests, over three years, the n-th about n/N of the way back: recent ones mostly pending
 * or contacted, older ones mostly completed. Each number belongs to one "person"; three in a
 * hundred requests are from the person of a request a day or two before (repeats), one in two
 * hundred from someone who wrote a month or two before (not a repeat: outside 30 days). Phones as
 * people type them: "98765 43210", "+91 98765 43210", "9876543210", "098765-43210",
 * "+91-98765-43210". A request from a third of the way back gets `repeatedNumber`, as do two
 * more within two days of it.
 */
async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One connection for the transaction: the seed makes every run's rows the same.
    await tx.execute(sql`SELECT setseed(0.42)`);
    await tx.execute(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT id, 'Staff ' || n, 'staff' || n || '@clinic.test', true
      FROM unnest(${sql.param(staff)}::text[]) WITH ORDINALITY AS s(id, n)`);
    await tx.execute(sql`
      INSERT INTO user_roles (user_id, role) SELECT unnest(${sql.param(staff)}::text[]), 'admin'`);
    const repeated = Math.floor(rowCount / 3);
    await tx.execute(sql`
      INSERT INTO appointments (name, phone, phone_key, address, pincode, message, status,
        created_at, owner_id, callback_at, junk)
      SELECT name, phone, ${phoneKeySql("phone")}, address, pincode, message, status, created_at,
        CASE WHEN r_owner < 0.15 THEN (${sql.param(staff)}::text[])[1 + floor(r_owner / 0.05)::int] END,
        CASE WHEN r_callback < 0.25
          THEN created_at + make_interval(secs => (0.2 + r_callback * 12) * 86400) END,
        r_junk < 0.01
      FROM (
        SELECT
          CASE WHEN r_hindi < 0.2
            THEN ${pick(hindiFirstNames, "r_first")} || ' ' || ${pick(hindiLastNames, "r_last")}
            ELSE ${pick(firstNames, "r_first")} || ' ' || ${pick(lastNames, "r_last")}
          END AS name,
          CASE
            WHEN n IN (${repeated}, ${repeated - 40}, ${repeated - 150}) THEN
              (ARRAY['+91 ' || substr(digits, 1, 5) || ' ' || substr(digits, 6),
                '0' || substr(digits, 1, 5) || '-' || substr(digits, 6), digits])[1 + n % 3]
            WHEN r_format < 0.35 THEN substr(digits, 1, 5) || ' ' || substr(digits, 6)
            WHEN r_format < 0.6 THEN '+91 ' || substr(digits, 1, 5) || ' ' || substr(digits, 6)
            WHEN r_format < 0.8 THEN digits
            WHEN r_format < 0.9 THEN '0' || substr(digits, 1, 5) || '-' || substr(digits, 6)
            ELSE '+91-' || substr(digits, 1, 5) || '-' || substr(digits, 6)
          END AS phone,
          CASE WHEN r_hindi < 0.2
            THEN 'मकान ' || (1 + floor(r_house * 500)::int) || ', सेक्टर ' || (1 + floor(r_sector * 100)::int)
              || ', ' || ${pick(hindiCities, "r_city")}
            ELSE 'House ' || (1 + floor(r_house * 500)::int) || ', Sector ' || (1 + floor(r_sector * 100)::int)
              || ', ' || ${pick(cities, "r_city")}
          END AS address,
          (ARRAY['110', '122', '121', '201'])[1 + floor(r_area * 4)::int] || lpad(floor(r_pin * 1000)::int::text, 3, '0') AS pincode,
          CASE WHEN r_message < 0.3 THEN NULL
            WHEN r_hindi < 0.2 THEN ${pick(hindiMessages, "r_message")}
            ELSE ${pick(messages, "r_message")}
          END AS message,
          CASE
            WHEN age_days < 7 THEN CASE WHEN r_status < 0.6 THEN 'pending' WHEN r_status < 0.9 THEN 'contacted' ELSE 'completed' END
            WHEN age_days < 60 THEN CASE WHEN r_status < 0.1 THEN 'pending' WHEN r_status < 0.4 THEN 'contacted' ELSE 'completed' END
            ELSE CASE WHEN r_status < 0.01 THEN 'pending' WHEN r_status < 0.05 THEN 'contacted' ELSE 'completed' END
          END AS status,
          now() - make_interval(secs => age_days * 86400) AS created_at,
          r_owner, r_callback, r_junk
        FROM (
          SELECT *,
            CASE WHEN person = 0 THEN ${repeatedNumber}
              ELSE '9' || lpad(((person * 829348951 + 12345) % 1000000000)::text, 9, '0')
            END AS digits
          FROM (
            SELECT n, random() AS r_first, random() AS r_last, random() AS r_format,
              CASE
                WHEN n IN (${repeated}, ${repeated - 40}, ${repeated - 150}) THEN 0
                WHEN r_repeat < 0.03 THEN greatest(1, n - 1 - floor(random() * 180)::int)
                WHEN r_repeat < 0.035 THEN greatest(1, n - 3000 - floor(random() * 3000)::int)
                ELSE n
              END::bigint AS person,
              random() AS r_house, random() AS r_sector, random() AS r_city, random() AS r_area,
              random() AS r_pin, random() AS r_message, random() AS r_status,
              random() AS r_owner, random() AS r_callback, random() AS r_junk, random() AS r_hindi,
              1095 * (${rowCount} - n + random()) / ${rowCount} AS age_days
            FROM (SELECT n, random() AS r_repeat FROM generate_series(1, ${rowCount}) AS n) AS g
          ) AS people
        ) AS numbered
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
    // How each request got to its status: contacted within hours, completed days after.
    await tx.execute(sql`
      INSERT INTO appointment_status_changes (appointment_id, changed_by, changed_by_email,
        from_status, to_status, changed_at)
      SELECT id, ${staff[1]}, 'staff2@clinic.test', 'pending', 'contacted',
        created_at + make_interval(secs => 3600 + random() * 20 * 3600)
      FROM appointments WHERE status <> 'pending'
      UNION ALL
      SELECT id, ${staff[2]}, 'staff3@clinic.test', 'contacted', 'completed',
        created_at + make_interval(secs => 2 * 86400 + random() * 10 * 86400)
      FROM appointments WHERE status = 'completed'`);
    // A note on a fifth of the requests, and two on the requests from the repeated number.
    await tx.execute(sql`
      INSERT INTO appointment_activity (appointment_id, kind, by_user_id, by_email, body, created_at)
      SELECT id, 'note', ${staff[0]}, 'staff1@clinic.test', 'Called, no answer. Call back Tuesday.',
        created_at + interval '2 hours'
      FROM appointments WHERE random() < 0.2 OR phone_key = ${`91${repeatedNumber}`}
      UNION ALL
      SELECT id, 'note', ${staff[1]}, 'staff2@clinic.test', 'Visit booked for Thursday 10 am.',
        created_at + interval '5 hours'
      FROM appointments WHERE phone_key = ${`91${repeatedNumber}`}`);
  });
  // The readings search matches across scripts, as the site fills them at start-up.
  const reading = performance.now();
  const read = await fillSearchReadings(db);
  console.log(
    `  search readings of ${read} requests filled in ${Math.round(performance.now() - reading)} ms`,
  );
  // The keys as the app writes them: a sample of the SQL's against phoneKey's.
  const sample = (await db.execute(
    sql`SELECT phone, phone_key FROM appointments ORDER BY id LIMIT 2000`,
  )) as unknown as { rows: { phone: string; phone_key: string | null }[] };
  for (const row of sample.rows) {
    if (phoneKey(row.phone) !== row.phone_key) {
      throw new Error(`seeded ${row.phone} with key ${row.phone_key}, not ${phoneKey(row.phone)}`);
    }
  }
}

/** The newest request from `repeatedNumber`: the one whose page and repeats are measured. */
async function repeatedRequest(db: Database): Promise<string> {
  const found = (await db.execute(
    sql`SELECT id FROM appointments WHERE phone_key = ${`91${repeatedNumber}`}
      ORDER BY created_at DESC LIMIT 1`,
  )) as unknown as { rows: { id: string }[] };
  const id = found.rows[0]?.id;
  if (!id) throw new Error("the seed stored no request from the repeated number");
  return id;
}

/** `--cases`: the words of the labels to measure; empty for every case. */
const only = option("--cases", "")
  .split(",")
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const measured = cases.filter(
  ({ label }) => only.length === 0 || only.some((word) => label.toLowerCase().includes(word)),
);

async function measure(db: Database): Promise<CaseTiming[]> {
  const timings: CaseTiming[] = [];
  const id = await repeatedRequest(db);
  for (const each of measured) {
    const run =
      "search" in each
        ? async () => {
            const query = listed(each.search);
            return (await listAppointments(db, query, viewer)).total;
          }
        : () => each.request(db, id);
    const { medianMs, p95Ms, last } = await timeRuns(run, { runs, warmups });
    timings.push({ label: each.label, medianMs, p95Ms, count: last });
    // Progress, as each case is done: a slow case shows itself without waiting for the table.
    console.log(`  ${each.label}: median ${medianMs.toFixed(1)} ms, p95 ${p95Ms.toFixed(1)} ms`);
  }
  return timings;
}

/** The export of everything, a few times: an occasional request, not a page view. */
async function measureExport(db: Database): Promise<{ medianMs: number; lines: number }> {
  const samples: number[] = [];
  let lines = 0;
  for (let run = 0; run < 4; run++) {
    const start = performance.now();
    const csv = await appointmentsCsv(db, listed(""), viewer);
    if (run > 0) samples.push(performance.now() - start);
    lines = csv.trimEnd().split("\n").length - 1;
  }
  return { medianMs: median(samples), lines };
}

/** The loader paths compared: the dashboard's first page, and a search. */
const accessCases = [
  { label: "First page", search: "" },
  { label: "Name search `mehta`", search: "q=mehta" },
];

interface AccessCost {
  label: string;
  without: { medianMs: number; p95Ms: number };
  with: { medianMs: number; p95Ms: number };
  /** The INSERT alone, timed inside the runs with it: the cost without the list's noise. */
  insert: { medianMs: number; p95Ms: number };
}

/**
 * The dashboard loader's path with and without its access-log row, `runs` times each after the
 * warm-ups, the two alternating (which goes first alternates too), so that both see the same data,
 * cache and load. The log grows by a row each recorded run, as in use.
 */
async function measureAccessCost(db: Database): Promise<AccessCost[]> {
  const actor = { id: staff[0] ?? null, email: "staff1@clinic.test" };
  const costs: AccessCost[] = [];
  for (const each of accessCases) {
    const query = listed(each.search);
    const plain = async () => {
      await listAppointments(db, query, viewer);
    };
    const inserts: number[] = [];
    const recorded = async () => {
      const list = await listAppointments(db, query, viewer);
      const start = performance.now();
      await recordAccess(db, {
        actor,
        address: "203.0.113.9",
        ...dashboardAccess({ ...query, view: list.view }, list),
      });
      inserts.push(performance.now() - start);
    };
    for (let i = 0; i < warmups; i++) {
      await plain();
      await recorded();
    }
    inserts.length = 0;
    const samples = { without: [] as number[], with: [] as number[] };
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const);
      for (const kind of order) {
        const start = performance.now();
        await (kind === "with" ? recorded() : plain());
        samples[kind].push(performance.now() - start);
        await turn();
      }
    }
    const summary = (values: number[]) => ({
      medianMs: median(values),
      p95Ms: percentile(values, 95),
    });
    costs.push({
      label: each.label,
      without: summary(samples.without),
      with: summary(samples.with),
      insert: summary(inserts),
    });
  }
  return costs;
}

interface Result {
  database: string;
  timings: CaseTiming[];
  export: { medianMs: number; lines: number };
  access: AccessCost[];
}

async function benchDatabase(handle: DatabaseHandle, database: string): Promise<Result> {
  const started = performance.now();
  await seed(handle.db);
  const seeded = performance.now() - started;
  // PostgreSQL's autovacuum analyses a table soon after a bulk load; on PGlite the site does it
  // itself once started (app/lib/planner-statistics.server.ts): the same, timed.
  const analysed = await analyzeDatabase(handle);
  console.log(
    `${database}: ${rowCount} requests seeded in ${Math.round(seeded)} ms, analysed in ${Math.round(analysed)} ms`,
  );
  // Looked at as soon as they are stored: the seed's times are relative to the database's now().
  viewer.now = new Date();
  return {
    database,
    timings: await measure(handle.db),
    export: only.length ? { medianMs: Number.NaN, lines: 0 } : await measureExport(handle.db),
    access: only.length ? [] : await measureAccessCost(handle.db),
  };
}

const loadBefore = loadavg()[0] ?? 0;
const { results, notes } = await onEachDatabase("bench-dashboard", benchDatabase);

const loadAfter = loadavg()[0] ?? 0;
const lines = [
  `The dashboard's queries on ${rowCount.toLocaleString("en")} requests over three years, each with its staff e-mail (a few percent repeats from one number in varied spellings, some owned, a quarter with a call-back, 1 % junk, their status changes and notes), measured in-process through \`listAppointments\` (a page of 25 rows with each one's e-mail state, owner, overdue and due flags and repeat count, the total of what is selected and the header's counts) and, for one request from a number that wrote three times, \`repeatsOf\` and its page's reads (\`appointmentFor\`, \`timelineOf\`, \`repeatsOf\`, \`staffMembers\`; Matches: its repeats, its timeline entries): ${runs} timed runs per case after ${warmups} warm-ups, one at a time. Each database analysed after the load (PostgreSQL's autovacuum would; on PGlite the site does it once started). Targets: p95 under 50 ms on PostgreSQL, under 150 ms on PGlite. Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
  "",
  ...timingTable(
    { case: "Case", count: "Matches" },
    measured.map(({ label }) => label),
    results,
  ),
  "",
  `CSV export of every row (\`appointmentsCsv\`, median of 3 runs after one): ${results
    .map(
      (r) =>
        `${r.database} ${Math.round(r.export.medianMs)} ms for ${r.export.lines.toLocaleString("en")} rows`,
    )
    .join("; ")}.`,
  "",
  `The access log's cost: the dashboard loader's path (\`listAppointments\`) without and with its row in the log (\`recordAccess\`, one INSERT), ${runs} runs of each after ${warmups} warm-ups, interleaved on the same data. Target: under 10 % on p95.`,
  "",
  "| Database | Page | Median without | Median with | p95 without | p95 with | p95 difference | The INSERT alone: median, p95 |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ...results.flatMap((r) =>
    r.access.map((cost) => {
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      const difference = cost.with.p95Ms - cost.without.p95Ms;
      const percent = (100 * difference) / cost.without.p95Ms;
      return `| ${r.database} | ${cost.label} | ${ms(cost.without.medianMs)} | ${ms(cost.with.medianMs)} | ${ms(cost.without.p95Ms)} | ${ms(cost.with.p95Ms)} | ${difference >= 0 ? "+" : ""}${difference.toFixed(1)} ms (${percent >= 0 ? "+" : ""}${percent.toFixed(1)} %) | ${ms(cost.insert.medianMs)}, ${ms(cost.insert.p95Ms)} (${((100 * cost.insert.p95Ms) / cost.without.p95Ms).toFixed(1)} % of p95 without) |`;
    }),
  ),
  ...(notes.length ? ["", ...notes] : []),
];
console.log(`\n${lines.join("\n")}`);
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/dashboard.md", `${lines.join("\n")}\n`);
console.log("\nWritten to bench-results/dashboard.md");
