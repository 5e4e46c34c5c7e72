// The family's answer to a reminder sent by hand (decision 038; docs/messages.md, "Sending by
// hand"): a chat from the clinic's own WhatsApp has no reply buttons, so the reminder asks for a
// YES in words, the reply reaches the clinic's phone and not the site, and the desk records it
// with one tap. The visit is confirmed as the webhook's "Confirm" confirms it (visits.confirmed_at
// and a `visit_confirmed` entry on the request's timeline, in one transaction), by the member of
// staff who recorded it; a second tap finds it confirmed and writes nothing. A visit no longer
// scheduled, or a request erased, is refused with the visits' own reasons (VisitRefused).
import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { type Actor, recordChange } from "#app/domain/appointments/request-changes.server.ts";
import { familyAskTimeline } from "#app/domain/messages/family-desk-texts.ts";
import { VisitRefused } from "#app/domain/visits/visits.server.ts";
import type { Lang } from "#app/lib/lang.ts";
import { appointments, notifications, therapists, visits } from "#db/schema.ts";

/** A visit whose reminder went by hand and whose family has not confirmed it yet. */
export interface AwaitingReply {
  visitId: string;
  appointmentId: string;
  /** The patient's name as the family gave it. */
  name: string;
  startsAt: Date;
  therapist: string;
  language: Lang;
}

/** At most this many on the page (a day's reminders are far fewer). */
const listLimit = 300;

/**
 * The visits still to come whose reminder was sent by hand (a member of staff marked it sent) and
 * that nobody has confirmed, by their start. A visit moved since its reminder is left out until
 * its new reminder is queued (moveVisit clears the stamp and the confirmation): a YES to the old
 * day's reminder does not answer the new day.
 */
export async function remindersAwaitingReply(
  db: Database,
  now: Date = new Date(),
): Promise<AwaitingReply[]> {
  return db
    .select({
      visitId: visits.id,
      appointmentId: appointments.id,
      name: appointments.name,
      startsAt: visits.startsAt,
      therapist: therapists.displayName,
      language: appointments.language,
    })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
    .where(
      and(
        eq(visits.status, "scheduled"),
        isNull(visits.confirmedAt),
        isNotNull(visits.reminderQueuedAt),
        gt(visits.startsAt, now),
        isNull(appointments.erasedAt),
        sql`EXISTS (SELECT 1 FROM ${notifications} n WHERE n.visit_id = ${visits.id}
          AND n.channel = 'whatsapp' AND n.kind = 'family_visit_reminder'
          AND n.state = 'sent' AND n.sent_by IS NOT NULL)`,
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .limit(listLimit);
}

/**
 * Records the family's YES, given on WhatsApp to a message sent by hand: the visit confirmed now,
 * with its entry on the request's timeline by `actor`, in one transaction. Whether it was confirmed
 * by this call (false: it was already). Throws VisitRefused (no_visit, erased, not_scheduled), with
 * nothing written.
 */
export async function recordYesByHand(
  db: Database,
  actor: Actor,
  visitId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked, so that two taps at once write one entry: the second reads it confirmed.
    const [visit] = await tx
      .select({
        appointmentId: visits.appointmentId,
        status: visits.status,
        confirmedAt: visits.confirmedAt,
        erasedAt: appointments.erasedAt,
      })
      .from(visits)
      .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
      .where(eq(visits.id, visitId))
      .for("update", { of: visits });
    if (!visit) throw new VisitRefused({ kind: "no_visit" });
    if (visit.erasedAt !== null) throw new VisitRefused({ kind: "erased" });
    if (visit.status !== "scheduled") {
      throw new VisitRefused({ kind: "not_scheduled", status: visit.status });
    }
    if (visit.confirmedAt !== null) return false;
    await tx.update(visits).set({ confirmedAt: sql`now()` }).where(eq(visits.id, visitId));
    await recordChange(tx, visit.appointmentId, actor, {
      kind: "visit_confirmed",
      visitId,
      body: familyAskTimeline.confirmedByHand,
    });
    return true;
  });
}
