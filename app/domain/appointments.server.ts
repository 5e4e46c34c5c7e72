// Appointment requests: stored with their staff notification in one transaction, so a request
// that was accepted is never without the e-mail that tells staff about it.
import { appointments } from "../../db/schema.ts";
import type { AppointmentInput } from "./appointment-form.ts";
import type { Database } from "./db.server.ts";
import { enqueueNotification } from "./outbox.server.ts";

export type Appointment = typeof appointments.$inferSelect;

export interface StaffMail {
  to: string;
  compose(appointment: Appointment): { subject: string; text: string; html: string };
}

/** Stores a validated request and queues the staff e-mail about it; both or neither. */
export async function createAppointment(
  db: Database,
  input: AppointmentInput,
  staffMail: StaffMail,
): Promise<{ appointment: Appointment; notificationId: string }> {
  return db.transaction(async (tx) => {
    const [appointment] = await tx.insert(appointments).values(input).returning();
    if (!appointment) throw new Error("the appointment was not stored");
    const notificationId = await enqueueNotification(tx, {
      appointmentId: appointment.id,
      kind: "appointment-staff",
      recipient: staffMail.to,
      ...staffMail.compose(appointment),
    });
    return { appointment, notificationId };
  });
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
  deliver: (notificationId: string, waitMs: number) => Promise<boolean>,
  waitMs: number,
): Promise<RequestOutcome> {
  const { appointment, notificationId } = await createAppointment(db, input, staffMail);
  const notified = await deliver(notificationId, waitMs);
  return { appointment, notified };
}
