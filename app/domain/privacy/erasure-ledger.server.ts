// The erasure ledger (DPDP Act s. 8(7), s. 12(3)): which requests were erased, when and why, by
// id only — nothing personal, not even who erased them. The `erasures` table holds it in the
// database; every backup (npm run db:backup) writes it to erasures.json beside the backups as
// well, so that a restore can re-apply every erasure made after the backup it restores even when
// the live database is gone, and no erased person comes back.
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";

const ledgerFormat = "home-physio-ncr erasure ledger";
/** The ledger's file name, in the backups' folder. */
const ledgerFileName = "erasures.json";

export interface LedgerEntry {
  appointmentId: string;
  erasedAt: string;
  reason: string;
}

/** A file that is not an erasure ledger. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

/** The erasure ledger: which requests were erased, when and why — ids only, nothing personal. */
export async function readErasureLedger(db: Database): Promise<LedgerEntry[]> {
  const rows = await queryRows<{ appointment_id: string; erased_at: string; reason: string }>(
    db,
    sql`SELECT appointment_id, to_json(erased_at) #>> '{}' AS erased_at, reason FROM erasures
      ORDER BY erasures.erased_at, appointment_id`,
  );
  return rows.map((row) => {
    // A time JavaScript cannot hold (a restored row's "infinity", a year past 9999) stays as the
    // database wrote it: a ledger never fails a backup that was made and checked already.
    const at = new Date(row.erased_at);
    return {
      appointmentId: row.appointment_id,
      erasedAt: Number.isNaN(at.getTime()) ? row.erased_at : at.toISOString(),
      reason: row.reason,
    };
  });
}

/** The ledger file's entries; none when there is no file. */
export async function readLedgerFile(path: string): Promise<LedgerEntry[]> {
  if (!existsSync(path)) return [];
  const parsed = JSON.parse(await readFile(path, "utf8")) as {
    format?: string;
    erasures?: LedgerEntry[];
  };
  if (parsed.format !== ledgerFormat || !Array.isArray(parsed.erasures)) {
    throw new LedgerError(`${path} is not an erasure ledger.`);
  }
  return parsed.erasures;
}

/** Both ledgers in one: each request once, at its first erasure. */
export function mergeLedgers(...ledgers: LedgerEntry[][]): LedgerEntry[] {
  const byId = new Map<string, LedgerEntry>();
  for (const entry of ledgers.flat()) {
    const known = byId.get(entry.appointmentId);
    if (!known || entry.erasedAt < known.erasedAt) byId.set(entry.appointmentId, entry);
  }
  return [...byId.values()].sort(
    (a, b) =>
      a.erasedAt.localeCompare(b.erasedAt) || a.appointmentId.localeCompare(b.appointmentId),
  );
}

/** Writes a file whole or not at all: a crash leaves the old one, never half of the new one. */
async function replaceFile(path: string, text: string): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, text, { mode: 0o600 });
  await rename(partial, path);
}

/**
 * Brings the ledger file in `dir` up to date: the entries it held and these, merged. Returns its
 * path and how many erasures it lists.
 */
export async function writeLedgerFile(
  dir: string,
  entries: LedgerEntry[],
  now = new Date(),
): Promise<{ path: string; count: number }> {
  const path = join(dir, ledgerFileName);
  const erasures = mergeLedgers(await readLedgerFile(path), entries);
  const file = { format: ledgerFormat, updatedAt: now.toISOString(), erasures };
  await replaceFile(path, `${JSON.stringify(file, null, 1)}\n`);
  return { path, count: erasures.length };
}

/** The ledger file that belongs with a backup file: the one beside it. */
export function ledgerBeside(file: string): string {
  return join(dirname(resolve(file)), ledgerFileName);
}

/**
 * Erases again what the ledger says was erased and the database still holds unerased (the
 * erasure itself passes over requests already erased or not there). Returns the ids erased now.
 */
export async function reapplyErasures(db: Database, ledger: LedgerEntry[]): Promise<string[]> {
  const erased: string[] = [];
  for (const reason of ["request", "retention"] as const) {
    const group = ledger
      .filter((entry) => (entry.reason === "retention" ? "retention" : "request") === reason)
      .map((entry) => entry.appointmentId);
    erased.push(...(await eraseAppointments(db, group, { reason, by: "restore" })));
  }
  return erased;
}
