// Scheduled backups (docs/operations.md) on the real databases: written by the running instances
// from BACKUP_AT India time, once a day across two instances checking at the same moment, and
// recorded (the file's name, its rows and size, never the folder); a failed backup leaves no row,
// is logged without its folder and is tried again at the next check; a day held by an instance
// that stopped mid-way is taken again once its hold has passed. The clock is the test's.
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, onTestFinished } from "vitest";
import type { DatabaseHandle } from "#app/db.server.ts";
import { readOperations } from "#app/domain/operations/operations-reading.server.ts";
import { checkBackupFile } from "#app/domain/privacy/backup-file.server.ts";
import {
  type BackupRecord,
  type BackupScheduler,
  startBackupSchedule,
} from "#app/domain/privacy/backup-schedule.server.ts";
import { backupRuns } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { captureLog } from "#tests/integration/fixtures.ts";

/** A time in India, written as India's clocks show it. */
const india = (local: string) => new Date(`${local}+05:30`);

function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "physio-backups-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Instance {
  backups: BackupScheduler;
  logLines(): string[];
}

function startInstance(handle: DatabaseHandle, dir: string, clock: { now: Date }): Instance {
  const { log, lines } = captureLog();
  const backups = startBackupSchedule(handle, {
    dir,
    backupAt: "02:30",
    keepDays: 30,
    log,
    now: () => clock.now,
    // Only the start's check and the test's: nothing waits for a timer.
    checkMs: 3_600_000,
  });
  if (!backups) throw new Error("the backups did not start");
  onTestFinished(() => backups.stop());
  return { backups, logLines: lines };
}

const recorded = (handle: DatabaseHandle) =>
  handle.db
    .select({
      kind: backupRuns.kind,
      day: backupRuns.day,
      finishedAt: backupRuns.finishedAt,
      heldUntil: backupRuns.heldUntil,
      file: backupRuns.file,
      rows: backupRuns.rows,
      bytes: backupRuns.bytes,
    })
    .from(backupRuns)
    .orderBy(backupRuns.startedAt);

/** What a backup file holds, as a restore reads it, and its size. */
async function fileFacts(dir: string, file: string) {
  const { rows } = await checkBackupFile(join(dir, file));
  return {
    rows: Object.values(rows).reduce((sum, count) => sum + count, 0),
    bytes: statSync(join(dir, file)).size,
  };
}

