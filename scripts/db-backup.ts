// `npm run db:backup [-- <folder>]`: a consistent, compressed backup of the database the settings
// name (DATABASE_URL, else PGlite in DATA_DIR) into <folder> (default backups/), named by the
// India date and time, and the erasure ledger beside it brought up to date (docs/privacy.md).
// On PGlite the server must be stopped first: one process per folder (the lock says so); the
// running server's own backups are scheduled with BACKUP_DIR instead (docs/operations.md). Each
// backup is recorded in `backup_runs` (its file's name, rows and size) for the backup alert.
import { statSync } from "node:fs";
import { relative } from "node:path";
import { ConfigError } from "#app/config/env.server.ts";
import { DataDirLockedError, openDatabase } from "#app/db.server.ts";
import { BackupError, backupDatabase } from "#app/domain/privacy/backup.server.ts";
import { errorLine } from "#app/domain/privacy/backup-errors.server.ts";
import { recordManualBackup } from "#app/domain/privacy/backup-schedule.server.ts";
import { databaseCommandSettings } from "#scripts/database-command.ts";

const usage = `Usage: npm run db:backup [-- <folder>]
  Writes <folder>/<India date and time>.jsonl.gz (default folder: backups) from the database
  the settings name (DATABASE_URL, else PGlite in DATA_DIR), and <folder>/erasures.json, the
  ledger of every erasure, which db:restore re-applies. On PGlite, stop the server first.`;

const args = process.argv.slice(2);
if (args.some((arg) => arg === "help" || arg.startsWith("-")) || args.length > 1) {
  console.log(usage);
  process.exit(args[0] === "help" || args[0] === "--help" || args[0] === "-h" ? 0 : 2);
}
const folder = args[0] ?? "backups";
const env = databaseCommandSettings();
try {
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const result = await backupDatabase(handle, folder);
    await recordManualBackup(handle.db, result);
    const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
    const shown = (path: string) =>
      relative(".", path).startsWith("..") ? path : relative(".", path);
    const size = Math.ceil(statSync(result.file).size / 1024);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${rows} rows of ${Object.keys(result.rows).length} tables (${handle.kind}) to ${shown(result.file)} (${size} kB, ${seconds} s); ${shown(result.ledgerFile)} lists ${result.erasures} erasures.`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message} A backup of a PGlite folder is taken with the server stopped.`);
  } else if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
  } else {
    // Never the error's own words: a database's or JSON's may quote a row (errorLine).
    console.error(`db:backup failed: ${errorLine(error)}`);
  }
  process.exitCode = 1;
}
