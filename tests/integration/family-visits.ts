// What the tests of the family's messages share (decision 038): an admin, a therapist working
// Monday to Saturday, requests with or without WhatsApp consent (in English or Hindi), a family's
// request with a booked visit as the WhatsApp tests want it (`seedFamily`: the visit inserted as
// the schedule stores it, the booking's own checks being the visits tests'), and reads of the
// messages queued and of the timeline. The times are fixed India times, never the machine's clock.
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";
import type { Lang } from "#app/lib/lang.ts";
import {
  appointmentActivity,
  appointments,
  notifications,
  therapists,
  users,
  visits,
  type WeeklyHours,
} from "#db/schema.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

export const admin = { id: "user-admin", email: "admin@clinic.test", isAdmin: true };
export const therapist = { id: "t-rao", email: "rao@clinic.test", displayName: "Dr. Rao" };

/** A time in India, as its clocks show it ("2026-12-01T07:30"). */
export const india = (value: string) => {
  const at = parseIndiaDateTime(value);
  if (!at) throw new Error(`not a time: ${value}`);
  return at;
};

/** Monday to Saturday 07:00–20:00. */
const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

/** The admin and the therapist. */
export async function seedStaff(db: Database) {
  for (const person of [admin, therapist]) {
    await db
      .insert(users)
      .values({ id: person.id, name: person.id, email: person.email, emailVerified: true });
  }
  await db.insert(therapists).values({ userId: therapist.id, displayName: "Dr. Rao", hours });
}

/** A request; with `consent`, its family asked for WhatsApp updates. Its id. */
export async function seedRequest(
  db: Database,
  options: { name: string; phone: string; consent: boolean; language?: "en" | "hi" },
): Promise<string> {
  const created = await createAppointment(
    db,
    appointmentInput({ name: options.name, phone: options.phone }),
    staffMail,
  );
  const id = created.appointment.id;
  await db
    .update(appointments)
    .set({
      language: options.language ?? "en",
      whatsappConsentAt: options.consent ? sql`now()` : null,
    })
    .where(eq(appointments.id, id));
  return id;
}

/** The WhatsApp messages stored, oldest first: kind, state and visit. */
export async function familyMessages(db: Database) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      state: notifications.state,
      visitId: notifications.visitId,
      appointmentId: notifications.appointmentId,
      sentBy: notifications.sentBy,
      sentAt: notifications.sentAt,
    })
    .from(notifications)
    .where(eq(notifications.channel, "whatsapp"))
    .orderBy(asc(notifications.createdAt), asc(notifications.kind));
}

/** A visit's reminder stamp. */
export async function reminderQueuedAt(db: Database, visitId: string) {
  const [row] = await db
    .select({ at: visits.reminderQueuedAt })
    .from(visits)
    .where(eq(visits.id, visitId));
  return row?.at ?? null;
}

/** Tuesday 1 December 2026, 2:30 PM in India. */
const tuesdayAfternoon = new Date("2026-12-01T09:00:00.000Z");

export interface Family {
  appointmentId: string;
  visitId: string;
  reference: string;
  /** The number as WhatsApp writes it (country code and number). */
  waId: string;
}

let therapistCount = 0;

/** A therapist, "Dr. Rao" unless named. */
async function seedTherapist(db: Database, displayName = "Dr. Rao") {
  therapistCount++;
  const id = `t-${process.pid}-${therapistCount}-${Date.now()}`;
  await db.insert(users).values({ id, name: displayName, email: `${id}@clinic.test` });
  await db.insert(therapists).values({ userId: id, displayName });
  return id;
}

export async function seedFamily(
  db: Database,
  options: {
    /** A therapist of its own ("Dr. Rao") unless given. */
    therapistId?: string;
    phone?: string;
    lang?: Lang;
    consent?: boolean;
    startsAt?: Date;
  } = {},
): Promise<Family> {
  const appointmentId = await seedRequest(db, {
    name: "Asha Rani",
    phone: options.phone ?? "98100 12345",
    consent: options.consent !== false,
    ...(options.lang ? { language: options.lang } : {}),
  });
  const [request] = await db
    .select({ reference: appointments.reference, phoneKey: appointments.phoneKey })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  const startsAt = options.startsAt ?? tuesdayAfternoon;
  const [visit] = await db
    .insert(visits)
    .values({
      appointmentId,
      therapistId: options.therapistId ?? (await seedTherapist(db)),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
      kind: "treatment",
    })
    .returning({ id: visits.id });
  if (!request?.reference || !request.phoneKey || !visit) throw new Error("not stored");
  return {
    appointmentId,
    visitId: visit.id,
    reference: request.reference,
    waId: request.phoneKey,
  };
}

/** A request's timeline entries besides status changes, oldest first. */
export function activityOf(db: Database, appointmentId: string) {
  return db
    .select({
      kind: appointmentActivity.kind,
      by: appointmentActivity.byEmail,
      body: appointmentActivity.body,
      visitId: appointmentActivity.visitId,
    })
    .from(appointmentActivity)
    .where(eq(appointmentActivity.appointmentId, appointmentId))
    .orderBy(asc(appointmentActivity.createdAt));
}
