// Appointment requests: stored with their staff notification in one transaction, so a request
// that was accepted is never without the e-mail that tells staff about it. Requests that arrive
// together are stored together (group commit): one transaction, two statements, for the lot.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { AppointmentInput } from "#app/domain/appointments/appointment-form.ts";
import { type RequestSource, unknownSource } from "#app/domain/attribution/site-session.server.ts";
import type { MailContent, MailSender } from "#app/domain/mail/mail-sender.server.ts";
import type { ClaimedMessage } from "#app/domain/outbox/outbox.server.ts";
import { groupCommit } from "#app/lib/group-commit.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { requestReading } from "#app/lib/loose-reading.server.ts";
import { appointments, notifications, type PreferredTime } from "#db/schema.ts";

/**
 * A request as the patient sent it, with its status, its time and where it came from: what its
 * e-mail is made from.
 */
export type Appointment = Pick<
  typeof appointments.$inferSelect,
  | "id"
  | "name"
  | "phone"
  | "address"
  | "pincode"
  | "message"
  | "status"
  | "createdAt"
  | "reference"
  | keyof RequestSource
>;

/** A validated request, where it came from, and the privacy notice shown beside its form. */
interface NewRequest {
  input: AppointmentInput;
  source: RequestSource;
  /** The version of the notice at collection (app/content/privacy-notice.ts); null: unknown. */
  noticeVersion: string | null;
  /**
   * Whether the form's WhatsApp box was ticked (decision 038): stored as the request's moment in
   * `whatsapp_consent_at`, beside the notice's version; without it nothing is sent to the family.
   */
  whatsappConsent: boolean;
  /** The times of day the family would rather have visits at (the form's optional question). */
  preferredTimes?: PreferredTime[];
}

export interface StaffMail {
  to: string;
  compose(appointment: Appointment): MailContent;
  /** The e-mail to a member of staff a request was handed to, by `by` (an address). */
  handover(appointment: Appointment, by: string): MailContent;
}

/** The outbox kind of the e-mail that tells staff of a new request. */
export const staffMailKind = "appointment-staff";

export interface CreatedAppointment {
  appointment: Appointment;
  notification: ClaimedMessage;
  /** The staff e-mail, composed from the appointment as stored. */
  content: MailContent;
}

/**
 * Stores validated requests, each with the staff e-mail about it: all of them or none (one
 * transaction). With `claimForSeconds`, each e-mail is stored already claimed for its first
 * attempt, which the caller then makes (see `MailSender.deliverClaimed`); otherwise it is due
 * at once.
 */
async function createAppointments(
  db: Database,
  requests: NewRequest[],
  staffMail: StaffMail,
  options: { claimForSeconds?: number } = {},
): Promise<CreatedAppointment[]> {
  // Made here rather than by the database, so that the e-mail shows exactly what is stored; and
  // one clock for the whole group. The reference is the database's (next_appointment_reference(),
  // migration 0013), read back.
  const createdAt = new Date();
  const attempts = options.claimForSeconds ? 1 : 0;
  const created = requests.map(
    ({ input, source, noticeVersion, whatsappConsent, preferredTimes }) => {
      const appointment: Appointment = {
        id: randomUUID(),
        name: input.name,
        phone: input.phone,
        address: input.address,
        pincode: input.pincode,
        message: input.message ?? null,
        status: "pending",
        createdAt,
        reference: null,
        ...source,
      };
      const notification: ClaimedMessage = {
        id: randomUUID(),
        kind: staffMailKind,
        recipient: staffMail.to,
        appointmentId: appointment.id,
        visitId: null,
        paymentId: null,
        paymentLinkId: null,
        payload: null,
        attempts,
      };
      return { appointment, notification, noticeVersion, whatsappConsent, preferredTimes };
    },
  );
  // One transaction: the requests, their e-mails, then each e-mail composed from what was stored
  // (with its reference); a composition that fails takes the rows back with it.
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(appointments)
      .values(
        created.map(({ appointment, noticeVersion, whatsappConsent, preferredTimes }) => ({
          ...appointment,
          phoneKey: phoneKey(appointment.phone),
          searchReading: requestReading(appointment),
          noticeVersion,
          whatsappConsentAt: whatsappConsent ? createdAt : null,
          preferredTimes: preferredTimes ?? [],
          reference: sql`next_appointment_reference()`,
        })),
      )
      .returning({ id: appointments.id, reference: appointments.reference });
    await tx.insert(notifications).values(
      created.map(({ appointment, notification }) => ({
        id: notification.id,
        appointmentId: appointment.id,
        kind: staffMailKind,
        recipient: staffMail.to,
        attempts,
        nextAttemptAt: sql`now() + make_interval(secs => ${options.claimForSeconds ?? 0})`,
      })),
    );
    if (stored.length !== created.length) throw new Error("the appointments were not stored");
    const references = new Map(stored.map((row) => [row.id, row.reference]));
    return created.map(({ appointment, notification }) => {
      const reference = references.get(appointment.id) ?? null;
      if (!reference) throw new Error("an appointment was stored without its reference");
      const stored = { ...appointment, reference };
      return { appointment: stored, notification, content: staffMail.compose(stored) };
    });
  });
}

