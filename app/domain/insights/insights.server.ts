// The owner's figures for a period: how many requests came (each day or week), from which area,
// through which page and channel, what became of them, and how soon staff first reached the
// family (the 24-hour promise), charged to whoever owned each request when it was judged; and the
// same span a week before. Each figure is one query over the period's rows (the newest-first
// index bounds them); junk is left out of every figure but its own count.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import type { AreaSlug } from "#app/domain/areas/areas.ts";
import type { Channel } from "#app/domain/attribution/channels.ts";
import { bucketsOf, type Period } from "#app/domain/insights/period.ts";
import {
  type FirstVisitFigures,
  firstVisitFigures,
  type VisitFigures,
  visitFigures,
} from "#app/domain/insights/visit-figures.server.ts";
import { indiaTimeZone } from "#app/lib/dates.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import { appointmentActivity, appointments, users } from "#db/schema.ts";

/** The 24 hours of the promise made on every page. */
export const promiseHours = 24;

interface Count<K> {
  key: K;
  count: number;
}

/** How soon requests were first contacted: the promise's figures. */
interface ContactFigures {
  /** Requests of the period (not junk); in an owner's row, those charged to them. */
  requests: number;
  /** Of them, first contacted (by anyone). */
  contacted: number;
  /** Time to first contact of those contacted, in minutes; null when none was. */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Contacted within 24 hours of arriving. */
  withinPromise: number;
  /**
   * The requests the promise can be judged on: contacted, or 24 hours old and not erased. A
   * request still inside its first 24 hours and not yet contacted has not been kept waiting too
   * long (yet); an erased one that no one contacted is no longer anyone's work.
   */
  judged: number;
}

/**
 * The requests judged in the period, charged to whoever owned each when it was judged (the first
 * of its first contact and its 24-hour mark; docs/insights.md, decision 032).
 */
interface OwnerContact extends ContactFigures {
  /** The owner's address then; null for nobody. */
  owner: string | null;
  /** Of them, past 24 hours and still not contacted (in the share, not in the times). */
  waiting: number;
}

/** The figures a period is set beside: the same span a week (or four) before. */
interface PreviousFigures {
  start: Date;
  end: Date;
  total: number;
  contact: Pick<ContactFigures, "withinPromise" | "judged" | "medianMinutes">;
  /** The home visits' first-visit figures of the span before (docs/insights.md). */
  firstVisit: FirstVisitFigures;
}

export interface Insights {
  period: Period;
  /** Requests of the period, junk left out; and the junk apart. */
  total: number;
  junk: number;
  /** One entry per day or week of the period (zero included), oldest first. */
  perBucket: Count<string>[];
  /** Served areas, then the districts outside them ("Outside: Ghaziabad"), most first. */
  byArea: Count<{ area: AreaSlug | null; district: string | null }>[];
  byLanding: Count<string | null>[];
  byChannel: Count<Channel | null>[];
  byStatus: Count<AppointmentStatus>[];
  contact: ContactFigures;
  /** The judged requests by their owner when judged: nobody first, then most first. */
  contactByOwner: OwnerContact[];
  /** Pending now, older than 24 hours and not erased, whatever the period. */
  overdueNow: number;
  /** The home visits: first visits, visits per week and per therapist (docs/insights.md). */
  visits: VisitFigures;
  /** The period's comparison (period.previous), when it has one. */
  previous?: PreviousFigures;
}

/** Where a PIN code is: its district and the served area it belongs to (app/domain/areas). */
export type Locate = (pincode: string) => { district: string; area: AreaSlug | null } | undefined;

const statuses: AppointmentStatus[] = ["pending", "contacted", "completed"];

/**
 * The period's rows, junk left out: every query below starts here. `table` names the requests
 * where a join brings in other columns of the same names (users have a created_at too).
 */
const inPeriod = (period: Period, table = sql.raw("appointments")) =>
  sql`${table}.created_at >= ${period.start.toISOString()}::timestamptz AND ${table}.created_at < ${period.end.toISOString()}::timestamptz AND NOT ${table}.junk`;

const minutes = (seconds: unknown) =>
  seconds === null || seconds === undefined ? null : Math.round(Number(seconds) / 60);

/** Most first, then by key (code units; null last): the same order on both databases. */
function mostFirst<K extends string | null>(counts: Count<K>[]): Count<K>[] {
  return counts.sort(
    (a, b) =>
      b.count - a.count ||
      (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1),
  );
}

interface CountsRow {
  /** Which grouping set the row counts (grouping()'s bits: 0 for the column grouped by). */
  g: number;
  bucket: string | null;
  pincode: string | null;
  landing_path: string | null;
  channel: Channel | null;
  status: AppointmentStatus | null;
  count: number;
}

/**
 * The period's requests counted five ways in one pass over its rows (GROUPING SETS): per day or
 * week (India's calendar), per pincode, landing page, channel and status.
 */
