// The backup file (backup.server.ts writes it, restore.server.ts reads it) and the one check both
// make of it: the backup of the file it has just written, before it calls itself done; the
// restore before it opens the database, and again as it loads.
//
// gzip-compressed JSON lines: the header (an object), then for each table of the header, in its
// order, a marker ["table", name] followed by the table's rows (objects, as PostgreSQL's
// row_to_json writes them), then the end line ["end", counts, { sha256 }]. The digest (version 2)
// is the SHA-256 of every byte before the end line, so that a file changed in a way gzip does not
// notice (a character changed, a line dropped, then compressed again) is refused. Version 1 files
// have no digest, and are still read.
//
// A line ends at the byte "\n" and nowhere else. PostgreSQL's JSON escapes "\n" and "\r" inside a
// value but not U+2028, U+2029 or U+0085, and node:readline also ends a line at U+2028, U+2029
// and a lone "\r": a request whose message held a U+2028 made every backup unrestorable.
//
// No message here holds a value of a row: a line is named by its number, a table by its name.
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { basename } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

export const backupFormat = "home-physio-ncr backup";
/** The version this site writes; it reads this one and version 1 (no digest). */
export const backupVersion = 2;

export interface BackupTable {
  name: string;
  /** The stored columns (generated ones are computed again on insert). */
  columns: string[];
  /**
   * Version 2: the JSON columns, by type, written as their text (a JSON string), so that a JSON
   * null and a NULL stay apart (row_to_json writes both as null).
   */
  jsonAsText?: Record<string, "json" | "jsonb">;
}

export interface BackupHeader {
  format: typeof backupFormat;
  version: 1 | 2;
  takenAt: string;
  database: "pglite" | "postgres";
  /** The newest migration applied (its journal time), and how many were. */
  migration: { count: number; createdAt: number };
  /** In dependency order: a table comes after the tables it references. */
  tables: BackupTable[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

/** A backup file that is not whole, or not one of ours. The message holds no row's data. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

/** One line of a backup file: its number (from 1) and its bytes, without the "\n". */
export interface BackupLine {
  number: number;
  bytes: Buffer;
  /** The file ended inside this line: cut short. */
  unterminated?: boolean;
}

function gzipProblem(error: unknown): BackupFileError | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "Z_BUF_ERROR") return new BackupFileError("it is cut short (gzip: unexpected end).");
  // zlib's own fixed words ("incorrect data check", "invalid block type"…), never the data.
  if (code === "Z_DATA_ERROR") return new BackupFileError(`it is damaged (gzip: ${message}).`);
  return undefined;
}

/** The lines of a backup file, split where its writer split them: at "\n" bytes only. */
export async function* backupLines(file: string): AsyncGenerator<BackupLine> {
  const gunzip = createGunzip();
  // The pipeline's errors (no such file, a damaged stream) end the iteration below with them.
  const piped = pipeline(createReadStream(file), gunzip).catch(() => {});
  let number = 0;
  let rest: Buffer[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, end);
        const bytes = rest.length > 0 ? Buffer.concat([...rest, piece]) : piece;
        rest = [];
        number += 1;
        yield { number, bytes };
        start = end + 1;
      }
      if (start < chunk.length) rest.push(chunk.subarray(start));
    }
  } catch (error) {
    throw gzipProblem(error) ?? error;
  } finally {
    gunzip.destroy();
    await piped;
  }
  if (rest.length > 0) yield { number: number + 1, bytes: Buffer.concat(rest), unterminated: true };
}

