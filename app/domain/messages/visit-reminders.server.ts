// The evening reminder (decision 038): once India time is past VISIT_REMINDER_AT (18:00 by
// default) on a day D, every visit of the next India day whose family wants updates is reminded,
// once. Every instance checks, at start and every five minutes; the visit's own row decides who
// takes it: one UPDATE … WHERE reminder_queued_at IS NULL … RETURNING stamps the visits and, in
// the same transaction, their "family_visit_reminder" messages are queued. Two instances checking
// at the same moment each take only the rows they locked (FOR UPDATE SKIP LOCKED: a row another
// is taking is skipped, one another took is read again and no longer matches): once, however many
// instances run, by the rows, not the timing. A visit moved after its reminder gets its own again
// (moveVisit clears reminder_queued_at); a visit booked or moved on D after the reminder time is
// left out, as the confirmation just sent says the same. Only tomorrow's visits are looked at:
// an evening no instance ran past the reminder time is not caught up the next morning.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import {
  type FamilyMessageMode,
  queueFamilyMessage,
} from "#app/domain/messages/family-messages.server.ts";
import { indiaDay, parseIndiaDateTime } from "#app/lib/dates.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type PeriodicCheck, startPeriodicCheck } from "#app/lib/periodic-check.ts";
import { appointments, notifications, visits } from "#db/schema.ts";

/** How often each instance checks whether reminders are due. */
const visitReminderCheckMs = 5 * 60_000;

const dayMs = 24 * 60 * 60_000;

/**
 * When `now`'s India day's reminders are due (VISIT_REMINDER_AT, "18:00", that day in India), and
 * the India day they are about: [from, until) of tomorrow. India keeps one offset all year.
 */
export function reminderWindow(now: Date, reminderAt: string) {
  const today = indiaDay(now);
  const dueAt = parseIndiaDateTime(`${today}T${reminderAt}`);
  const midnight = parseIndiaDateTime(`${today}T00:00`);
  if (!dueAt || !midnight) throw new Error(`not a time of day: ${reminderAt}`);
  const from = new Date(midnight.getTime() + dayMs);
  return { dueAt, from, until: new Date(from.getTime() + dayMs) };
}

/**
 * Queues tomorrow's reminders if they are due and not yet queued, each with its visit stamped, in
 * one transaction. Resolves how many this call queued (0 before the time, or when another
 * instance took them).
 */
export async function queueVisitReminders(
  db: Database,
  options: { now: Date; reminderAt: string; mode: FamilyMessageMode },
): Promise<number> {
  const { now, reminderAt, mode } = options;
  const { dueAt, from, until } = reminderWindow(now, reminderAt);
  if (now < dueAt) return 0;
  return db.transaction(async (tx) => {
    // The visits are locked as they are taken, skipping any another instance is taking at this
    // moment (it has them): no instance waits on another, and none takes a visit twice, as a
    // row another took since this statement began is read again and no longer matches.
    const taken = await queryRows<{ id: string; appointment_id: string }>(
      tx,
      sql`WITH due AS (
        SELECT v.id FROM ${visits} v
        JOIN ${appointments} a ON a.id = v.appointment_id
        WHERE v.status = 'scheduled'
          AND v.reminder_queued_at IS NULL
          AND v.starts_at >= ${from.toISOString()}::timestamptz
          AND v.starts_at < ${until.toISOString()}::timestamptz
          AND a.erased_at IS NULL AND NOT a.junk
          AND a.whatsapp_consent_at IS NOT NULL AND a.whatsapp_stopped_at IS NULL
          AND NOT EXISTS (
            SELECT 1 FROM ${notifications} n
            WHERE n.visit_id = v.id AND n.channel = 'whatsapp'
              AND n.kind IN ('family_visit_booked', 'family_visit_moved')
              AND n.created_at >= ${dueAt.toISOString()}::timestamptz
          )
        ORDER BY v.starts_at, v.id
        FOR UPDATE OF v SKIP LOCKED
      )
      UPDATE ${visits} v SET reminder_queued_at = ${now.toISOString()}::timestamptz
      FROM due
      WHERE v.id = due.id AND v.reminder_queued_at IS NULL
      RETURNING v.id, v.appointment_id`,
    );
    let queued = 0;
    for (const visit of taken) {
      const id = await queueFamilyMessage(
        tx,
        { appointmentId: visit.appointment_id, visitId: visit.id, kind: "family_visit_reminder" },
        mode,
      );
      if (id !== null) queued++;
    }
    return queued;
  });
}

export interface VisitRemindersOptions {
  /** VISIT_REMINDER_AT: the time of day in India ("18:00"). */
  reminderAt: string;
  /** Through the Cloud API, or by hand from the front desk's list. */
  mode: FamilyMessageMode;
  log: Logger;
  /** Called after reminders were queued, so that they go out at once (the WhatsApp sender). */
  messageQueued?: () => void;
  /** The clock (tests give their own). */
  now?: () => Date;
  checkMs?: number;
}

/** check() resolves how many reminders this check queued. */
export type VisitReminderScheduler = PeriodicCheck<number>;

/** Checks at once and then every `checkMs` whether tomorrow's reminders are due, and queues them. */
export function startVisitReminders(
  db: Database,
  options: VisitRemindersOptions,
): VisitReminderScheduler {
  const clock = options.now ?? (() => new Date());
  const once = async () => {
    try {
      const queued = await queueVisitReminders(db, {
        now: clock(),
        reminderAt: options.reminderAt,
        mode: options.mode,
      });
      if (queued > 0) {
        options.log.info({ queued, mode: options.mode }, "visit reminders queued");
        options.messageQueued?.();
      }
      return queued;
    } catch (error) {
      // Another check comes in five minutes; until midnight, tomorrow's visits can still be taken.
      options.log.error({ err: error }, "visit reminder check failed");
      return 0;
    }
  };
  return startPeriodicCheck(once, options.checkMs ?? visitReminderCheckMs, 0);
}
