// Backups and restores (issue 18): seed, back up, erase one person, restore into an empty
// database, and find every other row back as it was and the erased person still erased — on
// PGlite and on PostgreSQL, with the erasure re-applied from the live database's ledger or from
// the ledger file the backups keep.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { backupDatabase, writeBackup } from "#app/domain/privacy/backup.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import {
  type LedgerEntry,
  ledgerBeside,
  readErasureLedger,
  readLedgerFile,
} from "#app/domain/privacy/erasure-ledger.server.ts";
import {
  migrationsUpTo,
  RestoreError,
  restoreDatabase,
} from "#app/domain/privacy/restore.server.ts";
import { privacyRequests, retentionRuns, userRoles, users } from "#db/schema.ts";
import { pinnedEnv } from "#scripts/production-server.ts";
import { everyRow } from "#tests/integration/backup-rows.ts";
import {
  createPostgresDatabase,
  type DatabaseKind,
  databaseKinds,
  describeEachDatabase,
  freshPgliteFolder,
  queryRows,
  useTestDatabase,
} from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const admin = { id: "user-admin", email: "admin@clinic.test" };
const colleague = { id: "user-colleague", email: "colleague@clinic.test" };

/** The person who asks to be erased: two requests, notes, e-mails. */
const erased = {
  name: "Meera Kapoor",
  phone: "98111 22334",
  address: "C-7, Greater Kailash 2, New Delhi",
  message: "Knee pain since the fall in October",
  note: "Meera's daughter will open the door",
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "physio-backup-it-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface EmptyDatabase {
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  /** The settings that name it, for a script. */
  settings: Record<string, string>;
}

/**
 * A new, empty database of this kind, opened at whichever migrations it is given. A PGlite folder
 * is new (initdb on first open, ~5 s), or, `migrated`, a copy of a migrated empty one.
 */
async function emptyDatabase(
  kind: DatabaseKind,
  { migrated = false } = {},
): Promise<EmptyDatabase> {
  if (kind === "pglite") {
    const dataDir = migrated ? freshPgliteFolder() : join(scratchFolder(), "data");
    if (migrated) cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return {
      open: (migrationsFolder) => openDatabase({ dataDir, migrationsFolder }),
      settings: { DATA_DIR: dataDir },
    };
  }
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return {
    open: (migrationsFolder) =>
      openDatabase({ databaseUrl: database.url, dataDir: "", migrationsFolder, poolSize: 2 }),
    settings: { DATABASE_URL: database.url },
  };
}

/**
 * The same, without what differs between an erasure and its re-application: when it happened
 * and by whom (the restore re-applies it now, as "restore").
 */
async function comparableRows(db: Database): Promise<Record<string, string[]>> {
  const all = await everyRow(db);
  const without = (rows: string[] | undefined, keys: string[]) =>
    (rows ?? [])
      .map((text) => {
        const row = JSON.parse(text) as Record<string, unknown>;
        for (const key of keys) delete row[key];
        return JSON.stringify(row);
      })
      .sort();
  return {
    ...all,
    appointments: without(all.appointments, ["erased_at"]),
    erasures: without(all.erasures, ["erased_at", "erased_by"]),
  };
}

/** Where any of the person's values is still written, table by table. */
async function personalValuesIn(db: Database): Promise<string[]> {
  const values = [erased.name, erased.phone, erased.phone.replace(/\D/g, ""), erased.address];
  values.push(erased.message, erased.note, "Meera");
  const found: string[] = [];
  for (const [table, rows] of Object.entries(await everyRow(db))) {
    for (const value of values) {
      if (rows.some((row) => row.toLowerCase().includes(value.toLowerCase()))) {
        found.push(`${table}: ${value}`);
      }
    }
  }
  return found;
}

