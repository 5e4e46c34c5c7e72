// The home visits' figures for a period (docs/insights.md): how soon a request's first visit came
// (median, 90th percentile, share within 48 hours), the visits done, not home and cancelled per
// week and per therapist, each therapist's booked share of their working hours, and the WhatsApp
// messages to families with what the reminders did (decision 038). The same
// rules as the requests' figures (docs/insights.md, decision 032): the period's requests, junk
// left out, judged fairly; the visits of the period by their start.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { bucketsOf, type Period } from "#app/domain/insights/period.ts";
import { windowsOn } from "#app/domain/visits/schedule-clock.ts";
import { indiaTimeZone, parseIndiaDay } from "#app/lib/dates.ts";
import type { WeeklyHours } from "#db/schema.ts";

/** The 48 hours a first visit is judged by. */
const firstVisitHours = 48;

export interface FirstVisitFigures {
  /** Requests of the period whose first visit (not cancelled) is booked. */
  booked: number;
  /** From the request to its first visit's start, of those booked, in minutes. */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Booked to start within 48 hours of the request. */
  within: number;
  /**
   * The requests the 48 hours can be judged on: booked, or 48 hours old, not erased, not
   * completed, and still without a visit (a request completed without one, over the phone or
   * before visits were kept here, was never waiting for a visit).
   */
  judged: number;
}

interface VisitCounts {
  done: number;
  noShow: number;
  cancelled: number;
  scheduled: number;
}

interface TherapistFigures extends VisitCounts {
  therapistId: string;
  name: string;
  /** Minutes of visits not cancelled, and of working windows (leave left out), in the period. */
  bookedMinutes: number;
  workingMinutes: number;
}

/** How often nobody was home: of the visits whose outcome is known (done or not home). */
interface NotHomeFigures {
  noShow: number;
  /** Done and not home. */
  judged: number;
}

/**
 * The WhatsApp messages to families (decision 038): those queued in the period (by when
 * they were queued), what became of them; and the period's visits (by their start) the family
 * confirmed, and not home with a reminder queued and without.
 */
interface FamilyMessageFigures {
  /** Sent, through the Cloud API or by staff from a chat link. */
  sent: number;
  /** Of those, sent by staff from a chat link (no API). */
  byHand: number;
  /** Reported delivered to the phone by WhatsApp (the API's only). */
  delivered: number;
  /** Refused for good (a number without WhatsApp) or given up after the retries. */
  failed: number;
  /**
   * The period's visits (not cancelled) the family confirmed, however it came: the reminder's
   * Confirm button (the webhook), or a YES to a reminder sent by hand that the desk recorded
   * (replies-by-hand.server.ts). Both set visits.confirmed_at, which is what is counted.
   */
  confirmed: number;
  /** The period's visits (not cancelled) with a reminder queued: what a confirmation answers. */
  reminded: number;
  /** The period's visits done, and those done with the family's code (decision 048). */
  done: number;
  codeConfirmed: number;
  /** Not home, of the visits with a reminder queued and of those without. */
  notHome: { withReminder: NotHomeFigures; withoutReminder: NotHomeFigures };
}

export interface VisitFigures {
  firstVisit: FirstVisitFigures;
  /** The messages to families, and what the reminders did (decision 038). */
  messages: FamilyMessageFigures;
  /** Each week (from its Monday) the period touches, zero included, oldest first. */
  perWeek: ({ week: string } & VisitCounts)[];
  /** Active therapists and any other with a visit in the period, by name. */
  perTherapist: TherapistFigures[];
}

const minutes = (seconds: unknown) =>
  seconds === null || seconds === undefined ? null : Math.round(Number(seconds) / 60);

