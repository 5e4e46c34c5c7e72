// A therapist's private calendar feed (/visits/calendar/<token>.ics), to subscribe to in Google
// Calendar or a phone's calendar (decision 037). The token is 32 random bytes, shown once
// when issued; only its SHA-256 is stored (`therapists.calendar_token_hash`), so that a copy of
// the database opens no feed. Issuing another replaces it; revoking empties it. The feed leaves
// our control once subscribed: each visit says its time (Asia/Kolkata), the PIN code's locality,
// its kind and its course's count — never a name, a phone number or an address.
import { createHash, randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import ical, { ICalAlarmType, ICalEventStatus } from "ical-generator";
import type { Database } from "#app/db.server.ts";
import {
  indiaDayStart,
  localityOf,
  therapistReach,
} from "#app/domain/visits/therapist-day.server.ts";
import { calendarFeedTexts, sessionOf } from "#app/domain/visits/visit-texts.ts";
import { indiaDay, indiaTimeZone } from "#app/lib/dates.ts";
import { appointments, therapists, userRoles, users, visits } from "#db/schema.ts";

/** The feed holds visits from 14 days back to 90 days ahead (the furthest a visit is booked). */
const feedDaysAhead = 90;

/** A token as issued: 32 bytes, base64url (43 characters). */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Makes the therapist a new token (any earlier one stops working); the token, to show once. */
export async function issueCalendarToken(db: Database, therapistId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const updated = await db
    .update(therapists)
    .set({ calendarTokenHash: hashOf(token), updatedAt: new Date() })
    .where(eq(therapists.userId, therapistId))
    .returning({ userId: therapists.userId });
  if (updated.length === 0) throw new Error("no therapist's profile to issue a calendar link to");
  return token;
}

/** Stops the therapist's feed: its token opens nothing any more. */
export async function revokeCalendarToken(db: Database, therapistId: string): Promise<void> {
  await db
    .update(therapists)
    .set({ calendarTokenHash: null, updatedAt: new Date() })
    .where(eq(therapists.userId, therapistId));
}

/** Whether the therapist has a feed open. */
export async function hasCalendarToken(db: Database, therapistId: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: therapists.calendarTokenHash })
    .from(therapists)
    .where(eq(therapists.userId, therapistId));
  return Boolean(row?.hash);
}

/**
 * The therapist the token opens the feed of (id and address), or null: unknown or revoked, or the
 * profile inactive, or the therapist role no longer held. Checked on every read: a therapist
 * whose role is revoked (or whose profile the desk turned off) sees nothing from that moment.
 */
export async function calendarOwner(
  db: Database,
  token: string,
): Promise<{ id: string; email: string } | null> {
  if (!tokenShape.test(token)) return null;
  const [owner] = await db
    .select({ id: therapists.userId, email: users.email })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .innerJoin(
      userRoles,
      and(eq(userRoles.userId, therapists.userId), eq(userRoles.role, "therapist")),
    )
    .where(and(eq(therapists.calendarTokenHash, hashOf(token)), eq(therapists.active, true)));
  return owner ?? null;
}

export interface CalendarFeed {
  /** The iCalendar text. */
  body: string;
  /** The requests whose visits it holds (for the access log). */
  appointmentIds: string[];
}

/** The therapist's visits, scheduled or done, from 14 days back to 90 ahead, as iCalendar. */
export async function calendarFeed(
  db: Database,
  therapistId: string,
  options: { clinic: string; siteUrl: string; now?: Date },
): Promise<CalendarFeed> {
  const now = options.now ?? new Date();
  const rows = await db
    .select({
      id: visits.id,
      appointmentId: visits.appointmentId,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      kind: visits.kind,
      status: visits.status,
      courseIndex: visits.courseIndex,
      courseSize: visits.courseSize,
      updatedAt: visits.updatedAt,
      pincode: appointments.pincode,
    })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.therapistId, therapistId),
        inArray(visits.status, ["scheduled", "done"]),
        gte(visits.startsAt, indiaDayStart(now, -therapistReach.daysBack)),
        lt(visits.startsAt, indiaDayStart(now, feedDaysAhead + 1)),
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id));
  const calendar = ical({
    name: calendarFeedTexts.name(options.clinic),
    prodId: { company: options.clinic, product: "home-visits", language: "EN" },
    // The events name their zone and the library adds its VTIMEZONE; left unnamed here, so that
    // DTSTAMP and LAST-MODIFIED are written in UTC, as RFC 5545 wants them.
    timezone: { name: null, generator: getVtimezoneComponent },
    // How often a calendar should read it again (Google decides for itself).
    ttl: 60 * 60,
  });
  for (const row of rows) {
    const locality = localityOf(row.pincode) ?? calendarFeedTexts.unknownLocality;
    const course =
      row.courseIndex !== null && row.courseSize !== null
        ? sessionOf(row.courseIndex, row.courseSize)
        : null;
    const summary = calendarFeedTexts.summary(row.kind, locality, course);
    const event = calendar.createEvent({
      id: `visit-${row.id}`,
      // Back to the day on the site, where the patient's details are (never in the feed).
      url: `${options.siteUrl}/visits#day-${indiaDay(row.startsAt)}`,
      // A TZDate: the library writes its wall-clock time with TZID=Asia/Kolkata.
      start: new TZDate(row.startsAt, indiaTimeZone),
      end: new TZDate(row.endsAt, indiaTimeZone),
      timezone: indiaTimeZone,
      stamp: now,
      lastModified: row.updatedAt,
      summary: row.status === "done" ? `${summary} · ${calendarFeedTexts.done}` : summary,
      location: locality,
      status: ICalEventStatus.CONFIRMED,
    });
    // An hour before a visit still to come, the phone says so.
    if (row.status === "scheduled") {
      event.createAlarm({ type: ICalAlarmType.display, trigger: 60 * 60, description: summary });
    }
  }
  return {
    body: calendar.toString(),
    appointmentIds: [...new Set(rows.map((row) => row.appointmentId))],
  };
}
