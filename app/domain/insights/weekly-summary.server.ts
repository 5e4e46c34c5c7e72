// The owner's weekly summary (WEEKLY_SUMMARY_TO): from Monday 9:00 in India, the week before is
// queued in the outbox, once. Every instance checks, at start and every ten minutes; the week's
// row in `weekly_summaries` (its Monday is the primary key) is written in the same transaction as
// the outbox row, and only the instance whose insert took the week queues the e-mail. Exactly one
// per week, however many instances run and however often they restart: the key decides, not
// the timing. Only the week before the current one is ever queued, so a week during which no
// instance ran from its Monday 9:00 to the next Monday is skipped, not sent late.
//
// A new site's first check would summarise a week before the site existed (installed on a
// Thursday, the Monday to Sunday before it), a week of zeros. So while no week has ever been
// recorded, the week before is sent only if a request had come by its end; otherwise its row is
// written without an e-mail, and the first summary is the next Monday's, of the week the site
// began in. Stored rows decide it, not an instance's memory, so every instance, a restart and a
// database restored from a backup agree; a site that had requests, or any week recorded, sends
// every week as it always did (WEEKLY_SUMMARY_TO set on a Thursday still sends the week before).
import { eq, lt, ne } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { summaryDueAt, weekBefore } from "#app/domain/insights/period.ts";
import {
  type WeeklySummaryPayload,
  weeklySummaryKind,
} from "#app/domain/insights/weekly-summary-mail.server.ts";
import type { MailSender } from "#app/domain/mail/mail-sender.server.ts";
import { enqueueMessage } from "#app/domain/outbox/outbox.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type PeriodicCheck, startPeriodicCheck } from "#app/lib/periodic-check.ts";
import { appointments, weeklySummaries } from "#db/schema.ts";

/** How often each instance checks whether the summary is due. */
const weeklySummaryCheckMs = 10 * 60_000;

/**
 * What a call did: queued the week's summary; took the week without an e-mail because it
 * predates the site; or nothing (not due, or another call took the week).
 */
export type WeeklySummaryOutcome = "queued" | "before-site" | "none";

type Reader = Pick<Database, "select">;

/**
 * Whether the site existed in the week that ends at `weekEnd`: a week other than `weekStart` was
 * recorded (the summary has run before, here or in the database a backup restored), or a request
 * came by that week's end. A week that fails both had no request, nor any before it: its summary
 * would have reported an empty week.
 */
async function siteExisted(db: Reader, weekStart: string, weekEnd: Date): Promise<boolean> {
  const [recorded] = await db
    .select({ weekStart: weeklySummaries.weekStart })
    .from(weeklySummaries)
    .where(ne(weeklySummaries.weekStart, weekStart))
    .limit(1);
  if (recorded) return true;
  const [request] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(lt(appointments.createdAt, weekEnd))
    .limit(1);
  return request !== undefined;
}

/**
 * Queues the summary of the week before `now`'s, if it is due (Monday 9:00 in India has passed),
 * no instance has taken the week yet, and the site existed in it.
 */
export async function queueWeeklySummary(
  db: Database,
  options: { now: Date; recipient: string },
): Promise<WeeklySummaryOutcome> {
  const { now, recipient } = options;
  if (now < summaryDueAt(now)) return "none";
  const week = weekBefore(now);
  const payload: WeeklySummaryPayload = { from: week.from, to: week.to };
  return db.transaction(async (tx) => {
    const taken = await tx
      .insert(weeklySummaries)
      .values({ weekStart: week.from })
      .onConflictDoNothing({ target: weeklySummaries.weekStart })
      .returning({ weekStart: weeklySummaries.weekStart });
    if (taken.length === 0) return "none";
    // Decided by the instance whose insert took the week, in the same transaction: the row stays
    // (notification_id null), so the week is never sent by another instance or a later check.
    if (!(await siteExisted(tx, week.from, week.end))) return "before-site";
    const notificationId = await enqueueMessage(tx, {
      kind: weeklySummaryKind,
      recipient,
      payload,
    });
    await tx
      .update(weeklySummaries)
      .set({ notificationId })
      .where(eq(weeklySummaries.weekStart, week.from));
    return "queued";
  });
}

export interface WeeklySummaryOptions {
  /** WEEKLY_SUMMARY_TO: the owner's address. Unset: no summary, and no scheduler. */
  recipient: string | undefined;
  /** Kicked after a summary is queued, so it goes out at once rather than at the next poll. */
  mailSender: Pick<MailSender, "kick">;
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
      const outcome = await queueWeeklySummary(db, { now, recipient });
      const week = weekBefore(now).from;
      if (outcome === "queued") {
        log.info({ week }, "weekly summary queued");
        options.mailSender.kick();
      } else if (outcome === "before-site") {
        // Said once, by the instance that took the week, for an owner who expected an e-mail.
        log.info({ week }, "weekly summary not sent: the week predates the site");
      }
      return outcome === "queued";
    } catch (error) {
      // Another check comes in ten minutes; until Sunday ends, the week can still be queued.
      log.error({ err: error }, "weekly summary check failed");
      return false;
    }
  };
  return startPeriodicCheck(once, options.checkMs ?? weeklySummaryCheckMs, false);
}
