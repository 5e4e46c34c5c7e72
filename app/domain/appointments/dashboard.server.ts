// The staff dashboard's data: the requests a query selects (a page of them; appointments-export
// streams them all as CSV), each with the state of its staff e-mail, and status changes with
// their audit trail.
import { and, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import { appointmentStatusChanges, appointments, notifications } from "../../../db/schema.ts";
import { type Database, queryRows } from "../../db.server.ts";
import { staffMailKind } from "./appointments.server.ts";
import {
  type AppointmentList,
  type AppointmentRow,
  type AppointmentStatus,
  type DashboardQuery,
  pageSize,
} from "./dashboard.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * What the search text selects: a name holding it (any case); and when it is a number (spaces
 * and + aside), a pincode starting with it and, from three digits on, a phone holding those
 * digits (spaces and + in the stored number ignored too). Undefined for no search.
 */
function searchCondition(q: string): SQL | undefined {
  if (q === "") return undefined;
  const contains = `%${escapeLike(q)}%`;
  const digits = q.replace(/[\s+]/g, "");
  if (!/^\d+$/.test(digits)) {
    // lower() on both sides is what ILIKE does, without lowering the pattern again on every row.
    return sql`lower(${appointments.name}) like lower(${contains})`;
  }
  // Digits, spaces and + have no case: a plain LIKE finds the same names, at a fraction of the cost.
  const matches = [like(appointments.name, contains), like(appointments.pincode, `${digits}%`)];
  if (digits.length >= 3) {
    matches.push(sql`translate(${appointments.phone}, ' +', '') like ${`%${digits}%`}`);
  }
  return or(...matches);
}

/** What the filter and search select. */
export function selection(query: DashboardQuery): SQL | undefined {
  return and(
    query.status === "all" ? undefined : eq(appointments.status, query.status),
    searchCondition(query.q),
  );
}

/**
 * Newest first, or by status (alphabetical) then newest first, of the rows of `source`; the id
 * keeps pages stable among requests stored together. An index serves each (db/schema.ts).
 */
export function ordering(query: DashboardQuery, source: string): SQL {
  const from = sql.identifier(source);
  const newestFirst = sql`${from}.created_at DESC, ${from}.id DESC`;
  return query.sort === "status" ? sql`${from}.status, ${newestFirst}` : newestFirst;
}

/** Each appointment's staff e-mail (the latest, were there several), as `mail`. */
export const staffMailOf = (appointmentId: SQL) => sql`LEFT JOIN LATERAL (
  SELECT state, attempts, last_error
  FROM ${notifications}
  WHERE appointment_id = ${appointmentId} AND kind = ${staffMailKind}
  ORDER BY created_at DESC
  LIMIT 1
) mail ON true`;

/** The row as shown: the e-mail sent, failed, waiting for a retry after an error, queued, or none. */
export const shownColumns = (from: string) => {
  const a = sql.identifier(from);
  return sql`${a}.id, ${a}.name, ${a}.phone, ${a}.address, ${a}.pincode, ${a}.message, ${a}.status,
    floor(extract(epoch FROM ${a}.created_at) * 1000)::float8 AS created_ms,
    CASE
      WHEN mail.state IS NULL THEN 'none'
      WHEN mail.state = 'queued' AND mail.attempts >= 1 AND mail.last_error IS NOT NULL THEN 'retrying'
      ELSE mail.state
    END AS notification`;
};

/** A row as the query returns it: the time as epoch milliseconds, and the total when counted. */
export type Found = Omit<AppointmentRow, "createdAt"> & {
  created_ms: number;
  total?: number | string | null;
};

export const toRow = ({ created_ms, total: _, ...row }: Found): AppointmentRow => ({
  ...row,
  createdAt: new Date(Number(created_ms)),
});

/**
 * One page of the selected rows, in order. The page is chosen on the narrow columns first; only
 * its rows are then read whole and have their e-mail looked up. With `countAll`, `total` is the
 * count of all selected rows (undefined when the page is empty).
 */
