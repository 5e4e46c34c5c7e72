// The owner's weekly summary (WEEKLY_SUMMARY_TO): from Monday 9:00 in India, the week before is
// queued in the outbox, once. Every instance checks, at start and every ten minutes; the week's
// row in `weekly_summaries` (its Monday is the primary key) is written in the same transaction as
// the outbox row, and only the instance whose insert took the week queues the e-mail. Exactly one
// per week, however many instances run and however often they restart: the key decides, not
// the timing. Only the week before the current one is ever queued, so a week during which no
// instance ran from its Monday 9:00 to the next Monday is skipped, not sent late.
import { eq } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { summaryDueAt, weekBefore } from "#app/domain/insights/period.ts";
import {
  type WeeklySummaryPayload,
  weeklySummaryKind,
} from "#app/domain/insights/weekly-summary-mail.server.ts";
import { enqueueNotification, type OutboxSender } from "#app/domain/mail/outbox.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type PeriodicCheck, startPeriodicCheck } from "#app/lib/periodic-check.ts";
import { weeklySummaries } from "#db/schema.ts";

/** How often each instance checks whether the summary is due. */
const weeklySummaryCheckMs = 10 * 60_000;

/**
 * Queues the summary of the week before `now`'s, if it is due (Monday 9:00 in India has passed)
 * and no instance has queued it yet. Resolves whether this call queued it.
 */
export async function queueWeeklySummary(
  db: Database,
  options: { now: Date; recipient: string },
): Promise<boolean> {
  const { now, recipient } = options;
  if (now < summaryDueAt(now)) return false;
  const week = weekBefore(now);
  const payload: WeeklySummaryPayload = { from: week.from, to: week.to };
  return db.transaction(async (tx) => {
    const taken = await tx
      .insert(weeklySummaries)
      .values({ weekStart: week.from })
      .onConflictDoNothing({ target: weeklySummaries.weekStart })
      .returning({ weekStart: weeklySummaries.weekStart });
    if (taken.length === 0) return false;
    const notificationId = await enqueueNotification(tx, {
      kind: weeklySummaryKind,
      recipient,
      payload,
    });
    await tx
      .update(weeklySummaries)
      .set({ notificationId })
      .where(eq(weeklySummaries.weekStart, week.from));
    return true;
  });
}

export interface WeeklySummaryOptions {
  /** WEEKLY_SUMMARY_TO: the owner's address. Unset: no summary, and no scheduler. */
  recipient: string | undefined;
  /** Kicked after a summary is queued, so it goes out at once rather than at the next poll. */
  outbox: Pick<OutboxSender, "kick">;
  log: Logger;
  /** The clock (tests give their own). */
  now?: () => Date;
  checkMs?: number;
}

/** check() resolves whether this check queued the summary. */
export type WeeklySummaryScheduler = PeriodicCheck<boolean>;

/**
 * Checks at once and then every `checkMs` whether the weekly summary is due, and queues it.
 * Null when no recipient is set: the summary is off.
 */
export function startWeeklySummary(
  db: Database,
  options: WeeklySummaryOptions,
): WeeklySummaryScheduler | null {
  const { recipient, log } = options;
  if (!recipient) return null;
  const clock = options.now ?? (() => new Date());
  const once = async () => {
    try {
      const now = clock();
      const queued = await queueWeeklySummary(db, { now, recipient });
      if (queued) {
        log.info({ week: weekBefore(now).from }, "weekly summary queued");
        options.outbox.kick();
      }
      return queued;
    } catch (error) {
      // Another check comes in ten minutes; until Sunday ends, the week can still be queued.
      log.error({ err: error }, "weekly summary check failed");
      return false;
    }
  };
  return startPeriodicCheck(once, options.checkMs ?? weeklySummaryCheckMs, false);
}
