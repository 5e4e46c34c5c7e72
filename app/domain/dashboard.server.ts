// The staff dashboard's data: the requests a query selects (one page, or all of them as CSV),
// each with the state of its staff e-mail, and status changes with their audit trail.
import { stringify } from "csv-stringify/sync";
import { type AnyColumn, and, asc, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import { appointmentStatusChanges, appointments, notifications } from "../../db/schema.ts";
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
function selection(query: DashboardQuery): SQL | undefined {
  return and(
    query.status === "all" ? undefined : eq(appointments.status, query.status),
    searchCondition(query.q),
  );
}

interface OrderColumns {
  status: AnyColumn;
  createdAt: AnyColumn;
  id: AnyColumn;
}

/**
 * Newest first, or by status (alphabetical) then newest first; the id keeps pages stable among
 * requests stored together. An index serves each (db/schema.ts).
 */
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

interface Slice {
  limit: number;
  offset: number;
  /**
   * Count every selected row in the same pass (a search reads the whole table anyway: once,
   * instead of once to count and again to find a rare match page by page).
   */
  countAll: boolean;
}

/**
 * The selected rows of a slice, in order. The slice is chosen on the narrow columns first; only
 * its rows are then read whole and have their e-mail looked up. `total` is the count of all
 * selected rows when asked for and the slice is not empty.
 */
async function selectRows(
  db: Database,
  query: DashboardQuery,
  slice: Slice,
): Promise<{ rows: AppointmentRow[]; total: number | undefined }> {
  const chosen = db
    .select({
      id: appointments.id,
      status: appointments.status,
      createdAt: appointments.createdAt,
      total: (slice.countAll ? sql<number>`count(*) over ()` : sql<null>`null::bigint`).as("total"),
    })
    .from(appointments)
    .where(selection(query))
    .orderBy(...ordering(query, appointments))
    .limit(slice.limit)
    .offset(slice.offset)
    .as("chosen");
  const found = await db
    .select({
      id: appointments.id,
      name: appointments.name,
      phone: appointments.phone,
      address: appointments.address,
      pincode: appointments.pincode,
      message: appointments.message,
      status: appointments.status,
      createdAt: appointments.createdAt,
      notification: staffMailState(appointments.id),
      total: chosen.total,
    })
    .from(chosen)
    .innerJoin(appointments, eq(appointments.id, chosen.id))
    .orderBy(...ordering(query, chosen));
  const total = found[0]?.total;
  return {
    rows: found.map(({ total: _, ...row }) => row),
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
  const slice = (page: number): Slice => ({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    countAll: search,
  });
  // At once: on PostgreSQL, each on a connection of its own.
  const [pendingTotal, counted, first] = await Promise.all([
    countPending(db),
    search ? undefined : countSelected(db, query),
    selectRows(db, query, slice(query.page)),
  ]);
  // A search past its last page found no row to carry the count: counted apart, then.
  const total = counted ?? first.total ?? (query.page > 1 ? await countSelected(db, query) : 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = page === query.page ? first.rows : (await selectRows(db, query, slice(page))).rows;
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
  const { rows } = await selectRows(db, query, {
    limit: maxExportRows,
    offset: 0,
    countAll: false,
  });
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
