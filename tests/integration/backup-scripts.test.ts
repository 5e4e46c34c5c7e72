// `npm run db:backup` and `npm run db:restore` as a person runs them (docs/privacy.md), on each
// database.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { pinnedEnv } from "#scripts/production-server.ts";
import {
  admin,
  erased,
  personalValuesIn,
  root,
  scratchSpace,
} from "#tests/integration/backup-fixtures.ts";
import { databaseKinds, queryRows } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";
import { shortLivedNodeFlags } from "#tests/node-flags.ts";

const { scratchFolder, emptyDatabase } = scratchSpace();

/** `node scripts/<script> <args>` with exactly these settings: its exit code and output. */
function runScript(
  script: string,
  args: string[],
  settings: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...shortLivedNodeFlags, join(root, "scripts", script), ...args],
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
      // Each recorded for the backup alert: its file's name, never the folder (docs/operations.md).
      const recorded = await live.open();
      try {
        const runs = await queryRows<{ kind: string; file: string; finished: boolean }>(
          recorded.db,
          sql`SELECT kind, file, finished_at IS NOT NULL AS finished FROM backup_runs
            ORDER BY finished_at`,
        );
        const files = readdirSync(backups).filter((name) => name.endsWith(".jsonl.gz"));
        expect(runs.map((run) => run.file).sort()).toEqual(files.sort());
        expect(runs.map(({ kind, finished }) => ({ kind, finished }))).toEqual([
          { kind: "manual", finished: true },
          { kind: "manual", finished: true },
        ]);
      } finally {
        await recorded.close();
      }

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
