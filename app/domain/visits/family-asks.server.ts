// A family's ask to move or cancel a visit, from the status page or a WhatsApp reply (decision 038):
// stored in `family_asks` and on the request's timeline in one transaction, and listed in the
// front desk's Needs attention until staff settle it. The schedule itself changes only when staff
// change it (decision 038). A visit to come may be asked about; so may a visit missed (the patient
// not at home) in the 14 days after it, once, for a new time: a "move" ask, which staff answer by
// booking another visit and marking it handled (docs/messages.md, "The family's status page").
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { recordChange, type Transaction } from "#app/domain/appointments/request-changes.server.ts";
import { familyOnStatusPage, familyOnWhatsapp } from "#app/domain/messages/origins.ts";
import { appointments, type FamilyAskKind, familyAsks, visits } from "#db/schema.ts";

export interface FamilyAsk {
  appointmentId: string;
  visitId: string;
  kind: FamilyAskKind;
  /** In the family's words (at most 500 characters); empty for a reply's button. */
  reason: string;
  /** When they would rather have it (at most 200); empty when none was given. */
  preferredTime: string;
  via: "status_page" | "whatsapp";
}

/** How long after a missed visit the family may ask for a new time for it. */
const missedAskDays = 14;

const toCome = (visit: { status: string; startsAt: Date }, now: Date) =>
  visit.status === "scheduled" && visit.startsAt > now;

/** Whether a visit missed at `startsAt` may still be asked about (14 days after it). */
export const missedAskable = (startsAt: Date, now: Date) =>
  startsAt <= now && now.getTime() - startsAt.getTime() <= missedAskDays * 86_400_000;

/** Why an ask was not stored: the visit is not the request's, or no longer to come. */
export class FamilyAskRefused extends Error {
  readonly problem: "no_visit" | "not_scheduled" | "already_asked";
  constructor(problem: FamilyAskRefused["problem"]) {
    super(`the ask was refused: ${problem}`);
    this.name = "FamilyAskRefused";
    this.problem = problem;
  }
}

/** What the timeline says of an ask (the family's own words after the kind). */
function askTimelineBody(
  ask: Pick<FamilyAsk, "kind" | "reason" | "preferredTime">,
  missed: boolean,
) {
  const parts = [
    missed
      ? "Asks for a new time for this missed visit (patient not at home)"
      : ask.kind === "move"
        ? "Asks to move this visit"
        : "Asks to cancel this visit",
  ];
  if (ask.reason) parts.push(`Reason: ${ask.reason}`);
  if (ask.preferredTime) parts.push(`Would rather: ${ask.preferredTime}`);
  return parts.join(". ");
}

/**
 * Stores a family's ask about one of their visits, still scheduled and to come, with its entry on
 * the timeline; one open ask per visit (a second is refused as `already_asked`). A visit missed
 * (no_show) in the last 14 days takes one ask for a new time, ever (a "move"; a second, even
 * after staff settled the first, is `already_asked`). The ask's id. Inside a transaction (the
 * webhook's), it is a savepoint of it.
 */
export async function askToChange(db: Database | Transaction, ask: FamilyAsk, now = new Date()) {
  return db.transaction(async (tx) => {
    const [visit] = await tx
      .select({ status: visits.status, startsAt: visits.startsAt, erasedAt: appointments.erasedAt })
      .from(visits)
      .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
      .where(and(eq(visits.id, ask.visitId), eq(visits.appointmentId, ask.appointmentId)))
      .for("update", { of: visits });
    if (!visit || visit.erasedAt !== null) throw new FamilyAskRefused("no_visit");
    const missed = visit.status === "no_show";
    if (missed ? !missedAskable(visit.startsAt, now) || ask.kind !== "move" : !toCome(visit, now)) {
      throw new FamilyAskRefused("not_scheduled");
    }
    const asked = await tx
      .select({ id: familyAsks.id })
      .from(familyAsks)
      .where(
        missed
          ? eq(familyAsks.visitId, ask.visitId)
          : and(eq(familyAsks.visitId, ask.visitId), isNull(familyAsks.handledAt)),
      );
    if (asked.length > 0) throw new FamilyAskRefused("already_asked");
    const [row] = await tx
      .insert(familyAsks)
      .values({
        appointmentId: ask.appointmentId,
        visitId: ask.visitId,
        kind: ask.kind,
        reason: ask.reason,
        preferredTime: ask.preferredTime,
        via: ask.via,
      })
      .returning({ id: familyAsks.id });
    await recordChange(
      tx,
      ask.appointmentId,
      ask.via === "whatsapp" ? familyOnWhatsapp : familyOnStatusPage,
      { kind: "family_asked", visitId: ask.visitId, body: askTimelineBody(ask, missed) },
    );
    if (!row) throw new Error("the ask was not stored");
    return row.id;
  });
}
