// `npm run bench:care`: how long the care record's reads take with 100,000 requests, 200,000
// visits, 150,000 visit notes and 50,000 measures stored, measured in this process by calling the
// domain functions (no HTTP): a patient's whole record (`careRecordOf`), the family's progress on
// the status page with its charts (`familyCareView`, in English), each for 50 patients with a
// record taken in turn, and a therapist's page (`therapistWeek`) for a therapist with a full week,
// each 200 times after 20 warm-ups, on PGlite (a fresh folder) and on PostgreSQL (a database
// created for the run and dropped after it). The baseline, in the same run: one request read by
// its primary key. (Not the dashboard's first page, the other benchmarks' baseline: on these rows
// its Needs attention counts take most of a second, and 220 runs of it would take minutes.)
// The rows are made by the database itself (generate_series): 200 therapists with 1,000 visits
// each, 20 a week (four a day, five days of six, their day off in turn) over 48 weeks back and two
// ahead; each therapist sees eight patients at a time, each patient's course 5 to 12 visits two or
// three days apart (about 26,000 patients, 7.5 visits each, the first an assessment; one in
// twenty-five visits cancelled, three in a hundred not home, the past ones done but a few of the
// last three days still to mark). 100,000 requests: the patients' (each made a day or three before
// their first visit), the rest enquiries over the year. Then the care record: an assessment at
// each first visit done (goals, body chart, red flags on one in twenty-five, a correction on one
// in thirty), 146,000 SOAP notes on the visits done (most signed, drafts among the last week's)
// and 4,000 amendments; 50,000 measures (two per occasion by the condition: Berg and TUG after a
// stroke, NPRS and LEFS after knee surgery or a sports injury, NPRS and PSFS for back pain, Berg
// and the chair stand for falls; at the start, every 4 sessions and at discharge, improving
// within each measure's range) for the patients first in a shuffled order; a home programme for a
// third of the patients assessed (one in ten with an earlier one ended) and the family's ticks day
// by day; the desk's notes on a quarter of the patients' requests and the care record's lines on
// their timelines.
// `--explain`: after the timings, EXPLAIN ANALYZE of each case's queries on the first patient.
// Usage: npm run bench:care [-- --runs 200 --postgres URL --explain]

import { availableParallelism, loadavg } from "node:os";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#app/db.server.ts";
import { listAppointments } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { careRecordOf } from "#app/domain/care/care.server.ts";
import { familyCareView } from "#app/domain/care/family-care.server.ts";
import { indiaDayStart, therapistWeek } from "#app/domain/visits/therapist-day.server.ts";
import { analyzeDatabase } from "#app/lib/planner-statistics.server.ts";
import { appointments } from "#db/schema.ts";
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
const explain = process.argv.includes("--explain");
const requestCount = 100_000;
const therapistCount = 200;
const visitsEach = 1_000;
const notesOriginal = 146_000;
const notesAmended = 4_000;
const measureCount = 50_000;
/** The patients whose record is read, in turn. */
const patientCount = 50;

const text = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);
/** A value of `values` chosen by `index` (an SQL integer expression), from the first. */
const pick = (values: readonly string[], index: string) =>
  sql`(${text(values)})[1 + (${sql.raw(index)}) % ${values.length}]`;