/** The first-visit figures of the requests received in [start, end), junk left out. */
export async function firstVisitFigures(
  db: Database,
  span: { start: Date; end: Date },
  now: Date,
): Promise<FirstVisitFigures> {
  const judgedBefore = new Date(now.getTime() - firstVisitHours * 3_600_000).toISOString();
  const [row] = await queryRows<{
    booked: number;
    median_s: number | null;
    p90_s: number | null;
    within: number;
    judged: number;
  }>(
    db,
    // Each request's first visit through visits_appointment_idx (appointment, start).
    sql`WITH r AS (
        SELECT a.created_at, a.erased_at, a.status,
          (SELECT min(v.starts_at) FROM visits AS v
            WHERE v.appointment_id = a.id AND v.status <> 'cancelled') AS first_visit
        FROM appointments AS a
        WHERE a.created_at >= ${span.start.toISOString()}::timestamptz
          AND a.created_at < ${span.end.toISOString()}::timestamptz AND NOT a.junk
      )
      SELECT count(first_visit)::int AS booked,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_visit - created_at)) AS median_s,
        percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM first_visit - created_at)) AS p90_s,
        (count(*) FILTER (WHERE first_visit <= created_at + make_interval(hours => ${firstVisitHours})))::int AS within,
        (count(*) FILTER (WHERE first_visit IS NOT NULL OR (created_at <= ${judgedBefore}::timestamptz
          AND erased_at IS NULL AND status <> 'completed')))::int AS judged
      FROM r`,
  );
  return {
    booked: Number(row?.booked ?? 0),
    medianMinutes: minutes(row?.median_s),
    p90Minutes: minutes(row?.p90_s),
    within: Number(row?.within ?? 0),
    judged: Number(row?.judged ?? 0),
  };
}

interface CountsRow {
  by_week: boolean;
  week: string | null;
  therapist_id: string | null;
  done: number;
  no_show: number;
  cancelled: number;
  scheduled: number;
  booked_s: number | null;
}

const countsOf = (row: CountsRow | undefined): VisitCounts => ({
  done: Number(row?.done ?? 0),
  noShow: Number(row?.no_show ?? 0),
  cancelled: Number(row?.cancelled ?? 0),
  scheduled: Number(row?.scheduled ?? 0),
});

const dayMs = 86_400_000;

/** The messages to families and the reminders' figures of [start, end) (FamilyMessageFigures). */
async function familyMessageFigures(
  db: Database,
  span: { start: Date; end: Date },
): Promise<FamilyMessageFigures> {
  const start = span.start.toISOString();
  const end = span.end.toISOString();
  // Erasure keeps each message's state, sender and delivery time, and each visit's: these stay
  // true after one (only a message still waiting becomes skipped, and waiting is not counted).
  // A confirmation is counted by confirmed_at alone, whoever set it: the webhook or the desk.
  const [messages, visitRows] = await Promise.all([
    queryRows<{ sent: number; by_hand: number; delivered: number; failed: number }>(
      db,
      sql`SELECT (count(*) FILTER (WHERE state = 'sent'))::int AS sent,
          (count(*) FILTER (WHERE state = 'sent' AND sent_by IS NOT NULL))::int AS by_hand,
          (count(*) FILTER (WHERE delivered_at IS NOT NULL))::int AS delivered,
          (count(*) FILTER (WHERE state = 'failed'))::int AS failed
        FROM notifications
        WHERE channel = 'whatsapp' AND created_at >= ${start}::timestamptz
          AND created_at < ${end}::timestamptz`,
    ),
    queryRows<{
      confirmed: number;
      reminded: number;
      no_show_reminded: number;
      judged_reminded: number;
      no_show_not: number;
      judged_not: number;
      done: number;
      code_confirmed: number;
    }>(
      db,
      sql`SELECT (count(*) FILTER (WHERE confirmed_at IS NOT NULL))::int AS confirmed,
          (count(*) FILTER (WHERE reminder_queued_at IS NOT NULL))::int AS reminded,
          (count(*) FILTER (WHERE reminder_queued_at IS NOT NULL AND status = 'no_show'))::int AS no_show_reminded,
          (count(*) FILTER (WHERE reminder_queued_at IS NOT NULL AND status IN ('done', 'no_show')))::int AS judged_reminded,
          (count(*) FILTER (WHERE reminder_queued_at IS NULL AND status = 'no_show'))::int AS no_show_not,
          (count(*) FILTER (WHERE reminder_queued_at IS NULL AND status IN ('done', 'no_show')))::int AS judged_not,
          (count(*) FILTER (WHERE status = 'done'))::int AS done,
          (count(*) FILTER (WHERE status = 'done' AND code_confirmed_at IS NOT NULL))::int AS code_confirmed
        FROM visits
        WHERE status <> 'cancelled' AND starts_at >= ${start}::timestamptz
          AND starts_at < ${end}::timestamptz`,
    ),
  ]);
  const m = messages[0];
  const v = visitRows[0];
  return {
    sent: Number(m?.sent ?? 0),
    byHand: Number(m?.by_hand ?? 0),
    delivered: Number(m?.delivered ?? 0),
    failed: Number(m?.failed ?? 0),
    confirmed: Number(v?.confirmed ?? 0),
    reminded: Number(v?.reminded ?? 0),
    done: Number(v?.done ?? 0),
    codeConfirmed: Number(v?.code_confirmed ?? 0),
    notHome: {
      withReminder: {
        noShow: Number(v?.no_show_reminded ?? 0),
        judged: Number(v?.judged_reminded ?? 0),
      },
      withoutReminder: { noShow: Number(v?.no_show_not ?? 0), judged: Number(v?.judged_not ?? 0) },
    },
  };
}

