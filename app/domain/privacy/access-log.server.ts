// The access log (DPDP Rules 2025, r. 6): a row each time staff see or take personal data — who,
// when, what (the requests' ids, a filter, a count) and from where — never the data itself.
// Append-only by a trigger of the database (migration 0012): rows are purged here once a year old.
//
// One row per page view. React Router loads a page's data again after every change made on it
// (a note, a status), and the dashboard's list again on each live update (the spec's "reloads
// the list after every status change and whenever a change … arrives"), the staff member's own
// change included: the loaders ran two or three times for one look at a page, and each run wrote
// a row. Nothing in those reloads tells them from a visit (React Router sends no marker, and one
// sent by the browser could be forged to hide a look), so the log itself decides: a page's data
// sent again to the same member of staff, at the same address, showing the same requests under
// the same filter, with nothing else seen by them between and within `sameViewMinutes` of the row
// that recorded it, is that view still, and adds no row. Acts (an export, a correction, an
// erasure) are recorded every time.
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { readReference } from "#app/domain/appointments/reference.ts";
import { parseIndiaDay } from "#app/lib/dates.ts";
import { type AccessAction, accessLog, appointments } from "#db/schema.ts";

export interface AccessEntry {
  actor: { id: string | null; email: string };
  action: AccessAction;
  /** The requests whose personal data was shown or taken. */
  appointmentIds?: readonly string[];
  /** What was asked (a filter, a page, a row count): no personal words (a search's are not kept). */
  detail?: Record<string, unknown>;
  /** The client's address as the edge read it. */
  address?: string | null;
}

/** The actions that record a page being shown; the others are acts, each one recorded. */
const pageViews: ReadonlySet<AccessAction> = new Set<AccessAction>([
  "dashboard",
  "search",
  "request",
  "timeline",
  "access-log",
  "privacy-requests",
  "visits",
  "calendar-feed",
  "schedule",
  "messages",
]);

/** How long a page left open and loaded again stays one view (docs/privacy.md). */
const sameViewMinutes = 30;

/** Figures of a row's detail that change while a page is looked at: not what the page shows. */
const countKeys: ReadonlySet<string> = new Set(["total", "timeline", "repeats", "open", "done"]);

/** What a page view showed: the action, the requests, the filter (not its counts), the address. */
function viewOf(row: {
  action: AccessAction;
  appointmentIds: readonly string[];
  detail: unknown;
  address: string | null;
}): string {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  const filter = Object.keys(detail)
    .filter((key) => !countKeys.has(key))
    .sort()
    .map((key) => [key, detail[key]]);
  return JSON.stringify([row.action, [...row.appointmentIds].sort(), filter, row.address]);
}

/**
 * Whether this page view is the one the member of staff's latest row records (the same page
 * loaded again, within `sameViewMinutes`, nothing else seen between).
 */
async function isSameView(db: Database, entry: AccessEntry): Promise<boolean> {
  const [last] = await db
    .select({
      action: accessLog.action,
      appointmentIds: accessLog.appointmentIds,
      detail: accessLog.detail,
      address: accessLog.address,
    })
    .from(accessLog)
    .where(
      and(
        eq(accessLog.actorEmail, entry.actor.email),
        gte(accessLog.at, sql`now() - make_interval(mins => ${sameViewMinutes})`),
      ),
    )
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(1);
  if (!last) return false;
  return (
    viewOf(last) ===
    viewOf({
      action: entry.action,
      appointmentIds: entry.appointmentIds ?? [],
      detail: entry.detail ?? null,
      address: entry.address ?? null,
    })
  );
}

/**
 * Records one access: one INSERT, awaited, so that nothing is shown that was not recorded. A page
 * view already recorded (the same page loaded again) adds no row.
 */
export async function recordAccess(db: Database, entry: AccessEntry): Promise<void> {
  if (pageViews.has(entry.action) && (await isSameView(db, entry))) return;
  await db.insert(accessLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    appointmentIds: [...(entry.appointmentIds ?? [])],
    detail: entry.detail ?? null,
    address: entry.address ?? null,
  });
}

/** Who is looking and from where, as a row records it. */
export function accessBy(
  staff: { user: { id: string; email: string } },
  address: string | null | undefined,
): Pick<AccessEntry, "actor" | "address"> {
  return { actor: { id: staff.user.id, email: staff.user.email }, address: address ?? null };
}

/** The dashboard's filter as a row keeps it: a search only as "there was one", never its words. */
export function dashboardFilter(query: {
  view: string;
  sort: string;
  status: string;
  owner: string;
  q: string;
}): Record<string, unknown> {
  return {
    view: query.view,
    sort: query.sort,
    status: query.status,
    owner: query.owner,
    ...(query.q !== "" ? { searched: true } : {}),
  };
}

/** A page of the dashboard's list: the requests it showed, under what filter, on which page. */
export function dashboardAccess(
  query: Parameters<typeof dashboardFilter>[0],
  list: { rows: readonly { id: string }[]; page: number; total: number },
): Pick<AccessEntry, "action" | "appointmentIds" | "detail"> {
  return {
    action: query.q !== "" ? "search" : "dashboard",
    appointmentIds: list.rows.map((row) => row.id),
    detail: { ...dashboardFilter(query), page: list.page, total: list.total },
  };
}