async function counts(db: Database, period: Period) {
  const local = sql.raw(`(created_at AT TIME ZONE '${indiaTimeZone}')`);
  const bucket =
    period.bucket === "week" ? sql`date_trunc('week', ${local})::date` : sql`${local}::date`;
  const rows = await queryRows<CountsRow>(
    db,
    sql`SELECT grouping(bucket, pincode, landing_path, channel, status) AS g,
        to_char(bucket, 'YYYY-MM-DD') AS bucket, pincode, landing_path, channel, status,
        count(*)::int AS count
      FROM (
        SELECT ${bucket} AS bucket, pincode, landing_path, channel, status
        FROM ${appointments} WHERE ${inPeriod(period)}
      ) AS requests
      GROUP BY GROUPING SETS ((bucket), (pincode), (landing_path), (channel), (status))`,
  );
  // grouping()'s bits, first column highest: the one grouped by is 0, the others 1.
  const by = <K extends string | null>(bit: number, key: (row: CountsRow) => K) =>
    rows
      .filter((row) => Number(row.g) === 0b11111 - bit)
      .map((row) => ({ key: key(row), count: Number(row.count) }));
  const perBucket = new Map(by(16, (row) => row.bucket).map((row) => [row.key, row.count]));
  return {
    perBucket: bucketsOf(period).map((key) => ({ key, count: perBucket.get(key) ?? 0 })),
    pincodes: by(8, (row) => row.pincode ?? ""),
    landing: mostFirst(by(4, (row) => row.landing_path)),
    channel: mostFirst(by(2, (row) => row.channel)),
    status: by(1, (row) => row.status ?? "pending"),
  };
}

/** A request's 24-hour mark (the promise's hours after it arrived), in SQL. */
const promiseMark = (table: string) =>
  sql`${sql.raw(table)}.created_at + make_interval(hours => ${promiseHours})`;

/**
 * Whether the promise can be judged on a request as of `judgedBefore` (now less 24 hours):
 * contacted, or 24 hours old and not erased (erasure ends the work: no one can call back).
 */
const isJudged = (table: string, judgedBefore: string) =>
  sql`(${sql.raw(table)}.first_contact_at IS NOT NULL OR (${sql.raw(table)}.created_at <= ${judgedBefore}::timestamptz AND ${sql.raw(table)}.erased_at IS NULL))`;

const figureColumns = (table: string) => sql`count(*)::int AS requests,
        count(${sql.raw(table)}.first_contact_at)::int AS contacted,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${sql.raw(table)}.first_contact_at - ${sql.raw(table)}.created_at)) AS median_s,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM ${sql.raw(table)}.first_contact_at - ${sql.raw(table)}.created_at)) AS p90_s,
        (count(*) FILTER (WHERE ${sql.raw(table)}.first_contact_at <= ${promiseMark(table)}))::int AS within`;

interface FiguresRow {
  requests: number;
  contacted: number;
  median_s: number | null;
  p90_s: number | null;
  within: number;
  judged: number;
}

const figures = (row: FiguresRow | undefined): ContactFigures => ({
  requests: Number(row?.requests ?? 0),
  contacted: Number(row?.contacted ?? 0),
  medianMinutes: minutes(row?.median_s),
  p90Minutes: minutes(row?.p90_s),
  withinPromise: Number(row?.within ?? 0),
  judged: Number(row?.judged ?? 0),
});

/**
 * The promise's figures over the period's requests, and the judged ones by their owner when
 * judged. A request is judged at the first of its first contact and its 24-hour mark, and charged
 * to the owner it had then: the last hand-over (`owner_changed`) at or before that moment (one
 * made in the same transaction as the contact has the same time, so it counts as before), or its
 * current owner when it was never handed over (rows from before the trail), else nobody.
 */
