// A therapist's marks on a visit: done (with what was done and pain before and after, each
// optional), patient not home (no-show), or "can't make it" with a reason (the visit stays
// scheduled, and the front desk sees it in Needs attention until they move or cancel it). Each
// is one transaction: the visit's and the request's rows locked, the visit changed, and its entry
// on the request's timeline (`recordChange`, a `visit_*` kind naming the visit). The entry's body
// holds the therapist's own words (the note, the reason), which erasure replaces with the notes.
//
// Written on the therapist's side (branch `day`) to the contract of `markVisit` in
// visits.server.ts (branch `booking`); the two are to be folded into one.
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { type Actor, recordChange } from "#app/domain/appointments/request-changes.server.ts";
import type { VisitMarkRefusal } from "#app/domain/visits/visit-texts.ts";
import { appointments, visits } from "#db/schema.ts";

export type VisitMark =
  | { kind: "done"; note?: string; painBefore?: number; painAfter?: number }
  | { kind: "no_show" }
  | { kind: "cant_make"; reason: string };

/** A mark refused, with its reason code (worded in visit-texts.ts). */
export class VisitMarkError extends Error {
  readonly reason: VisitMarkRefusal;
  constructor(reason: VisitMarkRefusal) {
    super(`visit mark refused: ${reason}`);
    this.name = "VisitMarkError";
    this.reason = reason;
  }
}

const timelineKinds = {
  done: "visit_done",
  no_show: "visit_no_show",
  cant_make: "visit_cant_make",
} as const;

/**
 * Marks the visit, and records it on its request's timeline, both or neither. Refused
 * (VisitMarkError) when the visit is not the actor's (unless `admin`) or does not exist
 * ("not-found"), is no longer scheduled or already said can't-make ("not-scheduled"), is marked
 * done or not home before its India day ("not-yet"), or its request was erased ("erased").
 */
export async function markVisit(
  db: Database,
  actor: Actor & { admin?: boolean },
  visitId: string,
  change: VisitMark,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .select({
        appointmentId: visits.appointmentId,
        therapistId: visits.therapistId,
        status: visits.status,
        startsAt: visits.startsAt,
        cantMakeAt: visits.cantMakeAt,
      })
      .from(visits)
      .where(eq(visits.id, visitId))
      .for("update");
    if (!visit || (visit.therapistId !== actor.id && !actor.admin)) {
      throw new VisitMarkError("not-found");
    }
    const [request] = await tx
      .select({ erasedAt: appointments.erasedAt })
      .from(appointments)
      .where(eq(appointments.id, visit.appointmentId))
      .for("update");
    if (!request || request.erasedAt !== null) throw new VisitMarkError("erased");
    if (visit.status !== "scheduled") throw new VisitMarkError("not-scheduled");
    const tomorrow = addDays(startOfDay(new TZDate(now, "Asia/Kolkata")), 1);
    let body: string | null = null;
    switch (change.kind) {
      case "done":
      case "no_show": {
        if (visit.startsAt.getTime() >= tomorrow.getTime()) throw new VisitMarkError("not-yet");
        const done = change.kind === "done";
        body = done ? (change.note ?? null) : null;
        await tx
          .update(visits)
          .set({
            status: change.kind,
            note: done ? (change.note ?? null) : null,
            painBefore: done ? (change.painBefore ?? null) : null,
            painAfter: done ? (change.painAfter ?? null) : null,
            updatedAt: sql`now()`,
          })
          .where(eq(visits.id, visitId));
        break;
      }
      case "cant_make":
        if (visit.cantMakeAt !== null) throw new VisitMarkError("not-scheduled");
        body = change.reason;
        await tx
          .update(visits)
          .set({ cantMakeReason: change.reason, cantMakeAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(visits.id, visitId));
        break;
    }
    await recordChange(tx, visit.appointmentId, actor, {
      kind: timelineKinds[change.kind],
      visitId,
      ...(body ? { body } : {}),
    });
  });
}
