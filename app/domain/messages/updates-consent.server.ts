// Stopping a family's WhatsApp updates (decision 038): as easy as asking for them. A "STOP" reply
// stops every request of that number; the status page stops the requests it shows (the one
// looked up and its repeats, family-requests.server.ts), and staff's button on the request's page
// stops that one (a STOP reply to a message sent by hand reaches the clinic's phone, not the
// site). The stop is dated on the request, on its timeline, and every message of it not yet sent
// is skipped, in one transaction. The family may start them again from the status page
// (docs/privacy.md: their own new consent, dated, on the timeline).
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import {
  type Actor,
  type NotStaff,
  recordChange,
  type Transaction,
} from "#app/domain/appointments/request-changes.server.ts";
import { appointments, notifications } from "#db/schema.ts";

/**
 * Stops the updates of the requests named (those still receiving them); the ids stopped. Inside a
 * transaction (the webhook's), it is a savepoint of it.
 */
export async function stopUpdates(
  db: Database | Transaction,
  select: { appointmentId: string } | { appointmentIds: string[] } | { phoneKey: string },
  /** The family or the sender; or a member of staff, told of a STOP by hand. */
  by: Actor | NotStaff,
): Promise<string[]> {
  if ("appointmentIds" in select && select.appointmentIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const stopped = await tx
      .update(appointments)
      .set({ whatsappStoppedAt: new Date() })
      .where(
        and(
          "appointmentId" in select
            ? eq(appointments.id, select.appointmentId)
            : "appointmentIds" in select
              ? inArray(appointments.id, select.appointmentIds)
              : eq(appointments.phoneKey, select.phoneKey),
          isNotNull(appointments.whatsappConsentAt),
          isNull(appointments.whatsappStoppedAt),
        ),
      )
      .returning({ id: appointments.id });
    const ids = stopped.map((row) => row.id);
    if (ids.length === 0) return [];
    await tx
      .update(notifications)
      .set({ state: "skipped", lastError: "the family stopped WhatsApp updates" })
      .where(
        and(
          inArray(notifications.appointmentId, ids),
          eq(notifications.channel, "whatsapp"),
          inArray(notifications.state, ["queued", "by_hand"]),
        ),
      );
    for (const id of ids) {
      await recordChange(tx, id, by, {
        kind: "messages_stopped",
        body: "Stopped WhatsApp updates",
      });
    }
    return ids;
  });
}

/** What the timeline says of a start: the family's own act (the stop has its own entry). */
const startedBody =
  "Started WhatsApp updates again, on the status page: the family's own consent, given anew.";

/**
 * The family starts again the updates they had asked for on the form and then stopped, for the
 * requests named (those stopped): the consent is theirs anew, so `whatsapp_consent_at` is now and
 * `whatsapp_stopped_at` cleared, and each request's timeline says so, in one transaction. A
 * request never asked for stays without updates: the box on its form was not ticked. The ids
 * started. Messages skipped by the stop stay skipped: the
 * next change of a visit sends its own.
 */
export async function startUpdates(
  db: Database,
  appointmentIds: string[],
  by: NotStaff,
): Promise<string[]> {
  if (appointmentIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const stopped = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          inArray(appointments.id, appointmentIds),
          isNotNull(appointments.whatsappConsentAt),
          isNotNull(appointments.whatsappStoppedAt),
          isNull(appointments.erasedAt),
        ),
      )
      .orderBy(appointments.id)
      .for("update");
    const ids = stopped.map((row) => row.id);
    if (ids.length === 0) return [];
    await tx
      .update(appointments)
      .set({ whatsappConsentAt: sql`now()`, whatsappStoppedAt: null })
      .where(inArray(appointments.id, ids));
    for (const id of ids) {
      await recordChange(tx, id, by, { kind: "messages_started", body: startedBody });
    }
    return ids;
  });
}
