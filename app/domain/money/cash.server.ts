// The cash therapists took at the door and have not yet handed in (decision 045; docs/payments.md):
// one line per therapist for the desk, and the desk's "received from the therapist", which marks
// all of that therapist's cash held up to now as handed in, in one step. A cash receipt corrected
// by a credit note (decision 046) counts for what is left of it; one credited in full is not held.
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { Actor } from "#app/domain/appointments/request-changes.server.ts";
import { payments, therapists, users } from "#db/schema.ts";

export interface CashHeld {
  therapistId: string;
  name: string;
  count: number;
  totalPaise: number;
  oldest: Date;
}

/** What is left of a payment once its credit notes are taken off. */
export const netOfCredits = sql<number>`(${payments.amountPaise} - coalesce((select sum(c.amount_paise)
  from credit_notes c where c.payment_id = ${payments.id}), 0))`;

const held = and(
  eq(payments.method, "cash"),
  eq(payments.direction, "in"),
  isNotNull(payments.collectedBy),
  isNull(payments.handedInAt),
  sql`${netOfCredits} > 0`,
);

/** Each therapist's cash not yet handed in, the longest held first. */
export async function cashHeld(db: Pick<Database, "select">): Promise<CashHeld[]> {
  const rows = await db
    .select({
      therapistId: sql<string>`${payments.collectedBy}`,
      name: sql<string>`coalesce(max(${therapists.displayName}), max(${users.email}), '')`,
      count: sql<number>`count(*)::int`,
      totalPaise: sql<number>`sum(${netOfCredits})::int`,
      oldest: sql<Date>`min(${payments.recordedAt})`,
    })
    .from(payments)
    .leftJoin(therapists, eq(therapists.userId, payments.collectedBy))
    .leftJoin(users, eq(users.id, payments.collectedBy))
    .where(held)
    .groupBy(payments.collectedBy)
    .orderBy(asc(sql`min(${payments.recordedAt})`));
  return rows.map((row) => ({ ...row, oldest: new Date(row.oldest) }));
}

/**
 * The desk received a therapist's cash: every cash payment they hold, recorded up to `upTo` (the
 * moment the desk's page was shown, so that cash taken since is not swept in unseen), marked
 * handed in. The total marked (0 when there was none).
 */
export async function handInCash(
  db: Database,
  actor: Actor,
  therapistId: string,
  upTo: Date,
): Promise<number> {
  const marked = await db
    .update(payments)
    .set({ handedInAt: sql`now()`, handedInBy: actor.id })
    .where(and(held, eq(payments.collectedBy, therapistId), sql`${payments.recordedAt} <= ${upTo}`))
    .returning({ amountPaise: netOfCredits });
  return marked.reduce((sum, row) => sum + Number(row.amountPaise), 0);
}
