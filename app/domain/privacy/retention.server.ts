// Retention (DPDP Act s. 8(7)): once a day, personal data whose purpose is served goes. Requests
// completed or marked junk more than RETENTION_MONTHS ago are erased (erasure.server.ts: the
// personal fields, not the figures); unconfirmed newsletter addresses older than
// NEWSLETTER_PENDING_DAYS are deleted with their confirmation e-mails; delivered e-mails lose their
// stored content; expired sessions, account links and rate-limit counters are deleted; access-log
// rows past their year are purged; the WhatsApp webhook's delivery ids are forgotten after a month.
// Every instance checks at start and every ten minutes; the
// day's row in `retention_runs` (India's day is the key) is written in the same transaction as
// the work, so one instance runs it per day, and a run that fails leaves no row and is tried again
// at the next check.
import { TZDate } from "@date-fns/tz";
import { subDays, subMonths } from "date-fns";
import { eq, type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { newsletterConfirmKind } from "#app/domain/newsletter/newsletter-mail.server.ts";
import { purgeAccessLog } from "#app/domain/privacy/access-log.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { indiaDay, indiaTimeZone } from "#app/lib/dates.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type PeriodicCheck, startPeriodicCheck } from "#app/lib/periodic-check.ts";
import { retentionRuns } from "#db/schema.ts";

/** How often each instance checks whether today's run is done. */
const retentionCheckMs = 10 * 60_000;

/**
 * A delivered e-mail's stored content (its payload: the links of an account or newsletter
 * e-mail, a summary's week) is kept this long after it was sent. Nothing reads it once the
 * e-mail is out; it holds live links (a newsletter's unsubscribe link never expires), and a week
 * is enough to look into "what did that e-mail say?" while its links could still be in use.
 */
export const sentMailContentDays = 7;

/**
 * Sessions and account links are deleted this long after they expired: they stop working at
 * expiry whether or not the row is there; the week keeps the recent sign-ins (address, browser)
 * at hand for looking into a suspicious one (the access log keeps the longer record).
 */
const expiredAuthDays = 7;

/**
 * The WhatsApp webhook's deliveries already acted on (`whatsapp_inbound`) are kept this long: the
 * id is what makes a delivery Meta sends again change nothing, and Meta retries for at most a
 * week. A message's id ("wamid.…") encodes the number it came from: no longer than needed.
 */
const whatsappInboundDays = 30;

/**
 * The keys of the changes therapists' phones sent (`therapist_changes`, decision 049) are kept this
 * long: a copy sent again within it is answered from the key; after it, the visit is out of the
 * therapist's reach (14 days) and a copy is refused whatever it says.
 */
const therapistChangesDays = 30;

/** How many requests one erasure statement takes. */
const eraseBatch = 1000;

export interface RetentionSettings {
  /** RETENTION_MONTHS: months a completed or junk request keeps its personal data. */
  retentionMonths: number;
  /** NEWSLETTER_PENDING_DAYS: days an unconfirmed newsletter address is kept. */
  newsletterPendingDays: number;
  /**
   * Called with the requests a run erased, once it has committed: what takes their old values
   * off the disk (erasure.server.ts's scrubErasure).
   */
  afterErasure?: (ids: string[]) => Promise<void>;
}

/** What one run did, as counts: what `retention_runs.result` holds. */
export interface RetentionResult {
  /** Requests whose personal data was erased. */
  appointments: number;
  /** Unconfirmed newsletter addresses deleted, and their confirmation e-mails. */
  newsletter: number;
  newsletterMail: number;
  /** Delivered e-mails whose stored content was dropped. */
  mailContent: number;
  sessions: number;
  verifications: number;
  rateLimits: number;
  accessLog: number;
  /** The WhatsApp webhook's delivery ids older than `whatsappInboundDays`, deleted. */
  whatsappInbound: number;
  /** The keys of the therapists' changes older than `therapistChangesDays`, deleted. */
  therapistChanges: number;
}

/** The India calendar's "n months/days/years before", so that a limit ends at India's clock time. */
const before = (now: Date, step: (date: TZDate) => TZDate) =>
  new Date(step(new TZDate(now.getTime(), indiaTimeZone)).getTime());

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Runs a DELETE or UPDATE … RETURNING 1 and counts its rows. */
async function countOf(db: Database, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH done AS (${statement}) SELECT count(*)::int AS n FROM done`,
  );
  return row?.n ?? 0;
}

/**
 * The requests whose time is up: completed (the last change to completed) or marked junk (the
 * last junk mark) before `cutoff`, and still so. A request both completed and junk waits for the
 * later of the two. One whose status or mark has no record (stored before the audit trail, or
 * written by hand) counts from its arrival, the earliest it can have been closed. Rows someone
 * is changing at this moment are skipped, and looked at again tomorrow.
 */
async function expiredAppointments(db: Database, cutoff: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT a.id FROM appointments a
      WHERE a.erased_at IS NULL AND (a.status = 'completed' OR a.junk)
        AND greatest(
          CASE WHEN a.status = 'completed' THEN coalesce(
            (SELECT max(c.changed_at) FROM appointment_status_changes c
              WHERE c.appointment_id = a.id AND c.to_status = 'completed'),
            a.created_at) END,
          CASE WHEN a.junk THEN coalesce(
            (SELECT max(x.created_at) FROM appointment_activity x
              WHERE x.appointment_id = a.id AND x.kind = 'junk_marked'),
            a.created_at) END
        ) < ${at(cutoff)}
      ORDER BY a.id
      FOR UPDATE OF a SKIP LOCKED`,
  );
  return rows.map((row) => row.id);
}

