// Appointment requests: stored with their staff notification in one statement, so a request
// that was accepted is never without the e-mail that tells staff about it.
import { randomUUID } from "node:crypto";
import { appointments, notifications } from "../../db/schema.ts";
import type { AppointmentInput } from "./appointment-form.ts";
import type { Database } from "./db.server.ts";
import { type ClaimedMessage, claimedOnInsert, type OutboxSender } from "./outbox.server.ts";

export type Appointment = typeof appointments.$inferSelect;

export interface StaffMail {
  to: string;
  compose(appointment: Appointment): { subject: string; text: string; html: string };
}

/**
 * Stores a validated request and queues the staff e-mail about it; both or neither (one
 * statement: the appointment's INSERT is a data-modifying CTE of the notification's). With
 * `claimForSeconds`, the e-mail is stored already claimed for its first attempt, which the
 * caller then makes (see `OutboxSender.deliverClaimed`); otherwise it is due at once.
 */
export async function createAppointment(
  db: Database,
  input: AppointmentInput,
  staffMail: StaffMail,
  options: { claimForSeconds?: number } = {},
): Promise<{ appointment: Appointment; notification: ClaimedMessage }> {
  // Made here rather than by the database, so that the e-mail, composed before the one
  // statement, shows exactly what is stored.
  const appointment: Appointment = {
    id: randomUUID(),
    name: input.name,
    phone: input.phone,
    address: input.address,
    pincode: input.pincode,
    message: input.message ?? null,
    status: "pending",
    createdAt: new Date(),
  };
  const message = {
    id: randomUUID(),
    kind: "appointment-staff",
    recipient: staffMail.to,
    ...staffMail.compose(appointment),
  };
  const stored = db
    .$with("stored")
    .as(db.insert(appointments).values(appointment).returning({ id: appointments.id }));
  const claim = options.claimForSeconds ? claimedOnInsert(options.claimForSeconds) : undefined;
  const [row] = await db
    .with(stored)
    .insert(notifications)
    .values({ ...message, appointmentId: appointment.id, ...claim })
    .returning({ attempts: notifications.attempts });
  if (!row) throw new Error("the appointment was not stored");
  return { appointment, notification: { ...message, attempts: row.attempts } };
}

export interface RequestOutcome {
  appointment: Appointment;
  /** Whether the staff e-mail went out within the wait; if not, the outbox keeps trying. */
  notified: boolean;
}

/**
 * A patient's request: stored with its staff e-mail, then one attempt to send that e-mail,
 * waited for at most `waitMs`. The request is safe once stored; the e-mail follows regardless.
 */
export async function requestAppointment(
  db: Database,
  input: AppointmentInput,
  staffMail: StaffMail,
  outbox: Pick<OutboxSender, "leaseSeconds" | "deliverClaimed">,
  waitMs: number,
): Promise<RequestOutcome> {
  const { appointment, notification } = await createAppointment(db, input, staffMail, {
    claimForSeconds: outbox.leaseSeconds,
  });
  const notified = await outbox.deliverClaimed(notification, waitMs);
  return { appointment, notified };
}
