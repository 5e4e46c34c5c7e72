// Drop-off after the assessment (docs/insights.md): per week of a period, the families assessed
// (an assessment visit done, by its start in India's week) and how many booked treatment within
// 7 days; and the families to call, whose assessment was done more than 7 days ago with no
// treatment booked since. A treatment counts when it is of the same request, not cancelled, starts
// after the assessment and was booked (created) at most 7 days after the assessment's start: one
// booked at the same call as the assessment counts, an earlier course before a new assessment
// does not. Junk is left out; an erased request stays in the figures, as every figure keeps it
// (the erasure keeps its visits), but is no one to call.
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { bucketsOf, type Period } from "#app/domain/insights/period.ts";
import { indiaTimeZone } from "#app/lib/dates.ts";

/** The days a family has to book treatment after its assessment. */
const dropOffDays = 7;

interface DropOffWeek {
  /** The week's Monday, yyyy-mm-dd. */
  week: string;
  /** Families with an assessment done that week (a request once, however many it had). */
  assessed: number;
  /** Of them, treatment booked within 7 days. */
  booked: number;
  /** Of them, no treatment booked yet and the assessment less than 7 days ago: too soon to say. */
  waiting: number;
}

/** A family to call: its request, and its last assessment done. */
interface DroppedFamily {
  appointmentId: string;
  reference: string | null;
  name: string;
  phone: string;
  assessedAt: Date;
  /** The assessment's therapist, by their display name. */
  therapist: string;
}

export interface DropOff {
  /** Each week (from its Monday) the period touches, zero included, oldest first. */
  perWeek: DropOffWeek[];
  /** Newest assessment first. */
  families: DroppedFamily[];
}

/** A treatment visit of assessment `a`'s request, not cancelled, after it (the rule above). */
const treatmentAfter = (a: string) =>
  sql`SELECT 1 FROM visits AS t WHERE t.appointment_id = ${sql.raw(a)}.appointment_id
    AND t.kind = 'treatment' AND t.status <> 'cancelled' AND t.starts_at > ${sql.raw(a)}.starts_at`;

/**
 * The families to call (the rule above) as rows of `appointment_id`, `starts_at` (its last
 * assessment done) and `therapist_id`: an assessment started from `from` to before `to`, more than
 * 7 days before `now`, the request's last one done, with no treatment after it; junk and erased
 * left out. With `appointmentId`, that request's only (on visits_appointment_idx). The insights'
 * list of a period and the front desk's Needs attention (docs/front-desk.md) both read it. "Its
 * last one, with no treatment after" is one look at each assessment's later visits on
 * visits_appointment_idx: asked as two NOT EXISTS, the planner hashed every assessment done of the
 * year for the first (bench:care, on each Needs attention page).
 */
export function droppedFamilies(
  window: { from: Date; to: Date; now: Date },
  appointmentId?: SQL,
): SQL {
  const judgedBefore = new Date(window.now.getTime() - dropOffDays * 86_400_000).toISOString();
  return sql`SELECT DISTINCT ON (v.appointment_id) v.appointment_id, v.starts_at, v.therapist_id
    FROM visits AS v
    JOIN appointments AS r ON r.id = v.appointment_id
    WHERE v.kind = 'assessment' AND v.status = 'done'
      AND v.starts_at >= ${window.from.toISOString()}::timestamptz
      AND v.starts_at < ${window.to.toISOString()}::timestamptz
      AND v.starts_at < ${judgedBefore}::timestamptz
      ${appointmentId ? sql`AND v.appointment_id = ${appointmentId}` : sql``}
      AND NOT r.junk AND r.erased_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM visits AS later WHERE later.appointment_id = v.appointment_id
        AND later.starts_at > v.starts_at
        AND ((later.kind = 'assessment' AND later.status = 'done')
          OR (later.kind = 'treatment' AND later.status <> 'cancelled')))
    ORDER BY v.appointment_id, v.starts_at DESC`;
}

/**
 * The period's assessments done by week, and the families to call among them. Each reads the
 * period's visits by their start (visits_starts_idx) and each request's others through
 * visits_appointment_idx.
 */
export async function dropOffFigures(db: Database, period: Period, now: Date): Promise<DropOff> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const judgedBefore = new Date(now.getTime() - dropOffDays * 86_400_000).toISOString();
  const [weeks, families] = await Promise.all([
    queryRows<{ week: string; assessed: number; booked: number; waiting: number }>(
      db,
      // A family assessed twice in a week counts once, by its last assessment of the week.
      sql`WITH a AS (
          SELECT DISTINCT ON (v.appointment_id, week) v.appointment_id, v.starts_at, week
          FROM (
            SELECT appointment_id, starts_at,
              date_trunc('week', starts_at AT TIME ZONE ${sql.raw(`'${indiaTimeZone}'`)})::date AS week
            FROM visits
            WHERE kind = 'assessment' AND status = 'done'
              AND starts_at >= ${start}::timestamptz AND starts_at < ${end}::timestamptz
          ) AS v
          JOIN appointments AS r ON r.id = v.appointment_id AND NOT r.junk
          ORDER BY v.appointment_id, week, v.starts_at DESC
        ), judged AS (
          SELECT week, starts_at,
            EXISTS (${treatmentAfter("a")}
              AND t.created_at <= a.starts_at + make_interval(days => ${dropOffDays})) AS booked
          FROM a
        )
        SELECT to_char(week, 'YYYY-MM-DD') AS week, count(*)::int AS assessed,
          (count(*) FILTER (WHERE booked))::int AS booked,
          (count(*) FILTER (WHERE NOT booked AND starts_at >= ${judgedBefore}::timestamptz))::int AS waiting
        FROM judged GROUP BY week`,
    ),
    queryRows<{
      appointment_id: string;
      reference: string | null;
      name: string;
      phone: string;
      starts_at: Date | string;
      therapist: string;
    }>(
      db,
      // The request's last assessment done decides: one assessed again lately is not called yet.
      sql`SELECT d.appointment_id, r.reference, r.name, r.phone, d.starts_at,
          th.display_name AS therapist
        FROM (${droppedFamilies({ from: period.start, to: period.end, now })}) AS d
        JOIN appointments AS r ON r.id = d.appointment_id
        JOIN therapists AS th ON th.user_id = d.therapist_id`,
    ),
  ]);
  const byWeek = new Map(weeks.map((row) => [row.week, row]));
  return {
    perWeek: bucketsOf({ ...period, bucket: "week" }).map((week) => {
      const row = byWeek.get(week);
      return {
        week,
        assessed: Number(row?.assessed ?? 0),
        booked: Number(row?.booked ?? 0),
        waiting: Number(row?.waiting ?? 0),
      };
    }),
    families: families
      .map((row) => ({
        appointmentId: row.appointment_id,
        reference: row.reference,
        name: row.name,
        phone: row.phone,
        assessedAt: new Date(row.starts_at),
        therapist: row.therapist,
      }))
      .sort(
        (a, b) =>
          b.assessedAt.getTime() - a.assessedAt.getTime() ||
          a.appointmentId.localeCompare(b.appointmentId),
      ),
  };
}
