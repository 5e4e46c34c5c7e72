// A therapist's day (/visits): their own visits, today and the next six days in India time, with
// what they need at the door (the patient's name, address, PIN code and its locality, the
// number, the front desk's notes, the course's count), and their earlier visits still to mark.
// A therapist may see the patients of their own visits from 14 days back to 7 days ahead and no
// more (decision 037): `ownVisitInReach` is the one test of it, for the page and its forms.
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { localityName } from "#app/domain/visits/visit-texts.ts";
import { indiaDay, indiaTimeZone } from "#app/lib/dates.ts";
import {
  appointmentActivity,
  appointments,
  therapists,
  type VisitKind,
  type VisitStatus,
  visits,
} from "#db/schema.ts";

/**
 * The PIN code's locality as the directory names it, with our area when that says more:
 * "Gautam Buddha Nagar (Noida)", "Gurugram"; null when the directory does not know the code.
 */
export function localityOf(pincode: string): string | null {
  const place = districtOf(pincode);
  if (!place) return null;
  return localityName(place.district, place.area ? areaNames[place.area] : null);
}

/** How far a therapist sees their own visits' patients: from 14 days back to 7 days ahead. */
export const therapistReach = { daysBack: 14, daysAhead: 7 } as const;

/** The days the page lists: today and the next six. */
const dayCount = 7;

/** The start of the India day `offset` days from `now`'s. */
export function indiaDayStart(now: Date, offset = 0): Date {
  return new Date(addDays(startOfDay(new TZDate(now, indiaTimeZone)), offset).getTime());
}

/** The times a therapist may see visits in: [from, until). */
function reachOf(now: Date): { from: Date; until: Date } {
  return {
    from: indiaDayStart(now, -therapistReach.daysBack),
    until: indiaDayStart(now, therapistReach.daysAhead),
  };
}

interface FrontDeskNote {
  body: string;
  by: string;
  at: Date;
}

export interface DayVisit {
  id: string;
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  kind: VisitKind;
  status: VisitStatus;
  course: { index: number; size: number } | null;
  cantMakeReason: string | null;
  note: string | null;
  painBefore: number | null;
  painAfter: number | null;
  patient: {
    name: string;
    phone: string;
    address: string;
    pincode: string;
    language: "en" | "hi";
    erased: boolean;
    /** What the family wrote on the form, in their words; null when they wrote nothing. */
    message: string | null;
  };
  /** The same request's sessions done before this visit, newest first: what was done, the pain. */
  earlier: EarlierSession[];
  /** The PIN code's locality ("Gautam Buddha Nagar (Noida)"); null when it is not known. */
  locality: string | null;
  /** The front desk's notes on the request, newest first. */
  notes: FrontDeskNote[];
}

/** The front desk's notes shown with a visit: the newest few. */
const notesShown = 5;

interface EarlierSession {
  startsAt: Date;
  note: string | null;
  painBefore: number | null;
  painAfter: number | null;
}

/** The earlier sessions shown with a visit: the newest few. */
const earlierShown = 3;

const visitColumns = {
  id: visits.id,
  appointmentId: visits.appointmentId,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  kind: visits.kind,
  status: visits.status,
  courseIndex: visits.courseIndex,
  courseSize: visits.courseSize,
  cantMakeReason: visits.cantMakeReason,
  note: visits.note,
  painBefore: visits.painBefore,
  painAfter: visits.painAfter,
  name: appointments.name,
  phone: appointments.phone,
  address: appointments.address,
  pincode: appointments.pincode,
  language: appointments.language,
  message: appointments.message,
  erasedAt: appointments.erasedAt,
};

interface VisitRow {
  id: string;
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  kind: VisitKind;
  status: VisitStatus;
  courseIndex: number | null;
  courseSize: number | null;
  cantMakeReason: string | null;
  note: string | null;
  painBefore: number | null;
  painAfter: number | null;
  name: string;
  phone: string;
  address: string;
  pincode: string;
  language: "en" | "hi";
  message: string | null;
  erasedAt: Date | null;
}

async function notesOf(
  db: Database,
  appointmentIds: readonly string[],
): Promise<Map<string, FrontDeskNote[]>> {
  const notes = new Map<string, FrontDeskNote[]>();
  if (appointmentIds.length === 0) return notes;
  const rows = await db
    .select({
      appointmentId: appointmentActivity.appointmentId,
      body: appointmentActivity.body,
      by: appointmentActivity.byEmail,
      at: appointmentActivity.createdAt,
    })
    .from(appointmentActivity)
    .where(
      and(
        inArray(appointmentActivity.appointmentId, [...appointmentIds]),
        eq(appointmentActivity.kind, "note"),
      ),
    )
    .orderBy(desc(appointmentActivity.createdAt));
  for (const row of rows) {
    const list = notes.get(row.appointmentId) ?? [];
    if (list.length < notesShown) list.push({ body: row.body ?? "", by: row.by, at: row.at });
    notes.set(row.appointmentId, list);
  }
  return notes;
}