/** Everything one run does, inside its transaction. */
async function purge(
  db: Database,
  now: Date,
  settings: RetentionSettings,
  erasedIds: string[],
): Promise<RetentionResult> {
  const ids = await expiredAppointments(
    db,
    before(now, (date) => subMonths(date, settings.retentionMonths)),
  );
  let appointments = 0;
  for (let i = 0; i < ids.length; i += eraseBatch) {
    const erased = await eraseAppointments(db, ids.slice(i, i + eraseBatch), {
      reason: "retention",
      by: "retention",
    });
    appointments += erased.length;
    erasedIds.push(...erased);
  }

  // An address never confirmed, whose last confirmation e-mail is older than the limit; its
  // e-mails go too (they name the address, and their links no longer lead anywhere).
  const pendingBefore = before(now, (date) => subDays(date, settings.newsletterPendingDays));
  const addresses = await queryRows<{ email: string }>(
    db,
    sql`DELETE FROM newsletter_subscriptions
      WHERE state = 'pending' AND confirmation_sent_at < ${at(pendingBefore)}
      RETURNING email`,
  );
  const newsletterMail = await countOf(
    db,
    sql`DELETE FROM notifications
      WHERE kind = ${newsletterConfirmKind}
        AND recipient = ANY(${sql.param(addresses.map((row) => row.email))}::text[])
      RETURNING 1`,
  );

  const mailContent = await countOf(
    db,
    sql`UPDATE notifications SET payload = NULL
      WHERE state = 'sent' AND payload IS NOT NULL
        AND sent_at < ${at(before(now, (date) => subDays(date, sentMailContentDays)))}
      RETURNING 1`,
  );

  const authBefore = at(before(now, (date) => subDays(date, expiredAuthDays)));
  const sessions = await countOf(
    db,
    sql`DELETE FROM sessions WHERE expires_at < ${authBefore} RETURNING 1`,
  );
  const verifications = await countOf(
    db,
    sql`DELETE FROM verifications WHERE expires_at < ${authBefore} RETURNING 1`,
  );
  const rateLimits = await countOf(
    db,
    sql`DELETE FROM rate_limits WHERE expire < ${at(now)} RETURNING 1`,
  );

  // A year by `now` and by the database's clock, whichever is earlier (see purgeAccessLog).
  const accessLog = await purgeAccessLog(db, now);

  const whatsappInbound = await countOf(
    db,
    sql`DELETE FROM whatsapp_inbound
      WHERE received_at < ${at(before(now, (date) => subDays(date, whatsappInboundDays)))}
      RETURNING 1`,
  );

  const therapistChanges = await countOf(
    db,
    sql`DELETE FROM therapist_changes
      WHERE received_at < ${at(before(now, (date) => subDays(date, therapistChangesDays)))}
      RETURNING 1`,
  );

  return {
    appointments,
    newsletter: addresses.length,
    newsletterMail,
    mailContent,
    sessions,
    verifications,
    rateLimits,
    accessLog,
    whatsappInbound,
    therapistChanges,
  };
}

/**
 * Runs today's retention (India's day of `now`), unless an instance already has. Resolves what
 * it did, or null when today's run was done.
 */
export async function runRetention(
  db: Database,
  options: RetentionSettings & { now: Date },
): Promise<RetentionResult | null> {
  const { now } = options;
  const day = indiaDay(now);
  const erasedIds: string[] = [];
  const result = await db.transaction(async (tx) => {
    // Another instance inserting the same day waits here for this one to commit, then finds it.
    const taken = await tx
      .insert(retentionRuns)
      .values({ day, ranAt: now, result: {} })
      .onConflictDoNothing({ target: retentionRuns.day })
      .returning({ day: retentionRuns.day });
    if (taken.length === 0) return null;
    const result = await purge(tx, now, options, erasedIds);
    await tx.update(retentionRuns).set({ result }).where(eq(retentionRuns.day, day));
    return result;
  });
  if (erasedIds.length > 0) await options.afterErasure?.(erasedIds);
  return result;
}

export interface RetentionOptions extends RetentionSettings {
  log: Logger;
  /** The clock (tests give their own). */
  now?: () => Date;
  checkMs?: number;
}

/** check() resolves what this check's run did, or null (already run today, or failed). */
export type RetentionScheduler = PeriodicCheck<RetentionResult | null>;

/** Checks at once and then every `checkMs` whether today's retention has run, and runs it. */
export function startRetention(db: Database, options: RetentionOptions): RetentionScheduler {
  const { log } = options;
  const clock = options.now ?? (() => new Date());
  const once = async () => {
    try {
      const now = clock();
      const result = await runRetention(db, { ...options, now });
      // Counts only: never an address or a name.
      if (result) log.info({ day: indiaDay(now), ...result }, "retention run");
      return result;
    } catch (error) {
      // Nothing of the run stays; the next check, in ten minutes, tries the day again.
      log.error({ err: error }, "retention run failed");
      return null;
    }
  };
  return startPeriodicCheck(once, options.checkMs ?? retentionCheckMs, null);
}
