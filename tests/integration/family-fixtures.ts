// A family's request with a booked visit, for the WhatsApp tests: stored by the store (its
// reference, its number's key), its language and consent as the form would record them, and one
// visit with a therapist, inserted as the schedule stores it (the booking's own checks are the
// visits tests').
import { eq } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import type { Lang } from "#app/lib/lang.ts";
import { appointments, therapists, users, visits } from "#db/schema.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

/** Tuesday 1 December 2026, 2:30 PM in India. */
export const tuesdayAfternoon = new Date("2026-12-01T09:00:00.000Z");

export interface Family {
  appointmentId: string;
  visitId: string;
  reference: string;
  /** The number as WhatsApp writes it (country code and number). */
  waId: string;
}

let therapistCount = 0;

/** A therapist, "Dr. Rao" unless named. */
export async function seedTherapist(db: Database, displayName = "Dr. Rao") {
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
  const phone = options.phone ?? "98100 12345";
  const created = await createAppointment(db, appointmentInput({ phone }), staffMail);
  const [request] = await db
    .update(appointments)
    .set({
      language: options.lang ?? "en",
      whatsappConsentAt: options.consent === false ? null : new Date(),
    })
    .where(eq(appointments.id, created.appointment.id))
    .returning({ reference: appointments.reference, phoneKey: appointments.phoneKey });
  const startsAt = options.startsAt ?? tuesdayAfternoon;
  const [visit] = await db
    .insert(visits)
    .values({
      appointmentId: created.appointment.id,
      therapistId: options.therapistId ?? (await seedTherapist(db)),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
      kind: "treatment",
    })
    .returning({ id: visits.id });
  if (!request?.reference || !request.phoneKey || !visit) throw new Error("not stored");
  return {
    appointmentId: created.appointment.id,
    visitId: visit.id,
    reference: request.reference,
    waId: request.phoneKey,
  };
}
