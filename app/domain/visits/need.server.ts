// The request's need as the desk records it (decision 050): its condition, the family's preferred
// times and a language the therapist must speak; what "Suggested therapists" matches on. One
// transaction with its entry on the request's timeline.
import { eq } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { type Actor, recordChange } from "#app/domain/appointments/request-changes.server.ts";
import { needTexts, visitTimeline } from "#app/domain/visits/visit-texts.ts";
import { VisitRefused } from "#app/domain/visits/visits.server.ts";
import {
  appointments,
  type PreferredTime,
  type RequestCondition,
  type therapistLanguages,
} from "#db/schema.ts";

export interface Need {
  condition: RequestCondition | null;
  preferredTimes: PreferredTime[];
  requiredLanguage: (typeof therapistLanguages)[number] | null;
}

/** Records the need; refused (VisitRefused) when the request is gone or its data erased. */
export async function recordNeed(
  db: Database,
  actor: Actor,
  appointmentId: string,
  need: Need,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ erasedAt: appointments.erasedAt })
      .from(appointments)
      .where(eq(appointments.id, appointmentId))
      .for("update");
    if (!request) throw new VisitRefused({ kind: "no_request" });
    if (request.erasedAt !== null) throw new VisitRefused({ kind: "erased" });
    await tx
      .update(appointments)
      .set({
        condition: need.condition,
        preferredTimes: need.preferredTimes,
        requiredLanguage: need.requiredLanguage,
      })
      .where(eq(appointments.id, appointmentId));
    await recordChange(tx, appointmentId, actor, {
      kind: "need_recorded",
      body: visitTimeline.needRecorded(
        needTexts.line(need.condition, need.preferredTimes, need.requiredLanguage),
      ),
    });
  });
}
