// What else puts a request in the desk's Needs attention, and what it says on the row
// (docs/front-desk.md, "One worklist"): the work done on a family's requests since one came (which
// ends its overdue, on every request of the number at once), a visit the patient was not home for
// with nothing booked since, an assessment with no treatment booked after 7 days (the insights'
// rule, drop-off.server.ts), a family's other open request, and the WhatsApp messages waiting to
// be sent by hand. Each is SQL for dashboard.server.ts's one query: a condition or a set of
// request ids for the list, a column for the row.
import { type SQL, sql } from "drizzle-orm";
import { repeatWindowDays } from "#app/domain/appointments/dashboard.ts";
import { droppedFamilies } from "#app/domain/insights/drop-off.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import {
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  assessments,
  exerciseTicks,
  notifications,
  programmes,
  therapists,
  visits,
} from "#db/schema.ts";

/** A missed visit or an assessment with nothing booked after it is the desk's for this long. */
const followUpDays = 30;

const ms = (value: SQL) => sql`floor(extract(epoch FROM ${value}) * 1000)::float8`;

/**
 * Whether the request `id` is someone's work (neither junk nor erased; with `open`, not completed
 * either), looked up by its key. A scalar subquery on purpose: written as EXISTS or a join, the
 * planner, expecting a thousand candidates, read every request to hash them (23 ms on 100,000
 * requests, on every evaluation of Needs attention) for the few there are.
 */
const workable = (id: SQL, { open = false } = {}) => sql`coalesce((SELECT NOT r.junk
    AND r.erased_at IS NULL ${open ? sql`AND r.status <> 'completed'` : sql``}
    FROM ${appointments} r WHERE r.id = ${id}), false)`;

/** A request as these read it: its id, number, arrival and first contact, by column. */
interface RequestColumns {
  id: SQL;
  phoneKey: SQL;
  createdAt: SQL;
  firstContactAt: SQL;
}

/** The columns of a table alias (`a`, `p`…) of `appointments`. */
export const columnsOf = (alias: string): RequestColumns => {
  const a = sql.identifier(alias);
  return {
    id: sql`${a}.id`,
    phoneKey: sql`${a}.phone_key`,
    createdAt: sql`${a}.created_at`,
    firstContactAt: sql`${a}.first_contact_at`,
  };
};

/**
 * A timeline entry that is the desk's work: a member of staff's (a note, a call-back set or
 * cleared, a visit booked, moved or marked, a message sent by hand, money…), but not a hand-over
 * or a junk mark, which tell the family nothing.
 */
const isWork = (w: string) => {
  const entry = sql.identifier(w);
  return sql`${entry}.by_user_id IS NOT NULL
    AND ${entry}.kind NOT IN ('owner_changed', 'junk_marked', 'junk_cleared')`;
};

/**
 * The desk's work on a family since `request` came: a status change or a timeline entry of work
 * (`isWork`), on it or on another request from the same number (not junk). Rows of `at` and `on`
 * (the request worked).
 */
const familyWork = (request: RequestColumns) => {
  const family = sql`(r.id = ${request.id} OR r.phone_key = ${request.phoneKey}) AND NOT r.junk`;
  return sql`SELECT w.created_at AS at, w.appointment_id AS on_id
      FROM ${appointments} r JOIN ${appointmentActivity} w ON w.appointment_id = r.id
      WHERE ${family} AND w.created_at > ${request.createdAt} AND ${isWork("w")}
    UNION ALL
    SELECT c.changed_at, c.appointment_id
      FROM ${appointments} r JOIN ${appointmentStatusChanges} c ON c.appointment_id = r.id
      WHERE ${family} AND c.changed_at > ${request.createdAt}`;
};

/** Work (`familyWork`) on the request `id` after `since`, on the two tables' index by request. */
const workOn = (id: SQL, since: SQL) => sql`EXISTS (SELECT 1 FROM ${appointmentActivity} w
      WHERE w.appointment_id = ${id} AND w.created_at > ${since} AND ${isWork("w")})
    OR EXISTS (SELECT 1 FROM ${appointmentStatusChanges} c
      WHERE c.appointment_id = ${id} AND c.changed_at > ${since})`;

