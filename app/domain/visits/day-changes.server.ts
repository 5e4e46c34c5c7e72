// What a therapist's day writes (decision 049): Done, Patient not home, Can't make it and money at
// the door, applied for /visits' plain forms and for the phone's queue (/visits/changes) alike.
// The queue's changes carry a key made on the phone: the key is claimed in the change's own
// transaction, so a change is applied once however often it arrives (a lost answer, a retry, two
// instances at once), and the answer is kept to be given again.
import { eq } from "drizzle-orm";
import { getVisitSettings } from "#app/config/staff-settings.server.ts";
import type { Database } from "#app/db.server.ts";
import type { RateLimiter } from "#app/domain/abuse/rate-limit.server.ts";
import { ErasedError } from "#app/domain/appointments/request-changes.server.ts";
import type { FamilyMessages } from "#app/domain/messages/whatsapp-sender.server.ts";
import { recordPayment } from "#app/domain/money/account.server.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import { getMoneySettings } from "#app/domain/money/prices.server.ts";
import { recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { ownVisitInReach } from "#app/domain/visits/therapist-day.server.ts";
import type { VisitDayResult } from "#app/domain/visits/visit-mark-form.ts";
import {
  therapistDayTexts as texts,
  therapistAppTexts,
  visitProblemMessage,
} from "#app/domain/visits/visit-texts.ts";
import { type FamilyMessaging, markVisit, VisitRefused } from "#app/domain/visits/visits.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { therapistChanges } from "#db/schema.ts";

/** A write of the therapist's day, as parsed from its form. */
export type DayChange =
  | {
      intent: "done";
      visitId: string;
      note?: string;
      painBefore?: number;
      painAfter?: number;
      code?: string;
      seen?: Date;
    }
  | { intent: "no_show"; visitId: string; seen?: Date }
  | { intent: "cant_make"; visitId: string; reason: string; seen?: Date }
  | { intent: "collect"; visitId: string; amount: number; method: "cash" | "upi" };

/** What a change came to: the answer and its status, or a refusal that names no visit. */
export type DayOutcome =
  | { status: number; body: VisitDayResult; retryAfterSeconds?: number; wrongCode?: boolean }
  | { status: 403; forbidden: true };

/** What a change needs of the running services: the family's messages and the code's limit. */
export interface DayServices {
  familyMessages: Pick<FamilyMessages, "mode" | "kick">;
  limits: { visitCode: RateLimiter };
}

interface Who {
  id: string;
  email: string;
  address: string | null;
}

/** Applies one change of the therapist's own day; refusals are answers, never thrown. */
export async function applyDayChange(
  db: Database,
  who: Who,
  change: DayChange,
  services: DayServices,
): Promise<DayOutcome> {
  const blocked = await codeBlocked(who, change, services);
  if (blocked) return blocked;
  const outcome = await applyChange(db, who, change, services);
  await countWrongCode(who, change, outcome, services);
  return outcome;
}

/** The family's code (decision 048) for a visit: the key its wrong tries are counted under. */
const codeKey = (who: Who, change: DayChange) => `${who.id}:${change.visitId}`;

/**
 * Wrong codes for a visit are limited; once used up, the code is refused for the rest of the
 * period (the visit can still be marked without it). Asked before the change's transaction: the
 * limiter keeps its counts in the database, outside it.
 */
async function codeBlocked(
  who: Who,
  change: DayChange,
  services: Pick<DayServices, "limits">,
): Promise<DayOutcome | undefined> {
  if (change.intent !== "done" || !change.code) return undefined;
  const blocked = await services.limits.visitCode.peek(codeKey(who, change));
  if (!blocked) return undefined;
  return {
    status: 429,
    body: { ok: false, message: texts.codeLimited, visitId: change.visitId, field: "code" },
    retryAfterSeconds: blocked.retryAfterSeconds,
  };
}

/** A wrong code counts against the limit once the change's transaction is over. */
async function countWrongCode(
  who: Who,
  change: DayChange,
  outcome: DayOutcome,
  services: Pick<DayServices, "limits">,
): Promise<void> {
  if ("wrongCode" in outcome && outcome.wrongCode) {
    await services.limits.visitCode.hit(codeKey(who, change));
  }
}

/** The change itself, in `db` (a transaction, for a keyed change): no limiter is asked here. */
async function applyChange(
  db: Database,
  who: Who,
  change: DayChange,
  services: Pick<DayServices, "familyMessages">,
): Promise<DayOutcome> {
  // Another therapist's visit, or one out of reach: refused as the page refuses, with nothing of it.
  const visit = await ownVisitInReach(db, who.id, change.visitId, new Date());
  if (!visit) return { status: 403, forbidden: true };
  // As a therapist, even when the account is an admin too: on this page, only their own visits.
  const by = { id: who.id, email: who.email, isAdmin: false };
  if (change.intent === "collect") {
    // The receipt goes to the family on WhatsApp when they asked for updates (decision 046).
    const messaging: FamilyMessaging = {
      messages: services.familyMessages.mode,
      messageQueued: () => services.familyMessages.kick(),
    };
    return collectAtTheDoor(db, by, visit, change, who, messaging);
  }
  try {
    await markVisit(
      db,
      by,
      visit.id,
      change.intent === "done"
        ? {
            kind: "done",
            note: change.note,
            painBefore: change.painBefore,
            painAfter: change.painAfter,
            code: change.code,
            codeRequired: getVisitSettings().codeRequired,
            seenStartsAt: change.seen,
          }
        : change.intent === "no_show"
          ? { kind: "no_show", seenStartsAt: change.seen }
          : { kind: "cant_make", reason: change.reason, seenStartsAt: change.seen },
      getMoneySettings(),
    );
  } catch (error) {
    if (!(error instanceof VisitRefused)) throw error;
    const { problem } = error;
    if (problem.kind === "not_yours" || problem.kind === "no_visit") {
      return { status: 403, forbidden: true };
    }
    if (problem.kind === "wrong_code" || problem.kind === "code_required") {
      return {
        status: 422,
        body: {
          ok: false,
          message: visitProblemMessage(problem),
          visitId: visit.id,
          field: "code",
        },
        wrongCode: problem.kind === "wrong_code",
      };
    }
    const conflict = problem.kind === "moved" || problem.kind === "not_scheduled";
    return {
      status: 409,
      body: {
        ok: false,
        message: visitProblemMessage(problem),
        visitId: visit.id,
        ...(conflict ? { conflict: true as const } : {}),
      },
    };
  }
  return { status: 200, body: { ok: true, intent: change.intent, visitId: visit.id } };
}

/**
 * Money the family handed the therapist at the door (decision 045): recorded as a payment to the
 * visit's request with its receipt, the therapist as who collected it (cash is theirs to hand in).
 */
async function collectAtTheDoor(
  db: Database,
  by: { id: string; email: string },
  visit: { id: string; appointmentId: string },
  change: { amount: number; method: "cash" | "upi" },
  who: Who,
  messaging: FamilyMessaging,
): Promise<DayOutcome> {
  try {
    const { receiptNumber } = await recordPayment(
      db,
      by,
      visit.appointmentId,
      {
        method: change.method,
        amountPaise: change.amount,
        paidOn: indiaDay(new Date()),
        reference: "",
        collectedBy: by.id,
      },
      getMoneySettings(),
      new Date(),
      messaging,
    );
    await recordAccess(db, {
      actor: by,
      address: who.address,
      action: "money",
      appointmentIds: [visit.appointmentId],
      detail: { change: "collected", amountPaise: change.amount, receipt: receiptNumber },
    });
    return {
      status: 200,
      body: {
        ok: true,
        intent: "collect",
        visitId: visit.id,
        message: texts.collected(formatPaise(change.amount), receiptNumber),
      },
    };
  } catch (error) {
    if (error instanceof ErasedError) {
      return { status: 409, body: { ok: false, message: texts.erased, visitId: visit.id } };
    }
    throw error;
  }
}

/** Rolls a keyed change back without keeping its answer: a limit or a failure, to try again. */
class NotKept extends Error {
  readonly outcome: DayOutcome;
  constructor(outcome: DayOutcome) {
    super("change not kept");
    this.outcome = outcome;
  }
}

/**
 * A change sent with the phone's key: applied once per key. The key is claimed first in the
 * change's transaction (a copy arriving meanwhile waits on it, then finds the answer); an applied
 * change or a refusal is kept with its key; a limit reached, or a failure, is not, and the phone
 * sends it again.
 */
export async function applyKeyedChange(
  db: Database,
  who: Who,
  key: string,
  change: DayChange,
  services: DayServices,
): Promise<DayOutcome> {
  const kept = async (tx: Pick<Database, "select">): Promise<DayOutcome | undefined> => {
    const [row] = await tx
      .select({
        therapistId: therapistChanges.therapistId,
        status: therapistChanges.status,
        answer: therapistChanges.answer,
      })
      .from(therapistChanges)
      .where(eq(therapistChanges.key, key));
    if (!row) return undefined;
    // Another account's key: answered as a visit not theirs, with nothing of the other's change.
    if (row.therapistId !== who.id) return { status: 403, forbidden: true };
    return { status: row.status, body: row.answer as VisitDayResult };
  };
  const earlier = await kept(db);
  if (earlier) return earlier;
  const blocked = await codeBlocked(who, change, services);
  if (blocked) return blocked;
  try {
    const outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(therapistChanges)
        .values({ key, therapistId: who.id, intent: change.intent, status: 0, answer: {} })
        .onConflictDoNothing()
        .returning({ key: therapistChanges.key });
      if (!claimed) {
        const answer = await kept(tx);
        if (!answer) throw new Error("a claimed key has no row");
        return answer;
      }
      const result = await applyChange(tx, who, change, services);
      if ("forbidden" in result) throw new NotKept(result);
      await tx
        .update(therapistChanges)
        .set({
          status: result.status,
          answer: result.body,
          visitId: change.visitId,
        })
        .where(eq(therapistChanges.key, key));
      return result;
    });
    // The family's message (if the change queued one) was queued in this transaction: say so now
    // that it has committed.
    services.familyMessages.kick();
    await countWrongCode(who, change, outcome, services);
    return outcome;
  } catch (error) {
    if (error instanceof NotKept) return error.outcome;
    getLogger().error({ err: error }, "therapist change failed");
    return { status: 500, body: { ok: false, message: texts.failed, visitId: change.visitId } };
  }
}

/** The words of a refusal that names no visit, for the phone's queue. */
export const forbiddenAnswer = (visitId: string): VisitDayResult => ({
  ok: false,
  message: therapistAppTexts.notYours,
  visitId,
  conflict: true,
});
