// The owner is told (decision 039). Every instance checks every ALERT_CHECK_SECONDS: it reads
// the operations reading, opens an incident for each condition that holds (alert-conditions.ts)
// and resolves the open ones that no longer hold, then sends the e-mails owed. Once per incident
// across instances, by the rows, not the timing: at most one open incident per kind (a partial
// unique index), so two instances seeing the same trouble insert one row between them; an e-mail
// is sent by the instance that holds the incident (an UPDATE … FOR UPDATE SKIP LOCKED: another
// skips it), stamped once sent, given back if the send failed and tried again at the next check.
//
// The e-mails go straight through the mailer, never through the outbox: the outbox being stuck
// is one of the things they tell. When the mail server itself is what fails, the alert cannot
// reach anyone by e-mail; the staff dashboard shows every open incident (openIncidents) and the
// log has it at error level. With no recipient (neither ALERT_TO nor WEEKLY_SUMMARY_TO) those two
// are all there is.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import type { Mailer } from "#app/domain/mail/mailer.server.ts";
import {
  type AlertDetail,
  alertConditions,
  type OpenIncident,
} from "#app/domain/operations/alert-conditions.ts";
import {
  type AlertMailOptions,
  composeAlertMail,
  type IncidentToTell,
} from "#app/domain/operations/alert-mail.server.ts";
import { alertNames } from "#app/domain/operations/alert-texts.ts";
import type { OperationsReading } from "#app/domain/operations/operations-reading.ts";
import { reportUnlessAway } from "#app/lib/database-availability.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type PeriodicCheck, startPeriodicCheck } from "#app/lib/periodic-check.ts";
import type { AlertKind } from "#db/schema.ts";

/** How long an instance sending an alert e-mail holds it: well past the mailer's timeouts. */
const mailHoldMs = 2 * 60_000;

/**
 * The e-mail saying an incident is over is owed this long after it ended; an older one is news
 * nobody needs (a recipient set only later is not sent last month's).
 */
const resolvedMailDays = 1;

interface AlertSettings {
  /** ALERT_TO, else WEEKLY_SUMMARY_TO; null: alerts are logged and shown, not e-mailed. */
  recipient: string | null;
  mailer: Pick<Mailer, "send">;
  mail: AlertMailOptions;
  /** BACKUP_DIR is set: the backup alert applies. */
  backupsConfigured: boolean;
  /** When this instance started watching (a backup or run never recorded counts from here). */
  since: Date;
  /** The operations reading at `now` (readOperations with this instance's folder). */
  read(now: Date): Promise<OperationsReading>;
  log: Logger;
}

/** What one check did. */
export interface AlertCheckReport {
  opened: AlertKind[];
  resolved: AlertKind[];
  /** The e-mails this check sent: which incident, and whether the one saying it is over. */
  mailed: { kind: AlertKind; over: boolean }[];
}

interface IncidentRow {
  id: string;
  kind: AlertKind;
  detail: AlertDetail;
  opened_at: Date | string;
  resolved_at: Date | string | null;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The incidents open now, oldest first (a few at most: one per kind). */
export async function openIncidents(db: Database): Promise<OpenIncident[]> {
  const rows = await queryRows<IncidentRow>(
    db,
    sql`SELECT id, kind, detail, opened_at, resolved_at FROM alert_incidents
      WHERE resolved_at IS NULL ORDER BY opened_at, kind`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    openedAt: dateOf(row.opened_at),
    detail: row.detail,
  }));
}

