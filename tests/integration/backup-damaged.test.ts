// A backup file that is not whole is refused, by the backup's own check (keepCheckedBackup: the
// file is removed, never kept as a backup) and by the restore (nothing is loaded), in words that
// quote no row: cut short at several points, a byte of the gzip stream flipped, a character of a
// row changed or a row dropped and the file compressed again. And a backup written before
// version 2 — no digest, U+2028 raw in a request's message — restores as it was.

import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import {
  BackupError,
  backupDatabase,
  keepCheckedBackup,
} from "#app/domain/privacy/backup.server.ts";
import { BackupFileError, checkBackupFile } from "#app/domain/privacy/backup-file.server.ts";
import { RestoreError, restoreDatabase } from "#app/domain/privacy/restore.server.ts";
import { users } from "#db/schema.ts";
import {
  emptyEveryTable,
  everyRow,
  keptOpen,
  openScratchDatabase,
} from "#tests/integration/backup-rows.ts";
import { queryRows } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const person = {
  name: "Meera Kapoor",
  phone: "98111 22334",
  address: "C-7, Greater Kailash 2, New Delhi",
  pincode: "110048",
  // As the probe sent it: a line separator inside the message.
  message: "Knee pain since the fall\u2028in October",
};
const note = "Meera's daughter will open the door";
/** Anything of the person's that an error must not print. */
const personal = [
  "Meera",
  "Kapoor",
  "98111",
  "9811122334",
  "Kailash",
  "Knee pain",
  "October",
  "daughter",
  "\u2028",
];

/** The message is one line, and quotes nothing of the person's. */
function expectNoRowIn(message: string) {
  expect(message).not.toContain("\n");
  for (const value of personal) expect(message.toLowerCase()).not.toContain(value.toLowerCase());
}