/** Stores one validated request with its staff e-mail (see `createAppointments`). */
export async function createAppointment(
  db: Database,
  input: AppointmentInput,
  staffMail: StaffMail,
  options: {
    claimForSeconds?: number;
    source?: RequestSource;
    noticeVersion?: string | null;
    whatsappConsent?: boolean;
    preferredTimes?: PreferredTime[];
  } = {},
): Promise<CreatedAppointment> {
  const request: NewRequest = {
    input,
    source: options.source ?? unknownSource,
    noticeVersion: options.noticeVersion ?? null,
    whatsappConsent: options.whatsappConsent === true,
    preferredTimes: options.preferredTimes ?? [],
  };
  const [created] = await createAppointments(db, [request], staffMail, options);
  if (!created) throw new Error("the appointment was not stored");
  return created;
}

interface RequestOutcome {
  appointment: Appointment;
  /** Whether the staff e-mail went out within the wait; if not, the outbox keeps trying. */
  notified: boolean;
}

export interface AppointmentDesk {
  /**
   * A patient's request: stored with its staff e-mail (together with the requests that arrived
   * meanwhile), then one attempt to send that e-mail, waited for at most `waitMs`. The request
   * is safe once stored; the e-mail follows regardless. `about`: where it came from, and the
   * version of the privacy notice shown beside the form, and whether its WhatsApp box was ticked.
   */
  request(
    input: AppointmentInput,
    waitMs: number,
    about?: {
      source?: RequestSource;
      noticeVersion?: string | null;
      whatsappConsent?: boolean;
      preferredTimes?: PreferredTime[];
    },
  ): Promise<RequestOutcome>;
}

/** The most requests one statement stores: a few hundred kilobytes of parameters at most. */
const maxGroup = 100;

export function openAppointmentDesk(
  db: Database,
  staffMail: StaffMail,
  mailSender: Pick<MailSender, "leaseSeconds" | "deliverClaimed">,
  options: { concurrentWrites: number } = { concurrentWrites: 1 },
): AppointmentDesk {
  const store = groupCommit(
    (requests: NewRequest[]) =>
      createAppointments(db, requests, staffMail, { claimForSeconds: mailSender.leaseSeconds }),
    { maxItems: maxGroup, maxWrites: options.concurrentWrites },
  );
  return {
    async request(input, waitMs, about = {}) {
      const { appointment, notification, content } = await store({
        input,
        source: about.source ?? unknownSource,
        noticeVersion: about.noticeVersion ?? null,
        whatsappConsent: about.whatsappConsent === true,
        preferredTimes: about.preferredTimes ?? [],
      });
      const notified = await mailSender.deliverClaimed(notification, content, waitMs);
      return { appointment, notified };
    },
  };
}
