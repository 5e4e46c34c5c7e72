// The staff dashboard's data: the requests a query selects (one page, or all of them as CSV),
// each with the state of its staff e-mail, and status changes with their audit trail.
import { stringify } from "csv-stringify/sync";
import {
  and,
  type AnyColumn,
  asc,
  desc,
  eq,
  ilike,
  like,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { appointments, appointmentStatusChanges, notifications } from "../../db/schema.ts";
import { staffMailKind } from "./appointments.server.ts";
import {
  type AppointmentStatus,
  type DashboardQuery,
  type NotificationStatus,
  pageSize,
} from "./dashboard.ts";
import { type Database, queryRows } from "./db.server.ts";

export interface AppointmentRow {
  id: string;
  name: string;
  phone: string;
  address: string;
  pincode: string;
  message: string | null;
  status: AppointmentStatus;
  createdAt: Date;
  notification: NotificationStatus;
}

export interface AppointmentList {
  rows: AppointmentRow[];
  /** The requests the filter and search select, over all pages. */
  total: number;
  /** Every pending request, whatever the filter: what is waiting for staff. */
  pendingTotal: number;
  /** The page shown: the one asked for, or the last when it asked past the end. */
  page: number;
  /** At least 1, so that an empty list is "page 1 of 1". */
  pageCount: number;
}

/** The most rows an export holds: everything the dashboard is ever expected to hold. */
export const maxExportRows = 100_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * What the filter and search select. The search text matches a name anywhere (any case); when
 * it is a number (spaces and + aside), also a phone holding those digits (from three digits on,
 * spaces and + in the stored number ignored too) and a pincode starting with them.
 */
function selection(query: DashboardQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status !== "all") conditions.push(eq(appointments.status, query.status));
  if (query.q !== "") {
    const matches: SQL[] = [ilike(appointments.name, `%${escapeLike(query.q)}%`)];
    const digits = query.q.replace(/[\s+]/g, "");
    if (/^\d+$/.test(digits)) {
      matches.push(like(appointments.pincode, `${digits}%`));
      if (digits.length >= 3) {
        matches.push(sql`translate(${appointments.phone}, ' +', '') like ${`%${digits}%`}`);
      }
    }
    conditions.push(or(...matches));
  }
  return and(...conditions);
}

interface OrderColumns {
  status: AnyColumn;
  createdAt: AnyColumn;
  id: AnyColumn;
}

/** Newest first, or by status (alphabetical) then newest first; the id keeps pages stable. */
function ordering(query: DashboardQuery, columns: OrderColumns): SQL[] {
  const newestFirst = [desc(columns.createdAt), desc(columns.id)];
  return query.sort === "status" ? [asc(columns.status), ...newestFirst] : newestFirst;
}

/**
 * The state of an appointment's staff e-mail (the latest, were there several): sent, failed,
 * waiting for a retry after an error, queued, or none at all.
 */
function staffMailState(appointmentId: AnyColumn): SQL<NotificationStatus> {
  return sql<NotificationStatus>`coalesce((
    SELECT CASE
      WHEN n.state = 'queued' AND n.attempts >= 1 AND n.last_error IS NOT NULL THEN 'retrying'
      ELSE n.state
    END
    FROM ${notifications} n
    WHERE n.appointment_id = ${appointmentId} AND n.kind = ${staffMailKind}
    ORDER BY n.created_at DESC
    LIMIT 1
  ), 'none')`;
}

/**
 * The selected rows from `offset` on, at most `limit`. The appointments are picked first and
 * only then is each one's e-mail looked up, so a page costs 25 lookups whatever its offset.
 */
async function selectRows(
  db: Database,
  query: DashboardQuery,
  limit: number,
  offset: number,
): Promise<AppointmentRow[]> {
  const picked = db
    .select({
      id: appointments.id,
      name: appointments.name,
      phone: appointments.phone,
      address: appointments.address,
      pincode: appointments.pincode,
      message: appointments.message,
      status: appointments.status,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .where(selection(query))
    .orderBy(...ordering(query, appointments))
    .limit(limit)
    .offset(offset)
    .as("picked");
  return db
    .select({
      id: picked.id,
      name: picked.name,
      phone: picked.phone,
      address: picked.address,
      pincode: picked.pincode,
      message: picked.message,
      status: picked.status,
      createdAt: picked.createdAt,
      notification: staffMailState(picked.id),
    })
    .from(picked)
    .orderBy(...ordering(query, picked));
}

/** One page of what the query selects, with the totals the dashboard shows. */
export async function listAppointments(
  db: Database,
  query: DashboardQuery,
): Promise<AppointmentList> {
  const filter = selection(query) ?? sql`true`;
  const counting = queryRows<{ total: number; pending: number }>(
    db,
    sql`SELECT
      (SELECT count(*) FROM ${appointments} WHERE ${filter})::int AS total,
      (SELECT count(*) FROM ${appointments} WHERE ${appointments.status} = 'pending')::int AS pending`,
  );
  // Counted and fetched at once (two connections on PostgreSQL); the page is fetched again in
  // the rare case it was past the end.
  const [[counts], firstTry] = await Promise.all([
    counting,
    selectRows(db, query, pageSize, (query.page - 1) * pageSize),
  ]);
  const total = Number(counts?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows =
    page === query.page ? firstTry : await selectRows(db, query, pageSize, (page - 1) * pageSize);
  return { rows, total, pendingTotal: Number(counts?.pending ?? 0), page, pageCount };
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

const csvColumns = [
  "Date",
  "Name",
  "Phone",
  "Address",
  "Pincode",
  "Message",
  "Status",
  "E-mail notification",
];

/**
 * Every row the query selects (all pages, in its order, up to `maxExportRows`) as CSV. A cell
 * that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe, as OWASP advises; so does a phone number written "+91 …". The byte
 * order mark tells Excel the file is UTF-8 (names in Devanagari).
 */
export async function appointmentsCsv(db: Database, query: DashboardQuery): Promise<string> {
  const rows = await selectRows(db, query, maxExportRows, 0);
  return stringify(
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.name,
      row.phone,
      row.address,
      row.pincode,
      row.message ?? "",
      row.status,
      row.notification,
    ]),
    { header: true, columns: csvColumns, bom: true, escape_formulas: true },
  );
}