/**
 * Whether the family was worked since the request came (`familyWork`): then it is not overdue.
 * Asked of every pending request for the header's counts and of Needs attention, so written for
 * that: the request's own status changes by its first contact (set by the first move away from
 * pending, which a pending request has had only if it was moved back), its own entries, then its
 * repeats' work, each on an index. As `familyWork` reads it (one BitmapOr of the request and its
 * number) it took 2.3 times as long: 32 ms for 1,700 pending requests on PostgreSQL, not 14.
 */
export const workedSince = (request: RequestColumns) => sql`(${request.firstContactAt} IS NOT NULL
    OR EXISTS (SELECT 1 FROM ${appointmentActivity} w
      WHERE w.appointment_id = ${request.id} AND w.created_at > ${request.createdAt}
        AND ${isWork("w")})
    OR EXISTS (SELECT 1 FROM ${appointments} r
      WHERE r.phone_key = ${request.phoneKey} AND r.id <> ${request.id} AND NOT r.junk
        AND (${workOn(sql`r.id`, request.createdAt)})))`;

/** The latest work on the family since the request came, as json (`ms`, `on`), or null. */
const lastWorkOf = (request: RequestColumns) =>
  sql`(SELECT json_build_object('ms', ${ms(sql`work.at`)}, 'on', work.on_id)
    FROM (${familyWork(request)}) work ORDER BY work.at DESC LIMIT 1)`;

/**
 * The visits a patient was not home for (`no_show`), started in the last 30 days, with no visit
 * of the request after it that is not cancelled, on requests neither completed, junk nor erased:
 * rows of `appointment_id`, `starts_at` and `therapist_id`. With `appointmentId`, that request's.
 */
const missedVisits = (now: Date, appointmentId?: SQL) => sql`SELECT v.appointment_id,
      v.starts_at, v.therapist_id
    FROM ${visits} v
    WHERE v.status = 'no_show'
      AND v.starts_at >= ${sinceOf(now).toISOString()}::timestamptz
      ${appointmentId ? sql`AND v.appointment_id = ${appointmentId}` : sql``}
      AND ${workable(sql`v.appointment_id`, { open: true })}
      AND NOT EXISTS (SELECT 1 FROM ${visits} l WHERE l.appointment_id = v.appointment_id
        AND l.status <> 'cancelled' AND l.starts_at > v.starts_at)`;

const sinceOf = (now: Date) => new Date(now.getTime() - followUpDays * 86_400_000);

/** The drop-off rule over the last 30 days, as the insights' list reads it over a period. */
const dropped = (now: Date, appointmentId?: SQL) =>
  droppedFamilies({ from: sinceOf(now), to: now, now }, appointmentId);

/**
 * The care record's reasons (decision 051): an assessment's red flags the desk has not handled
 * (from the partial index of those), on requests neither junk nor erased; and a home programme
 * started 3 days to 8 weeks ago (an older one is the therapist's to renew, not the desk's to
 * chase) whose ticks over the last 3 full India days are below half of what it asks, on requests
 * not completed. Each is read from its partial index and looks its request up by key, so that a
 * year of records costs what the open ones do (bench:care). Rows of `appointment_id` (and `at`,
 * `flags` / `percent`).
 */
const openRedFlags = (appointmentId?: SQL) => sql`SELECT x.appointment_id, x.created_at AS at,
      cardinality(x.red_flags) AS flags
    FROM ${assessments} x
    WHERE x.red_flags <> '{}' AND x.flags_handled_at IS NULL
      ${appointmentId ? sql`AND x.appointment_id = ${appointmentId}` : sql``}
      AND ${workable(sql`x.appointment_id`)}`;

/** How long the desk follows a home programme's ticks. */
const programmeWeeks = 8;

const lowAdherence = (now: Date, appointmentId?: SQL) => {
  const today = sql`${indiaDay(now)}::date`;
  // The last three days' ticks counted once, for the test and for the percent shown.
  return sql`SELECT p.appointment_id,
      round(100.0 * ticked.n / (3 * jsonb_array_length(p.items)))::int AS percent
    FROM ${programmes} p
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM ${exerciseTicks} t
      WHERE t.programme_id = p.id AND t.day BETWEEN ${today} - 3 AND ${today} - 1) ticked
    WHERE p.ended_at IS NULL AND p.starts_on <= ${today} - 3
      AND p.starts_on > ${today} - ${programmeWeeks * 7}::int
      ${appointmentId ? sql`AND p.appointment_id = ${appointmentId}` : sql``}
      AND 2 * ticked.n < 3 * jsonb_array_length(p.items)
      AND ${workable(sql`p.appointment_id`, { open: true })}`;
};

