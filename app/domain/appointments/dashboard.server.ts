// The staff dashboard's data: the requests a query selects (a page of them; appointments-export
// streams them all as CSV), each with the state of its staff e-mail, its owner, its call-back,
// its repeats and whether it is overdue; the counts of what needs attention; status changes with
// their audit trail. Changes to a request are request-changes.server.ts's.
import { type AnyColumn, and, eq, like, or, type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { staffMailKind } from "#app/domain/appointments/appointments.server.ts";
import {
  type AppointmentList,
  type AppointmentRow,
  type AttentionCounts,
  attentionQueryOf,
  type DashboardQuery,
  openingView,
  overdueAfterMs,
  pageSize,
  repeatWindowDays,
  type SearchElsewhere,
  type SearchList,
  searchCountCap,
  searchListQuery,
  searchLists,
} from "#app/domain/appointments/dashboard.ts";
import { readReference } from "#app/domain/appointments/reference.ts";
import {
  columnsOf,
  followUpRequests,
  noReasonColumns,
  reasonColumns,
  workedSince,
} from "#app/domain/appointments/worklist.server.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { phoneSearch } from "#app/lib/indian-phone.ts";
import { readingSearch } from "#app/lib/loose-reading.server.ts";
import {
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  familyAsks,
  notifications,
  therapists,
  users,
  visits,
} from "#db/schema.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Who is looking, and when: "mine", overdue and due are answered for this viewer at this time. */
export interface Viewer {
  userId: string;
  now: Date;
}

/** What `judgeAttention` read once for a page, for each of its queries to look up. */
interface Judged {
  /** The overdue requests. */
  overdueIds?: readonly string[];
  /** The requests to follow up (`followUpRequests`). */
  followUpIds?: readonly string[];
}

/**
 * What the search text selects: a name holding it (any case); an address holding it, when it
 * has a letter ("Sector 62"); when it has a letter, a name, address or message whose loose reading
 * holds its reading from a word's start, in either script ("verma" finds "सुनीता वर्मा",
 * decision 031); and when it is written like a phone number, the requests from that number
 * however it was written (a whole number: only those, which no name, address or pincode holds,
 * found by the index on the key rather than by reading every row), or holding those digits
 * (three or more); and a pincode starting with it. Undefined for no search.
 */
function searchCondition(q: string): SQL | undefined {
  if (q === "") return undefined;
  const contains = `%${escapeLike(q)}%`;
  const phone = phoneSearch(q);
  if (phone?.key) return eq(appointments.phoneKey, phone.key);
  // lower() on both sides is what ILIKE does, and what the trigram index on lower(name) holds.
  // Written twice: the same rows, but PostgreSQL's estimate of the two together is smaller, and
  // keeps it on the indexes; with the one, a common surname ("verma", "mehta": 3 % of the rows)
  // made it read every row, at 70 to 90 ms (decision 031). PGlite, without statistics, is not moved.
  const name = sql`lower(${appointments.name}) like lower(${contains})`;
  const letters = /\p{L}/u.test(q);
  const matches: (SQL | undefined)[] = [sql`(${name} and ${name})`];
  // Across scripts (decision 031): the words typed, read loosely, at a word's start in the
  // request's reading of its name, address and message, on its trigram index; written twice as
  // well, from a word's start and anywhere (the same rows: with the one, "sunita" read every row,
  // at 90 ms, not 20).
  const reading = readingSearch(q);
  if (reading) {
    matches.push(
      sql`(${appointments.searchReading} like ${reading.pattern} and ${appointments.searchReading} like ${reading.anywhere})`,
    );
  }
  // Words of the address, as typed ("Sector 62", "DLF Phase"): text with a letter in it. A
  // number alone is a phone number's part or a pincode's start, not every "62" of every address.
  if (letters) {
    // Whole words: "Sector 62" is not "Sector 621". The LIKE, cheap, picks the rows the regular
    // expression (\m, \M: a word's start and end) then reads.
    const words = `\\m${q.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\M`;
    const address = sql`(lower(${appointments.address}) like lower(${contains}) and lower(${appointments.address}) ~ ${words})`;
    // A reading holds the whole words of its address: when the text has one, only a request not
    // yet read is looked for in its address itself (on a partial index of those).
    matches.push(reading ? sql`(${appointments.searchReading} is null and ${address})` : address);
  }
  if (phone) {
    // Three or more digits typed are searched for, even when too few are left once the prefix
    // is taken off: "9198" is the start of "+91 98…", whose key holds it.
    const part = phone.digits.length >= 3 ? phone.digits : q.replace(/\D/g, "");
    if (part.length >= 3) matches.push(like(appointments.phoneKey, `%${part}%`));
  }
  const digits = q.replace(/\s/g, "");
  if (/^\d{1,6}$/.test(digits)) matches.push(like(appointments.pincode, `${digits}%`));
  // The reference the family quotes ("7K3 Q2M"): found by its unique index.
  const reference = readReference(q);
  if (reference) matches.push(eq(appointments.reference, reference));
  return or(...matches);
}

const overdueBefore = (viewer: Viewer) => new Date(viewer.now.getTime() - overdueAfterMs);

/**
 * Overdue, of the request `alias`: pending (not junk, not erased) for more than 24 hours, and its
 * family not worked since it came (worklist.server.ts).
 */
const overdueOf = (alias: string, viewer: Viewer) => {
  const a = sql.identifier(alias);
  return sql`(${a}.status = 'pending' AND NOT ${a}.junk AND ${a}.erased_at IS NULL
      AND ${a}.created_at < ${overdueBefore(viewer).toISOString()}::timestamptz
      AND NOT ${workedSince(columnsOf(alias))})`;
};

/**
 * Request ids (`judgeAttention`'s overdue or follow-up requests) as one parameter: an array
 * PostgreSQL plans as a constant and so looks up in a hash.
 */
const idArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** The request `id` is one of `ids` (`idArray`). */
const inIds = (id: SQL | AnyColumn, ids: readonly string[]) => sql`${id} = any(${idArray(ids)})`;

/**
 * The requests to follow up (worklist.server.ts): `judged`, read once for the page by
 * `judgeAttention`, or else the query that finds them. Read again in each of a page's queries,
 * and in two or three places in its list's, they were three quarters of the desk's page (five
 * times 13 ms of 87, bench:care on PostgreSQL).
 */
const inFollowUps = (id: SQL | AnyColumn, viewer: Viewer, judged?: readonly string[]) =>
  judged ? inIds(id, judged) : sql`${id} = any(${followUpRequests(viewer.now)})`;

/**
 * What the view, filters and search select. Junk and erased requests are out of every list but
 * their own filter's: an erased request is no one's work any more (it keeps its place in the
 * owner's figures, which read the table apart). `withErased`: the export's rows, which keep the
 * erased ones (empty but for dates, status, PIN code and source: the figures' rows). Without
 * statistics (PGlite) "erased_at is null" is estimated to hold for 1 row in 200, and the
 * export's pages, planned for so few, read every row for each page.
 */
export function selection(
  query: DashboardQuery,
  viewer: Viewer,
  {
    withErased = false,
    followUpIds,
  }: { withErased?: boolean; followUpIds?: readonly string[] } = {},
): SQL | undefined {
  const statusFilter =
    query.status === "erased"
      ? sql`${appointments.erasedAt} is not null`
      : query.status === "junk"
        ? sql`${appointments.junk}`
        : and(
            withErased
              ? sql`not ${appointments.junk}`
              : sql`not ${appointments.junk} and ${appointments.erasedAt} is null`,
            query.status === "all" ? undefined : eq(appointments.status, query.status),
          );
  const owner =
    query.owner === "mine"
      ? eq(appointments.ownerId, viewer.userId)
      : query.owner === "unassigned"
        ? sql`${appointments.ownerId} is null`
        : undefined;
  const attention =
    query.view === "attention"
      ? sql`not ${appointments.junk} and ${appointments.erasedAt} is null and (${appointments.status} = 'pending' or (${appointments.callbackAt} <= ${viewer.now.toISOString()}::timestamptz and ${appointments.status} <> 'completed') or ${appointments.id} = any(${cantMakeRequests}) or ${appointments.id} = any(${familyRequests}) or ${inFollowUps(appointments.id, viewer, followUpIds)})`
      : undefined;
  return and(statusFilter, owner, attention, searchCondition(query.q));
}

/**
 * The requests with a visit its therapist can't make (still scheduled: until staff move or cancel
 * it), for "Needs attention": a few ids, read once per query into an array. As an array the
 * request's primary key finds them beside the partial indexes of what waits; as `IN (subquery)`
 * it made the planner read every request (Needs attention 14 → 106 ms p95 on PostgreSQL).
 */
const cantMakeRequests = sql`array(SELECT appointment_id FROM visits WHERE cant_make_at IS NOT NULL AND status = 'scheduled')`;

/**
 * The requests a family waits on (decision 038), for "Needs attention": an ask to move or cancel a
 * visit not yet settled, or a WhatsApp message to send by hand. Read as an array as above, each
 * half from its partial index (family_asks_open_idx, notifications_by_hand_idx).
 */
const familyRequests = sql`array(SELECT appointment_id FROM family_asks WHERE handled_at IS NULL
  UNION SELECT appointment_id FROM notifications
    WHERE state = 'by_hand' AND channel = 'whatsapp' AND appointment_id IS NOT NULL)`;

/**
 * The spec's orders — newest first, or by status (alphabetical) then newest first — or, for
 * "Needs attention", overdue requests (oldest first), then due call-backs (earliest first), then
 * the other pending requests (oldest first: the nearest to overdue), of the rows of `source`
 * (which carries status, created_at, callback_at and id, and for Needs attention whether it is
 * `overdue`; from `appointments` itself, that is whether it is one of `overdueIds`). The id keeps
 * pages stable among requests stored together. An index serves each of the spec's orders
 * (db/schema.ts).
 */
export function ordering(
  query: DashboardQuery,
  source: string,
  viewer: Viewer,
  { overdueIds = [], followUpIds }: Judged = {},
): SQL {
  const from = sql.identifier(source);
  if (query.view === "attention") {
    const overdue =
      source === "appointments" ? inIds(sql`${from}.id`, overdueIds) : sql`${from}.overdue`;
    // A visit its therapist can't make waits for the front desk as a due call-back does.
    // So does a family's ask, a WhatsApp message to send by hand, a missed visit or an
    // assessment with nothing booked after it (after the call-backs).
    const due = sql`(${from}.callback_at <= ${viewer.now.toISOString()}::timestamptz OR ${from}.id = any(${cantMakeRequests}) OR ${from}.id = any(${familyRequests}) OR ${inFollowUps(sql`${from}.id`, viewer, followUpIds)})`;
    // A call-back still to come does not move a pending request: it goes by its age.
    return sql`CASE WHEN ${overdue} THEN 0 WHEN ${due} THEN 1 ELSE 2 END,
      CASE WHEN ${overdue} THEN ${from}.created_at WHEN ${due} THEN ${from}.callback_at ELSE ${from}.created_at END,
      ${from}.created_at, ${from}.id`;
  }
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

/** Each appointment's owner, as `owner` (needs `from`'s owner_id). */
export const ownerOf = (from: string) =>
  sql`LEFT JOIN ${users} owner ON owner.id = ${sql.identifier(from)}.owner_id`;

/**
 * Who handed the request to its owner, while the owner has not worked on it since: the last
 * owner change, made by someone else, with no activity or status change by the owner after it.
 */
const handedBy = (
  a: ReturnType<typeof sql.identifier>,
) => sql`CASE WHEN ${a}.owner_id IS NOT NULL THEN (
      SELECT h.by_email FROM ${appointmentActivity} h
      WHERE h.appointment_id = ${a}.id AND h.kind = 'owner_changed'
        AND h.by_user_id IS DISTINCT FROM ${a}.owner_id
        AND h.created_at = (SELECT max(l.created_at) FROM ${appointmentActivity} l
          WHERE l.appointment_id = ${a}.id AND l.kind = 'owner_changed')
        AND NOT EXISTS (SELECT 1 FROM ${appointmentActivity} w
          WHERE w.appointment_id = ${a}.id AND w.by_user_id = ${a}.owner_id
            AND w.created_at > h.created_at)
        AND NOT EXISTS (SELECT 1 FROM ${appointmentStatusChanges} c
          WHERE c.appointment_id = ${a}.id AND c.changed_by = ${a}.owner_id
            AND c.changed_at > h.created_at)
      LIMIT 1) END`;

/**
 * What a family waits on (decision 038): the kind of its oldest open ask ("move", "cancel"), and
 * whether a WhatsApp message waits to be sent by hand; each on its partial index. And what the
 * desk's own therapists wait on: the soonest visit its therapist can't make, still scheduled, as
 * the schedule's side panel has it (its therapist, start and reason, and how many others), on
 * the visits' index by request.
 */
const familyMarks = (
  a: ReturnType<typeof sql.identifier>,
) => sql`(SELECT f.kind FROM ${familyAsks} f
      WHERE f.appointment_id = ${a}.id AND f.handled_at IS NULL
      ORDER BY f.created_at LIMIT 1) AS family_ask,
    EXISTS (SELECT 1 FROM ${notifications} n
      WHERE n.appointment_id = ${a}.id AND n.state = 'by_hand' AND n.channel = 'whatsapp')
      AS whatsapp_to_send,
    (SELECT json_build_object('therapist', t.display_name,
        'starts_ms', floor(extract(epoch FROM v.starts_at) * 1000)::float8,
        'reason', v.cant_make_reason, 'count', count(*) OVER ())
      FROM ${visits} v JOIN ${therapists} t ON t.user_id = v.therapist_id
      WHERE v.appointment_id = ${a}.id AND v.cant_make_at IS NOT NULL AND v.status = 'scheduled'
      ORDER BY v.starts_at, v.id LIMIT 1) AS cant_make`;

/**
 * The row as shown: the e-mail sent, failed, waiting for a retry after an error, queued, or
 * none; the owner's address; overdue (pending for more than 24 hours with no work on its family
 * since it came: worklist.server.ts) and due as of the viewer's time; the other requests from
 * the same number within 30 days either side (junk left out); with `handed` (unless false), who
 * handed it to its owner (`handedBy`); with `family` (unless false), what waits on the desk
 * (`familyMarks`, `reasonColumns`). Needs `mail` and `owner` joined.
 */
export const shownColumns = (
  from: string,
  viewer: Viewer,
  { handed = true, family = true } = {},
) => {
  const a = sql.identifier(from);
  return sql`${a}.id, ${a}.name, ${a}.phone, ${a}.address, ${a}.pincode, ${a}.message, ${a}.status,
    ${a}.owner_id, ${a}.junk, ${a}.language,
    floor(extract(epoch FROM ${a}.created_at) * 1000)::float8 AS created_ms,
    floor(extract(epoch FROM ${a}.callback_at) * 1000)::float8 AS callback_ms,
    floor(extract(epoch FROM ${a}.erased_at) * 1000)::float8 AS erased_ms,
    owner.email AS owner_email,
    ${overdueOf(from, viewer)} AS overdue,
    (NOT ${a}.junk AND ${a}.erased_at IS NULL AND ${a}.status <> 'completed'
      AND ${a}.callback_at <= ${viewer.now.toISOString()}::timestamptz) IS TRUE AS callback_due,
${handed ? handedBy(a) : sql`NULL::text`} AS handed_by,
${family ? familyMarks(a) : sql`NULL::text AS family_ask, false AS whatsapp_to_send, NULL::json AS cant_make`},
${family ? reasonColumns(from, viewer.now) : noReasonColumns},
    (SELECT count(*) FROM ${appointments} r
      WHERE r.phone_key = ${a}.phone_key AND r.id <> ${a}.id AND NOT r.junk
        AND r.created_at BETWEEN ${a}.created_at - make_interval(days => ${repeatWindowDays})
          AND ${a}.created_at + make_interval(days => ${repeatWindowDays}))::int AS repeat_count,
    CASE
      WHEN mail.state IS NULL THEN 'none'
      WHEN mail.state = 'queued' AND mail.attempts >= 1 AND mail.last_error IS NOT NULL THEN 'retrying'
      ELSE mail.state
    END AS notification`;
};

/** Where a PIN code is, for a row: our area's name, or the district outside our areas. */
function placeOf(pincode: string): AppointmentRow["place"] {
  const place = districtOf(pincode);
  if (!place) return null;
  return place.area
    ? { name: areaNames[place.area], outside: false }
    : { name: place.district, outside: true };
}

/** A row as the query returns it: times as epoch milliseconds, and the total when counted. */
export type Found = Pick<
  AppointmentRow,
  | "id"
  | "name"
  | "phone"
  | "address"
  | "pincode"
  | "message"
  | "status"
  | "junk"
  | "notification"
  | "language"
> & {
  handed_by: string | null;
  family_ask: "move" | "cancel" | null;
  whatsapp_to_send: boolean | null;
  cant_make: CantMakeFound | string | null;
  missed_visit: Json<{ ms: number; therapist: string }>;
  no_treatment: Json<{ ms: number; therapist: string }>;
  open_repeat: Json<{ id: string; ms: number; status: AppointmentRow["status"]; count: number }>;
  last_work: Json<{ ms: number; on: string }>;
  to_send: number | string | null;
  red_flags: Json<{ ms: number; flags: number }>;
  low_adherence: number | string | null;
  owner_id: string | null;
  owner_email: string | null;
  created_ms: number;
  callback_ms: number | null;
  erased_ms: number | null;
  overdue: boolean;
  callback_due: boolean;
  repeat_count: number;
  total?: number | string | null;
};

/** A json column: an object (PostgreSQL's driver), its text (PGlite's), or null. */
type Json<T> = T | string | null;

const jsonOf = <T>(found: Json<T> | undefined): T | undefined =>
  found === null || found === undefined
    ? undefined
    : typeof found === "string"
      ? (JSON.parse(found) as T)
      : found;

/** The soonest visit its therapist can't make, as `familyMarks` reads it. */
interface CantMakeFound {
  therapist: string;
  starts_ms: number;
  reason: string | null;
  count: number;
}

/** The visit its therapist can't make, as the row carries it (json: parsed by either driver). */
function cantMakeOf(found: Found["cant_make"]): AppointmentRow["cantMake"] {
  if (found === null || found === undefined) return undefined;
  const visit: CantMakeFound = typeof found === "string" ? JSON.parse(found) : found;
  return {
    therapist: visit.therapist,
    startsAt: new Date(Number(visit.starts_ms)),
    reason: visit.reason,
    more: Number(visit.count) - 1,
  };
}

/** The reasons of worklist.server.ts's columns, each only when there is one. */
function reasonsOf(found: Found): Partial<AppointmentRow> {
  const missed = jsonOf(found.missed_visit);
  const dropped = jsonOf(found.no_treatment);
  const repeat = jsonOf(found.open_repeat);
  const work = jsonOf(found.last_work);
  const toSend = Number(found.to_send ?? 0);
  const flags = jsonOf(found.red_flags);
  return {
    ...(flags
      ? { redFlags: { assessedAt: new Date(Number(flags.ms)), count: Number(flags.flags) } }
      : {}),
    ...(found.low_adherence !== null && found.low_adherence !== undefined
      ? { lowAdherence: Number(found.low_adherence) }
      : {}),
    ...(missed
      ? { missedVisit: { startsAt: new Date(Number(missed.ms)), therapist: missed.therapist } }
      : {}),
    ...(dropped
      ? {
          noTreatment: { assessedAt: new Date(Number(dropped.ms)), therapist: dropped.therapist },
        }
      : {}),
    ...(repeat
      ? {
          openRepeat: {
            id: repeat.id,
            createdAt: new Date(Number(repeat.ms)),
            status: repeat.status,
            more: Number(repeat.count) - 1,
          },
        }
      : {}),
    ...(work ? { worked: { at: new Date(Number(work.ms)), appointmentId: work.on } } : {}),
    ...(toSend > 0 ? { messagesToSend: toSend } : {}),
  };
}

export const toRow = (found: Found): AppointmentRow => {
  const {
    created_ms,
    callback_ms,
    erased_ms,
    owner_id,
    owner_email,
    overdue,
    callback_due,
    repeat_count,
    handed_by,
    family_ask,
    whatsapp_to_send,
    cant_make,
    missed_visit: _missed,
    no_treatment: _dropped,
    open_repeat: _repeat,
    last_work: _work,
    to_send: _toSend,
    red_flags: _flags,
    low_adherence: _low,
    total: _,
    ...row
  } = found;
  const cantMake = cantMakeOf(cant_make);
  return {
    ...row,
    // Only when there is one: a row with none carries none of them.
    ...(family_ask ? { familyAsk: family_ask } : {}),
    ...(whatsapp_to_send ? { whatsappToSend: true as const } : {}),
    ...(cantMake ? { cantMake } : {}),
    ...reasonsOf(found),
    place: placeOf(row.pincode),
    handedBy: handed_by,
    createdAt: new Date(Number(created_ms)),
    callbackAt: callback_ms === null ? null : new Date(Number(callback_ms)),
    erasedAt: erased_ms === null ? null : new Date(Number(erased_ms)),
    ownerId: owner_id,
    ownerEmail: owner_email,
    overdue: Boolean(overdue),
    callbackDue: Boolean(callback_due),
    repeatCount: Number(repeat_count),
  };
};

/**
 * One page of the selected rows, in order. The page is chosen on the narrow columns first; only
 * its rows are then read whole and have their e-mail looked up. With `countUpTo`, `total` is the
 * count of the selected rows up to that many and one more (undefined when the page is empty):
 * when it is more, the matches read were not all of them, nor the page theirs (`rows` is then
 * empty: ask again without the count).
 */
async function selectPage(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
  page: number,
  { countUpTo, ...judged }: { countUpTo?: number } & Judged = {},
): Promise<{ rows: AppointmentRow[]; total: number | undefined }> {
  const where = selection(query, viewer, { followUpIds: judged.followUpIds }) ?? sql`true`;
  const offset = (page - 1) * pageSize;
  // Needs attention's order asks whether each row is overdue: `overdueIds`, judged once with the
  // header's counts (`judgeAttention`), each row looked up in them. Judged in the order's CASEs,
  // each row was judged three times, and the plan's estimated cost passed PostgreSQL's
  // jit_above_cost (100,000): compiling it took 340 ms. The other orders, which an index serves,
  // need no such column.
  const overdue =
    query.view === "attention"
      ? inIds(appointments.id, judged.overdueIds ?? [])
      : sql`NULL::boolean`;
  // With the count, the matches are found by one plain scan that stops one past the cap,
  // materialised, and only then sorted (PostgreSQL 15 would otherwise walk the date index, as if
  // the count could stop early). Past the cap, no row is read whole.
  const chosen =
    countUpTo !== undefined
      ? sql`matched AS MATERIALIZED (
        SELECT id, status, created_at, callback_at, ${overdue} AS overdue
        FROM ${appointments} WHERE ${where}
        LIMIT ${countUpTo + 1}
      ), counted AS (SELECT count(*) AS total FROM matched), chosen AS (
        SELECT id, status, created_at, callback_at, overdue, counted.total
        FROM matched, counted WHERE counted.total <= ${countUpTo}
        ORDER BY ${ordering(query, "matched", viewer, judged)} LIMIT ${pageSize} OFFSET ${offset}
      )`
      : sql`chosen AS (
        SELECT id, status, created_at, callback_at, ${overdue} AS overdue, NULL::bigint AS total
        FROM ${appointments} WHERE ${where}
        ORDER BY ${ordering(query, "appointments", viewer, judged)}
        LIMIT ${pageSize} OFFSET ${offset}
      )`;
  const rows = sql`chosen
    JOIN ${appointments} a ON a.id = chosen.id
    ${ownerOf("a")}
    ${staffMailOf(sql`chosen.id`)}`;
  // Counted, the count comes back even with no row to carry it (past the cap, or the last page):
  // one row of nulls but for the total.
  const found = await queryRows<Found>(
    db,
    countUpTo !== undefined
      ? sql`WITH ${chosen}
        SELECT ${shownColumns("a", viewer)}, counted.total
        FROM counted LEFT JOIN (${rows}) ON true
        ORDER BY ${ordering(query, "chosen", viewer, judged)}`
      : sql`WITH ${chosen}
        SELECT ${shownColumns("a", viewer)}, chosen.total
        FROM ${rows}
        ORDER BY ${ordering(query, "chosen", viewer, judged)}`,
  );
  const total = found[0]?.total;
  return {
    rows: found.filter((row) => row.id !== null).map(toRow),
    total: total === null || total === undefined ? undefined : Number(total),
  };
}

async function countSelected(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
  followUpIds?: readonly string[],
): Promise<number> {
  // Everything but junk (the default list, in either order) is every row less the junk: a count
  // of every row reads none of their columns, and the junk is counted on its partial index,
  // where "not junk" would read each of the rows up to that flag (about twice the time).
  const everything =
    query.view !== "attention" && query.status === "all" && query.owner === "all" && query.q === "";
  const [row] = await queryRows<{ n: number }>(
    db,
    everything
      ? sql`SELECT ((SELECT count(*) FROM ${appointments})
          - (SELECT count(*) FROM ${appointments} WHERE junk)
          - (SELECT count(*) FROM ${appointments} WHERE erased_at IS NOT NULL AND NOT junk))::int AS n`
      : sql`SELECT count(*)::int AS n FROM ${appointments} WHERE ${selection(query, viewer, { followUpIds }) ?? sql`true`}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * What waits for the front desk, junk and erased requests left out: the pending requests (and of
 * them the overdue, and the new: neither overdue nor worked) in one pass, each read once for the
 * work on its family (worklist.server.ts), and the due call-backs, each on a partial index.
 */
export async function countAttention(db: Database, viewer: Viewer): Promise<AttentionCounts> {
  return (await judgeAttention(db, viewer)).counts;
}

/**
 * `countAttention`'s counts, and the overdue requests' and those to follow up (`Judged`: the work
 * on each family and the follow-ups are read once a page, not once for the counts and again for
 * the list, its order and its tab's count).
 */
async function judgeAttention(
  db: Database,
  viewer: Viewer,
): Promise<{ counts: AttentionCounts; overdueIds: string[]; followUpIds: string[] }> {
  const [row] = await queryRows<{
    pending: number;
    overdue: number;
    fresh: number;
    due: number;
    family: number;
    newest_ms: number | null;
    overdue_ids: Json<string[]>;
    follow_up_ids: Json<string[]>;
  }>(
    db,
    // Materialised: each pending request judged once for the counts and the ids.
    sql`WITH judged AS MATERIALIZED (
        SELECT id, created_at < ${overdueBefore(viewer).toISOString()}::timestamptz AS old,
          ${workedSince(columnsOf("p"))} AS worked
        FROM ${appointments} p WHERE status = 'pending' AND NOT junk AND erased_at IS NULL
      )
      SELECT
      (SELECT floor(extract(epoch FROM max(created_at)) * 1000)::float8 FROM ${appointments}
        WHERE NOT junk) AS newest_ms,
      waiting.pending, waiting.overdue, waiting.fresh,
      (SELECT coalesce(json_agg(id), '[]') FROM judged WHERE old AND NOT worked) AS overdue_ids,
      (SELECT coalesce(json_agg(f), '[]') FROM unnest(${followUpRequests(viewer.now)}) f)
        AS follow_up_ids,
      (SELECT count(*)::int FROM ${appointments}
        WHERE callback_at IS NOT NULL AND NOT junk AND erased_at IS NULL
          AND status <> 'completed'
          AND callback_at <= ${viewer.now.toISOString()}::timestamptz) AS due,
      (SELECT count(*)::int FROM ${appointments}
        WHERE id = any(${familyRequests}) AND NOT junk AND erased_at IS NULL) AS family
    FROM (
      SELECT count(*)::int AS pending,
        (count(*) FILTER (WHERE NOT worked AND old))::int AS overdue,
        (count(*) FILTER (WHERE NOT worked AND NOT old))::int AS fresh
      FROM judged
    ) AS waiting`,
  );
  return {
    counts: {
      pending: Number(row?.pending ?? 0),
      overdue: Number(row?.overdue ?? 0),
      callbacksDue: Number(row?.due ?? 0),
      familyWaiting: Number(row?.family ?? 0),
      fresh: Number(row?.fresh ?? 0),
      newestAt: row?.newest_ms == null ? null : Number(row.newest_ms),
    },
    overdueIds: jsonOf(row?.overdue_ids) ?? [],
    followUpIds: jsonOf(row?.follow_up_ids) ?? [],
  };
}

/** What else waits on the desk, counted by request (junk and erased left out). */
interface Waiting {
  /** A visit its therapist can't make (`cantMakeRequests`): the header's count. */
  cantMake: number;
  /** A family's ask not yet settled: the header's "from families". */
  familyAsks: number;
  /** A missed visit or an assessment with nothing booked after it (worklist.server.ts). */
  followUps: number;
}

/**
 * The requests with a visit its therapist can't make, with a family's open ask, and to follow
 * up: the header's counts, and reasons to open on Needs attention. Each from its ids' array.
 */
async function countWaiting(db: Database, followUpIds: readonly string[]): Promise<Waiting> {
  const counted = (ids: SQL) =>
    sql`(SELECT count(*)::int FROM ${appointments}
      WHERE id = any(${ids}) AND NOT junk AND erased_at IS NULL)`;
  const [row] = await queryRows<{ cant_make: number; asks: number; follow_ups: number }>(
    db,
    sql`SELECT ${counted(cantMakeRequests)} AS cant_make,
      ${counted(sql`array(SELECT appointment_id FROM family_asks WHERE handled_at IS NULL)`)} AS asks,
      ${counted(idArray(followUpIds))} AS follow_ups`,
  );
  return {
    cantMake: Number(row?.cant_make ?? 0),
    familyAsks: Number(row?.asks ?? 0),
    followUps: Number(row?.follow_ups ?? 0),
  };
}

/**
 * A search's matches counted in every list at once: each of `searchLists`, and `tab`, the
 * Needs attention tab's (its owner kept). Read from the matches (up to the cap, and one more:
 * past it, `matched` says the counts are not of them all), each list's filter applied to them by
 * the same `selection` its rows are read with.
 */
async function countMatches(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
  followUpIds: readonly string[],
): Promise<{ matched: number; tab: number; lists: Record<SearchList, number> }> {
  const filter = (of: DashboardQuery) =>
    selection({ ...of, q: "" }, viewer, { followUpIds }) ?? sql`true`;
  const counted = (of: DashboardQuery, name: string) =>
    sql`(count(*) FILTER (WHERE ${filter(of)}))::int AS ${sql.identifier(name)}`;
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`WITH matched AS MATERIALIZED (
        SELECT id FROM ${appointments} WHERE ${searchCondition(query.q) ?? sql`true`}
        LIMIT ${searchCountCap + 1}
      )
      SELECT count(*)::int AS matched, ${counted(attentionQueryOf(query), "tab")},
        ${sql.join(
          searchLists.map((list) => counted(searchListQuery(query, list), `in_${list}`)),
          sql`, `,
        )}
      FROM ${appointments} JOIN matched ON matched.id = ${appointments}.id`,
  );
  const lists = Object.fromEntries(
    searchLists.map((list) => [list, Number(row?.[`in_${list}`] ?? 0)]),
  ) as Record<SearchList, number>;
  return { matched: Number(row?.matched ?? 0), tab: Number(row?.tab ?? 0), lists };
}

/**
 * Where the list shown stands to another of `searchLists`: the same list, inside it (the other
 * has every row of this one, and `more`), holding it (`of` these rows), or apart (`in`).
 */
function relationTo(query: DashboardQuery, list: SearchList): "same" | SearchElsewhere["relation"] {
  const everything = query.view === "all" && query.status === "all" && query.owner === "all";
  const live = query.status !== "junk" && query.status !== "erased";
  switch (list) {
    case "all":
      return everything ? "same" : live ? "more" : "in";
    case "attention":
      if (query.view === "attention") {
        return query.status === "all" && query.owner === "all" ? "same" : "more";
      }
      return everything ? "of" : "in";
    default:
      if (query.status !== list) return "in";
      return query.view === "all" && query.owner === "all" ? "same" : "more";
  }
}

/** What the search matches in the other lists, beside the `shown` rows it matches in this one. */
function elsewhereOf(
  query: DashboardQuery,
  lists: Record<SearchList, number>,
  shown: number,
): SearchElsewhere[] {
  return searchLists.flatMap((list) => {
    const relation = relationTo(query, list);
    if (relation === "same") return [];
    const count = relation === "more" ? lists[list] - shown : lists[list];
    return count > 0 ? [{ list, count, relation }] : [];
  });
}

/** One page of what the query selects, with the totals and counts the dashboard shows. */
export async function listAppointments(
  db: Database,
  query: DashboardQuery,
  viewer: Viewer,
): Promise<AppointmentList> {
  const search = query.q !== "";
  // What Needs attention's queries look up, read once for the page (`Judged`), and what else
  // waits on the desk, counted from it.
  const judging = judgeAttention(db, viewer);
  const waitingFor = judging.then(({ followUpIds }) => countWaiting(db, followUpIds));
  // No view named: the counts decide it (Needs attention when anything is overdue, due, a
  // family's, a visit its therapist can't make or one to follow up), and then the list is read.
  const decided = query.view ? undefined : await Promise.all([judging, waitingFor]);
  const view =
    query.view ??
    openingView(
      decided
        ? { ...decided[0].counts, ...decided[1] }
        : { overdue: 0, callbacksDue: 0, familyWaiting: 0, cantMake: 0, followUps: 0 },
    );
  query = { ...query, view };
  // The Needs attention tab counts what its link opens: this list's own query when it is that
  // one, so that its count and its rows are one query's.
  const attentionQuery = attentionQueryOf(query);
  const isAttention = view === "attention" && query.status === "all";
  // At once: on PostgreSQL, each on a connection of its own. A search is counted as its page is
  // read, up to the cap (decision 031); when it finds a page or less here, in every other list
  // by one more query, after it (where else to look is for a search that found little: one that
  // fills a page does not pay a second scan of its matches, docs/performance.md).
  // Needs attention's queries wait for what was judged; the other lists' do not need it.
  const judgedFor = <T>(attention: boolean, run: (judged: Judged) => Promise<T>) =>
    attention ? judging.then(run) : run({});
  const pageOf = (page: number, countUpTo?: number) =>
    judgedFor(view === "attention", (judged) =>
      selectPage(db, query, viewer, page, { countUpTo, ...judged }),
    );
  const [judged, waiting, counted, first, attentionCounted] = await Promise.all([
    judging,
    waitingFor,
    search
      ? undefined
      : judgedFor(view === "attention", ({ followUpIds }) =>
          countSelected(db, query, viewer, followUpIds),
        ),
    pageOf(query.page, search ? searchCountCap : undefined),
    search || isAttention
      ? undefined
      : judging.then(({ followUpIds }) => countSelected(db, attentionQuery, viewer, followUpIds)),
  ]);
  const total = counted ?? first.total ?? 0;
  const matches =
    search && total <= pageSize
      ? await countMatches(db, query, viewer, judged.followUpIds)
      : undefined;
  // Past the cap ("noida": two requests in five), the matches are neither counted to the end nor
  // all sorted: the page is read newest first along the date's index, and the list says "more
  // than 1,000" (counted to the end and sorted, every match was read: 115 ms p95 on PostgreSQL).
  const broad = search && total > searchCountCap;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = page === query.page && !broad ? first.rows : (await pageOf(page)).rows;
  // Every match counted (not past the cap): the other lists' counts are whole.
  const whole = matches !== undefined && matches.matched <= searchCountCap;
  const attentionTotal = isAttention
    ? total
    : (attentionCounted ??
      (whole
        ? matches.tab
        : matches
          ? await countSelected(db, attentionQuery, viewer, judged.followUpIds)
          : undefined));
  return {
    rows,
    total,
    ...(broad ? { moreThan: searchCountCap } : {}),
    pendingTotal: judged.counts.pending,
    counts: judged.counts,
    cantMakeWaiting: waiting.cantMake,
    familyAsks: waiting.familyAsks,
    attentionTotal,
    elsewhere: whole && !broad ? elsewhereOf(query, matches.lists, total) : [],
    view,
    page,
    pageCount,
  };
}
