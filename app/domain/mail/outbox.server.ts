// The e-mail outbox. A message is a row written in the same statement or transaction as the
// change that causes it; senders (one per app instance, any number of instances) claim due rows
// with FOR UPDATE SKIP LOCKED, so no two senders ever claim the same row, and deliver them
// outside any transaction. A claim is a lease: the row is not due again until the lease runs
// out, so a sender that dies mid-send leaves it to be retried, never lost. Failures back off
// exponentially until delivered or the attempts are used up.
//
// A message can also be written already claimed (attempts 1, due when the lease ends) by the
// request that causes it, which then delivers it at once from memory: the common case costs no
// claiming statement at all, and no sweep can take the message from under it.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { Mailer } from "#app/domain/mail/mailer.server.ts";
import { isSealed, type PayloadSealer } from "#app/domain/mail/sealed-payload.server.ts";
import { reportUnlessAway } from "#app/lib/database-availability.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type NotificationChannel, notifications } from "#db/schema.ts";

export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  "id" | "state" | "attempts" | "lastError" | "nextAttemptAt" | "createdAt" | "sentAt"
>;

/** What a sender knows of a claimed message: what it is about, and which attempt this is. */
export type ClaimedMessage = Pick<
  typeof notifications.$inferSelect,
  "id" | "kind" | "recipient" | "appointmentId" | "visitId" | "payload" | "attempts"
>;

/** What an e-mail says. */
export interface MailContent {
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Composes a message from what it is about (each kind is registered by its capability: mail-kinds.server.ts). The outbox keeps
 * no copy of what an e-mail says: it is composed when sent, so a patient's details are stored
 * once, in their appointment.
 */
export type ComposeMail = (db: Database, message: ClaimedMessage) => Promise<MailContent>;

/** A database, or a transaction of one: what enqueueing needs. */
type Executor = Pick<Database, "insert">;

export interface OutboxOptions {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** The first retry waits this long; each later one twice as long (at most an hour). */
  retryBaseSeconds: number;
  /** How long a claimed message is reserved for the sender that claimed it. */
  leaseSeconds?: number;
  compose: ComposeMail;
  /** Opens sealed payloads (password links) for composing; none when no message holds one. */
  sealer?: PayloadSealer;
}

/** What a sender of one channel claims by: its attempts, retries and lease. */
export type ClaimOptions = Pick<OutboxOptions, "leaseSeconds"> & {
  /** The channel whose messages are claimed: e-mail unless said (WhatsApp: app/domain/messages). */
  channel?: NotificationChannel;
};

const defaultLeaseSeconds = 120;

export async function enqueueNotification(db: Executor, message: NewNotification) {
  const [row] = await db.insert(notifications).values(message).returning({ id: notifications.id });
  if (!row) throw new Error("the notification was not stored");
  return row.id;
}

export function retryDelaySeconds(
  attempts: number,
  options: Pick<OutboxOptions, "retryBaseSeconds">,
): number {
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
      payload: notifications.payload,
      attempts: notifications.attempts,
    });
}

/** Marks messages sent; a sealed payload (a link) is used once and forgotten with it. */
const markSent = (db: Database, ids: string[]) =>
  db
    .update(notifications)
    .set({
      state: "sent",
      sentAt: sql`now()`,
      lastError: null,
      payload: sql`CASE WHEN ${notifications.payload} ? 'sealed' THEN NULL ELSE ${notifications.payload} END`,
    })
    .where(inArray(notifications.id, ids));

/** The message as its composer reads it: a sealed payload opened. */
function opened(message: ClaimedMessage, options: OutboxOptions): ClaimedMessage {
  if (!isSealed(message.payload)) return message;
  if (!options.sealer) throw new Error("the message is sealed and no key was given to open it");
  return { ...message, payload: options.sealer.open(message.payload, message.recipient) };
}

/**
 * One delivery attempt of a message this sender has claimed, composed now unless its `content`
 * is given; never throws for a failed send. Resolves whether it was sent once `recordSent` has
 * been handed the message.
 */