/** A therapist's working minutes in [start, end): each day's windows, leave left out. */
function workingMinutes(
  therapist: { hours: WeeklyHours; leave: readonly string[] },
  period: Pick<Period, "from" | "to" | "start" | "end">,
): number {
  let total = 0;
  const last = parseIndiaDay(period.to)?.getTime() ?? 0;
  for (let midnight = parseIndiaDay(period.from)?.getTime() ?? last + 1; midnight <= last; ) {
    const day = new Date(midnight + 5.5 * 3_600_000).toISOString().slice(0, 10);
    for (const window of windowsOn(therapist, day)) {
      const from = Math.max(midnight + window.from * 60_000, period.start.getTime());
      const to = Math.min(midnight + window.to * 60_000, period.end.getTime());
      if (to > from) total += (to - from) / 60_000;
    }
    midnight += dayMs;
  }
  return Math.round(total);
}

/** The visits of the period by their start: per week and per therapist, with booked minutes. */
export async function visitFigures(db: Database, period: Period, now: Date): Promise<VisitFigures> {
  const [firstVisit, messages, rows, team] = await Promise.all([
    firstVisitFigures(db, period, now),
    familyMessageFigures(db, period),
    queryRows<CountsRow>(
      db,
      sql`SELECT grouping(week) = 0 AS by_week, to_char(week, 'YYYY-MM-DD') AS week, therapist_id,
          (count(*) FILTER (WHERE status = 'done'))::int AS done,
          (count(*) FILTER (WHERE status = 'no_show'))::int AS no_show,
          (count(*) FILTER (WHERE status = 'cancelled'))::int AS cancelled,
          (count(*) FILTER (WHERE status = 'scheduled'))::int AS scheduled,
          sum(extract(epoch FROM ends_at - starts_at)) FILTER (WHERE status <> 'cancelled') AS booked_s
        FROM (
          SELECT date_trunc('week', starts_at AT TIME ZONE ${sql.raw(`'${indiaTimeZone}'`)})::date AS week,
            therapist_id, status, starts_at, ends_at
          FROM visits
          WHERE starts_at >= ${period.start.toISOString()}::timestamptz
            AND starts_at < ${period.end.toISOString()}::timestamptz
        ) AS v
        GROUP BY GROUPING SETS ((week), (therapist_id))`,
    ),
    queryRows<{
      user_id: string;
      display_name: string;
      hours: WeeklyHours;
      leave: string[];
      active: boolean;
    }>(
      db,
      sql`SELECT user_id, display_name, hours, leave::text[] AS leave, active FROM therapists
        ORDER BY display_name, user_id`,
    ),
  ]);
  const weeks = new Map(rows.filter((row) => row.by_week).map((row) => [row.week, row]));
  const byTherapist = new Map(
    rows.filter((row) => !row.by_week).map((row) => [row.therapist_id, row]),
  );
  return {
    firstVisit,
    messages,
    perWeek: bucketsOf({ ...period, bucket: "week" }).map((week) => ({
      week,
      ...countsOf(weeks.get(week)),
    })),
    perTherapist: team
      .filter((therapist) => therapist.active || byTherapist.has(therapist.user_id))
      .map((therapist) => {
        const row = byTherapist.get(therapist.user_id);
        return {
          therapistId: therapist.user_id,
          name: therapist.display_name,
          ...countsOf(row),
          bookedMinutes: minutes(row?.booked_s) ?? 0,
          workingMinutes: workingMinutes(
            { hours: therapist.hours ?? {}, leave: (therapist.leave ?? []).map(String) },
            period,
          ),
        };
      }),
  };
}