/**
 * Deletes the rows more than a year old (the trigger refuses younger ones), for the retention
 * job. Returns how many went.
 */
export async function purgeAccessLog(db: Database, now: Date): Promise<number> {
  // A year as the trigger counts it (`interval '1 year'`: 29 February less a year is 28 February),
  // and never later than the database's own clock allows: a row the trigger would refuse would
  // take the whole retention run back with it.
  const gone = await db
    .delete(accessLog)
    .where(
      lt(
        accessLog.at,
        sql`least(${now.toISOString()}::timestamptz - interval '1 year', now() - interval '1 year')`,
      ),
    )
    .returning({ id: accessLog.id });
  return gone.length;
}

// Reading the log, for the admins' page.

const accessLogPageSize = 50;

/** The page's filter, as its GET form sends it; anything unreadable is left out. */
export interface AccessLogQuery {
  /** A member of staff's e-mail address (exact, any case). */
  staff: string;
  /** A request's id, or its reference as the family quotes it. */
  request: string;
  /** India days, yyyy-mm-dd, both included. */
  from: string;
  to: string;
  page: number;
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A yyyy-mm-dd day that exists, else "". */
const realDay = (value: string) => (parseIndiaDay(value) ? value : "");

/** The query of the page's address: the first value of each field, trimmed, bad ones dropped. */
export function parseAccessLogQuery(params: URLSearchParams): AccessLogQuery {
  const text = (name: string) => (params.get(name) ?? "").replace(/\p{Cc}/gu, "").trim();
  const page = Number.parseInt(text("page"), 10);
  return {
    staff: text("staff").slice(0, 254),
    request: text("request").slice(0, 64),
    from: realDay(text("from")),
    to: realDay(text("to")),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The query without its page, as a row of the "access-log" action records it. */
export function accessLogFilter(query: AccessLogQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = { page: query.page };
  if (query.staff) filter.staff = query.staff;
  if (query.request) filter.request = query.request;
  if (query.from) filter.from = query.from;
  if (query.to) filter.to = query.to;
  return filter;
}

/** A request a row names: its id (for the filter's link) and its reference (what staff read). */
export interface LoggedRequest {
  id: string;
  /** Null for a request sent before references existed, or one no longer stored. */
  reference: string | null;
}

interface AccessLogRow {
  id: number;
  at: Date;
  actorEmail: string;
  action: AccessAction;
  /** The requests it names, in the row's order, each with its reference. */
  requests: LoggedRequest[];
  detail: Record<string, unknown> | null;
  address: string | null;
}

export interface AccessLogPage {
  rows: AccessLogRow[];
  total: number;
  page: number;
  pageCount: number;
  /** The request the filter named, when it named one the log can look for. */
  requestId: string | null;
  /** The request filter was typed but names no request: nothing can match. */
  unknownRequest: boolean;
}

/** The request an id or a reference names: an id as given, a reference looked up. */
async function requestIdOf(db: Database, typed: string): Promise<string | null> {
  if (uuidShape.test(typed)) return typed.toLowerCase();
  const reference = readReference(typed);
  if (!reference) return null;
  const [found] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.reference, reference))
    .limit(1);
  return found?.id ?? null;
}

/** A page of the log, newest first, as the filter selects it. */
export async function listAccessLog(db: Database, query: AccessLogQuery): Promise<AccessLogPage> {
  const requestId = query.request ? await requestIdOf(db, query.request) : null;
  const unknownRequest = query.request !== "" && requestId === null;
  const where: SQL[] = [];
  if (query.staff) where.push(sql`lower(${accessLog.actorEmail}) = ${query.staff.toLowerCase()}`);
  if (requestId) where.push(sql`${accessLog.appointmentIds} @> ARRAY[${requestId}]::uuid[]`);
  const from = parseIndiaDay(query.from);
  const to = parseIndiaDay(query.to);
  if (from) where.push(gte(accessLog.at, from));
  if (to) where.push(lt(accessLog.at, new Date(to.getTime() + 86_400_000)));
  if (unknownRequest) {
    return { rows: [], total: 0, page: 1, pageCount: 1, requestId, unknownRequest };
  }
  const filter = and(...where);
  const [counted] = await db.select({ total: count() }).from(accessLog).where(filter);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / accessLogPageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: accessLog.id,
      at: accessLog.at,
      actorEmail: accessLog.actorEmail,
      action: accessLog.action,
      appointmentIds: accessLog.appointmentIds,
      detail: accessLog.detail,
      address: accessLog.address,
    })
    .from(accessLog)
    .where(filter)
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(accessLogPageSize)
    .offset((page - 1) * accessLogPageSize);
  const ids = [...new Set(rows.flatMap((row) => row.appointmentIds))];
  const references = new Map(
    (ids.length
      ? await db
          .select({ id: appointments.id, reference: appointments.reference })
          .from(appointments)
          .where(inArray(appointments.id, ids))
      : []
    ).map((found) => [found.id, found.reference]),
  );
  return {
    rows: rows.map(({ appointmentIds, ...row }) => ({
      ...row,
      requests: appointmentIds.map((id) => ({ id, reference: references.get(id) ?? null })),
      detail: (row.detail as Record<string, unknown> | null) ?? null,
    })),
    total,
    page,
    pageCount,
    requestId,
    unknownRequest,
  };
}
