// `npm run bench:money`: how long the money's reads take with 100,000 requests, 200,000 visits
// and 150,000 payments stored, measured in this process by calling the domain functions (no
// HTTP): the account on a request's page (`accountOf`), the owner's money figures for the last 4
// weeks (`moneyFigures`), the dues list (`duesList`), and a receipt's PDF (`receiptOf` and
// `receiptPdf`), each 200 times after 20 warm-ups, on PGlite (a fresh folder) and on PostgreSQL
// (a database created for the run and dropped after it). The baseline, in the same run: the
// dashboard's first page (`listAppointments`), whose figures docs/performance.md keeps.
// The rows are made by the database itself (generate_series): 100,000 requests over a year; 200
// therapists with 1,000 visits each, two hours apart (never overlapping, as the constraint
// demands), nine in ten done; a charge for each treatment done (a session, or a package's session
// for the requests with a package); 20,000 packages; 150,000 payments over the year, one in twenty
// a refund, a fifth in cash taken at the door, each receipt numbered in its financial year; 1,500
// credit notes, one on every hundredth receipt (a fifth of them on cash held); then what the
// money's code keeps as it goes (each package's sessions used, each request's sums).
// Usage: npm run bench:money [-- --runs 200 --postgres URL]
import { availableParallelism, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { parseEnv } from "#app/config/env.server.ts";
import type { Database, DatabaseHandle } from "#app/db.server.ts";
import { listAppointments, type Viewer } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { accountOf } from "#app/domain/money/account.server.ts";
import { duesList } from "#app/domain/money/dues.server.ts";
import { moneyFigures } from "#app/domain/money/money-figures.server.ts";
import { receiptClinicOf, receiptOf } from "#app/domain/money/receipt.server.ts";
import { receiptPdf } from "#app/domain/money/receipt-pdf.server.ts";
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
const therapistCount = 200;
const visitsEach = 1_000;
const packageCount = 20_000;
const paymentCount = 150_000;

async function seed(db: Database): Promise<{ requestId: string; paymentId: string }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.45)`);
    await tx.execute(sql`
      INSERT INTO appointments (name, phone, phone_key, address, pincode, status, created_at,
        language, reference, search_reading)
      SELECT 'Patient ' || n, '98' || lpad(n::text, 8, '0'), '9198' || lpad(n::text, 8, '0'),
        'H-' || n || ', Sector ' || (n % 90 + 1), '201301', 'contacted',
        now() - make_interval(mins => n * 5), CASE WHEN n % 5 = 0 THEN 'hi' ELSE 'en' END,
        'B' || lpad(n::text, 6, '0'), ' patient ' || n || ' '
      FROM generate_series(1, ${requestCount}) AS n`);
    await tx.execute(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT 'bench-therapist-' || t, 'Therapist ' || t, 'therapist' || t || '@clinic.test', true
      FROM generate_series(1, ${therapistCount}) AS t`);
    await tx.execute(sql`
      INSERT INTO therapists (user_id, display_name)
      SELECT 'bench-therapist-' || t, 'Therapist ' || t FROM generate_series(1, ${therapistCount}) AS t`);
    await tx.execute(sql`CREATE TEMP TABLE bench_requests AS
      SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM appointments`);
    await tx.execute(sql`CREATE INDEX ON bench_requests (n)`);
    // Each therapist's visits two hours apart from a year ago; the request by turn.
    await tx.execute(sql`
      INSERT INTO visits (appointment_id, therapist_id, starts_at, ends_at, blocked_until, kind,
        status, cancelled_by)
      SELECT r.id, 'bench-therapist-' || t,
        now() - interval '365 days' + make_interval(hours => k * 2 + t % 2),
        now() - interval '365 days' + make_interval(hours => k * 2 + t % 2) + interval '60 minutes',
        now() - interval '365 days' + make_interval(hours => k * 2 + t % 2) + interval '90 minutes',
        CASE WHEN k % 8 = 0 THEN 'assessment' ELSE 'treatment' END,
        CASE WHEN k % 10 = 0 THEN 'cancelled' WHEN k % 10 = 1 THEN 'no_show' ELSE 'done' END,
        CASE WHEN k % 10 = 0 THEN 'clinic' END
      FROM generate_series(1, ${therapistCount}) AS t CROSS JOIN generate_series(0, ${visitsEach - 1}) AS k
      JOIN bench_requests r ON r.n = 1 + ((t * ${visitsEach} + k) % ${requestCount})`);
    await tx.execute(sql`
      INSERT INTO price_versions (home_session_paise, package_sessions, package_price_paise,
        package_days, effective_from)
      VALUES (120000, 10, 1080000, 90, now() - interval '400 days')`);
    await tx.execute(sql`
      INSERT INTO packages (appointment_id, price_version_id, sessions, price_paise, valid_until,
        sold_by_email, sold_at)
      SELECT r.id, (SELECT id FROM price_versions LIMIT 1), 10, 1080000,
        (now() - make_interval(days => (r.n % 365)::int) + interval '90 days')::date,
        'admin@clinic.test', now() - make_interval(days => (r.n % 365)::int)
      FROM bench_requests r WHERE r.n % ${requestCount / packageCount} = 0`);
    await tx.execute(sql`
      INSERT INTO charges (appointment_id, kind, amount_paise, price_version_id, package_id,
        created_at)
      SELECT p.appointment_id, 'package', p.price_paise, p.price_version_id, p.id, p.sold_at
      FROM packages p`);
    // A session of the request's package when it has one, else a session charged.
    await tx.execute(sql`
      INSERT INTO charges (appointment_id, kind, amount_paise, visit_id, package_id,
        price_version_id, created_at)
      SELECT v.appointment_id,
        CASE WHEN p.id IS NULL THEN 'session' ELSE 'package_session' END,
        CASE WHEN p.id IS NULL THEN 120000 ELSE 0 END,
        v.id, p.id, (SELECT id FROM price_versions LIMIT 1), v.ends_at
      FROM visits v LEFT JOIN packages p ON p.appointment_id = v.appointment_id
      WHERE v.status = 'done' AND v.kind = 'treatment'`);
    await tx.execute(sql`
      INSERT INTO payments (appointment_id, direction, method, amount_paise, paid_on, reference,
        reason, payer_name, language, financial_year, receipt_seq, receipt_number,
        recorded_by_email, recorded_at, collected_by, handed_in_at)
      SELECT r.id,
        CASE WHEN i % 20 = 0 THEN 'out' ELSE 'in' END,
        (ARRAY['upi', 'cash', 'upi', 'bank_transfer', 'card'])[1 + i % 5],
        50000 + (i % 20) * 10000,
        (now() - make_interval(mins => i * 3))::date, 'UPI' || i,
        CASE WHEN i % 20 = 0 THEN 'Refund ' || i END,
        'Patient ' || r.n, 'en',
        CASE WHEN i % 20 <> 0 THEN '26-27' END,
        CASE WHEN i % 20 <> 0 THEN i END,
        CASE WHEN i % 20 <> 0 THEN 'HP/26-27/' || lpad(i::text, 6, '0') END,
        'admin@clinic.test', now() - make_interval(mins => i * 3),
        CASE WHEN i % 5 = 1 THEN 'bench-therapist-' || (1 + i % ${therapistCount}) END,
        CASE WHEN i % 5 = 1 AND i > 200 THEN now() - make_interval(mins => i * 3 - 60) END
      FROM generate_series(1, ${paymentCount}) AS i
      JOIN bench_requests r ON r.n = 1 + (i * 7) % ${requestCount}`);
    await tx.execute(sql`
      INSERT INTO receipt_counters (financial_year, last_number) VALUES ('26-27', ${paymentCount})`);
    await tx.execute(sql`
      INSERT INTO credit_notes (appointment_id, payment_id, amount_paise, reason, payer_name,
        language, financial_year, seq, number, recorded_by_email, recorded_at)
      SELECT appointment_id, id, 10000, 'Correction ' || receipt_seq, payer_name, language,
        '26-27', n, 'HP/26-27/C' || lpad(n::text, 5, '0'), 'admin@clinic.test',
        recorded_at + interval '1 hour'
      FROM (SELECT *, row_number() OVER (ORDER BY receipt_seq) AS n FROM payments
        WHERE receipt_seq % 100 = 3) corrected`);
    await tx.execute(sql`
      INSERT INTO credit_note_counters (financial_year, last_number)
      SELECT '26-27', count(*) FROM credit_notes`);
    // What the money's code keeps in each step: the packages' sessions used, each request's sums.
    await tx.execute(sql`
      UPDATE packages p SET sessions_used = least(p.sessions, u.n)
      FROM (SELECT package_id, count(*)::int AS n FROM charges WHERE kind = 'package_session'
        GROUP BY package_id) u
      WHERE u.package_id = p.id`);
    await tx.execute(sql`
      INSERT INTO request_balances (appointment_id, charged_paise, paid_paise, owed_since)
      SELECT a.id, coalesce(c.total, 0), coalesce(p.total, 0),
        CASE WHEN coalesce(c.total, 0) > coalesce(p.total, 0) THEN c.since END
      FROM appointments a
      LEFT JOIN (SELECT appointment_id, sum(amount_paise) AS total, min(created_at) AS since
        FROM charges GROUP BY appointment_id) c ON c.appointment_id = a.id
      LEFT JOIN (SELECT appointment_id, sum(amount) AS total FROM (
          SELECT appointment_id,
            CASE direction WHEN 'in' THEN amount_paise ELSE -amount_paise END AS amount
          FROM payments
          UNION ALL SELECT appointment_id, -amount_paise FROM credit_notes) m
        GROUP BY appointment_id) p ON p.appointment_id = a.id
      WHERE c.total IS NOT NULL OR p.total IS NOT NULL`);
    await tx.execute(sql`DROP TABLE bench_requests`);
  });
  // A request with a package, visits and payments: the account a desk opens.
  const [request] = (
    (await db.execute(
      sql`SELECT p.appointment_id AS id FROM packages p
        JOIN payments pay ON pay.appointment_id = p.appointment_id
        GROUP BY p.appointment_id ORDER BY count(*) DESC, p.appointment_id LIMIT 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const [payment] = (
    (await db.execute(
      sql`SELECT id FROM payments WHERE receipt_number IS NOT NULL ORDER BY recorded_at DESC LIMIT 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  if (!request || !payment) throw new Error("the seed stored no account to read");
  return { requestId: request.id, paymentId: payment.id };
}

async function count(db: Database, table: string) {
  const [row] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return (row?.n ?? 0).toLocaleString("en");
}

const labels = [
  "Baseline: the dashboard's first page (`listAppointments`)",
  "The account on a request's page (`accountOf`)",
  "The money figures, last 4 weeks (`moneyFigures`)",
  "The dues list (`duesList`)",
  "A receipt's PDF (`receiptOf`, `receiptPdf`)",
];

interface Result {
  database: string;
  timings: CaseTiming[];
  rows: string;
}

const clinic = receiptClinicOf(parseEnv({}));

async function benchDatabase(handle: DatabaseHandle, database: string): Promise<Result> {
  const started = performance.now();
  const { requestId, paymentId } = await seed(handle.db);
  const analysed = await analyzeDatabase(handle);
  const rows = `${await count(handle.db, "appointments")} requests, ${await count(handle.db, "visits")} visits, ${await count(handle.db, "charges")} charges, ${await count(handle.db, "payments")} payments, ${await count(handle.db, "credit_notes")} credit notes`;
  console.log(
    `${database}: ${rows} seeded in ${Math.round(performance.now() - started - analysed)} ms, analysed in ${Math.round(analysed)} ms`,
  );
  const now = new Date();
  const viewer: Viewer = { userId: "bench-admin", now };
  const fourWeeks = { start: new Date(now.getTime() - 28 * 86_400_000), end: now };
  const cases: (() => Promise<number>)[] = [
    async () =>
      (
        await listAppointments(
          handle.db,
          { ...parseDashboardQuery(new URLSearchParams()), view: "all" },
          viewer,
        )
      ).rows.length,
    async () => {
      const account = await accountOf(handle.db, requestId);
      return account.charges.length + account.payments.length;
    },
    async () => (await moneyFigures(handle.db, fourWeeks, now)).byWeek.length,
    async () => (await duesList(handle.db)).length,
    async () => {
      const receipt = await receiptOf(handle.db, paymentId);
      if (!receipt) throw new Error("no receipt");
      return (await receiptPdf(receipt, clinic)).byteLength;
    },
  ];
  const timings = await timeCases(labels, cases, { runs, warmups });
  return { database, timings, rows };
}

const loadBefore = loadavg()[0] ?? 0;
const { results, notes } = await onEachDatabase("bench-money", benchDatabase);
const loadAfter = loadavg()[0] ?? 0;
const lines = [
  `The money's reads on ${results.map((r) => `${r.database}: ${r.rows}`).join("; ")}, measured in-process: ${runs} timed runs per case after ${warmups} warm-ups, one at a time; each database analysed after the load. Targets: the account, the figures and the dues list p95 under 50 ms on PostgreSQL and 150 ms on PGlite; a receipt's PDF p95 under 200 ms. Count: the rows each case returned (the page's rows, the account's charges and payments, the figures' weeks, the families owing), or the PDF's bytes. Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
  "",
  ...timingTable({ case: "Case", count: "Count" }, labels, results),
  ...(notes.length ? ["", ...notes] : []),
];
writeReport("money", lines);