/** What a line of the file is, once checked. */
export type BackupEntry =
  | { kind: "header"; header: BackupHeader }
  | { kind: "table"; table: BackupTable }
  /** `text` is the row's JSON as the file holds it. */
  | { kind: "row"; table: BackupTable; text: string }
  | { kind: "end"; rows: Record<string, number> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function isTable(value: unknown): value is BackupTable {
  if (!isObject(value) || typeof value.name !== "string") return false;
  const { columns, jsonAsText } = value;
  if (!Array.isArray(columns) || columns.length === 0) return false;
  if (!columns.every((column) => typeof column === "string")) return false;
  if (jsonAsText === undefined) return true;
  return (
    isObject(jsonAsText) &&
    Object.entries(jsonAsText).every(
      ([column, type]) => columns.includes(column) && (type === "json" || type === "jsonb"),
    )
  );
}

function isHeader(value: unknown): value is BackupHeader {
  if (!isObject(value) || value.format !== backupFormat) return false;
  const { version, migration, tables, sequences } = value;
  return (
    (version === 1 || version === 2) &&
    typeof value.takenAt === "string" &&
    (value.database === "pglite" || value.database === "postgres") &&
    isObject(migration) &&
    isCount(migration.count) &&
    isCount(migration.createdAt) &&
    Array.isArray(tables) &&
    tables.every(isTable) &&
    new Set(tables.map((table) => table.name)).size === tables.length &&
    Array.isArray(sequences) &&
    sequences.every(
      (sequence) =>
        isObject(sequence) &&
        typeof sequence.name === "string" &&
        typeof sequence.lastValue === "string" &&
        /^-?\d+$/.test(sequence.lastValue) &&
        typeof sequence.isCalled === "boolean",
    )
  );
}

/**
 * Checks a backup file line by line, in order, and says what each line is: the header first, each
 * table of the header once and in its order, rows that are JSON objects with exactly their table's
 * columns, and an end line whose counts are the rows read and whose digest is that of the bytes
 * before it. Throws a BackupFileError at the first line that is not so.
 */
export class BackupReader {
  header: BackupHeader | undefined;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private readonly digest: Hash = createHash("sha256");
  private tableIndex = -1;
  private columns = new Set<string>();
  private readonly counts: Record<string, number> = {};
  private ended: Record<string, number> | undefined;

  read(line: BackupLine): BackupEntry {
    const at = `line ${line.number}`;
    if (line.unterminated) throw new BackupFileError(`it is cut short (${at} has no end).`);
    if (this.ended) throw new BackupFileError(`it goes on after its end line (${at}).`);
    let text: string;
    let value: unknown;
    try {
      text = this.decoder.decode(line.bytes);
      value = JSON.parse(text);
    } catch {
      // JSON.parse's message quotes the line: not passed on.
      throw new BackupFileError(`${at} is not JSON in UTF-8: the file is damaged.`);
    }
    if (!this.header) {
      if (!isHeader(value)) throw new BackupFileError("it is not a backup of this site.");
      this.header = value;
      this.digest.update(line.bytes).update("\n");
      return { kind: "header", header: value };
    }
    const header = this.header;
    const table = header.tables[this.tableIndex];
    if (isObject(value)) {
      if (!table) throw new BackupFileError(`${at} is a row outside any table.`);
      const keys = Object.keys(value);
      if (keys.length !== this.columns.size || !keys.every((key) => this.columns.has(key))) {
        throw new BackupFileError(`${at} is not a row of ${table.name} (not its columns).`);
      }
      this.counts[table.name] = (this.counts[table.name] ?? 0) + 1;
      this.digest.update(line.bytes).update("\n");
      return { kind: "row", table, text };
    }
    if (Array.isArray(value) && value[0] === "table") {
      const next = header.tables[this.tableIndex + 1];
      if (value.length !== 2 || !next || value[1] !== next.name) {
        throw new BackupFileError(`${at} names a table out of the header's order.`);
      }
      this.tableIndex += 1;
      this.columns = new Set(next.columns);
      this.counts[next.name] = 0;
      this.digest.update(line.bytes).update("\n");
      return { kind: "table", table: next };
    }
    if (Array.isArray(value) && value[0] === "end") {
      this.checkEnd(value, at);
      this.ended = this.counts;
      return { kind: "end", rows: this.counts };
    }
    throw new BackupFileError(`${at} is neither a row, a table nor the end.`);
  }

  private checkEnd(value: unknown[], at: string): void {
    const header = this.header as BackupHeader;
    const [, counts, seal] = value;
    if (value.length !== (header.version === 1 ? 2 : 3) || !isObject(counts)) {
      throw new BackupFileError(`${at} is not an end line.`);
    }
    if (this.tableIndex !== header.tables.length - 1) {
      const missing = header.tables.slice(this.tableIndex + 1).map((table) => table.name);
      throw new BackupFileError(
        `it ends without the table${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
      );
    }
    const names = header.tables.map((table) => table.name);
    if (Object.keys(counts).length !== names.length) {
      throw new BackupFileError("its end line does not count every table of its header.");
    }
    for (const name of names) {
      const count = counts[name];
      if (!isCount(count) || count !== this.counts[name]) {
        throw new BackupFileError(
          `it holds ${this.counts[name]} rows of ${name} where its end line says ${isCount(count) ? count : "otherwise"}.`,
        );
      }
    }
    if (header.version === 1) return;
    const sha256 = isObject(seal) ? seal.sha256 : undefined;
    if (typeof sha256 !== "string" || sha256 !== this.digest.digest("hex")) {
      throw new BackupFileError(
        "its digest does not match its lines: it was changed after it was written.",
      );
    }
  }

  /** The header and the rows per table, once the end line is read; throws before. */
  finish(): { header: BackupHeader; rows: Record<string, number> } {
    if (!this.header) throw new BackupFileError("it is empty.");
    if (!this.ended) throw new BackupFileError("it is cut short (no end line).");
    return { header: this.header, rows: this.ended };
  }
}

/** The end line for the lines hashed into `digest` (everything written before it). */
export function endLine(rows: Record<string, number>, digest: Hash): string {
  return JSON.stringify(["end", rows, { sha256: digest.digest("hex") }]);
}

/**
 * Reads the whole file and checks every line (BackupReader). Returns its header and rows per
 * table; throws a BackupFileError whose message starts with the file's name.
 */
export async function checkBackupFile(
  file: string,
  name = basename(file),
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  const reader = new BackupReader();
  try {
    for await (const line of backupLines(file)) reader.read(line);
    return reader.finish();
  } catch (error) {
    throw error instanceof BackupFileError
      ? new BackupFileError(`${name}: ${error.message}`)
      : error;
  }
}