/** The five conditions, by the patient's number modulo 5. */
const conditions = [
  {
    problem: "Left-sided weakness after a stroke; needs help to stand and walk.",
    message: "Stroke rehabilitation for my father, second floor, no lift.",
    regions: '[{"region": "shoulder-left", "pain": 4}, {"region": "arm-left", "pain": 3}]',
    goals: ["Walk to the bathroom on his own", "Sit up in bed without help", "Climb one floor"],
    measures: ["berg", "tug"],
    exercises: [
      "sit-to-stand",
      "bridging",
      "seated-weight-shifts",
      "seated-reaching",
      "hand-squeezes",
    ],
  },
  {
    problem: "Right total knee replacement three weeks ago; stiff, bends to 80 degrees.",
    message: "Knee replacement three weeks ago; mornings suit us best.",
    regions: '[{"region": "knee-right", "pain": 6}]',
    goals: ["Bend the knee to sit cross-legged", "Walk to the park without a stick"],
    measures: ["nprs", "lefs"],
    exercises: [
      "ankle-pumps",
      "quadriceps-sets",
      "heel-slides",
      "straight-leg-raise",
      "short-arc-quads",
    ],
  },
  {
    problem: "Lower back pain for a month, worse on sitting; no pain down the legs.",
    message: "Lower back pain for a month, cannot sit long.",
    regions: '[{"region": "lower-back", "pain": 7}, {"region": "hip-left", "pain": 3}]',
    goals: ["Sit through a working day", "Pick up my grandchild"],
    measures: ["nprs", "psfs"],
    exercises: ["pelvic-tilt", "cat-camel", "knee-to-chest", "knee-rolls", "bridging"],
  },
  {
    problem: "Two falls at home in three months; unsteady on turning, walks holding the walls.",
    message: "My mother has fallen twice; she is afraid to walk.",
    regions: '[{"region": "hip-right", "pain": 3}]',
    goals: ["No more falls", "Walk to the temple with us", "Get up from the floor"],
    measures: ["berg", "chair_stand"],
    exercises: ["sit-to-stand", "heel-raises", "tandem-stance", "marching-in-place", "side-steps"],
  },
  {
    problem: "Ankle sprain playing football six weeks ago; swelling gone, weak on stairs.",
    message: "Post-fracture physiotherapy (ankle), plaster removed last week.",
    regions: '[{"region": "ankle-right", "pain": 4}, {"region": "knee-right", "pain": 2}]',
    goals: ["Run again", "Climb stairs without pain"],
    measures: ["nprs", "lefs"],
    exercises: [
      "quadriceps-sets",
      "straight-leg-raise",
      "heel-raises",
      "single-leg-stance",
      "bridging",
    ],
  },
] as const;
const byCondition = (field: (c: (typeof conditions)[number]) => string) => conditions.map(field);

const subjective = [
  "Slept better; pain after the walk to the gate settled within an hour.",
  "Did the exercises twice a day, missed Sunday. Some stiffness in the mornings.",
  "Family says he stands up more easily from the sofa. No falls since last visit.",
  "Pain 5/10 on waking, 3/10 by afternoon. Worried about the stairs.",
  "Felt tired after the last session; did half the exercises.",
];
const objective = [
  "Sit to stand from a standard chair with hands, 3 attempts. Walks 20 m with a stick, stance time shorter on the affected side.",
  "Knee range 5 to 95 degrees active, 100 passive. Mild swelling, wound clean and dry.",
  "Lumbar flexion to mid-shin, painful arc on return. Straight leg raise 70 degrees both sides.",
  "Tandem stance 8 s with light support. Turns 360 degrees in 6 steps, unsteady.",
  "Single leg stance 15 s on the affected side against 30 s on the other. No swelling.",
];
const assessment = [
  "Improving as expected; strength and confidence better than last week.",
  "Progress slower this week: less practice between visits.",
  "Steady gains in range; pain no longer limits the exercises.",
  "Balance improving; still at risk on turns and at night.",
];
const plan = [
  "Progress sit to stand to 3 sets; add marching in place. Review in 2 days.",
  "Continue the programme; heel slides to 3 times a day. Measure at the next visit.",
  "Walk outdoors with the family, 10 minutes twice a day. Recheck range next visit.",
  "Add tandem stance with support. Family to stay beside during practice.",
];
const deskNotes = [
  "Son will be at home for the visits; ring the bell twice.",
  "Asked for a female therapist if possible.",
  "Prefers Hindi; daughter-in-law speaks English on the phone.",
  "Lift out of order this week: third floor by the stairs.",
  "Paid for the package by UPI; wants receipts by e-mail.",
];

