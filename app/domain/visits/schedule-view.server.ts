// The front desk's schedule read from the database: the active therapists (of a district, when
// one is chosen) with their hours and leave, their visits of the days shown (cancelled ones left
// out: they hold no time), the contacted requests that still need a therapist, and the scheduled
// visits a therapist has said they can't make. Three queries, each bounded by an index: the
// visits by (therapist, start), the waiting requests by status and age, the can't-make visits
// by their start.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf, pincodesOfDistrict } from "#app/domain/areas/pincode-areas.server.ts";
import { parseIndiaDay } from "#app/lib/dates.ts";
import type { VisitKind, VisitStatus, WeeklyHours } from "#db/schema.ts";

/** How many requests the Needs-a-therapist list shows; the rest are counted. */
const needsTherapistLimit = 50;
/**
 * How far back "Needs a therapist" looks: requests received in the last 30 days. A request
 * contacted months ago and never visited (or contacted before visits were kept here, as every
 * one was on the day this came) is history, not the desk's work; reading every contacted
 * request for the list took 125 ms p95 at 100,000 requests (`npm run bench:schedule`).
 */
const needsTherapistDays = 30;

interface ScheduleTherapist {
  id: string;
  name: string;
  districts: string[];
  hours: WeeklyHours;
  leave: string[];
}

export interface ScheduleVisit {
  id: string;
  appointmentId: string;
  therapistId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
  kind: VisitKind;
  status: VisitStatus;
  course?: { index: number; size: number };
  /** The patient's first name; null once the request's personal data is erased. */
  firstName: string | null;
  /** Where the visit is, in a word or two ("Noida", "North West Delhi"); null when unknown. */
  place: string | null;
  cantMake: boolean;
}

export interface WaitingRequest {
  id: string;
  reference: string | null;
  firstName: string | null;
  pincode: string;
  createdAt: Date;
}

export interface CantMakeVisit {
  id: string;
  appointmentId: string;
  therapistName: string;
  firstName: string | null;
  startsAt: Date;
  reason: string | null;
}

export interface Schedule {
  therapists: ScheduleTherapist[];
  visits: ScheduleVisit[];
  /** The districts the active therapists serve, for the filter: every one, whatever is chosen. */
  districts: string[];
  needsTherapist: { rows: WaitingRequest[]; total: number };
  cantMake: CantMakeVisit[];
}

/**
 * The first word of a name as typed ("  Asha Rani " → "Asha"); null for an erased one. What the
 * schedule and a clash (visits.server.ts) name a patient by.
 */
export const firstNameOf = (name: string, erased: boolean) =>
  erased ? null : (name.trim().split(/\s+/)[0] ?? "") || null;

const dayMs = 86_400_000;

/** The schedule of `days` (consecutive India days), of one district's therapists or all. */
export async function loadSchedule(
  db: Database,
  options: { days: string[]; district?: string },
): Promise<Schedule> {
  const first = options.days[0];
  const last = options.days.at(-1);
  const start = first ? parseIndiaDay(first) : undefined;
  const lastStart = last ? parseIndiaDay(last) : undefined;
  if (!start || !lastStart) throw new Error("the schedule needs days to show");
  const end = new Date(lastStart.getTime() + dayMs);
  const district = options.district || undefined;

  const [therapistRows, districtRows, cantMake, needsTherapist, visitRows] = await Promise.all([
    queryRows<{
      user_id: string;
      display_name: string;
      districts: string[];
      hours: WeeklyHours;
      leave: string[];
    }>(
      db,
      sql`SELECT user_id, display_name, districts, hours, leave::text[] AS leave
        FROM therapists
        WHERE active ${district ? sql`AND ${district} = ANY(districts)` : sql``}
        ORDER BY display_name, user_id`,
    ),
    queryRows<{ district: string }>(
      db,
      sql`SELECT DISTINCT unnest(districts) AS district FROM therapists WHERE active
        ORDER BY 1`,
    ),
    cantMakeVisits(db),
    waitingRequests(db, district),
    // The visits of the therapists shown, in the same round (on PostgreSQL, a connection each).
    queryRows<{
      id: string;
      appointment_id: string;
      therapist_id: string;
      starts_at: string | Date;
      ends_at: string | Date;
      blocked_until: string | Date;
      kind: VisitKind;
      status: VisitStatus;
      course_index: number | null;
      course_size: number | null;
      cant_make: boolean;
      name: string;
      pincode: string;
      erased: boolean;
    }>(
      db,
      sql`SELECT v.id, v.appointment_id, v.therapist_id, v.starts_at, v.ends_at,
          v.blocked_until, v.kind, v.status, v.course_index, v.course_size,
          v.cant_make_at IS NOT NULL AS cant_make, a.name, a.pincode,
          a.erased_at IS NOT NULL AS erased
        FROM visits AS v
        JOIN therapists AS t ON t.user_id = v.therapist_id
        JOIN appointments AS a ON a.id = v.appointment_id
        WHERE t.active ${district ? sql`AND ${district} = ANY(t.districts)` : sql``}
          AND v.starts_at >= ${start.toISOString()}::timestamptz
          AND v.starts_at < ${end.toISOString()}::timestamptz
          AND v.status <> 'cancelled'
        ORDER BY v.therapist_id, v.starts_at`,
    ),
  ]);
  const therapists = therapistRows.map((row) => ({
    id: row.user_id,
    name: row.display_name,
    districts: row.districts ?? [],
    hours: row.hours ?? {},
    leave: (row.leave ?? []).map(String),
  }));
  return {
    therapists,
    visits: visitRows.map((row) => ({
      id: row.id,
      appointmentId: row.appointment_id,
      therapistId: row.therapist_id,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      blockedUntil: new Date(row.blocked_until),
      kind: row.kind,
      status: row.status,
      ...(row.course_index !== null && row.course_size !== null
        ? { course: { index: Number(row.course_index), size: Number(row.course_size) } }
        : {}),
      firstName: firstNameOf(row.name, row.erased),
      place: shortPlaceOf(row.pincode),
      cantMake: Boolean(row.cant_make),
    })),
    districts: districtRows.map((row) => row.district),
    needsTherapist,
    cantMake,
  };
}

