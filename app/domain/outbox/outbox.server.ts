// The outbox of every message the site sends, e-mails and WhatsApp messages to families alike:
// a message is a row written in the same statement or transaction as the change that causes it,
// so nothing is sent that was not stored. Each channel has its sender, one per app instance (any
// number of instances): e-mail's in app/domain/mail/mail-sender.server.ts, WhatsApp's in
// app/domain/messages/whatsapp-sender.server.ts. Both claim their channel's due rows here with FOR
// UPDATE SKIP LOCKED, so no two senders ever claim the same row, and deliver them outside any
// transaction. A claim is a lease: the row is not due again until the lease runs out, so a sender
// that dies mid-send leaves it to be retried, never lost. Failures back off exponentially.
//
// The table keeps its first name, `notifications` (from when it held e-mail alone): renaming it
// would be a migration for no change in what runs (decision 027, amended).
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { type NotificationChannel, notifications } from "#db/schema.ts";

export type NewOutboxMessage = Omit<
  typeof notifications.$inferInsert,
  "id" | "state" | "attempts" | "lastError" | "nextAttemptAt" | "createdAt" | "sentAt"
>;

/** What a sender knows of a claimed message: what it is about, and which attempt this is. */
export type ClaimedMessage = Pick<
  typeof notifications.$inferSelect,
  | "id"
  | "kind"
  | "recipient"
  | "appointmentId"
  | "visitId"
  | "paymentId"
  | "paymentLinkId"
  | "payload"
  | "attempts"
>;

/** A database, or a transaction of one: what enqueueing needs. */
type Executor = Pick<Database, "insert">;

/** What a sender of one channel claims by: its lease, and the channel. */
export interface ClaimOptions {
  /** How long a claimed message is reserved for the sender that claimed it (120 s unless said). */
  leaseSeconds?: number;
  /** The channel whose messages are claimed: e-mail unless said. */
  channel?: NotificationChannel;
}

export const defaultLeaseSeconds = 120;

/** Puts a message in the outbox, in the caller's statement or transaction; its id. */
export async function enqueueMessage(db: Executor, message: NewOutboxMessage) {
  const [row] = await db.insert(notifications).values(message).returning({ id: notifications.id });
  if (!row) throw new Error("the message was not stored in the outbox");
  return row.id;
}

/** How long a failed attempt waits before the next: doubling from the base, at most an hour. */
export function retryDelaySeconds(attempts: number, options: { retryBaseSeconds: number }): number {
  return Math.min(options.retryBaseSeconds * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Claims due messages of one channel (or the one named) for this sender: one statement. */
export async function claimDue(
  db: Database,
  limit: number,
  options: ClaimOptions,
  onlyId?: string,
): Promise<ClaimedMessage[]> {
  const lease = options.leaseSeconds ?? defaultLeaseSeconds;
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.state, "queued"),
        lte(notifications.nextAttemptAt, sql`now()`),
        eq(notifications.channel, options.channel ?? "email"),
        onlyId ? eq(notifications.id, onlyId) : undefined,
      ),
    )
    .orderBy(notifications.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${lease})`,
    })
    .where(inArray(notifications.id, due))
    .returning({
      id: notifications.id,
      kind: notifications.kind,
      recipient: notifications.recipient,
      appointmentId: notifications.appointmentId,
      visitId: notifications.visitId,
      paymentId: notifications.paymentId,
      paymentLinkId: notifications.paymentLinkId,
      payload: notifications.payload,
      attempts: notifications.attempts,
    });
}