async function seed(
  db: Database,
): Promise<{ patients: string[]; therapistId: string; requestId: string }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.51)`);
    await tx.execute(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT 'bench-therapist-' || t, 'Therapist ' || t, 'therapist' || t || '@clinic.test', true
      FROM generate_series(1, ${therapistCount}) AS t`);
    await tx.execute(sql`
      INSERT INTO user_roles (user_id, role)
      SELECT 'bench-therapist-' || t, 'therapist' FROM generate_series(1, ${therapistCount}) AS t`);
    await tx.execute(sql`
      INSERT INTO therapists (user_id, display_name)
      SELECT 'bench-therapist-' || t, 'Therapist ' || t FROM generate_series(1, ${therapistCount}) AS t`);
    // Each therapist's visits in time order (k): 20 a week from the Monday 48 weeks back, four a
    // day (9:00, 11:00, 14:00, 16:00 India time) on five of six days. Eight patients at a time:
    // the k-th visit is chair k % 8's, whose courses run 5 to 12 visits (by the chair), one after
    // the other; a patient is a therapist's chair's course.
    await tx.execute(sql`
      CREATE TEMP TABLE bench_plan AS
      SELECT t, k, 'bench-therapist-' || t AS therapist_id,
        ((date_trunc('week', now() AT TIME ZONE 'Asia/Kolkata')::date - 48 * 7
          + (k / 20) * 7 + ((k % 20) / 4 + t) % 6)::text
          || ' ' || (ARRAY['09', '11', '14', '16'])[1 + k % 4] || ':00+05:30')::timestamptz AS starts,
        t * 1000 + (k % 8) * 100 + (k / 8) / len AS pkey,
        (k / 8) % len + 1 AS i, len
      FROM generate_series(1, ${therapistCount}) AS t
      CROSS JOIN generate_series(0, ${visitsEach - 1}) AS k
      CROSS JOIN LATERAL (SELECT (ARRAY[5, 6, 7, 8, 8, 9, 10, 12])[1 + k % 8] AS len) l`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_patients AS
      SELECT pkey, min(starts) AS first_at, max(starts) AS last_at,
        row_number() OVER (ORDER BY min(starts), pkey) AS pn
      FROM bench_plan GROUP BY pkey`);
    await tx.execute(sql`CREATE INDEX ON bench_patients (pn)`);
    await tx.execute(sql`CREATE INDEX ON bench_patients (pkey)`);
    await tx.execute(sql`ANALYZE bench_plan, bench_patients`);
    // The patients' requests, a day to three before their first visit; the rest enquiries over
    // the year, some never booked: the last three days' mostly waiting, older ones mostly completed.
    // A fifth in Hindi.
    await tx.execute(sql`
      INSERT INTO appointments (name, phone, phone_key, address, pincode, message, status,
        created_at, language, reference, search_reading)
      SELECT 'Patient ' || n, '98' || lpad(n::text, 8, '0'), '9198' || lpad(n::text, 8, '0'),
        'H-' || n || ', Sector ' || (n % 90 + 1),
        (ARRAY['201301', '201310', '122002', '110017', '121001'])[1 + n % 5],
        CASE WHEN n % 3 = 0 THEN NULL WHEN p.pn IS NOT NULL
          THEN ${pick(
            byCondition((c) => c.message),
            "n",
          )} END,
        CASE WHEN p.pn IS NOT NULL THEN CASE WHEN p.last_at < now() THEN 'completed' ELSE 'contacted' END
          WHEN age < interval '3 days' THEN (ARRAY['pending', 'pending', 'contacted'])[1 + n % 3]
          WHEN age < interval '60 days' THEN (ARRAY['contacted', 'completed', 'completed'])[1 + n % 3]
          ELSE CASE WHEN n % 100 = 1 THEN 'pending' WHEN n % 100 < 5 THEN 'contacted' ELSE 'completed' END
        END,
        coalesce(p.first_at - make_interval(hours => 24 + n % 48), now() - age),
        CASE WHEN n % 5 = 0 THEN 'hi' ELSE 'en' END,
        'C' || lpad(n::text, 6, '0'), ' patient ' || n || ' '
      FROM generate_series(1, ${requestCount}) AS n
      CROSS JOIN LATERAL (SELECT make_interval(mins => (n * 7919) % 525600) AS age) a
      LEFT JOIN bench_patients p ON p.pn = n`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_requests AS
      SELECT id, substr(reference, 2)::int AS n FROM appointments`);
    await tx.execute(sql`CREATE INDEX ON bench_requests (n)`);
    await tx.execute(sql`CREATE INDEX ON bench_requests (id)`);
    await tx.execute(sql`ANALYZE bench_requests`);
    // The visits: the first of each course an assessment; one in twenty-five cancelled, three in
    // a hundred not home, the rest done once past, but a few of the last three days' still to mark.
    await tx.execute(sql`
      INSERT INTO visits (appointment_id, therapist_id, starts_at, ends_at, blocked_until, kind,
        status, cancelled_by, note, pain_before, pain_after, created_at)
      SELECT r.id, v.therapist_id, v.starts, v.starts + interval '60 minutes',
        v.starts + interval '90 minutes',
        CASE WHEN v.i = 1 THEN 'assessment' ELSE 'treatment' END, v.status,
        CASE WHEN v.status = 'cancelled' THEN (ARRAY['patient', 'clinic'])[1 + v.k % 2] END,
        CASE WHEN v.status = 'done' THEN ${pick(plan, "v.k")} END,
        CASE WHEN v.status = 'done' THEN 3 + (v.k + v.t) % 6 END,
        CASE WHEN v.status = 'done' THEN 1 + (v.k + v.t) % 5 END,
        v.starts - interval '5 days'
      FROM (SELECT *,
          CASE WHEN h < 4 THEN 'cancelled'
            WHEN starts >= now() THEN 'scheduled'
            WHEN h < 7 THEN 'no_show'
            WHEN starts > now() - interval '3 days' AND h < 25 THEN 'scheduled'
            ELSE 'done' END AS status
        FROM (SELECT *, (t * 7919 + k * 104729) % 100 AS h FROM bench_plan) h) v
      JOIN bench_patients p ON p.pkey = v.pkey
      JOIN bench_requests r ON r.n = p.pn
      ORDER BY v.therapist_id, v.starts`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_visits AS
      SELECT v.id, v.appointment_id, v.therapist_id, v.status, v.starts_at, v.ends_at, b.t, b.k,
        b.i, b.len, p.pn, p.pn % 5 AS cond
      FROM visits v
      JOIN bench_plan b ON b.therapist_id = v.therapist_id AND b.starts = v.starts_at
      JOIN bench_patients p ON p.pkey = b.pkey`);
    await tx.execute(sql`CREATE INDEX ON bench_visits (id)`);
    await tx.execute(sql`ANALYZE bench_visits`);
    // The assessment at each first visit done; red flags on one in twenty-five (handled by the
    // desk but the last two days'); a correction on one in thirty, the day after.
    await tx.execute(sql`
      INSERT INTO assessments (appointment_id, visit_id, author_id, author_name, problem, since,
        history, red_flags, regions, goals, flags_handled_at, flags_handled_by, created_at)
      SELECT v.appointment_id, v.id, v.therapist_id, 'Therapist ' || v.t,
        ${pick(
          byCondition((c) => c.problem),
          "v.cond",
        )},
        (ARRAY['3 weeks', '6 weeks', '2 months', '10 days'])[1 + v.pn % 4],
        'Diabetic for 10 years, on tablets. Lives with son and daughter-in-law; first floor.',
        CASE WHEN v.pn % 25 = 0
          THEN (ARRAY['{weight-night-pain}', '{calf-swelling}', '{fall-head,new-weakness}'])[1 + v.pn % 3]::text[]
          ELSE '{}' END,
        (${text(byCondition((c) => c.regions))})[1 + v.cond]::jsonb,
        (CASE v.cond
          ${sql.raw(conditions.map((c, i) => `WHEN ${i} THEN ARRAY[${c.goals.map((g) => `'${g}'`).join(", ")}]`).join(" "))}
          END)[1:1 + v.pn % 3],
        CASE WHEN v.pn % 25 = 0 AND v.ends_at < now() - interval '2 days'
          THEN v.ends_at + interval '3 hours' END,
        CASE WHEN v.pn % 25 = 0 AND v.ends_at < now() - interval '2 days'
          THEN 'admin@clinic.test' END,
        v.ends_at - interval '5 minutes'
      FROM bench_visits v WHERE v.i = 1 AND v.status = 'done'`);
    await tx.execute(sql`
      INSERT INTO assessments (appointment_id, visit_id, author_id, author_name, problem, since,
        history, red_flags, regions, goals, supersedes_id, flags_handled_at, flags_handled_by,
        created_at)
      SELECT a.appointment_id, a.visit_id, a.author_id, a.author_name,
        a.problem || ' Corrected: pain worse at night than first noted.', a.since, a.history,
        a.red_flags, a.regions, a.goals, a.id, a.flags_handled_at, a.flags_handled_by,
        a.created_at + interval '1 day'
      FROM assessments a JOIN bench_requests r ON r.id = a.appointment_id
      WHERE r.n % 30 = 0`);
    // The SOAP notes: on most visits done (146,000 of them, chosen by a fixed shuffle), signed
    // within the hour, but a third of the last week's and a few older ones left as drafts; then
    // 4,000 amendments of signed notes, a day or two after.
    await tx.execute(sql`
      INSERT INTO visit_notes (appointment_id, visit_id, author_id, author_name, subjective,
        objective, assessment, plan, signed_at, created_at, updated_at)
      SELECT v.appointment_id, v.id, v.therapist_id, 'Therapist ' || v.t,
        ${pick(subjective, "v.k + v.t")}, ${pick(objective, "v.cond")},
        ${pick(assessment, "v.k")}, ${pick(plan, "v.k + v.cond")},
        CASE WHEN (v.starts_at > now() - interval '7 days' AND v.k % 3 = 0) OR (v.k * 31 + v.t) % 150 = 0
          THEN NULL ELSE v.ends_at + interval '30 minutes' END,
        v.ends_at + interval '20 minutes', v.ends_at + interval '30 minutes'
      FROM bench_visits v WHERE v.status = 'done'
      ORDER BY (v.t * 7919 + v.k * 31337) % 1000003
      LIMIT ${notesOriginal}`);
    await tx.execute(sql`
      INSERT INTO visit_notes (appointment_id, visit_id, author_id, author_name, subjective,
        objective, assessment, plan, signed_at, amends_id, created_at, updated_at)
      SELECT n.appointment_id, n.visit_id, n.author_id, n.author_name, n.subjective,
        n.objective || ' Amended: range measured with the goniometer, 90 degrees.',
        n.assessment, n.plan, n.signed_at + interval '1 day', n.id,
        n.signed_at + interval '1 day', n.signed_at + interval '1 day'
      FROM visit_notes n JOIN bench_visits v ON v.id = n.visit_id
      WHERE n.signed_at IS NOT NULL
      ORDER BY (v.t * 104729 + v.k * 7919) % 1000003
      LIMIT ${notesAmended}`);
    // The measures: two by the condition at the first visit done, every 4 sessions after and
    // at the last; the score moving towards better as the course goes (less for one patient in
    // seven), within each measure's range; the items as entered, adding up to the total.
    await tx.execute(sql`
      INSERT INTO measure_results (appointment_id, visit_id, author_id, measure, occasion,
        score_tenths, entry, created_at)
      SELECT appointment_id, id, therapist_id, measure, occasion, score,
        CASE measure
          WHEN 'nprs' THEN jsonb_build_object('items', jsonb_build_object('pain', score / 10))
          WHEN 'tug' THEN jsonb_build_object('items', jsonb_build_object('seconds', score / 10.0))
          WHEN 'chair_stand' THEN jsonb_build_object('items', jsonb_build_object('stands', score / 10))
          WHEN 'psfs' THEN jsonb_build_object(
            'items', jsonb_build_object('a1', score / 10, 'a2', score / 10, 'a3', score / 10),
            'activities', jsonb_build_object('a1', 'Climbing the stairs', 'a2', 'Sitting through a meal',
              'a3', 'Walking to the market'))
          ELSE jsonb_build_object('items', (
            SELECT jsonb_object_agg(CASE measure WHEN 'berg' THEN 'b' ELSE 'l' END || (j + 1),
              (score / 10 + j) / count)
            FROM generate_series(0, count - 1) AS j))
        END,
        ends_at - interval '10 minutes'
      FROM (
        SELECT v.*, m.measure,
          CASE WHEN v.i = 1 THEN 'start' WHEN v.i = v.len THEN 'discharge' ELSE 'interval' END AS occasion,
          CASE m.measure WHEN 'berg' THEN 14 ELSE 20 END AS count,
          (10 * CASE m.measure
            WHEN 'berg' THEN least(56, 18 + v.pn % 25 + round(f * (12 + v.pn % 6)))
            WHEN 'lefs' THEN least(80, 20 + v.pn % 30 + round(f * (15 + v.pn % 15)))
            WHEN 'nprs' THEN greatest(0, 5 + v.pn % 5 - round(f * (3 + v.pn % 4)))
            WHEN 'psfs' THEN least(10, 2 + v.pn % 4 + round(f * (3 + v.pn % 3)))
            WHEN 'chair_stand' THEN least(60, 4 + v.pn % 8 + round(f * (3 + v.pn % 4)))
            ELSE 0
          END + CASE m.measure
            WHEN 'tug' THEN greatest(80, 140 + (v.pn * 7) % 200 - round(f * (60 + v.pn % 40)))
            ELSE 0 END)::int AS score
        FROM (SELECT *, (i - 1)::numeric / greatest(len - 1, 1)
            * CASE WHEN pn % 7 = 0 THEN 0.2 ELSE 1 END AS f
          FROM bench_visits
          WHERE status = 'done' AND (i = 1 OR (i - 1) % 4 = 0 OR i = len)) v
        CROSS JOIN LATERAL unnest(CASE v.cond
          ${sql.raw(conditions.map((c, i) => `WHEN ${i} THEN ARRAY[${c.measures.map((m) => `'${m}'`).join(", ")}]`).join(" "))}
          END) AS m(measure)
        ORDER BY (v.pn * 7919) % 100003, v.starts_at, m.measure
        LIMIT ${measureCount}
      ) s`);
    // Home programmes: for a third of the patients assessed, 3 to 5 exercises of the condition's
    // from the day after the assessment; one in ten of them had an earlier one, ended after ten
    // days. The family ticks from the programme's start to a week after the course (or today),
    // each exercise on 40 to 90 days in a hundred by the patient.
    await tx.execute(sql`
      INSERT INTO programmes (appointment_id, author_id, items, starts_on, ended_at, created_at)
      SELECT a.appointment_id, a.author_id, (
          SELECT jsonb_agg(jsonb_build_object('exercise', e.key, 'sets', e.sets, 'reps', e.reps,
            'holdSeconds', e.hold_seconds, 'timesPerDay', e.times_per_day) ORDER BY u.o)
          FROM unnest((CASE r.n % 5
            ${sql.raw(conditions.map((c, i) => `WHEN ${i} THEN ARRAY[${c.exercises.map((e) => `'${e}'`).join(", ")}]`).join(" "))}
            END)[1:3 + r.n % 3]) WITH ORDINALITY AS u(key, o)
          JOIN exercises e ON e.key = u.key),
        (a.created_at AT TIME ZONE 'Asia/Kolkata')::date + 1 + s.start_day,
        CASE WHEN s.ended THEN a.created_at + interval '10 days' END,
        a.created_at + make_interval(days => s.start_day)
      FROM assessments a JOIN bench_requests r ON r.id = a.appointment_id
      CROSS JOIN LATERAL (VALUES (0, r.n % 30 = 3 AND a.created_at + interval '10 days' < now()),
        (10, false)) AS s(start_day, ended)
      WHERE a.supersedes_id IS NULL AND r.n % 3 = 0 AND (s.start_day = 0 OR r.n % 30 = 3)
        AND (s.start_day = 0 OR a.created_at + interval '10 days' < now())`);
    await tx.execute(sql`
      INSERT INTO exercise_ticks (programme_id, day, exercise, ticked_at)
      WITH spans AS MATERIALIZED (
        SELECT p.id, p.items, r.n, p.starts_on,
          least((now() AT TIME ZONE 'Asia/Kolkata')::date,
            coalesce((p.ended_at AT TIME ZONE 'Asia/Kolkata')::date,
              (b.last_at AT TIME ZONE 'Asia/Kolkata')::date + 7)) AS until
        FROM programmes p JOIN bench_requests r ON r.id = p.appointment_id
        JOIN bench_patients b ON b.pn = r.n)
      SELECT s.id, d::date, x.item ->> 'exercise',
        (d::date + time '19:30') AT TIME ZONE 'Asia/Kolkata'
      FROM spans s
      CROSS JOIN LATERAL generate_series(s.starts_on::timestamp, s.until::timestamp,
        interval '1 day') AS d
      CROSS JOIN LATERAL jsonb_array_elements(s.items) WITH ORDINALITY AS x(item, o)
      WHERE (s.n * 31 + (d::date - date '2020-01-01') * 17 + x.o * 7) % 100 < 40 + s.n % 51`);
    // The timeline: the desk's notes on a quarter of the patients' requests (two on one in
    // twelve), and a line for each assessment, note signed or amended, measure and programme.
    await tx.execute(sql`
      INSERT INTO appointment_activity (appointment_id, kind, by_user_id, by_email, body, created_at)
      SELECT r.id, 'note', NULL, 'desk@clinic.test', ${pick(deskNotes, "r.n + s.k")},
        p.first_at - make_interval(hours => 20 - s.k)
      FROM bench_patients p JOIN bench_requests r ON r.n = p.pn
      CROSS JOIN generate_series(0, 1) AS s(k)
      WHERE p.pn % 4 = 0 AND (s.k = 0 OR p.pn % 12 = 0)`);
    await tx.execute(sql`
      INSERT INTO appointment_activity (appointment_id, kind, by_user_id, by_email, body, created_at)
      SELECT appointment_id, 'assessment_recorded', author_id, 'therapist' || substr(author_id, 17) || '@clinic.test',
        CASE WHEN red_flags = '{}' THEN 'Assessment recorded' ELSE 'Assessment recorded, with red flags' END,
        created_at
      FROM assessments
      UNION ALL
      SELECT appointment_id, CASE WHEN amends_id IS NULL THEN 'note_signed' ELSE 'note_amended' END,
        author_id, 'therapist' || substr(author_id, 17) || '@clinic.test',
        CASE WHEN amends_id IS NULL THEN 'Visit note signed' ELSE 'Visit note amended' END, signed_at
      FROM visit_notes WHERE signed_at IS NOT NULL
      UNION ALL
      SELECT appointment_id, 'measure_recorded', author_id, 'therapist' || substr(author_id, 17) || '@clinic.test',
        'Measure recorded: ' || measure, created_at
      FROM measure_results
      UNION ALL
      SELECT appointment_id, 'programme_set', author_id, 'therapist' || substr(author_id, 17) || '@clinic.test',
        'Home programme given: ' || jsonb_array_length(items) || ' exercises', created_at
      FROM programmes`);
    await tx.execute(sql`DROP TABLE bench_plan, bench_patients, bench_requests, bench_visits`);
  });
  // Patients with a record (an assessment, notes and measures), in a random order: half of them
  // with a home programme.
  const patients = await ids(
    db,
    sql`(SELECT a.appointment_id AS id FROM assessments a
        WHERE EXISTS (SELECT 1 FROM measure_results m WHERE m.appointment_id = a.appointment_id)
          AND EXISTS (SELECT 1 FROM visit_notes n WHERE n.appointment_id = a.appointment_id)
          AND EXISTS (SELECT 1 FROM programmes p WHERE p.appointment_id = a.appointment_id)
        ORDER BY random() LIMIT ${patientCount / 2})
      UNION ALL
      (SELECT a.appointment_id FROM assessments a
        WHERE EXISTS (SELECT 1 FROM measure_results m WHERE m.appointment_id = a.appointment_id)
          AND EXISTS (SELECT 1 FROM visit_notes n WHERE n.appointment_id = a.appointment_id)
          AND NOT EXISTS (SELECT 1 FROM programmes p WHERE p.appointment_id = a.appointment_id)
          AND a.supersedes_id IS NULL
        ORDER BY random() LIMIT ${patientCount / 2})`,
  );
  const now = new Date();
  // The busiest therapist of the week shown (today and six days), with the most still to mark.
  const [therapistId] = await ids(
    db,
    sql`SELECT therapist_id AS id FROM visits
      WHERE starts_at >= ${indiaDayStart(now, -14).toISOString()} AND starts_at < ${indiaDayStart(now, 7).toISOString()}
        AND status <> 'cancelled'
        AND (starts_at >= ${indiaDayStart(now).toISOString()} OR status = 'scheduled')
      GROUP BY therapist_id ORDER BY count(*) DESC, therapist_id LIMIT 1`,
  );
  const [requestId] = await ids(db, sql`SELECT id FROM appointments ORDER BY reference LIMIT 1`);
  if (patients.length < patientCount || !therapistId || !requestId)
    throw new Error("the seed stored no record to read");
  return { patients, therapistId, requestId };
}

async function ids(db: Database, query: SQL): Promise<string[]> {
  return ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map(
    (row) => row.id,
  );
}

async function count(db: Database, table: string) {
  const [row] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return (row?.n ?? 0).toLocaleString("en");
}

/**
 * EXPLAIN ANALYZE of the statements each case sends, on one patient and the therapist, in the
 * order the functions send them (their SQL as drizzle writes it, with the values in).
 */
async function explainCases(
  handle: DatabaseHandle,
  patientId: string,
  therapistId: string,
  now: Date,
) {
  const statements: string[] = [];
  const logged = handle.db as unknown as {
    session: { logger: { logQuery(query: string, params: unknown[]): void } };
  };
  const logger = logged.session.logger;
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (query, params) => {
    statements.push(
      query.replace(/\$(\d+)/g, (_, n: string) => {
        const value = params[Number(n) - 1];
        if (value instanceof Date) return `'${value.toISOString()}'`;
        if (typeof value === "number") return String(value);
        if (value === null || value === undefined) return "NULL";
        return `'${String(value).replace(/'/g, "''")}'`;
      }),
    );
  };
  try {
    await careRecordOf(handle.db, patientId);
    await familyCareView(handle.db, patientId, "en");
    await therapistWeek(handle.db, therapistId, now);
  } finally {
    logger.logQuery = original;
  }
  for (const statement of new Set(statements)) {
    const plan = (
      (await handle.db.execute(sql.raw(`EXPLAIN ANALYZE ${statement}`))) as unknown as {
        rows: { "QUERY PLAN": string }[];
      }
    ).rows;
    console.log(`\n${statement}\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
}

const labels = [
  "Baseline: one request by its key (`appointments` primary key)",
  "A patient's record (`careRecordOf`)",
  "The family's progress and charts (`familyCareView`, English)",
  "A therapist's page, today and six days (`therapistWeek`)",
  "The desk's Needs attention, first page (`listAppointments`), its care reasons included",
];

interface Result {
  database: string;
  timings: CaseTiming[];
  rows: string;
}

async function benchDatabase(handle: DatabaseHandle, database: string): Promise<Result> {
  const started = performance.now();
  const { patients, therapistId, requestId } = await seed(handle.db);
  const analysed = await analyzeDatabase(handle);
  const rows = `${await count(handle.db, "appointments")} requests, ${await count(handle.db, "visits")} visits, ${await count(handle.db, "assessments")} assessments, ${await count(handle.db, "visit_notes")} visit notes, ${await count(handle.db, "measure_results")} measures, ${await count(handle.db, "programmes")} programmes, ${await count(handle.db, "exercise_ticks")} ticks, ${await count(handle.db, "appointment_activity")} timeline lines`;
  console.log(
    `${database}: ${rows} seeded in ${Math.round(performance.now() - started - analysed)} ms, analysed in ${Math.round(analysed)} ms`,
  );
  const now = new Date();
  /** The next patient of the 50, in turn, for each case. */
  const turns: [number, number] = [0, 0];
  const next = (which: 0 | 1) => patients[turns[which]++ % patients.length] ?? "";
  const cases: (() => Promise<number>)[] = [
    async () =>
      (await handle.db.select().from(appointments).where(eq(appointments.id, requestId))).length,
    async () => {
      const record = await careRecordOf(handle.db, next(0));
      return record.assessments.length + record.notes.length + record.measures.length;
    },
    async () => {
      const view = await familyCareView(handle.db, next(1), "en");
      if (!view) throw new Error("no progress to show");
      return view.measures.reduce((sum, line) => sum + line.chart.scores.length, 0);
    },
    async () => {
      const week = await therapistWeek(handle.db, therapistId, now);
      return week.days.reduce((sum, day) => sum + day.visits.length, 0) + week.toMark.length;
    },
    async () =>
      (
        await listAppointments(
          handle.db,
          parseDashboardQuery(new URLSearchParams("view=attention")),
          { userId: "bench-desk", now },
        )
      ).rows.length,
  ];
  const timings = await timeCases(labels, cases, { runs, warmups });
  if (explain) await explainCases(handle, patients[0] ?? "", therapistId, now);
  return { database, timings, rows };
}

const loadBefore = loadavg()[0] ?? 0;
const { results, notes } = await onEachDatabase("bench-care", benchDatabase);
const loadAfter = loadavg()[0] ?? 0;
const lines = [
  `The care record's reads on ${results.map((r) => `${r.database}: ${r.rows}`).join("; ")}, measured in-process: ${runs} timed runs per case after ${warmups} warm-ups, one at a time, the record and the progress each for ${patientCount} patients in turn; each database analysed after the load. Targets: p95 under 50 ms on PostgreSQL and 150 ms on PGlite. Count: the rows each case returned in its last run (the request, the record's assessments, notes and measures, the charts' points, the therapist's visits shown and to mark). Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores (1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after).`,
  "",
  ...timingTable({ case: "Case", count: "Count" }, labels, results),
  ...(notes.length ? ["", ...notes] : []),
];
writeReport("care", lines);