/**
 * Contacted requests of the last `needsTherapistDays`, not junk, not erased, with no visit that
 * is not cancelled: oldest first,
 * the first `needsTherapistLimit` of them and how many in all. With a district, those whose PIN
 * code is in it.
 */
async function waitingRequests(
  db: Database,
  district: string | undefined,
): Promise<Schedule["needsTherapist"]> {
  const pincodes = district
    ? pincodesOfDistrict(district, (area) => areaNames[area as keyof typeof areaNames])
    : undefined;
  if (pincodes && pincodes.length === 0) return { rows: [], total: 0 };
  const inDistrict = pincodes
    ? sql`AND a.pincode IN (${sql.join(
        pincodes.map((pincode) => sql`${pincode}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{
    id: string;
    reference: string | null;
    name: string;
    pincode: string;
    created_at: string | Date;
    total: number;
  }>(
    db,
    sql`SELECT a.id, a.reference, a.name, a.pincode, a.created_at, count(*) OVER ()::int AS total
      FROM appointments AS a
      WHERE a.status = 'contacted' AND NOT a.junk AND a.erased_at IS NULL ${inDistrict}
        AND a.created_at >= now() - make_interval(days => ${needsTherapistDays})
        AND NOT EXISTS (
          SELECT 1 FROM visits AS v WHERE v.appointment_id = a.id AND v.status <> 'cancelled'
        )
      ORDER BY a.created_at, a.id
      LIMIT ${needsTherapistLimit}`,
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      firstName: firstNameOf(row.name, false),
      pincode: row.pincode,
      createdAt: new Date(row.created_at),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Scheduled visits a therapist can't make (they said so; staff have not moved them yet). */
async function cantMakeVisits(db: Database): Promise<CantMakeVisit[]> {
  const rows = await queryRows<{
    id: string;
    appointment_id: string;
    display_name: string;
    name: string;
    erased: boolean;
    starts_at: string | Date;
    cant_make_reason: string | null;
  }>(
    db,
    sql`SELECT v.id, v.appointment_id, t.display_name, a.name, a.erased_at IS NOT NULL AS erased,
        v.starts_at, v.cant_make_reason
      FROM visits AS v
      JOIN therapists AS t ON t.user_id = v.therapist_id
      JOIN appointments AS a ON a.id = v.appointment_id
      WHERE v.cant_make_at IS NOT NULL AND v.status = 'scheduled'
      ORDER BY v.starts_at, v.id
      LIMIT 200`,
  );
  return rows.map((row) => ({
    id: row.id,
    appointmentId: row.appointment_id,
    therapistName: row.display_name,
    firstName: firstNameOf(row.name, row.erased),
    startsAt: new Date(row.starts_at),
    reason: row.cant_make_reason,
  }));
}

/**
 * A PIN code's place as a schedule block has room for: our area's name ("Noida", "Gurugram"),
 * but Delhi's district ("North West Delhi": Delhi is too wide to plan travel by); the district
 * outside our areas; null when the directory does not know the code.
 */
function shortPlaceOf(pincode: string): string | null {
  const place = districtOf(pincode);
  if (!place) return null;
  return place.area && place.area !== "delhi" ? areaNames[place.area] : place.district;
}
