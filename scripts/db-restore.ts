// `npm run db:restore -- <backup file>`: brings a backup back into the EMPTY database the settings
// name (DATABASE_URL, else PGlite in DATA_DIR; refused if it holds a row), then re-applies every
// erasure made since: from the ledger file beside the backup (erasures.json, written by every
// backup), from --ledger files, and from the old database itself (--erasures-from) when it is
// still reachable. Without any ledger it refuses, unless told --without-ledger.
import { existsSync } from "node:fs";
import { ConfigError } from "#app/config/env.server.ts";
import { DataDirLockedError, openDatabase } from "#app/db.server.ts";
import { errorLine } from "#app/domain/privacy/backup-errors.server.ts";
import {
  type LedgerEntry,
  LedgerError,
  ledgerBeside,
  mergeLedgers,
  readErasureLedger,
  readLedgerFile,
} from "#app/domain/privacy/erasure-ledger.server.ts";
import { RestoreError, restoreDatabase } from "#app/domain/privacy/restore.server.ts";
import { indiaIsoTime } from "#app/lib/dates.ts";
import { commandArguments, databaseCommandSettings } from "#scripts/database-command.ts";

const usage = `Usage: npm run db:restore -- <backup file> [options]
  Restores the backup into the database the settings name (DATABASE_URL, else PGlite in
  DATA_DIR), which must be empty, then re-applies every erasure of the ledgers:
  the erasures.json beside the backup file, always, when it is there, and
  --ledger <file>                 another ledger file (a copy kept elsewhere); may repeat
  --erasures-from <url|folder>    the old database (postgres://… or a PGlite DATA_DIR), if it
                                  still opens: its own ledger, newer than any backup
  --without-ledger                restore even though no ledger was found`;

/** A refusal to report in one line. */
class CommandError extends Error {}

interface Options {
  file: string;
  ledgers: string[];
  erasuresFrom: string[];
  withoutLedger: boolean;
}

function parseArgs(args: string[]): Options | undefined {
  const options: Options = { file: "", ledgers: [], erasuresFrom: [], withoutLedger: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = args[i + 1];
    if (arg === "--ledger" && value) options.ledgers.push(args[++i] as string);
    else if (arg === "--erasures-from" && value) options.erasuresFrom.push(args[++i] as string);
    else if (arg === "--without-ledger") options.withoutLedger = true;
    else if (!arg.startsWith("-") && !options.file) options.file = arg;
    else return undefined;
  }
  return options.file ? options : undefined;
}

async function collectLedger(options: Options): Promise<{ ledger: LedgerEntry[]; from: string[] }> {
  const found: LedgerEntry[][] = [];
  const from: string[] = [];
  const beside = ledgerBeside(options.file);
  for (const path of existsSync(beside) ? [beside, ...options.ledgers] : options.ledgers) {
    if (!existsSync(path)) throw new CommandError(`No ledger file ${path}.`);
    found.push(await readLedgerFile(path));
    from.push(path);
  }
  for (const source of options.erasuresFrom) {
    const isUrl = /^postgres(ql)?:\/\//.test(source);
    const old = await openDatabase(
      isUrl ? { databaseUrl: source, dataDir: "", poolSize: 1 } : { dataDir: source },
    );
    try {
      found.push(await readErasureLedger(old.db));
      from.push(isUrl ? "the old PostgreSQL database" : source);
    } finally {
      await old.close();
    }
  }
  if (from.length === 0 && !options.withoutLedger) {
    throw new CommandError(
      `No erasure ledger: ${beside} is missing. Name one (--ledger, --erasures-from), or restore with --without-ledger if no erasure can have been made since the backup.`,
    );
  }
  return { ledger: mergeLedgers(...found), from };
}

const options = commandArguments(usage, parseArgs);
const env = databaseCommandSettings();
try {
  if (!existsSync(options.file)) throw new CommandError(`No backup file ${options.file}.`);
  const started = performance.now();
  const { ledger, from } = await collectLedger(options);
  const result = await restoreDatabase({
    file: options.file,
    ledger,
    open: (migrationsFolder) =>
      openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrationsFolder }),
  });
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${rows} rows of ${Object.keys(result.rows).length} tables from ${options.file} (taken ${indiaIsoTime(new Date(result.header.takenAt))}) in ${seconds} s; erased again ${result.reerased.length} of the ${ledger.length} erasures in ${from.length > 0 ? from.join(" and ") : "no ledger"}.`,
  );
} catch (error) {
  if (
    [CommandError, RestoreError, LedgerError, DataDirLockedError, ConfigError].some(
      (t) => error instanceof t,
    )
  ) {
    console.error((error as Error).message);
  } else {
    // Never the error's own words: a database's or JSON's may quote a row (errorLine).
    console.error(`db:restore failed: ${errorLine(error)}`);
  }
  process.exitCode = 1;
}
