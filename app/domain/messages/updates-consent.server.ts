// Stopping a family's WhatsApp updates (decision 038): as easy as asking for them. A "STOP" reply
// stops every request of that number; the status page's link stops the request it shows, and so
// does staff's button on the request's page (a STOP reply to a message sent by hand reaches the
// clinic's phone, not the site). The
// stop is dated on the request, on its timeline, and every message of it not yet sent is skipped,
// in one transaction.
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
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
  select: { appointmentId: string } | { phoneKey: string },
  /** The family or the sender; or a member of staff, told of a STOP by hand. */
  by: Actor | NotStaff,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const stopped = await tx
      .update(appointments)
      .set({ whatsappStoppedAt: new Date() })
      .where(
        and(
          "appointmentId" in select
            ? eq(appointments.id, select.appointmentId)
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