describeEachDatabase("backups and restores", (database) => {
  /** Staff, five requests of three people with notes and queued e-mails, access-log rows. */
  async function seed(): Promise<{ erasedIds: string[]; keptIds: string[] }> {
    const { db } = database;
    // Not among the tables every test starts without (the access log cannot be emptied: its
    // rows from earlier tests stay, and are backed up and restored with the rest).
    await db.execute(sql`TRUNCATE privacy_requests, retention_runs, erasures`);
    await db.insert(users).values([
      { id: admin.id, name: "Admin", email: admin.email },
      { id: colleague.id, name: "Colleague", email: colleague.email },
    ]);
    await db.insert(userRoles).values({ userId: admin.id, role: "admin" });
    const request = async (values: Parameters<typeof appointmentInput>[0]) =>
      (await createAppointment(db, appointmentInput(values), staffMail)).appointment.id;
    const erasedIds = [
      await request({ ...erased, pincode: "110048" }),
      await request({ ...erased, message: "", pincode: "110048" }),
    ];
    const keptIds = [
      await request({ name: "Asha Rani", phone: "98765 43210", pincode: "122002" }),
      await request({
        name: "Vikram Singh",
        phone: "98100 12346",
        address: "Flat 9, Sector 63, Noida",
        pincode: "201301",
        // A line break and a quote inside a value, and Hindi: each row stays one line of JSON.
        message: 'पीठ में दर्द, शाम को\nAfter 6 "pm" only',
      }),
      await request({ name: "Asha Rani", phone: "98765 43210", pincode: "122002" }),
    ];
    for (const id of erasedIds) {
      await changeRequest(db, {
        appointmentId: id,
        by: admin,
        change: { kind: "note", body: erased.note },
      });
    }
    const note = (appointmentId: string, body: string, by: typeof admin) =>
      changeRequest(db, { appointmentId, by, change: { kind: "note", body } });
    await note(keptIds[0] as string, "Booked Tuesday", admin);
    await note(keptIds[1] as string, "Call back", colleague);
    await recordAccess(db, {
      actor: admin,
      action: "dashboard",
      appointmentIds: [...erasedIds, ...keptIds],
      detail: { page: 1 },
      address: "203.0.113.7",
    });
    await recordAccess(db, { actor: colleague, action: "search", detail: { results: 2 } });
    await recordAccess(db, { actor: admin, action: "export", detail: { rows: 5 } });
    await db.insert(privacyRequests).values({
      kind: "erasure",
      receivedAt: new Date("2026-11-20T05:00:00Z"),
      dueAt: new Date("2026-12-20T05:00:00Z"),
      appointmentIds: erasedIds,
      channel: "Phone call",
      recordedBy: admin.id,
      recordedByEmail: admin.email,
    });
    await db.insert(retentionRuns).values({ day: "2026-11-23", result: { appointments: 0 } });
    return { erasedIds, keptIds };
  }

  it("brings every row back, and the person erased after the backup stays erased", async () => {
    const { erasedIds } = await seed();
    const backups = scratchFolder();
    const backup = await backupDatabase(database.handle, backups, new Date("2026-11-24T04:00:00Z"));
    // Named by the India date and time.
    expect(backup.file).toBe(join(backups, "2026-11-24T0930.jsonl.gz"));
    // It holds everyone's personal data: readable by the account that made it, no other.
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    // Four notes, each on a request nobody owned: each took it ("Taken by", on the timeline too).
    expect(backup.rows).toMatchObject({ appointments: 5, appointment_activity: 8, users: 2 });
    expect(backup.rows.notifications).toBeGreaterThanOrEqual(5);

    expect(
      await eraseAppointments(database.db, erasedIds, { reason: "request", by: admin.email }),
    ).toHaveLength(2);
    const live = await comparableRows(database.db);

    const target = await emptyDatabase(database.kind);
    const result = await restoreDatabase({
      file: backup.file,
      open: target.open,
      ledger: await readErasureLedger(database.db),
    });
    expect(result.reerased.sort()).toEqual([...erasedIds].sort());

    const restored = await target.open();
    try {
      expect(await comparableRows(restored.db)).toEqual(live);
      expect(await personalValuesIn(restored.db)).toEqual([]);
      // The sequences go on from where they were: a new access-log row follows the old ones.
      await recordAccess(restored.db, { actor: admin, action: "dashboard" });
      const ids = await queryRows<{ id: number }>(
        restored.db,
        sql`SELECT id::int AS id FROM access_log ORDER BY id`,
      );
      expect(new Set(ids.map((row) => row.id)).size).toBe(ids.length);
    } finally {
      await restored.close();
    }
    // Loaded, then erased again: on PGlite the folder's files (outside the write-ahead log) hold
    // none of the values the restore wrote and emptied; a kept person's, they do.
    if (database.kind === "pglite") {
      const dir = target.settings.DATA_DIR as string;
      const files = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.parentPath.includes("pg_wal"))
        .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
      const inFiles = (value: string) =>
        files.some((bytes) => bytes.includes(Buffer.from(value, "utf8")));
      expect([erased.name, erased.address, erased.message, erased.note].filter(inFiles)).toEqual(
        [],
      );
      expect(inFiles("Vikram Singh")).toBe(true);
    }
  });

  it("re-applies an erasure from the ledger file when the live database is gone", async () => {
    const { erasedIds } = await seed();
    const backups = scratchFolder();
    const before = await backupDatabase(database.handle, backups, new Date("2026-11-24T04:00Z"));
    await eraseAppointments(database.db, erasedIds, { reason: "request", by: admin.email });
    // The next day's backup writes the ledger with the erasure in it.
    await backupDatabase(database.handle, backups, new Date("2026-11-25T04:00Z"));
    const ledgerText = readFileSync(ledgerBeside(before.file), "utf8");
    const ledger: LedgerEntry[] = await readLedgerFile(ledgerBeside(before.file));
    expect(ledger.map((entry) => entry.appointmentId)).toEqual(expect.arrayContaining(erasedIds));
    // Ids, times and reasons: nothing about the person, nor who erased them.
    expect(ledgerText).not.toMatch(/Meera|98111|Kailash|admin@/);
    // A backup holds the data it was taken with: compressed, not readable as text.
    expect(readFileSync(before.file).includes(Buffer.from(erased.name))).toBe(false);

    // Migrated already (a server was started on it), still empty.
    const target = await emptyDatabase(database.kind, { migrated: true });
    await restoreDatabase({ file: before.file, open: target.open, ledger });
    const restored = await target.open();
    try {
      expect(await personalValuesIn(restored.db)).toEqual([]);
      expect(await comparableRows(restored.db)).toEqual(await comparableRows(database.db));
    } finally {
      await restored.close();
    }
  });

  it("refuses a database that holds rows, and a backup cut short", async () => {
    await seed();
    const backups = scratchFolder();
    const backup = await backupDatabase(database.handle, backups, new Date("2026-11-24T04:00Z"));

    // The live database itself is not empty: nothing is written to it.
    const rowsBefore = await everyRow(database.db);
    const into = database.handle;
    await expect(
      restoreDatabase({
        file: backup.file,
        open: async () => ({ ...into, close: async () => {} }),
        ledger: [],
      }),
    ).rejects.toThrow(/not empty/);
    expect(await everyRow(database.db)).toEqual(rowsBefore);

    const lines = gunzipSync(readFileSync(backup.file)).toString("utf8").trimEnd().split("\n");
    const cut = join(backups, "cut.jsonl.gz");
    writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join("\n")}\n`));
    const target = await emptyDatabase(database.kind, { migrated: true });
    await expect(restoreDatabase({ file: cut, open: target.open, ledger: [] })).rejects.toThrow(
      RestoreError,
    );
    const empty = await target.open();
    try {
      const counts = await queryRows<{ count: number }>(
        empty.db,
        sql`SELECT count(*)::int AS count FROM appointments`,
      );
      expect(counts[0]?.count).toBe(0);
    } finally {
      await empty.close();
    }
  });

  it("restores a backup of one kind of database into the other", async () => {
    const { erasedIds } = await seed();
    const backups = scratchFolder();
    const backup = await backupDatabase(database.handle, backups, new Date("2026-11-24T04:00Z"));
    await eraseAppointments(database.db, erasedIds, { reason: "retention", by: "retention" });
    const other = database.kind === "pglite" ? "postgres" : "pglite";
    const target = await emptyDatabase(other, { migrated: true });
    await restoreDatabase({
      file: backup.file,
      open: target.open,
      ledger: await readErasureLedger(database.db),
    });
    const restored = await target.open();
    try {
      expect(await comparableRows(restored.db)).toEqual(await comparableRows(database.db));
      expect(await personalValuesIn(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});

const root = join(import.meta.dirname, "../..");

/** `node scripts/<script> <args>` with exactly these settings: its exit code and output. */
function runScript(
  script: string,
  args: string[],
  settings: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, "scripts", script), ...args],
      { cwd: root, env: pinnedEnv({ LOG_LEVEL: "silent", ...settings }), timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run db:backup and db:restore, as a person runs them", () => {
  it.each(databaseKinds)(
    "on %s: back up, restore into an empty database, refuse a full one",
    async (kind) => {
      const live = await emptyDatabase(kind, { migrated: true });
      const target = await emptyDatabase(kind, { migrated: true });
      const handle = await live.open();
      let id: string;
      try {
        id = (await createAppointment(handle.db, appointmentInput(erased), staffMail)).appointment
          .id;
        // A line separator in a message, as the public form takes it: the probe's case.
        await createAppointment(
          handle.db,
          appointmentInput({ name: "Asha Rani", message: "Evenings\u2028only" }),
          staffMail,
        );
      } finally {
        await handle.close();
      }
      const backups = scratchFolder();

      const backup = await runScript("db-backup.ts", [backups], live.settings);
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(
        new RegExp(
          `^Backed up \\d+ rows of \\d+ tables \\(${kind}\\) to ${backups}/\\d{4}-\\d\\d-\\d\\dT\\d{4}\\.jsonl\\.gz`,
        ),
      );
      const file = /to (\S+\.jsonl\.gz)/.exec(backup.stdout)?.[1] as string;

      // Erased after the backup, in the live database: the next backup's ledger has it.
      const again = await live.open();
      try {
        await eraseAppointments(again.db, [id], { reason: "request", by: admin.email });
      } finally {
        await again.close();
      }
      expect((await runScript("db-backup.ts", [backups], live.settings)).code).toBe(0);

      const restore = await runScript("db-restore.ts", [file], target.settings);
      expect(restore.stderr).toBe("");
      expect(restore.stdout).toMatch(/^Restored \d+ rows .* erased again 1 of the 1 erasures in /);
      const restored = await target.open();
      try {
        expect(await personalValuesIn(restored.db)).toEqual([]);
        const names = await queryRows<{ name: string; message: string | null }>(
          restored.db,
          sql`SELECT name, message FROM appointments ORDER BY name`,
        );
        expect(names).toEqual([
          { name: "", message: null },
          { name: "Asha Rani", message: "Evenings\u2028only" },
        ]);
      } finally {
        await restored.close();
      }

      const refused = await runScript("db-restore.ts", [file], target.settings);
      expect(refused).toMatchObject({ code: 1, stdout: "" });
      expect(refused.stderr).toMatch(
        /^The database is not empty \(.*\): a backup is restored only into an empty database\.\n$/,
      );
    },
    // Three processes and four databases: 68 s on PGlite beside a CPU burner (decision 029).
    300_000,
  );

  it("restores a message holding U+2028, and a refused restore prints nothing of the rows (postgres)", async () => {
    // The probe's case: a line separator in a public form's message made every later backup
    // unrestorable, and the failed restore printed the patient's row to the terminal.
    const live = await emptyDatabase("postgres", { migrated: true });
    const target = await emptyDatabase("postgres", { migrated: true });
    const message = "Knee pain since the fall\u2028in October\u2029after 6 pm";
    const handle = await live.open();
    try {
      await createAppointment(
        handle.db,
        appointmentInput({ ...erased, message, pincode: "110048" }),
        staffMail,
      );
    } finally {
      await handle.close();
    }
    const backups = scratchFolder();
    const backup = await runScript("db-backup.ts", [backups], live.settings);
    expect(backup).toMatchObject({ code: 0, stderr: "" });
    const file = /to (\S+\.jsonl\.gz)/.exec(backup.stdout)?.[1] as string;

    // The same backup, its digest made right again, with a PIN code the database refuses.
    const lines = gunzipSync(readFileSync(file)).toString("utf8").trimEnd().split("\n");
    const row = lines.findIndex((line) => line.includes('"pincode":"110048"'));
    lines[row] = (lines[row] as string).replace('"pincode":"110048"', '"pincode":"Meera"');
    const end = JSON.parse(lines.at(-1) as string);
    const digest = createHash("sha256");
    for (const line of lines.slice(0, -1)) digest.update(`${line}\n`);
    end[2] = { sha256: digest.digest("hex") };
    lines[lines.length - 1] = JSON.stringify(end);
    const refusedFile = join(backups, "refused.jsonl.gz");
    writeFileSync(refusedFile, gzipSync(`${lines.join("\n")}\n`));
    const refused = await runScript("db-restore.ts", [refusedFile], target.settings);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toMatch(
      /^The database refused the backup refused\.jsonl\.gz while loading appointments from lines \d+–\d+: SQLSTATE 23514 \(integrity constraint violation, constraint appointments_pincode_check\)\. Nothing was restored\.\n$/,
    );
    for (const value of [
      erased.name,
      "Meera",
      erased.phone,
      "9811122334",
      erased.address,
      "Knee pain",
      "\u2028",
    ]) {
      expect(refused.stderr).not.toContain(value);
    }

    const restore = await runScript("db-restore.ts", [file], target.settings);
    expect(restore).toMatchObject({ code: 0, stderr: "" });
    const restored = await target.open();
    try {
      const rows = await queryRows<{ name: string; message: string }>(
        restored.db,
        sql`SELECT name, message FROM appointments`,
      );
      expect(rows).toEqual([{ name: erased.name, message }]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("says in one line why a backup failed, and leaves no file behind (postgres)", async () => {
    const live = await emptyDatabase("postgres", { migrated: true });
    const holder = await live.open();
    // Another session holds the table (a migration would) past the backup's lock_timeout.
    const client = await (holder.pool as NonNullable<DatabaseHandle["pool"]>).connect();
    await client.query("BEGIN");
    await client.query("LOCK TABLE appointments IN ACCESS EXCLUSIVE MODE");
    try {
      const url = new URL(live.settings.DATABASE_URL as string);
      url.searchParams.set("options", "-c lock_timeout=300");
      const backups = scratchFolder();
      const run = await runScript("db-backup.ts", [backups], { DATABASE_URL: url.toString() });
      expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(run.stderr).toBe(
        "Reading the table appointments failed: SQLSTATE 55P03 (object not in prerequisite state).\n",
      );
      expect(readdirSync(backups)).toEqual([]);
    } finally {
      await client.query("ROLLBACK");
      client.release();
      await holder.close();
    }
  });

  it("refuses to back up a PGlite folder that a running server holds", async () => {
    const live = await emptyDatabase("pglite", { migrated: true });
    const server = await live.open();
    try {
      const backups = scratchFolder();
      const run = await runScript("db-backup.ts", [backups], live.settings);
      expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(run.stderr).toMatch(
        /^The database in .* is in use by another process \(pid \d+\)\..* A backup of a PGlite folder is taken with the server stopped\.\n$/,
      );
    } finally {
      await server.close();
    }
  });
});

describe("a backup made before the newest migrations", () => {
  it.each(databaseKinds)(
    "on %s: restores at its own level, then migrates on",
    async (kind) => {
      // The database as it was before migration 0010, which gave each stored request its
      // reference: the restored request gets one only if 0010 runs after its rows are loaded.
      const journal = JSON.parse(
        readFileSync(join(root, "db/migrations/meta/_journal.json"), "utf8"),
      ).entries as { tag: string; when: number }[];
      const before = journal.findIndex((entry) => entry.tag === "0010_request_reference");
      const level = { count: before, createdAt: (journal[before - 1] as { when: number }).when };
      const old = await emptyDatabase(kind);
      const oldMigrations = await migrationsUpTo(join(root, "db/migrations"), level);
      cleanups.push(async () => rmSync(oldMigrations, { recursive: true, force: true }));
      const handle = await old.open(oldMigrations);
      // Written as a backup of that version would have (the ledger came with 0012: none here).
      const file = join(scratchFolder(), "old.jsonl.gz");
      let rows: Record<string, number>;
      try {
        await handle.db.execute(
          sql`INSERT INTO appointments (name, phone, address, pincode)
          VALUES ('Asha Rani', '98765 43210', 'H-12, Sector 43, Gurugram', '122002')`,
        );
        const gzip = createGzip();
        const written = pipeline(gzip, createWriteStream(file));
        rows = await writeBackup(handle.db, handle.kind, gzip);
        gzip.end();
        await written;
      } finally {
        await handle.close();
      }
      expect(rows).toMatchObject({ appointments: 1 });
      expect(rows.access_log).toBeUndefined();

      const target = await emptyDatabase(kind);
      const result = await restoreDatabase({ file, open: target.open, ledger: [] });
      expect(result.header.migration).toEqual(level);
      const restored = await target.open();
      try {
        const rows = await queryRows<{ name: string; reference: string | null }>(
          restored.db,
          sql`SELECT name, reference, language, notice_version FROM appointments`,
        );
        expect(rows).toEqual([
          {
            name: "Asha Rani",
            reference: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
            language: "en",
            notice_version: null,
          },
        ]);
        // Migrated on to today's level: the access log is there, and works.
        await recordAccess(restored.db, { actor: admin, action: "dashboard" });
      } finally {
        await restored.close();
      }
    },
    // 53 s on PGlite beside a CPU burner and the shuffled files (decision 029).
    240_000,
  );
});

// PGlite has one connection: nothing else writes while a backup reads. PostgreSQL's other
// connections go on writing, and the backup reads one snapshot all the same.
describe("a backup while requests keep coming (postgres)", () => {
  const database = useTestDatabase("postgres");

  it("holds a request stored meanwhile whole or not at all", async () => {
    await createAppointment(database.db, appointmentInput(), staffMail);
    const other = await database.openInstance();
    let stored = false;
    const lines: string[] = [];
    // The first line (the header) is written once the backup's snapshot is taken; a request
    // and its e-mail are stored from another connection before the backup reads any table.
    const out = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        if (stored) return done();
        stored = true;
        createAppointment(other.db, appointmentInput({ name: "Vikram Singh" }), staffMail).then(
          () => done(),
          done,
        );
      },
    });
    const rows = await writeBackup(database.db, database.kind, out);
    expect(stored).toBe(true);
    expect(rows).toMatchObject({ appointments: 1, notifications: 1 });
    expect(lines.join("")).not.toContain("Vikram");
    const now = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM appointments`,
    );
    expect(now[0]?.count).toBe(2);
  });
});
