// What a request's page shows under each visit (decision 038): the messages to the family about it
// (kind, state, when; and, for its Account, each receipt's message), whether the family confirmed it by a reply, and their open asks to move or
// cancel it, which staff settle by changing the visit or with "Mark handled".
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { FamilyMessageShownState } from "#app/domain/messages/family-desk-texts.ts";
import { isFamilyMessageKind } from "#app/domain/messages/family-message-texts.ts";
import { updatesState } from "#app/domain/messages/updates-state.ts";
import type { VisitMessage, VisitsFamilySide } from "#app/domain/messages/visit-messages.ts";
import { appointments, familyAsks, notifications, visits } from "#db/schema.ts";

/** A message's state as staff read it: WhatsApp's delivery reports and retries included. */
function shownState(row: {
  state: VisitMessage["state"];
  deliveredAt: Date | null;
  readAt: Date | null;
  attempts: number;
  lastError: string | null;
}): FamilyMessageShownState {
  if (row.state === "sent") return row.readAt ? "read" : row.deliveredAt ? "delivered" : "sent";
  if (row.state === "queued" && row.attempts > 0 && row.lastError) return "retrying";
  return row.state;
}

/** The family's side of a request's visits. */
export async function visitsFamilySide(
  db: Database,
  appointmentId: string,
): Promise<VisitsFamilySide> {
  const [messageRows, askRows, confirmedRows, [consent]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        visitId: notifications.visitId,
        paymentId: notifications.paymentId,
        kind: notifications.kind,
        state: notifications.state,
        createdAt: notifications.createdAt,
        sentAt: notifications.sentAt,
        deliveredAt: notifications.deliveredAt,
        readAt: notifications.readAt,
        attempts: notifications.attempts,
        lastError: notifications.lastError,
      })
      .from(notifications)
      .where(
        and(eq(notifications.appointmentId, appointmentId), eq(notifications.channel, "whatsapp")),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db
      .select({
        id: familyAsks.id,
        visitId: familyAsks.visitId,
        kind: familyAsks.kind,
        reason: familyAsks.reason,
        preferredTime: familyAsks.preferredTime,
        via: familyAsks.via,
        createdAt: familyAsks.createdAt,
      })
      .from(familyAsks)
      .where(and(eq(familyAsks.appointmentId, appointmentId), isNull(familyAsks.handledAt)))
      .orderBy(asc(familyAsks.createdAt)),
    db
      .select({ id: visits.id, confirmedAt: visits.confirmedAt })
      .from(visits)
      .where(and(eq(visits.appointmentId, appointmentId), isNotNull(visits.confirmedAt))),
    db
      .select({
        whatsappConsentAt: appointments.whatsappConsentAt,
        whatsappStoppedAt: appointments.whatsappStoppedAt,
      })
      .from(appointments)
      .where(eq(appointments.id, appointmentId)),
  ]);
  const messages: VisitMessage[] = [];
  const receiptMessages: VisitsFamilySide["receiptMessages"] = {};
  for (const row of messageRows) {
    if (!isFamilyMessageKind(row.kind)) continue;
    const at = row.readAt ?? row.deliveredAt ?? row.sentAt ?? row.createdAt;
    if (row.kind === "family_receipt" && row.paymentId) {
      receiptMessages[row.paymentId] = { state: shownState(row), at };
    } else if (row.visitId) {
      messages.push({
        id: row.id,
        visitId: row.visitId,
        kind: row.kind,
        state: shownState(row),
        at,
      });
    }
  }
  const confirmed: Record<string, Date> = {};
  for (const row of confirmedRows) if (row.confirmedAt) confirmed[row.id] = row.confirmedAt;
  const updates: VisitsFamilySide["updates"] = consent
    ? {
        state: updatesState(consent),
        since: consent.whatsappStoppedAt ?? consent.whatsappConsentAt,
      }
    : { state: "none", since: null };
  return { messages, receiptMessages, asks: askRows, confirmed, updates };
}
