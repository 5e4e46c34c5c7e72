// Erasure that reaches the disk (docs/privacy.md): a request sent through the real form (with a
// campaign's label from the link the visit began on) is noted by staff, its staff e-mail written
// as an .eml file, and then erased on its page; the server is stopped cleanly. On PGlite no file
// of the data folder outside the write-ahead log holds any of the person's values; on PostgreSQL
// a dump of the database holds none; no .eml in the mail folder does. Another person's request,
// not erased, is found in the same places: the search would see the erased one if it were there.
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer } from "#scripts/production-server.ts";
import { createTestDatabase, fastSubmissions, validAppointment } from "#tests/e2e/appointments.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

const run = promisify(execFile);

const erased = {
  name: "Zorawar Qutubuddin",
  phone: "98111 22334",
  address: "Flat 77, Xylophone Marg, Saket",
  message: "Knee pain since the fall, zqxv",
  note: "Zorawar's son opens the door",
  campaign: "winter-zqx-campaign",
};
/** Each value as it may be stored: as typed, the number's digits and key, the note. */
const erasedValues = [
  erased.name,
  "Qutubuddin",
  erased.phone,
  "9811122334",
  erased.address,
  "Xylophone",
  erased.message,
  "zqxv",
  erased.note,
  erased.campaign,
];
const kept = { ...validAppointment, name: "Oswin Tarrant", phone: "98444 55666" };

/** Every file under `dir`, recursively, but the write-ahead log's. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(dir, file).split("/").includes("pg_wal"));
}

/** Which of `values` each file holds (as UTF-8 bytes), file by file. */
function valuesInFiles(files: string[], values: string[], root: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const value of values) {
      if (bytes.includes(Buffer.from(value, "utf8")))
        found.push(`${relative(root, file)}: ${value}`);
    }
  }
  return found;
}

/**
 * The database as `pg_dump` writes it, when a pg_dump of the server's major version is on the
 * PATH; else every row of every table as text, which is what pg_dump's data is (a newer server
 * than the machine's pg_dump, as the tests' own PostgreSQL often is).
 */
async function dumpOf(url: string): Promise<{ text: string; by: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const server = Number(
      (await client.query<{ v: string }>("SHOW server_version_num")).rows[0]?.v ?? 0,
    );
    const version = await run("pg_dump", ["--version"]).then(
      ({ stdout }) => Number(/\) (\d+)/.exec(stdout)?.[1] ?? 0),
      () => 0,
    );
    if (version === Math.floor(server / 10000)) {
      const { stdout } = await run("pg_dump", ["--dbname", url], { maxBuffer: 256 << 20 });
      return { text: stdout, by: "pg_dump" };
    }
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    const lines: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      lines.push(`-- ${name}`, ...rows.rows.map((row) => row.row));
    }
    return { text: lines.join("\n"), by: "every row of every table (no pg_dump of its version)" };
  } finally {
    await client.end();
  }
}

/** The words of every e-mail written to `mailDir`: subject, text and HTML, decoded. */
async function mailTexts(mailDir: string): Promise<string[]> {
  if (!existsSync(mailDir)) return [];
  const texts = [];
  for (const name of readdirSync(mailDir)) {
    const mail = await simpleParser(readFileSync(join(mailDir, name)));
    texts.push([mail.subject, mail.text, mail.html || ""].join("\n"));
  }
  return texts;
}

for (const kind of ["pglite", "postgres"] as const) {
  describe(`an erasure reaches the disk (${kind})`, () => {
    const root = mkdtempSync(join(tmpdir(), "physio-erasure-"));
    const dataDir = join(root, "data");
    const mailDir = join(root, "mail");
    let databaseUrl: string | undefined;
    let dropDatabase = async () => {};

    beforeAll(async () => {
      if (kind === "postgres") {
        mkdirSync(dataDir);
        const database = await createTestDatabase();
        databaseUrl = database.url;
        dropDatabase = database.drop;
        await seedStaff({ databaseUrl });
      } else {
        cpSync(dataTemplate, dataDir, { recursive: true });
        await seedStaff({ dataDir });
      }
    }, 120_000);
    afterAll(async () => {
      await dropDatabase();
      rmSync(root, { recursive: true, force: true });
    });

    it("leaves none of the person's values in the database's files, a dump, or the e-mail copies", {
      timeout: 120_000,
    }, async () => {
      const server = await startProductionServer({
        ...testSite.settings,
        ...fastSubmissions,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        MAIL_DIR: mailDir,
      });
      try {
        const url = server.url;
        // The visit begins on a campaign's link: its label is kept with the request.
        const landing = await fetch(
          `${url}/?utm_source=newsletter&utm_medium=email&utm_campaign=${erased.campaign}`,
        );
        const visit = landing.headers.getSetCookie().map((line) => line.split(";")[0]);
        expect(visit.join()).toMatch(/^hp_visit=/);
        const send = (fields: Record<string, string>, cookie = "") =>
          fetch(`${url}/contact`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: { origin: url, cookie },
            redirect: "manual",
          });
        const { note: _, campaign: __, ...fields } = erased;
        const sent = await send({ ...fields, pincode: "110017" }, visit.join("; "));
        expect(sent.status).toBe(303);
        const reference = new URL(sent.headers.get("location") ?? "", url).searchParams.get("ref");
        expect((await send(kept)).status).toBe(303);
        // Both staff e-mails written as files.
        await expect
          .poll(() => (existsSync(mailDir) ? readdirSync(mailDir).length : 0), { timeout: 15_000 })
          .toBe(2);

        const cookie = await signInCookie(url, admin);
        const staffPost = (path: string, form: Record<string, string>) =>
          fetch(`${url}${path}`, {
            method: "POST",
            body: new URLSearchParams(form),
            headers: { origin: url, cookie },
            redirect: "manual",
          });
        // The dashboard's data (its page draws the list in the browser): the one row found.
        const list = await (
          await fetch(`${url}/admin.data?q=${reference}`, { headers: { cookie } })
        ).text();
        const ids = new Set(
          list.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g),
        );
        expect(ids.size, list).toBe(1);
        const [id = ""] = ids;
        expect(
          (await staffPost(`/admin/appointments/${id}`, { intent: "note", body: erased.note }))
            .status,
        ).toBe(200);
        const erasure = await staffPost(`/admin/appointments/${id}/privacy`, {
          intent: "erase",
          scope: "number",
          confirm: "1",
        });
        expect(erasure.status).toBe(200);
        expect((await erasure.text()).includes("Personal data of 1 request erased")).toBe(true);
      } finally {
        await server.stop();
      }
      expect(server.output()).not.toMatch(/"level":(50|60)/);

      if (kind === "pglite") {
        const files = filesUnder(dataDir);
        expect(valuesInFiles(files, erasedValues, dataDir)).toEqual([]);
        // The control: the other person's request is there, in the table's own file.
        expect(valuesInFiles(files, [kept.name], dataDir)).not.toEqual([]);
      } else {
        const dump = await dumpOf(databaseUrl ?? "");
        console.log(`postgres: dumped by ${dump.by}, ${dump.text.length} characters`);
        expect(erasedValues.filter((value) => dump.text.includes(value))).toEqual([]);
        expect(dump.text).toContain(kept.name);
      }
      const mails = await mailTexts(mailDir);
      expect(mails).toHaveLength(1);
      expect(mails.filter((text) => erasedValues.some((value) => text.includes(value)))).toEqual(
        [],
      );
      expect(mails[0]).toContain(kept.name);
    });
  });
}
