// The WhatsApp sender: the outbox's messages of channel 'whatsapp' (app/domain/outbox/
// outbox.server.ts), sent through Meta's Cloud API (whatsapp-api.server.ts) when the clinic has
// configured it (decision 038). Like the e-mail sender (app/domain/mail/mail-sender.server.ts) it
// claims due rows with FOR UPDATE SKIP LOCKED and a lease, one sender per app instance, and sends
// outside any transaction: a sender killed mid-send leaves its rows leased, and they are sent
// again once the lease runs out (at least once, never lost). Each message is composed when sent, from the rows as they are then: a family that stopped
// the updates, or a request erased meanwhile, sends nothing (the row is 'skipped').
//
// Rate limits and the API's own trouble are tried again with backoff (WHATSAPP_RETRY_BASE_SECONDS,
// doubling, at most an hour) until WHATSAPP_MAX_ATTEMPTS; a refusal (a number without WhatsApp, a
// template problem) is given up at once. A message given up is 'failed' and, in the same
// transaction, an entry on its request's timeline tells staff to call the family instead.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { recordChange, type Transaction } from "#app/domain/appointments/request-changes.server.ts";
import { isFamilyMessageKind } from "#app/domain/messages/family-message-texts.ts";
import {
  composeFamilyMessage,
  type FamilyMessageMode,
} from "#app/domain/messages/family-messages.server.ts";
import { whatsappSender } from "#app/domain/messages/origins.ts";
import {
  sendTemplateMessage,
  type WhatsappApiSettings,
} from "#app/domain/messages/whatsapp-api.server.ts";
import { messageFailedBody, whatsappFailureText } from "#app/domain/messages/whatsapp-texts.ts";
import {
  type ClaimedMessage,
  claimDue,
  retryDelaySeconds,
} from "#app/domain/outbox/outbox.server.ts";
import { visitDay } from "#app/domain/visits/visit-time.ts";
import { reportUnlessAway } from "#app/lib/database-availability.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { notifications, visits } from "#db/schema.ts";

export interface WhatsappSenderOptions {
  api: WhatsappApiSettings;
  /** The site's address, for the status page's link in each message. */
  siteUrl: string;
  /** The site's secret key, which seals that link (status-link.server.ts). */
  secret: string;
  /** Attempts before a message is given up (rate limits and server errors only). */
  maxAttempts: number;
  /** The first retry waits this long; each later one twice as long (at most an hour). */
  retryBaseSeconds: number;
  /** How long a claimed message is reserved for this sender (120 s unless said). */
  leaseSeconds?: number;
}

/** What one pass did, by notification id. */
export interface WhatsappReport {
  sent: string[];
  /** Put back in the queue for a later attempt. */
  retried: string[];
  /** Given up: refused, or out of attempts. */
  failed: string[];
  /** Not to be sent any more (the family stopped the updates, the request was erased). */
  skipped: string[];
}

type Outcome = keyof WhatsappReport;

/** The claim is still ours: nobody delivered, skipped or claimed it again since. */
const stillOurs = (message: ClaimedMessage) =>
  and(
    eq(notifications.id, message.id),
    eq(notifications.state, "queued"),
    eq(notifications.attempts, message.attempts),
  );

/** The day of the visit a message is about, as the timeline writes it ("Tue 1 Dec"). */
async function visitDayOf(tx: Transaction, visitId: string | null) {
  if (!visitId) return null;
  const [visit] = await tx
    .select({ startsAt: visits.startsAt })
    .from(visits)
    .where(eq(visits.id, visitId));
  return visit ? visitDay(visit.startsAt) : null;
}

/**
 * Marks a message failed and, when it is a family's, writes the timeline's entry for it, in one
 * transaction; only when `where` still holds (so an entry is written once). Whether it was marked.
 */
export async function giveUpMessage(
  db: Database | Transaction,
  message: Pick<ClaimedMessage, "id" | "kind" | "appointmentId" | "visitId">,
  failure: { reason: string; detail: string },
  where: ReturnType<typeof and>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ state: "failed", lastError: failure.detail.slice(0, 500) })
      .where(where)
      .returning({ id: notifications.id });
    if (marked.length === 0) return false;
    if (message.appointmentId && isFamilyMessageKind(message.kind)) {
      const day = await visitDayOf(tx, message.visitId);
      await recordChange(tx, message.appointmentId, whatsappSender, {
        kind: "message_failed",
        visitId: message.visitId ?? undefined,
        body: messageFailedBody(message.kind, day, failure.reason),
      });
    }
    return true;
  });
}

