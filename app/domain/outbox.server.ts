// The e-mail outbox. A message is a row written in the same transaction as the change that
// causes it; senders (one per app instance, any number of instances) claim due rows with
// FOR UPDATE SKIP LOCKED, so no two senders ever claim the same row, and deliver them outside
// any transaction. A claim is a lease: the row is not due again until the lease runs out, so a
// sender that dies mid-send leaves it to be retried, never lost. Failures back off
// exponentially until delivered or the attempts are used up.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { notifications } from "../../db/schema.ts";
import type { Logger } from "../lib/logger.server.ts";
import type { Database } from "./db.server.ts";
import type { Mailer } from "./mailer.server.ts";

export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  "id" | "state" | "attempts" | "lastError" | "nextAttemptAt" | "createdAt" | "sentAt"
>;

/** A database, or a transaction of one: what enqueueing needs. */
type Executor = Pick<Database, "insert">;

export interface OutboxOptions {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** The first retry waits this long; each later one twice as long (at most an hour). */
  retryBaseSeconds: number;
  /** How long a claimed message is reserved for the sender that claimed it. */
  leaseSeconds?: number;
}

export async function enqueueNotification(db: Executor, message: NewNotification) {
  const [row] = await db.insert(notifications).values(message).returning({ id: notifications.id });
  if (!row) throw new Error("the notification was not stored");
  return row.id;
}

function retryDelaySeconds(attempts: number, options: OutboxOptions): number {
  return Math.min(options.retryBaseSeconds * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Claims due messages (or the one named) for this sender. */
async function claimDue(db: Database, limit: number, options: OutboxOptions, onlyId?: string) {
  const lease = options.leaseSeconds ?? 120;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.state, "queued"),
          lte(notifications.nextAttemptAt, sql`now()`),
          onlyId ? eq(notifications.id, onlyId) : undefined,
        ),
      )
      .orderBy(notifications.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(notifications)
      .set({
        attempts: sql`${notifications.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${lease})`,
      })
      .where(
        inArray(
          notifications.id,
          due.map((row) => row.id),
        ),
      );
    return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

export interface DeliveryReport {
  sent: string[];
  failed: string[];
}

/** Delivers what is due (or only the message named). Never throws for a failed send. */
export async function deliverDue(
  db: Database,
  mailer: Mailer,
  log: Logger,
  options: OutboxOptions,
  select: { limit?: number; onlyId?: string } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: [], failed: [] };
  const claimed = await claimDue(db, select.limit ?? 10, options, select.onlyId);
  for (const message of claimed) {
    const about = { notification: message.id, kind: message.kind, attempt: message.attempts };
    try {
      await mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await db
        .update(notifications)
        .set({ state: "sent", sentAt: sql`now()`, lastError: null })
        .where(eq(notifications.id, message.id));
      log.info(about, "e-mail sent");
      report.sent.push(message.id);
    } catch (error) {
      const exhausted = message.attempts >= options.maxAttempts;
      const delay = retryDelaySeconds(message.attempts, options);
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(notifications)
        .set({
          state: exhausted ? "failed" : "queued",
          lastError: reason.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        })
        // Only while the claim is still ours: a sender whose lease ran out must not put back in
        // the queue (or fail) a message another sender has claimed, or delivered, since.
        .where(
          and(
            eq(notifications.id, message.id),
            eq(notifications.state, "queued"),
            eq(notifications.attempts, message.attempts),
          ),
        );
      log.warn(
        { ...about, error: reason.slice(0, 200), ...(exhausted ? {} : { retryInSeconds: delay }) },
        exhausted ? "e-mail failed; no attempts left" : "e-mail failed; will retry",
      );
      report.failed.push(message.id);
    }
  }
  return report;
}

export interface OutboxSender {
  /** Tries to deliver one message now; false if it was not delivered within `boundMs`. */
  deliverNow(id: string, boundMs: number): Promise<boolean>;
  /** Looks for due messages at once (they are also looked for every poll interval). */
  kick(): void;
  stop(): Promise<void>;
}

/** The sender of this instance: polls for due messages, and delivers new ones at once. */
export function startOutboxSender(
  db: Database,
  mailer: Mailer,
  log: Logger,
  options: OutboxOptions & { pollSeconds: number },
): OutboxSender {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    running = running
      .then(() => deliverDue(db, mailer, log, options, { limit: 20 }))
      .catch((error) => log.error({ err: error }, "outbox sweep failed"));
  };
  const timer = setInterval(sweep, options.pollSeconds * 1000);
  timer.unref();
  sweep();
  return {
    async deliverNow(id, boundMs) {
      const attempt = deliverDue(db, mailer, log, options, { onlyId: id }).then((report) =>
        report.sent.includes(id),
      );
      attempt.catch((error) => log.error({ err: error }, "outbox delivery failed"));
      let timeout: NodeJS.Timeout | undefined;
      const bound = new Promise<false>((resolve) => {
        timeout = setTimeout(() => resolve(false), boundMs);
      });
      try {
        return await Promise.race([attempt.catch(() => false), bound]);
      } finally {
        clearTimeout(timeout);
      }
    },
    kick: sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
