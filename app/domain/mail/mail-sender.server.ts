// The e-mail sender: the outbox's messages of channel 'email' (app/domain/outbox/outbox.server.ts),
// claimed with a lease and delivered through the mailer outside any transaction; a failure waits
// longer each time until delivered or the attempts are used up.
//
// A message can also be written already claimed (attempts 1, due when the lease ends) by the
// request that causes it, which then delivers it at once from memory: the common case costs no
// claiming statement at all, and no sweep can take the message from under it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { Mailer } from "#app/domain/mail/mailer.server.ts";
import { isSealed, type PayloadSealer } from "#app/domain/mail/sealed-payload.server.ts";
import {
  type ClaimedMessage,
  claimDue,
  defaultLeaseSeconds,
  retryDelaySeconds,
} from "#app/domain/outbox/outbox.server.ts";
import { reportUnlessAway } from "#app/lib/database-availability.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { notifications } from "#db/schema.ts";

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

export interface MailSenderOptions {
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
function opened(message: ClaimedMessage, options: MailSenderOptions): ClaimedMessage {
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
  options: MailSenderOptions,
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
  options: MailSenderOptions,
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

export interface MailSender {
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
export function startMailSender(
  db: Database,
  mailer: Mailer,
  log: Logger,
  options: MailSenderOptions & { pollSeconds: number },
): MailSender {
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