describeEachDatabase("scheduled backups", (database) => {
  it("are written once a day by two instances from BACKUP_AT, and recorded", async () => {
    const dir = scratchFolder();
    const clock = { now: india("2026-11-27T02:29:59") };
    const second = await database.openInstance();
    const a = startInstance(database.handle, dir, clock);
    const b = startInstance(second, dir, clock);
    const checkBoth = () =>
      Promise.all([a.backups.check(), b.backups.check()]) as Promise<(BackupRecord | null)[]>;

    expect(await checkBoth()).toEqual([null, null]);
    expect(readdirSync(dir)).toEqual([]);

    clock.now = india("2026-11-27T02:30:00");
    const first = (await checkBoth()).filter((record) => record !== null);
    const file = "2026-11-27T0230.jsonl.gz";
    expect(readdirSync(dir).sort()).toEqual([file, "erasures.json"]);
    const facts = await fileFacts(dir, file);
    expect(facts.rows).toBeGreaterThan(0);
    expect(first).toEqual([{ kind: "scheduled", finishedAt: clock.now, file, ...facts }]);
    expect(await recorded(database.handle)).toEqual([
      {
        kind: "scheduled",
        day: "2026-11-27",
        finishedAt: clock.now,
        heldUntil: null,
        file,
        ...facts,
      },
    ]);
    const [line] = [...a.logLines(), ...b.logLines()].filter((text) => text.includes("backup"));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ msg: "backup written", file, ...facts });
    expect(line).not.toContain(dir);

    // The rest of the day, both checking: nothing more.
    clock.now = india("2026-11-27T23:59:00");
    expect(await checkBoth()).toEqual([null, null]);
    expect(readdirSync(dir)).toHaveLength(2);

    // The next day's, once.
    clock.now = india("2026-11-28T09:15:00");
    expect((await checkBoth()).filter((record) => record !== null)).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual([file, "2026-11-28T0915.jsonl.gz", "erasures.json"]);
    expect((await recorded(database.handle)).map((run) => run.day)).toEqual([
      "2026-11-27",
      "2026-11-28",
    ]);
    const reading = await readOperations(database.db, { dataDir: null, now: clock.now });
    expect(reading.lastBackupAt).toEqual(clock.now);
  });

  it("leave no row when one fails, say why without the folder, and try again at the next check", async () => {
    // A file where the folder should be: the backup cannot be written there.
    const dir = join(scratchFolder(), "backups-of-dr-meera-kapoor");
    writeFileSync(dir, "");
    const clock = { now: india("2026-11-27T03:00:00") };
    const instance = startInstance(database.handle, dir, clock);
    expect(await instance.backups.check()).toBeNull();
    expect(await recorded(database.handle)).toEqual([]);
    const failures = instance
      .logLines()
      .map((text) => JSON.parse(text))
      .filter((line) => line.level === "error");
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure).toEqual({
        level: "error",
        time: expect.any(String),
        reason: expect.stringMatching(/^mkdir: E[A-Z]+$/),
        msg: "scheduled backup failed; tried again at the next check",
      });
    }

    rmSync(dir);
    clock.now = india("2026-11-27T03:10:00");
    const record = await instance.backups.check();
    expect(record?.file).toBe("2026-11-27T0310.jsonl.gz");
    expect((await recorded(database.handle)).map((run) => run.file)).toEqual([record?.file]);
  });

  it("take the day again from an instance that stopped mid-way, once its hold has passed", async () => {
    const dir = scratchFolder();
    const clock = { now: india("2026-11-27T02:45:00") };
    // An instance took the day at 2:40 and stopped before it finished.
    await database.db.insert(backupRuns).values({
      kind: "scheduled",
      day: "2026-11-27",
      startedAt: india("2026-11-27T02:40:00"),
      heldUntil: india("2026-11-27T03:40:00"),
    });
    const instance = startInstance(database.handle, dir, clock);
    expect(await instance.backups.check()).toBeNull();
    expect(readdirSync(dir)).toEqual([]);

    clock.now = india("2026-11-27T03:41:00");
    expect((await instance.backups.check())?.file).toBe("2026-11-27T0341.jsonl.gz");
    expect(await recorded(database.handle)).toEqual([
      expect.objectContaining({
        day: "2026-11-27",
        file: "2026-11-27T0341.jsonl.gz",
        finishedAt: clock.now,
        heldUntil: null,
      }),
    ]);
  });

  it("delete the backup files older than BACKUP_KEEP_DAYS after the day's backup, and nothing else", async () => {
    const dir = scratchFolder();
    const dueAt = india("2026-11-27T02:30:00");
    const clock = { now: india("2026-11-27T02:29:00") };
    const daysBefore = (days: number) => new Date(dueAt.getTime() - days * 86_400_000);
    const aged = (name: string, days: number) => {
      writeFileSync(join(dir, name), "");
      utimesSync(join(dir, name), daysBefore(days), daysBefore(days));
    };
    aged("2026-10-27T0230.jsonl.gz", 31);
    aged("2026-10-27T0230-2.jsonl.gz", 31);
    aged("2026-10-29T0230.jsonl.gz", 29);
    // Anything else kept there is not ours (and the ledger, written by each backup, stays).
    aged("notes-about-the-restore.txt", 400);
    const instance = startInstance(database.handle, dir, clock);
    // Nothing is deleted before a backup is made.
    await instance.backups.check();
    expect(readdirSync(dir)).toHaveLength(4);
    clock.now = dueAt;
    expect((await instance.backups.check())?.file).toBe("2026-11-27T0230.jsonl.gz");
    expect(readdirSync(dir).sort()).toEqual([
      "2026-10-29T0230.jsonl.gz",
      "2026-11-27T0230.jsonl.gz",
      "erasures.json",
      "notes-about-the-restore.txt",
    ]);
    const lines = instance.logLines().map((text) => JSON.parse(text));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "old backups deleted", deleted: 2, keepDays: 30 }),
    );
  });
});