/** One attempt at a message this sender has claimed; never throws for a failed send. */
async function attempt(
  db: Database,
  log: Logger,
  options: WhatsappSenderOptions,
  message: ClaimedMessage,
): Promise<Outcome> {
  const about = { notification: message.id, kind: message.kind, attempt: message.attempts };
  const { kind } = message;
  if (!isFamilyMessageKind(kind)) {
    await giveUpMessage(
      db,
      message,
      { reason: whatsappFailureText.refused, detail: "not a kind of WhatsApp message" },
      stillOurs(message),
    );
    return "failed";
  }
  const composed = await composeFamilyMessage(
    db,
    { ...message, kind },
    { siteUrl: options.siteUrl, secret: options.secret },
  );
  if (!composed) {
    await db
      .update(notifications)
      .set({ state: "skipped", lastError: "nothing to send: updates stopped or request erased" })
      .where(stillOurs(message));
    log.info(about, "WhatsApp message skipped");
    return "skipped";
  }
  const outcome = await sendTemplateMessage(options.api, composed);
  if (outcome.ok) {
    // It went: recorded even if the claim ran out meanwhile (another sender's copy, or a stop
    // that came while it was on its way), unless another sender recorded its own copy first.
    await db
      .update(notifications)
      .set({
        state: "sent",
        sentAt: sql`now()`,
        lastError: null,
        externalId: outcome.messageId || null,
      })
      .where(and(eq(notifications.id, message.id), ne(notifications.state, "sent")));
    log.info(about, "WhatsApp message sent");
    return "sent";
  }
  const exhausted = message.attempts >= options.maxAttempts;
  if (!outcome.retry || exhausted) {
    log.warn(
      { ...about, error: outcome.detail },
      outcome.retry ? "WhatsApp message failed; no attempts left" : "WhatsApp message refused",
    );
    await giveUpMessage(db, message, outcome, stillOurs(message));
    return "failed";
  }
  const delay = retryDelaySeconds(message.attempts, options);
  log.warn(
    { ...about, error: outcome.detail, retryInSeconds: delay },
    "WhatsApp message failed; will retry",
  );
  await db
    .update(notifications)
    .set({
      lastError: outcome.detail.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
    })
    .where(stillOurs(message));
  return "retried";
}

/** Sends what is due, in claims of `limit`, until nothing more is due. Never throws for a send. */
export async function sendDueWhatsappMessages(
  db: Database,
  log: Logger,
  options: WhatsappSenderOptions,
  limit = 20,
): Promise<WhatsappReport> {
  const report: WhatsappReport = { sent: [], retried: [], failed: [], skipped: [] };
  for (;;) {
    const claimed = await claimDue(db, limit, {
      channel: "whatsapp",
      leaseSeconds: options.leaseSeconds,
    });
    for (const message of claimed) {
      report[await attempt(db, log, options, message)].push(message.id);
    }
    if (claimed.length < limit) return report;
  }
}

/** How messages to families go, for the code that queues them. */
export interface FamilyMessages {
  /** "api" when the Cloud API is configured (a sender runs); else "by_hand". */
  readonly mode: FamilyMessageMode;
  /** Looks for due messages at once (after queueing some); nothing without the API. */
  kick(): void;
  /** The webhook's secrets; null without the API (the webhook then answers 404). */
  readonly webhook: { appSecret: string; verifyToken: string } | null;
  /** Stops polling, and waits for the sends under way. */
  stop(): Promise<void>;
}

/** Without the Cloud API: messages wait in Needs attention for staff to send by hand. */
export const byHandFamilyMessages: FamilyMessages = {
  mode: "by_hand",
  kick() {},
  webhook: null,
  async stop() {},
};

/** The WhatsApp sender of this instance: polls for due messages, and sends at once when kicked. */
export function startWhatsappSender(
  db: Database,
  log: Logger,
  options: WhatsappSenderOptions & {
    pollSeconds: number;
    webhook: { appSecret: string; verifyToken: string };
  },
): FamilyMessages {
  let sweeping: Promise<unknown> = Promise.resolve();
  let pending = false;
  let stopped = false;
  const sweep = () => {
    // One sweep waiting behind the one under way is enough: it finds everything due by then.
    if (stopped || pending) return;
    pending = true;
    sweeping = sweeping
      .then(() => {
        pending = false;
        return sendDueWhatsappMessages(db, log, options);
      })
      .catch((error) => reportUnlessAway(log, error, "WhatsApp sweep failed"));
  };
  const timer = setInterval(sweep, options.pollSeconds * 1000);
  timer.unref();
  sweep();
  return {
    mode: "api",
    kick: sweep,
    webhook: options.webhook,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
    },
  };
}
