// When the owner is told (decision 039): each kind of alert's condition on one operations
// reading, a pure function so that a test can hand it any figures (a disk 95 % full) without
// filling a disk. What each means and what to do: alert-texts.ts and docs/operations.md.
import type { OperationsReading } from "#app/domain/operations/operations-reading.ts";
import type { AlertKind } from "#db/schema.ts";

/** The limits, in one place (docs/operations.md states them). */
const alertLimits = {
  /** The oldest staff e-mail still waiting, past this: the outbox is stuck. */
  emailWaitingSeconds: 30 * 60,
  /** No backup written for this long (only where backups are configured). */
  backupHours: 26,
  /** The retention job has not run for this long. */
  retentionHours: 26,
  /** The embedded database's disk this full opens the alert… */
  diskOpen: 0.9,
  /**
   * …and it is over only below this: a disk hovering about 90 % (the database's own files grow
   * and shrink as it checkpoints) would otherwise send an alert and its end every few minutes.
   */
  diskClear: 0.85,
} as const;

/** What a check saw, stored with the incident and told in its e-mail: figures only. */
export type AlertDetail =
  | { kind: "staff_email"; failedLastHour: number; queued: number; oldestMinutes: number | null }
  | { kind: "patient_messages"; failedLastHour: number }
  | { kind: "backup"; lastAt: string | null; hours: number }
  | { kind: "retention"; lastAt: string | null; hours: number }
  | { kind: "disk"; usedPercent: number };

/** An incident still open, as the dashboard shows it. */
export interface OpenIncident {
  kind: AlertKind;
  openedAt: Date;
  detail: AlertDetail;
}

export interface ConditionOptions {
  /** Whether backups are scheduled here (BACKUP_DIR set): the backup alert holds only then. */
  backupsConfigured: boolean;
  /**
   * Since when this instance has been watching: a backup or retention run that never happened
   * counts from here, so that a new installation is not told at once of a backup it never had.
   */
  since: Date;
  /** The kinds with an incident open (the disk's is over only below `diskClear`). */
  open: ReadonlySet<AlertKind>;
}

const hourMs = 60 * 60_000;

/** The conditions that hold on this reading, each with what was seen. */
export function alertConditions(reading: OperationsReading, options: ConditionOptions) {
  const found = new Map<AlertKind, AlertDetail>();
  const { email, whatsapp } = reading.outbox;
  if (
    email.failedLastHour > 0 ||
    (email.oldestSeconds !== null && email.oldestSeconds > alertLimits.emailWaitingSeconds)
  ) {
    found.set("staff_email", {
      kind: "staff_email",
      failedLastHour: email.failedLastHour,
      queued: email.queued,
      oldestMinutes: email.oldestSeconds === null ? null : Math.floor(email.oldestSeconds / 60),
    });
  }
  // Messages waiting for staff to send by hand are not watched here: they are people's work,
  // listed on the front desk's Needs attention and /admin/messages, not a machine's failure.
  if (whatsapp.failedLastHour > 0) {
    found.set("patient_messages", {
      kind: "patient_messages",
      failedLastHour: whatsapp.failedLastHour,
    });
  }
  const hoursSince = (last: Date | null) =>
    (reading.at.getTime() - (last ?? options.since).getTime()) / hourMs;
  if (options.backupsConfigured) {
    const hours = hoursSince(reading.lastBackupAt);
    if (hours > alertLimits.backupHours) {
      found.set("backup", {
        kind: "backup",
        lastAt: reading.lastBackupAt?.toISOString() ?? null,
        hours: Math.floor(hours),
      });
    }
  }
  const retentionHours = hoursSince(reading.lastRetentionAt);
  if (retentionHours > alertLimits.retentionHours) {
    found.set("retention", {
      kind: "retention",
      lastAt: reading.lastRetentionAt?.toISOString() ?? null,
      hours: Math.floor(retentionHours),
    });
  }
  if (reading.diskUsed !== null) {
    const limit = options.open.has("disk") ? alertLimits.diskClear : alertLimits.diskOpen;
    if (reading.diskUsed >= limit) {
      found.set("disk", { kind: "disk", usedPercent: Math.floor(reading.diskUsed * 100) });
    }
  }
  return found;
}