async function attemptDelivery(
  db: Database,
  mailer: Mailer,
  log: Logger,
  options: OutboxOptions,
  message: ClaimedMessage,
  recordSent: (id: string) => Promise<unknown>,
  content?: MailContent,
): Promise<{ sent: boolean; recorded: Promise<unknown> }> {
  const about = { notification: message.id, kind: message.kind, attempt: message.attempts };
  try {
    await mailer.send({
      to: message.recipient,
      ...(content ?? (await options.compose(db, opened(message, options)))),
      id: message.id,
    });
  } catch (error) {
    const exhausted = message.attempts >= options.maxAttempts;
    const delay = retryDelaySeconds(message.attempts, options);
    const reason = error instanceof Error ? error.message : String(error);
    log.warn(
      { ...about, error: reason.slice(0, 200), ...(exhausted ? {} : { retryInSeconds: delay }) },
      exhausted ? "e-mail failed; no attempts left" : "e-mail failed; will retry",
    );
    const recorded = db
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
    await recorded;
    return { sent: false, recorded };
  }
  log.info(about, "e-mail sent");
  return { sent: true, recorded: recordSent(message.id) };
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
  recordSent: (id: string) => Promise<unknown> = (id) => markSent(db, [id]),
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: [], failed: [] };
  const claimed = await claimDue(db, select.limit ?? 10, options, select.onlyId);
  for (const message of claimed) {
    const { sent, recorded } = await attemptDelivery(db, mailer, log, options, message, recordSent);
    await recorded;
    (sent ? report.sent : report.failed).push(message.id);
  }
  return report;
}

/**
 * Records deliveries in batches: every message sent while one UPDATE runs is marked by the
 * next one. Under load this turns one statement per e-mail into a few per second.
 */
function batchedSentRecorder(db: Database, log: Logger) {
  let pending: { id: string; done: () => void }[] = [];
  let scheduled = false;
  const flush = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await markSent(
          db,
          batch.map((entry) => entry.id),
        );
      } catch (error) {
        // Still leased: once the lease ends the message is sent again (at least once, never lost).
        log.error({ err: error }, "could not record sent e-mails");
      }
      for (const entry of batch) entry.done();
    }
    scheduled = false;
  };
  return (id: string) =>
    new Promise<void>((done) => {
      pending.push({ id, done });
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    });
}

export interface OutboxSender {
  /**
   * How long a message written claimed is reserved for this sender: `createAppointments` stores
   * the staff e-mail so, and `deliverClaimed` makes its first attempt.
   */
  readonly leaseSeconds: number;
  /**
   * Delivers a message written claimed for its first attempt; true if it was sent within
   * `boundMs`. The attempt goes on past the bound, and the outbox retries it if it fails.
   */
  deliverClaimed(message: ClaimedMessage, content: MailContent, boundMs: number): Promise<boolean>;
  /** Looks for due messages at once (they are also looked for every poll interval). */
  kick(): void;
  /** Stops polling, and waits for the sends and records under way. */
  stop(): Promise<void>;
}

/** The sender of this instance: polls for due messages, and delivers new ones at once. */
export function startOutboxSender(
  db: Database,
  mailer: Mailer,
  log: Logger,
  options: OutboxOptions & { pollSeconds: number },
): OutboxSender {
  const leaseSeconds = options.leaseSeconds ?? defaultLeaseSeconds;
  const recordSent = batchedSentRecorder(db, log);
  const underWay = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  };
  let sweeping: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    sweeping = sweeping
      .then(() => deliverDue(db, mailer, log, options, { limit: 20 }, recordSent))
      .catch((error) => reportUnlessAway(log, error, "outbox sweep failed"));
  };
  const timer = setInterval(sweep, options.pollSeconds * 1000);
  timer.unref();
  sweep();
  return {
    leaseSeconds,
    async deliverClaimed(message, content, boundMs) {
      const attempt = attemptDelivery(db, mailer, log, options, message, recordSent, content);
      track(
        attempt.then(
          ({ recorded }) => recorded,
          (error) => log.error({ err: error }, "outbox delivery failed"),
        ),
      );
      let timeout: NodeJS.Timeout | undefined;
      const bound = new Promise<false>((resolve) => {
        timeout = setTimeout(() => resolve(false), boundMs);
      });
      try {
        return await Promise.race([attempt.then(({ sent }) => sent).catch(() => false), bound]);
      } finally {
        clearTimeout(timeout);
      }
    },
    kick: sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
      await Promise.allSettled([...underWay]);
    },
  };
}
