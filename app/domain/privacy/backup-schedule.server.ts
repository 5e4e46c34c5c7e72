// Backups on a schedule (docs/operations.md): with BACKUP_DIR set, each India day from BACKUP_AT
// (02:30 by default) the running server backs up its own open database into that folder
// (backupDatabase: the same file as `npm run db:backup`), once across instances. Every instance
// checks at start and every ten minutes. The day's row in `backup_runs` is the claim: inserted
// before the backup, held for an hour (longer than any backup takes), finished once the file is
// checked and kept, deleted if the backup failed, so the next check tries again; a row held by an
// instance that stopped mid-way is taken again once its hour has passed. Only the current India day
// is looked at: a day on which no instance ran past BACKUP_AT is not caught up the next day (the
// alert says so).
//
// On PGlite the backup reads in one transaction on the database's one connection: requests wait
// while it runs (seconds for a clinic's data; docs/operations.md), hence the small hours.
import { readdir, stat, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, queryRows } from "#app/db.server.ts";
import {
  BackupError,
  type BackupResult,
  backupDatabase,
} from "#app/domain/privacy/backup.server.ts";
import { errorLine } from "#app/domain/privacy/backup-errors.server.ts";
import { indiaDay, parseIndiaDateTime } from "#app/lib/dates.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { type PeriodicCheck, startPeriodicCheck } from "#app/lib/periodic-check.ts";
import type { BackupKind } from "#db/schema.ts";

/** How often each instance checks whether today's backup is due. */
const backupCheckMs = 10 * 60_000;

/** How long an instance holds the day's backup while it runs: far longer than any backup takes. */
const backupHoldMs = 60 * 60_000;

/** What `backup_runs` keeps of a backup: its file's name (no folder), its rows and size. */
export interface BackupRecord {
  kind: BackupKind;
  finishedAt: Date;
  file: string;
  rows: number;
  bytes: number;
}

