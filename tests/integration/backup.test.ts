import {
  createWriteStream,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
import {
  admin,
  colleague,
  comparableRows,
  erased,
  personalValuesIn,
  root,
  scratchSpace,
} from "#tests/integration/backup-fixtures.ts";
import { everyRow } from "#tests/integration/backup-rows.ts";
import {
  databaseKinds,
  describeEachDatabase,
  queryRows,
  useTestDatabase,
} from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const { scratchFolder, emptyDatabase, afterTest } = scratchSpace();

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
      afterTest(async () => rmSync(oldMigrations, { recursive: true, force: true }));
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