/** Opens an incident of this kind unless one is open; whether this call opened it. */
async function openIncident(db: Database, detail: AlertDetail, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO alert_incidents (kind, opened_at, detail)
      VALUES (${detail.kind}, ${at(now)}, ${JSON.stringify(detail)}::jsonb)
      ON CONFLICT (kind) WHERE resolved_at IS NULL DO NOTHING
      RETURNING id`,
  );
  return rows.length > 0;
}

/** Takes the incidents whose e-mail is owed and that no other instance is sending. */
async function holdOwedMails(db: Database, now: Date): Promise<IncidentRow[]> {
  return queryRows<IncidentRow>(
    db,
    sql`UPDATE alert_incidents SET mail_held_until = ${at(new Date(now.getTime() + mailHoldMs))}
      WHERE id IN (
        SELECT id FROM alert_incidents
        WHERE (mail_held_until IS NULL OR mail_held_until < ${at(now)})
          AND ((resolved_at IS NULL AND opened_mail_at IS NULL)
            OR (resolved_at IS NOT NULL AND resolved_mail_at IS NULL
              AND resolved_at > ${at(now)} - make_interval(days => ${resolvedMailDays})))
        ORDER BY opened_at
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, detail, opened_at, resolved_at`,
  );
}

/**
 * Sends each e-mail owed that this instance could hold; resolves those it sent. An incident over
 * before the e-mail saying it began went out gets only the one saying it is over, which says
 * when it began.
 */
async function sendOwedMails(
  db: Database,
  settings: AlertSettings & { recipient: string },
  now: Date,
): Promise<AlertCheckReport["mailed"]> {
  const mailed: AlertCheckReport["mailed"] = [];
  for (const row of await holdOwedMails(db, now)) {
    const incident: IncidentToTell = {
      kind: row.kind,
      detail: row.detail,
      openedAt: dateOf(row.opened_at),
      resolvedAt: row.resolved_at === null ? null : dateOf(row.resolved_at),
    };
    const over = incident.resolvedAt !== null;
    try {
      await settings.mailer.send({
        to: settings.recipient,
        ...composeAlertMail(incident, settings.mail),
      });
    } catch (error) {
      settings.log.warn(
        { alert: row.kind, error: (error instanceof Error ? error.message : "").slice(0, 200) },
        "alert e-mail failed; tried again at the next check",
      );
      await db.execute(sql`UPDATE alert_incidents SET mail_held_until = NULL WHERE id = ${row.id}`);
      continue;
    }
    await db.execute(
      over
        ? sql`UPDATE alert_incidents SET resolved_mail_at = ${at(now)}, mail_held_until = NULL
            WHERE id = ${row.id}`
        : sql`UPDATE alert_incidents SET opened_mail_at = ${at(now)}, mail_held_until = NULL
            WHERE id = ${row.id}`,
    );
    mailed.push({ kind: row.kind, over });
  }
  return mailed;
}

/** One check: the reading, the incidents opened and resolved, the e-mails owed. */
async function checkAlerts(
  db: Database,
  settings: AlertSettings & { now: Date },
): Promise<AlertCheckReport> {
  const { now, log } = settings;
  // The open incidents before the reading: an incident another instance opens on a newer reading
  // than this one is not resolved by this one's older figures.
  const open = new Map(
    (
      await queryRows<{ id: string; kind: AlertKind }>(
        db,
        sql`SELECT id, kind FROM alert_incidents WHERE resolved_at IS NULL`,
      )
    ).map((row) => [row.kind, row.id]),
  );
  const reading = await settings.read(now);
  const holding = alertConditions(reading, {
    backupsConfigured: settings.backupsConfigured,
    since: settings.since,
    open: new Set(open.keys()),
  });
  const report: AlertCheckReport = { opened: [], resolved: [], mailed: [] };
  for (const [kind, detail] of holding) {
    if (open.has(kind) || !(await openIncident(db, detail, now))) continue;
    report.opened.push(kind);
    // Figures only, as stored with the incident: the log is where an owner without e-mail looks.
    log.error({ alert: kind, ...detail }, `alert: ${alertNames[kind]}`);
  }
  for (const [kind, id] of open) {
    if (holding.has(kind)) continue;
    const [resolved] = await queryRows<{ id: string }>(
      db,
      sql`UPDATE alert_incidents SET resolved_at = ${at(now)}
        WHERE id = ${id} AND resolved_at IS NULL RETURNING id`,
    );
    if (!resolved) continue;
    report.resolved.push(kind);
    log.info({ alert: kind }, "alert over");
  }
  if (settings.recipient) {
    report.mailed = await sendOwedMails(db, { ...settings, recipient: settings.recipient }, now);
  }
  return report;
}

export interface AlertOptions extends AlertSettings {
  /** ALERT_CHECK_SECONDS, in milliseconds. */
  checkMs: number;
  /** The clock (tests give their own). */
  now?: () => Date;
}

/** check() resolves what this check did, or null when it failed (logged; the next one retries). */
export type AlertScheduler = PeriodicCheck<AlertCheckReport | null>;

/** Checks at once and then every `checkMs`. */
export function startAlerts(db: Database, options: AlertOptions): AlertScheduler {
  const clock = options.now ?? (() => new Date());
  const once = async () => {
    try {
      return await checkAlerts(db, { ...options, now: clock() });
    } catch (error) {
      reportUnlessAway(options.log, error, "alert check failed");
      return null;
    }
  };
  return startPeriodicCheck(once, options.checkMs, null);
}