async function recordOf(kind: BackupKind, result: BackupResult, finishedAt: Date) {
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  const { size } = await stat(result.file);
  return { kind, finishedAt, file: basename(result.file), rows, bytes: size };
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Records a backup made by hand (`npm run db:backup`), once its file is checked and kept. */
export async function recordManualBackup(
  db: Database,
  result: BackupResult,
  finishedAt = new Date(),
): Promise<BackupRecord> {
  const record = await recordOf("manual", result, finishedAt);
  await db.execute(
    sql`INSERT INTO backup_runs (kind, started_at, finished_at, file, rows, bytes)
      VALUES ('manual', ${at(finishedAt)}, ${at(finishedAt)}, ${record.file}, ${record.rows},
        ${record.bytes})`,
  );
  return record;
}

/** When `now`'s India day's backup is due: BACKUP_AT ("02:30") that day in India. */
function backupDueAt(now: Date, backupAt: string): Date {
  const dueAt = parseIndiaDateTime(`${indiaDay(now)}T${backupAt}`);
  if (!dueAt) throw new Error(`not a time of day: ${backupAt}`);
  return dueAt;
}

interface ScheduledBackupOptions {
  /** BACKUP_DIR: the folder the backups are written to. */
  dir: string;
  /** BACKUP_AT: the time of day in India from which the day's backup is due. */
  backupAt: string;
}

/**
 * Takes today's backup (India's day of `clock()`) if it is due and no instance has taken it, and
 * records it. Resolves the record, or null when it was not due or another instance has it. Throws
 * when the backup failed, its claim then given back.
 */
async function runScheduledBackup(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  options: ScheduledBackupOptions & { clock: () => Date },
): Promise<BackupRecord | null> {
  const { db } = handle;
  const now = options.clock();
  if (now < backupDueAt(now, options.backupAt)) return null;
  const day = indiaDay(now);
  // Another instance inserting the same day waits here for this one to commit, then finds the
  // row held (or finished), and leaves it.
  const [claim] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO backup_runs (kind, day, started_at, held_until)
      VALUES ('scheduled', ${day}, ${at(now)}, ${at(new Date(now.getTime() + backupHoldMs))})
      ON CONFLICT (day) DO UPDATE
        SET started_at = excluded.started_at, held_until = excluded.held_until
        WHERE backup_runs.finished_at IS NULL AND backup_runs.held_until < ${at(now)}
      RETURNING id`,
  );
  if (!claim) return null;
  let record: BackupRecord;
  try {
    const result = await backupDatabase(handle, options.dir, now);
    record = await recordOf("scheduled", result, options.clock());
  } catch (error) {
    // No row for a backup that was not made; the next check takes the day again.
    await db
      .execute(sql`DELETE FROM backup_runs WHERE id = ${claim.id} AND finished_at IS NULL`)
      .catch(() => {});
    throw error;
  }
  await db.execute(
    sql`UPDATE backup_runs SET finished_at = ${at(record.finishedAt)}, held_until = NULL,
        file = ${record.file}, rows = ${record.rows}, bytes = ${record.bytes}
      WHERE id = ${claim.id}`,
  );
  return record;
}

/**
 * Why a backup failed, without a row's data or a path: a BackupError's words hold neither; a
 * system error (no space, no permission) by its code and call, as its message names the folder.
 */
function failureReason(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code === "string" && typeof syscall === "string") return `${syscall}: ${code}`;
  return errorLine(error);
}

/** A backup file's name as backupDatabase makes it: `2026-11-24T0930.jsonl.gz`, `…-2.jsonl.gz`. */
const backupFileName = /^\d{4}-\d{2}-\d{2}T\d{4}(-\d+)?\.jsonl\.gz$/;

/**
 * Deletes the backup files in `dir` last written more than `keepDays` days before `now`, and
 * resolves how many. Only files named as backups are touched (never the erasure ledger, which
 * must outlive every backup, nor anything else kept there).
 */
async function pruneBackups(dir: string, keepDays: number, now: Date): Promise<number> {
  if (keepDays <= 0) return 0;
  const before = now.getTime() - keepDays * 24 * 60 * 60_000;
  let deleted = 0;
  for (const name of await readdir(dir)) {
    if (!backupFileName.test(name)) continue;
    const file = join(dir, name);
    const { mtimeMs } = await stat(file);
    if (mtimeMs >= before) continue;
    await unlink(file);
    deleted += 1;
  }
  return deleted;
}

export interface BackupScheduleOptions {
  /** BACKUP_DIR; unset, nothing is scheduled. */
  dir: string | undefined;
  /** BACKUP_AT. */
  backupAt: string;
  /** BACKUP_KEEP_DAYS: older backup files in `dir` are deleted after each day's backup. */
  keepDays: number;
  log: Logger;
  /** The clock (tests give their own). */
  now?: () => Date;
  checkMs?: number;
}

/** check() resolves what this check backed up, or null (not due, another has it, or failed). */
export type BackupScheduler = PeriodicCheck<BackupRecord | null>;

/**
 * Checks at once and then every `checkMs` whether today's backup is due, and makes it. Null when
 * BACKUP_DIR is unset: no scheduled backups.
 */
export function startBackupSchedule(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  options: BackupScheduleOptions,
): BackupScheduler | null {
  const { dir, log } = options;
  if (!dir) return null;
  const clock = options.now ?? (() => new Date());
  const once = async () => {
    try {
      const record = await runScheduledBackup(handle, { dir, backupAt: options.backupAt, clock });
      // The file's name and counts only: never the folder, which may name a person.
      if (record) {
        log.info({ file: record.file, rows: record.rows, bytes: record.bytes }, "backup written");
        // The day's backup is made whatever befalls the old ones: a failure here is its own line.
        await pruneBackups(dir, options.keepDays, clock()).then(
          (deleted) => {
            if (deleted > 0)
              log.info({ deleted, keepDays: options.keepDays }, "old backups deleted");
          },
          (error) => log.error({ reason: failureReason(error) }, "old backups not deleted"),
        );
      }
      return record;
    } catch (error) {
      log.error(
        { reason: failureReason(error) },
        "scheduled backup failed; tried again at the next check",
      );
      return null;
    }
  };
  return startPeriodicCheck(once, options.checkMs ?? backupCheckMs, null);
}