/**
 * The requests to follow up (a missed visit with nothing booked since, an assessment with no
 * treatment after 7 days, red flags to handle, exercises at home not done), not completed: a few
 * ids, read once per query into an array, as the visits a therapist can't make are
 * (dashboard.server.ts), each from an index.
 */
export const followUpRequests = (now: Date) => sql`array(
  SELECT appointment_id FROM (${missedVisits(now)}) missed
  UNION SELECT d.appointment_id FROM (${dropped(now)}) d
    WHERE ${workable(sql`d.appointment_id`, { open: true })}
  UNION SELECT appointment_id FROM (${openRedFlags()}) flags
  UNION SELECT appointment_id FROM (${lowAdherence(now)}) low)`;

/**
 * The row's columns of these reasons (`a`: the request), each json or null: `missed_visit` (the
 * latest), `no_treatment` (its last assessment, unless the request is completed),
 * `open_repeat` (for a pending request: the newest other open request from the same number within
 * 30 days, and how many there are), `last_work` (for a pending one: the latest work on its
 * family since it came), and `to_send`, the WhatsApp messages waiting to be sent by hand.
 */
export function reasonColumns(alias: string, now: Date): SQL {
  const a = sql.identifier(alias);
  const pending = sql`${a}.status = 'pending' AND NOT ${a}.junk AND ${a}.erased_at IS NULL`;
  return sql`(SELECT json_build_object('ms', ${ms(sql`m.starts_at`)}, 'therapist', t.display_name)
      FROM (${missedVisits(now, sql`${a}.id`)}) m JOIN ${therapists} t ON t.user_id = m.therapist_id
      ORDER BY m.starts_at DESC LIMIT 1) AS missed_visit,
    CASE WHEN ${a}.status <> 'completed' THEN
      (SELECT json_build_object('ms', ${ms(sql`d.starts_at`)}, 'therapist', t.display_name)
        FROM (${dropped(now, sql`${a}.id`)}) d JOIN ${therapists} t ON t.user_id = d.therapist_id)
      END AS no_treatment,
    CASE WHEN ${pending} THEN
      (SELECT json_build_object('id', r.id, 'ms', ${ms(sql`r.created_at`)}, 'status', r.status,
          'count', count(*) OVER ())
        FROM ${appointments} r
        WHERE r.phone_key = ${a}.phone_key AND r.id <> ${a}.id AND NOT r.junk
          AND r.erased_at IS NULL AND r.status <> 'completed'
          AND r.created_at BETWEEN ${a}.created_at - make_interval(days => ${repeatWindowDays})
            AND ${a}.created_at + make_interval(days => ${repeatWindowDays})
        ORDER BY r.created_at DESC, r.id DESC LIMIT 1)
      END AS open_repeat,
    CASE WHEN ${pending} THEN ${lastWorkOf(columnsOf(alias))} END AS last_work,
    (SELECT count(*) FROM ${notifications} n
      WHERE n.appointment_id = ${a}.id AND n.state = 'by_hand' AND n.channel = 'whatsapp')::int
      AS to_send,
    (SELECT json_build_object('ms', ${ms(sql`f.at`)}, 'flags', f.flags)
      FROM (${openRedFlags(sql`${a}.id`)}) f ORDER BY f.at DESC LIMIT 1) AS red_flags,
    (SELECT l.percent FROM (${lowAdherence(now, sql`${a}.id`)}) l LIMIT 1) AS low_adherence`;
}

/** The same columns, empty: for the rows that show none of them (the export). */
export const noReasonColumns = sql`NULL::json AS missed_visit, NULL::json AS no_treatment,
  NULL::json AS open_repeat, NULL::json AS last_work, 0 AS to_send, NULL::json AS red_flags,
  NULL::int AS low_adherence`;