describe("damaged backups (postgres)", () => {
  let source: DatabaseHandle;
  let target: DatabaseHandle;
  const removals: (() => Promise<void>)[] = [];
  const folder = mkdtempSync(join(tmpdir(), "physio-backup-damaged-"));
  let good: string;
  let written: Record<string, number>;

  beforeAll(async () => {
    for (const kind of ["postgres", "postgres"] as const) {
      const { handle, remove } = await openScratchDatabase(kind);
      removals.push(remove);
      if (source) target = handle;
      else source = handle;
    }
    await source.db.insert(users).values({ id: "u1", name: "Admin", email: "admin@clinic.test" });
    const { appointment } = await createAppointment(source.db, appointmentInput(person), staffMail);
    await changeRequest(source.db, {
      appointmentId: appointment.id,
      by: { id: "u1", email: "admin@clinic.test" },
      change: { kind: "note", body: note },
    });
    // Enough rows that a cut or a flipped byte falls among them.
    for (let i = 0; i < 30; i++) {
      await createAppointment(
        source.db,
        appointmentInput({ ...person, pincode: "122002" }),
        staffMail,
      );
    }
    const backup = await backupDatabase(source, join(folder, "good"));
    good = backup.file;
    written = backup.rows;
  });

  // Every test restores into an empty target, whatever ran before it (a fresh database is not
  // empty: its migrations wrote the reference key).
  beforeEach(async () => {
    await emptyEveryTable(target.db);
  });

  afterAll(async () => {
    for (const remove of removals.splice(0)) await remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const text = (file: string) => gunzipSync(readFileSync(file)).toString("utf8");
  let made = 0;
  /** A file of these bytes, or of this text compressed. */
  function damaged(content: Buffer | string): string {
    made += 1;
    const file = join(folder, `damaged-${made}.jsonl.gz`);
    writeFileSync(file, typeof content === "string" ? gzipSync(content) : content);
    return file;
  }

  /** Refused by the backup's own check and by the restore, each in one line quoting no row. */
  async function expectRefused(file: string, reason: RegExp) {
    const checked = await checkBackupFile(file).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(checked).toBeInstanceOf(BackupFileError);
    expect((checked as Error).message).toMatch(reason);
    expectNoRowIn((checked as Error).message);

    // As the backup meets it, just written: removed, not kept under the backup's name.
    const partial = join(folder, "kept.jsonl.gz.partial");
    const kept = join(folder, "kept.jsonl.gz");
    copyFileSync(file, partial);
    const refused = await keepCheckedBackup(partial, kept, written).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(
      /^The backup failed its own check and was removed: kept\.jsonl\.gz: /,
    );
    expectNoRowIn((refused as Error).message);
    expect([existsSync(partial), existsSync(kept)]).toEqual([false, false]);

    const restore = await restoreDatabase({ file, open: keptOpen(target), ledger: [] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(restore).toBeInstanceOf(RestoreError);
    expect((restore as Error).message).toMatch(/Nothing was restored\.$/);
    expectNoRowIn((restore as Error).message);
    const rows = Object.values(await everyRow(target.db)).flat();
    expect(rows).toEqual([]);
  }

  it("keeps the good one, and restores it", async () => {
    expect(existsSync(good)).toBe(true);
    expect(text(good)).toContain("\\u2028in October");
    await restoreDatabase({ file: good, open: keptOpen(target), ledger: [] });
    expect(await everyRow(target.db)).toEqual(await everyRow(source.db));
  });

  it("refuses a file cut short, wherever it was cut", async () => {
    const bytes = readFileSync(good);
    for (const at of [0, 10, 0.25, 0.5, 0.75, -8, -1]) {
      const end = at < 0 ? bytes.length + at : at < 1 ? Math.floor(bytes.length * at) : at;
      await expectRefused(damaged(bytes.subarray(0, end)), /: it is (cut short|empty)/);
    }
    // Cut in its text, and compressed again: before the end line, inside a row, inside the end.
    const lines = text(good).split("\n");
    const whole = lines.join("\n");
    await expectRefused(damaged(`${lines.slice(0, -2).join("\n")}\n`), /cut short \(no end line\)/);
    await expectRefused(damaged(whole.slice(0, whole.lastIndexOf("Kailash"))), /cut short/);
    await expectRefused(damaged(whole.slice(0, -10)), /cut short/);
  });

  it("refuses a file whose gzip stream has a byte changed", async () => {
    const bytes = readFileSync(good);
    for (const at of [0.2, 0.5, 0.8]) {
      const flipped = Buffer.from(bytes);
      const i = Math.floor(bytes.length * at);
      flipped[i] = (flipped[i] as number) ^ 0xff;
      // Whichever notices first: gzip, a line's JSON or shape, a count, the digest.
      await expectRefused(damaged(flipped), /\.jsonl\.gz: (it|its|line \d+) /);
    }
  });

  it("refuses a row changed, or dropped, and the file compressed again", async () => {
    const lines = text(good).split("\n");
    const row = lines.findIndex((line) => line.includes('"name":"Meera Kapoor"'));
    const changed = [...lines];
    changed[row] = (changed[row] as string).replace("Meera Kapoor", "Meena Kapoor");
    await expectRefused(damaged(changed.join("\n")), /: its digest does not match/);

    const dropped = lines.filter((_, i) => i !== row);
    await expectRefused(
      damaged(dropped.join("\n")),
      /: it holds 30 rows of appointments where its end line says 31\./,
    );

    // Its count mended too: the digest still tells.
    const end = JSON.parse(dropped.at(-2) as string);
    end[1].appointments -= 1;
    dropped[dropped.length - 2] = JSON.stringify(end);
    await expectRefused(damaged(dropped.join("\n")), /: its digest does not match/);

    // A row moved into another table: not that table's columns.
    const moved = [...lines];
    const marker = moved.indexOf('["table","notifications"]');
    [moved[marker], moved[marker + 1]] = [moved[marker + 1] as string, moved[marker] as string];
    await expectRefused(
      damaged(moved.join("\n")),
      /: line \d+ is not a row of \w+ \(not its columns\)/,
    );
  });

  it("refuses a backup that does not hold the rows written", async () => {
    const partial = join(folder, "short.jsonl.gz.partial");
    copyFileSync(good, partial);
    const more = { ...written, appointments: (written.appointments ?? 0) + 1 };
    await expect(keepCheckedBackup(partial, join(folder, "short.jsonl.gz"), more)).rejects.toThrow(
      "The backup failed its own check and was removed: short.jsonl.gz: it does not hold the rows that were written.",
    );
    expect(existsSync(partial)).toBe(false);
  });

  it("restores a version 1 backup, U+2028 raw in a message", async () => {
    // As the backups before version 2 were: no digest, JSON columns as JSON, U+2028 as it came.
    const lines = text(good).trimEnd().split("\n");
    const header = JSON.parse(lines[0] as string);
    const json = new Map<string, Record<string, string>>();
    for (const table of header.tables) {
      if (table.jsonAsText) json.set(table.name, table.jsonAsText);
      delete table.jsonAsText;
    }
    header.version = 1;
    let table = "";
    const old = lines.slice(1, -1).map((line) => {
      const value = JSON.parse(line);
      if (Array.isArray(value)) table = value[1];
      else
        for (const column of Object.keys(json.get(table) ?? {})) {
          if (value[column] !== null) value[column] = JSON.parse(value[column]);
        }
      // JSON.stringify leaves U+2028 raw, as row_to_json did.
      return JSON.stringify(value);
    });
    const end = JSON.parse(lines.at(-1) as string).slice(0, 2);
    const file = damaged(`${[JSON.stringify(header), ...old, JSON.stringify(end)].join("\n")}\n`);
    expect(text(file)).toContain("fall\u2028in October");

    await restoreDatabase({ file, open: keptOpen(target), ledger: [] });
    const messages = await queryRows<{ message: string }>(
      target.db,
      sql`SELECT DISTINCT message FROM appointments`,
    );
    expect(messages).toEqual([{ message: person.message }]);
    expect(await everyRow(target.db)).toEqual(await everyRow(source.db));
  });

  it("names the SQLSTATE, the table and the lines when the database refuses a row", async () => {
    // A whole file, its digest right, holding a request the database refuses: its PIN code.
    const lines = text(good).trimEnd().split("\n");
    const row = lines.findIndex((line) => line.includes('"pincode":"110048"'));
    lines[row] = (lines[row] as string).replace('"pincode":"110048"', '"pincode":"Meera"');
    const end = JSON.parse(lines.at(-1) as string);
    const digest = createHash("sha256");
    for (const line of lines.slice(0, -1)) digest.update(`${line}\n`);
    end[2] = { sha256: digest.digest("hex") };
    lines[lines.length - 1] = JSON.stringify(end);
    const file = damaged(`${lines.join("\n")}\n`);

    const error = await restoreDatabase({ file, open: keptOpen(target), ledger: [] }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toMatch(
      /^The database refused the backup damaged-\d+\.jsonl\.gz while loading appointments from lines \d+–\d+: SQLSTATE 23514 \(integrity constraint violation, constraint appointments_pincode_check\)\. Nothing was restored\.$/,
    );
    expectNoRowIn((error as Error).message);
    expect(Object.values(await everyRow(target.db)).flat()).toEqual([]);
  });
});