/** Each request's sessions done (any therapist's, within the reach), oldest first. */
async function sessionsDoneOf(
  db: Database,
  appointmentIds: readonly string[],
  from: Date,
): Promise<Map<string, EarlierSession[]>> {
  const done = new Map<string, EarlierSession[]>();
  if (appointmentIds.length === 0) return done;
  const rows = await db
    .select({
      appointmentId: visits.appointmentId,
      startsAt: visits.startsAt,
      note: visits.note,
      painBefore: visits.painBefore,
      painAfter: visits.painAfter,
    })
    .from(visits)
    .where(
      and(
        inArray(visits.appointmentId, [...appointmentIds]),
        eq(visits.status, "done"),
        gte(visits.startsAt, from),
      ),
    )
    .orderBy(asc(visits.startsAt));
  for (const { appointmentId, ...session } of rows) {
    done.set(appointmentId, [...(done.get(appointmentId) ?? []), session]);
  }
  return done;
}

function toDayVisit(
  row: VisitRow,
  notes: Map<string, FrontDeskNote[]>,
  done: Map<string, EarlierSession[]>,
): DayVisit {
  const erased = row.erasedAt !== null;
  const earlier = (done.get(row.appointmentId) ?? [])
    .filter((session) => session.startsAt < row.startsAt)
    .slice(-earlierShown)
    .reverse();
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    kind: row.kind,
    status: row.status,
    course:
      row.courseIndex !== null && row.courseSize !== null
        ? { index: row.courseIndex, size: row.courseSize }
        : null,
    cantMakeReason: row.cantMakeReason,
    note: row.note,
    painBefore: row.painBefore,
    painAfter: row.painAfter,
    patient: {
      name: row.name,
      phone: row.phone,
      address: row.address,
      pincode: row.pincode,
      language: row.language,
      erased,
      message: erased ? null : row.message,
    },
    earlier: erased ? [] : earlier,
    locality: localityOf(row.pincode),
    notes: erased ? [] : (notes.get(row.appointmentId) ?? []),
  };
}

interface TherapistDay {
  /** The India day, yyyy-mm-dd. */
  day: string;
  start: Date;
  visits: DayVisit[];
}

export interface TherapistWeek {
  days: TherapistDay[];
  /** Earlier visits in reach still scheduled: not yet marked done or not home. */
  toMark: DayVisit[];
}

/**
 * The therapist's visits, not cancelled, of today and the next six days (India time) grouped by
 * day in order, and their visits of the last 14 days still scheduled.
 */
export async function therapistWeek(
  db: Database,
  therapistId: string,
  now: Date,
): Promise<TherapistWeek> {
  const today = indiaDayStart(now);
  const rows = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.therapistId, therapistId),
        ne(visits.status, "cancelled"),
        gte(visits.startsAt, reachOf(now).from),
        lt(visits.startsAt, indiaDayStart(now, dayCount)),
        // Before today, only what is still to mark.
        sql`(${visits.startsAt} >= ${today} or ${visits.status} = 'scheduled')`,
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id));
  const requests = [...new Set(rows.map((row) => row.appointmentId))];
  const [notes, done] = await Promise.all([
    notesOf(db, requests),
    // The sessions before the first shown: the reach's own limit (14 days back), never older.
    sessionsDoneOf(db, requests, reachOf(now).from),
  ]);
  const all = rows.map((row) => toDayVisit(row, notes, done));
  const days: TherapistDay[] = Array.from({ length: dayCount }, (_, offset) => {
    const start = indiaDayStart(now, offset);
    const end = indiaDayStart(now, offset + 1);
    return {
      day: indiaDay(start),
      start,
      visits: all.filter((visit) => visit.startsAt >= start && visit.startsAt < end),
    };
  });
  return { days, toMark: all.filter((visit) => visit.startsAt < today) };
}

export interface VisitInReach {
  id: string;
  appointmentId: string;
  startsAt: Date;
  status: VisitStatus;
}

/**
 * The visit, when it is the therapist's own and starts within their reach (14 days back to 7
 * ahead); null otherwise — another's visit, one out of reach and an unknown id alike.
 */
export async function ownVisitInReach(
  db: Database,
  therapistId: string,
  visitId: string,
  now: Date,
): Promise<VisitInReach | null> {
  const reach = reachOf(now);
  const [visit] = await db
    .select({
      id: visits.id,
      appointmentId: visits.appointmentId,
      startsAt: visits.startsAt,
      status: visits.status,
    })
    .from(visits)
    .where(
      and(
        eq(visits.id, visitId),
        eq(visits.therapistId, therapistId),
        gte(visits.startsAt, reach.from),
        lt(visits.startsAt, reach.until),
      ),
    );
  return visit ?? null;
}

/** The therapist's name as their profile gives it (the WhatsApp message says it); null if none. */
export async function therapistNameOf(db: Database, therapistId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: therapists.displayName })
    .from(therapists)
    .where(eq(therapists.userId, therapistId));
  return row?.name ?? null;
}
