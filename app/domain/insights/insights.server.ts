// The owner's figures for a period: how many requests came (each day or week), from which area,
// through which page and channel, what became of them, and how soon staff first reached the
// family (the 24-hour promise). Each figure is one query over the period's rows (the newest-first
// index bounds them); junk is left out of every figure but its own count.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import type { AreaSlug } from "#app/domain/areas/areas.ts";
import type { Channel } from "#app/domain/attribution/channels.ts";
import { bucketsOf, type Period } from "#app/domain/insights/period.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import { appointments, users } from "#db/schema.ts";

/** The 24 hours of the promise made on every page. */
export const promiseHours = 24;

interface Count<K> {
  key: K;
  count: number;
}

/** How soon requests were first contacted: the promise's figures. */
interface ContactFigures {
  /** Requests of the period (not junk). */
  requests: number;
  /** Of them, first contacted (by anyone, or by this member of staff). */
  contacted: number;
  /** Time to first contact of those contacted, in minutes; null when none was. */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Contacted within 24 hours of arriving. */
  withinPromise: number;
  /**
   * The requests the promise can be judged on: contacted, or 24 hours old. A request still inside
   * its first 24 hours and not yet contacted has not been kept waiting too long (yet).
   */
  judged: number;
}

interface StaffContact extends ContactFigures {
  /** The member of staff's address; null for an account since deleted. */
  staff: string | null;
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
  /** Per member of staff who made first contacts in the period, most first. */
  contactByStaff: StaffContact[];
  /** Pending now and older than 24 hours, whatever the period. */
  overdueNow: number;
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
  const local = sql.raw("(created_at AT TIME ZONE 'Asia/Kolkata')");
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

async function contactFigures(
  db: Database,
  period: Period,
  now: Date,
): Promise<{ contact: ContactFigures; contactByStaff: StaffContact[] }> {
  const judgedBefore = new Date(now.getTime() - promiseHours * 3_600_000).toISOString();
  // GROUPING SETS: every request of the period once (the overall row), and the contacted ones by
  // who first contacted them.
  const rows = await queryRows<{
    overall: boolean;
    staff: string | null;
    requests: number;
    contacted: number;
    median_s: number | null;
    p90_s: number | null;
    within: number;
    judged: number;
  }>(
    db,
    sql`SELECT grouping(a.first_contact_by) = 1 AS overall, u.email AS staff,
        count(*)::int AS requests,
        count(a.first_contact_at)::int AS contacted,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.first_contact_at - a.created_at)) AS median_s,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM a.first_contact_at - a.created_at)) AS p90_s,
        (count(*) FILTER (WHERE a.first_contact_at <= a.created_at + make_interval(hours => ${promiseHours})))::int AS within,
        (count(*) FILTER (WHERE a.first_contact_at IS NOT NULL OR a.created_at <= ${judgedBefore}::timestamptz))::int AS judged
      FROM ${appointments} AS a LEFT JOIN ${users} AS u ON u.id = a.first_contact_by
      WHERE ${inPeriod(period, sql.raw("a"))}
      GROUP BY GROUPING SETS ((), (a.first_contact_by, u.email))`,
  );
  const figures = (row: (typeof rows)[number] | undefined): ContactFigures => ({
    requests: Number(row?.requests ?? 0),
    contacted: Number(row?.contacted ?? 0),
    medianMinutes: minutes(row?.median_s),
    p90Minutes: minutes(row?.p90_s),
    withinPromise: Number(row?.within ?? 0),
    judged: Number(row?.judged ?? 0),
  });
  const contact = figures(rows.find((row) => row.overall));
  const contactByStaff = rows
    // The group of requests no one has contacted yet is not a member of staff.
    .filter((row) => !row.overall && Number(row.contacted) > 0)
    .map((row) => ({ staff: row.staff, ...figures(row), requests: Number(row.contacted) }))
    .sort((a, b) => b.contacted - a.contacted || String(a.staff).localeCompare(String(b.staff)));
  return { contact, contactByStaff };
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
  const [counted, contact, extra] = await Promise.all([
    counts(db, period),
    contactFigures(db, period, now),
    queryRows<{ junk: number; overdue: number }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM ${appointments} WHERE junk
          AND created_at >= ${period.start.toISOString()}::timestamptz
          AND created_at < ${period.end.toISOString()}::timestamptz) AS junk,
        (SELECT count(*)::int FROM ${appointments} WHERE status = 'pending' AND NOT junk
          AND created_at < ${overdueBefore}::timestamptz) AS overdue`,
    ),
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
  };
}