async function contactFigures(
  db: Database,
  period: Period,
  now: Date,
): Promise<{ contact: ContactFigures; contactByOwner: OwnerContact[] }> {
  const judgedBefore = new Date(now.getTime() - promiseHours * 3_600_000).toISOString();
  const rows = await queryRows<
    FiguresRow & {
      overall: boolean;
      charged: boolean | null;
      owner: string | null;
      waiting: number;
    }
  >(
    db,
    // Each request's last hand-over at or before its moment (DISTINCT ON, the ones before it
    // first), or a later one only to say it had any: one pass over the trail joined by hash, which
    // on 3 months took half the time of a lookup per request (LATERAL, PGlite). A hand-over comes
    // after its request was received, so the trail is read from the period's start.
    sql`WITH j AS (
        SELECT a.id, a.created_at, a.first_contact_at, a.owner_id,
          CASE WHEN ${isJudged("a", judgedBefore)}
            THEN least(a.first_contact_at, ${promiseMark("a")}) END AS judged_at
        FROM ${appointments} AS a
        WHERE ${inPeriod(period, sql.raw("a"))}
      ), last AS (
        SELECT DISTINCT ON (j.id) j.id, o.owner_email, o.created_at <= j.judged_at AS before
        FROM j JOIN ${appointmentActivity} AS o ON o.appointment_id = j.id
        WHERE o.kind = 'owner_changed' AND j.judged_at IS NOT NULL
          AND o.created_at >= ${period.start.toISOString()}::timestamptz
        ORDER BY j.id, (o.created_at <= j.judged_at) DESC, o.created_at DESC
      )
      SELECT grouping(r.charged, r.owner) <> 0 AS overall, r.charged, r.owner,
        ${figureColumns("r")},
        (count(*) FILTER (WHERE r.charged))::int AS judged,
        (count(*) FILTER (WHERE r.charged AND r.first_contact_at IS NULL))::int AS waiting
      FROM (
        SELECT j.created_at, j.first_contact_at, j.judged_at IS NOT NULL AS charged,
          CASE WHEN j.judged_at IS NULL THEN NULL
            WHEN last.before THEN last.owner_email
            WHEN last.id IS NULL THEN current_owner.email
          END AS owner
        FROM j
        LEFT JOIN last ON last.id = j.id
        LEFT JOIN ${users} AS current_owner ON current_owner.id = j.owner_id
      ) AS r
      GROUP BY GROUPING SETS ((), (r.charged, r.owner))`,
  );
  const contact = figures(rows.find((row) => row.overall));
  const contactByOwner = rows
    // Requests not judged yet are no one's, not even nobody's.
    .filter((row) => !row.overall && row.charged)
    .map((row) => ({ owner: row.owner, ...figures(row), waiting: Number(row.waiting) }))
    .sort(
      (a, b) =>
        Number(a.owner !== null) - Number(b.owner !== null) ||
        b.requests - a.requests ||
        String(a.owner).localeCompare(String(b.owner)),
    );
  return { contact, contactByOwner };
}

/** The figures of the span a period is compared with: how many, and the promise overall. */
async function previousFigures(
  db: Database,
  previous: NonNullable<Period["previous"]>,
  now: Date,
): Promise<PreviousFigures> {
  const judgedBefore = new Date(now.getTime() - promiseHours * 3_600_000).toISOString();
  const firstVisit = firstVisitFigures(db, previous, now);
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`SELECT ${figureColumns("a")},
        (count(*) FILTER (WHERE ${isJudged("a", judgedBefore)}))::int AS judged
      FROM ${appointments} AS a
      WHERE a.created_at >= ${previous.start.toISOString()}::timestamptz
        AND a.created_at < ${previous.end.toISOString()}::timestamptz AND NOT a.junk`,
  );
  const { requests, withinPromise, judged, medianMinutes } = figures(row);
  return {
    start: previous.start,
    end: previous.end,
    total: requests,
    contact: { withinPromise, judged, medianMinutes },
    firstVisit: await firstVisit,
  };
}

/** Served areas first (most requests first), then the districts outside them. */
function byArea(pincodes: Count<string>[], locate: Locate): Insights["byArea"] {
  const counts = new Map<
    string,
    { area: AreaSlug | null; district: string | null; count: number }
  >();
  for (const { key, count } of pincodes) {
    const place = locate(key);
    const area = place?.area ?? null;
    const district = area ? null : (place?.district ?? null);
    const id = area ?? `outside:${district ?? ""}`;
    const entry = counts.get(id) ?? { area, district, count: 0 };
    entry.count += count;
    counts.set(id, entry);
  }
  return [...counts.values()]
    .sort(
      (a, b) =>
        Number(b.area !== null) - Number(a.area !== null) ||
        b.count - a.count ||
        String(a.area ?? a.district).localeCompare(String(b.area ?? b.district)),
    )
    .map(({ area, district, count }) => ({ key: { area, district }, count }));
}

export async function computeInsights(
  db: Database,
  period: Period,
  options: { now: Date; locate: Locate },
): Promise<Insights> {
  const { now } = options;
  const overdueBefore = new Date(now.getTime() - promiseHours * 3_600_000).toISOString();
  const [counted, contact, previous, extra, visits] = await Promise.all([
    counts(db, period),
    contactFigures(db, period, now),
    period.previous ? previousFigures(db, period.previous, now) : undefined,
    queryRows<{ junk: number; overdue: number }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM ${appointments} WHERE junk
          AND created_at >= ${period.start.toISOString()}::timestamptz
          AND created_at < ${period.end.toISOString()}::timestamptz) AS junk,
        (SELECT count(*)::int FROM ${appointments} WHERE status = 'pending' AND NOT junk
          AND erased_at IS NULL AND created_at < ${overdueBefore}::timestamptz) AS overdue`,
    ),
    visitFigures(db, period, now),
  ]);
  const { perBucket: buckets, pincodes, landing, channel, status } = counted;
  const statusCounts = new Map(status.map((row) => [row.key, row.count]));
  return {
    period,
    total: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    junk: Number(extra[0]?.junk ?? 0),
    perBucket: buckets,
    byArea: byArea(pincodes, options.locate),
    byLanding: landing,
    byChannel: channel,
    byStatus: statuses.map((key) => ({ key, count: statusCounts.get(key) ?? 0 })),
    ...contact,
    overdueNow: Number(extra[0]?.overdue ?? 0),
    visits,
    ...(previous ? { previous } : {}),
  };
}