async function selectPage(
  db: Database,
  query: DashboardQuery,
  page: number,
  countAll: boolean,
): Promise<{ rows: AppointmentRow[]; total: number | undefined }> {
  const where = selection(query) ?? sql`true`;
  const offset = (page - 1) * pageSize;
  // With the count, every match is needed: found by one plain scan, materialised, and only then
  // sorted (PostgreSQL 15 would otherwise walk the date index, as if the count could stop early).
  const chosen = countAll
    ? sql`matched AS MATERIALIZED (
        SELECT id, status, created_at FROM ${appointments} WHERE ${where}
      ), chosen AS (
        SELECT id, status, created_at, (SELECT count(*) FROM matched) AS total FROM matched
        ORDER BY ${ordering(query, "matched")} LIMIT ${pageSize} OFFSET ${offset}
      )`
    : sql`chosen AS (
        SELECT id, status, created_at, NULL::bigint AS total FROM ${appointments} WHERE ${where}
        ORDER BY ${ordering(query, "appointments")} LIMIT ${pageSize} OFFSET ${offset}
      )`;
  const found = await queryRows<Found>(
    db,
    sql`WITH ${chosen}
    SELECT ${shownColumns("a")}, chosen.total
    FROM chosen
    JOIN ${appointments} a ON a.id = chosen.id
    ${staffMailOf(sql`chosen.id`)}
    ORDER BY ${ordering(query, "chosen")}`,
  );
  const total = found[0]?.total;
  return {
    rows: found.map(toRow),
    total: total === null || total === undefined ? undefined : Number(total),
  };
}

async function countSelected(db: Database, query: DashboardQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${appointments} WHERE ${selection(query) ?? sql`true`}`,
  );
  return Number(row?.n ?? 0);
}

async function countPending(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${appointments} WHERE ${appointments.status} = 'pending'`,
  );
  return Number(row?.n ?? 0);
}

/** One page of what the query selects, with the totals the dashboard shows. */
export async function listAppointments(
  db: Database,
  query: DashboardQuery,
): Promise<AppointmentList> {
  const search = query.q !== "";
  // At once: on PostgreSQL, each on a connection of its own.
  const [pendingTotal, counted, first] = await Promise.all([
    countPending(db),
    search ? undefined : countSelected(db, query),
    selectPage(db, query, query.page, search),
  ]);
  // A search past its last page found no row to carry the count: counted apart, then.
  const total = counted ?? first.total ?? (query.page > 1 ? await countSelected(db, query) : 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = page === query.page ? first.rows : (await selectPage(db, query, page, false)).rows;
  return { rows, total, pendingTotal, page, pageCount };
}

export interface StatusChange {
  from: AppointmentStatus;
  to: AppointmentStatus;
}

/**
 * Sets a request's status, whatever it was (setting the same one again is no error), and records
 * who changed it, from what, to what: both or neither. Null when there is no such request.
 */
export async function setAppointmentStatus(
  db: Database,
  change: { appointmentId: string; status: AppointmentStatus; by: { id: string; email: string } },
): Promise<StatusChange | null> {
  return db.transaction(async (tx) => {
    // Locked, so that two staff changing it together each record the status they replaced.
    const [current] = await tx
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, change.appointmentId))
      .for("update");
    if (!current) return null;
    if (current.status !== change.status) {
      await tx
        .update(appointments)
        .set({ status: change.status })
        .where(eq(appointments.id, change.appointmentId));
      await tx.insert(appointmentStatusChanges).values({
        appointmentId: change.appointmentId,
        changedBy: change.by.id,
        changedByEmail: change.by.email,
        fromStatus: current.status,
        toStatus: change.status,
      });
    }
    return { from: current.status, to: change.status };
  });
}

export interface StatusHistoryEntry {
  id: string;
  /** Who: the address of the account that made the change (kept after the account is deleted). */
  changedByEmail: string;
  changedAt: Date;
  fromStatus: AppointmentStatus;
  toStatus: AppointmentStatus;
}

/** A request's status changes, newest first. */
export async function statusHistory(
  db: Database,
  appointmentId: string,
): Promise<StatusHistoryEntry[]> {
  return db
    .select({
      id: appointmentStatusChanges.id,
      changedByEmail: appointmentStatusChanges.changedByEmail,
      changedAt: appointmentStatusChanges.changedAt,
      fromStatus: appointmentStatusChanges.fromStatus,
      toStatus: appointmentStatusChanges.toStatus,
    })
    .from(appointmentStatusChanges)
    .where(eq(appointmentStatusChanges.appointmentId, appointmentId))
    .orderBy(desc(appointmentStatusChanges.changedAt), desc(appointmentStatusChanges.id));
}
