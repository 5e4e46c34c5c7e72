// The migration check (docs/database.md, "Upgrades without downtime"): what it refuses, read from
// fixtures of a previous schema and a migration; the schema reader against Drizzle's own reading;
// the script itself on this checkout (so `npm test` refuses a migration that breaks the previous
// release), and on small git clones it is run in, made here, whatever this repository's history.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema.ts";
import { findBreakingChanges } from "#scripts/migration-rules.ts";
import { readDeclaredTables } from "#scripts/schema-columns.ts";

/** A previous release's schema: what its queries name. */
const previousSchema = `
import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const patients = pgTable("patients", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  fax: text("fax"),
  nickname: text("nickname"),
  status: text("status").notNull().default("new"),
  visits: integer("visits").notNull().default(0),
  token: text("token").$defaultFn(() => "t"),
  createdAt: createdAt(),
});
export const notes = pgTable("notes", { id: uuid("id").primaryKey(), body: text() });
`;
const declared = readDeclaredTables(previousSchema);

async function refusedColumns(sql: string) {
  return (await findBreakingChanges(declared, sql)).map(
    ({ table, column, change }) => `${table}.${column ?? "*"}: ${change}`,
  );
}

describe("a migration read against the previous release's schema", () => {
  it.each([
    ['ALTER TABLE "patients" DROP COLUMN "fax";', "patients.fax: drops the column"],
    [
      "ALTER TABLE public.patients DROP COLUMN IF EXISTS fax CASCADE;",
      "patients.fax: drops the column",
    ],
    [
      'ALTER TABLE "patients" RENAME COLUMN "fax" TO "fax_number";',
      "patients.fax: renames the column",
    ],
    ['DROP TABLE "notes" CASCADE;', "notes.*: drops the table"],
    ['DROP TABLE IF EXISTS "other", "public"."notes";', "notes.*: drops the table"],
    ['ALTER TABLE "notes" RENAME TO "patient_notes";', "notes.*: renames the table"],
    ["ALTER TABLE notes SET SCHEMA archive;", "notes.*: moves the table to another schema"],
    [
      'ALTER TABLE "patients" ALTER COLUMN "visits" SET DATA TYPE bigint;',
      "patients.visits: changes the column's type",
    ],
    [
      'ALTER TABLE "patients" ALTER COLUMN "nickname" SET NOT NULL;',
      "patients.nickname: makes the column NOT NULL without a default",
    ],
    [
      'ALTER TABLE "patients" ADD COLUMN "ward" text NOT NULL;',
      "patients.ward: adds a NOT NULL column without a default",
    ],
    [
      'ALTER TABLE "patients" ALTER COLUMN "status" DROP DEFAULT;',
      "patients.status: drops the column's default",
    ],
  ])("refuses %s", async (sql, refusal) => {
    expect(await refusedColumns(sql)).toEqual([refusal]);
  });

  it.each([
    // What expand-then-contract looks like from the check's side.
    ["a nullable column added", 'ALTER TABLE "patients" ADD COLUMN "ward" text;'],
    [
      "a NOT NULL column added with a default",
      `ALTER TABLE patients ADD COLUMN ward text DEFAULT '' NOT NULL;`,
    ],
    [
      "a column the previous release no longer declares dropped",
      'ALTER TABLE "patients" DROP COLUMN "pager";',
    ],
    ["a table it no longer declares dropped", 'DROP TABLE "app_secrets";'],
    [
      "a new table, renamed and altered",
      'CREATE TABLE "t" ("a" text);\nALTER TABLE "t" RENAME COLUMN "a" TO "b";\nALTER TABLE "t" DROP COLUMN "b";',
    ],
    [
      "NOT NULL on a column it always writes",
      'ALTER TABLE "patients" ALTER COLUMN "name" SET NOT NULL;',
    ],
    [
      "NOT NULL on a column its inserts fill",
      'ALTER TABLE "patients" ALTER COLUMN "token" SET NOT NULL;',
    ],
    [
      "NOT NULL with a default given by the same migration",
      `ALTER TABLE "patients" ALTER COLUMN "nickname" SET DEFAULT '';\nUPDATE "patients" SET "nickname" = '' WHERE "nickname" IS NULL;\nALTER TABLE "patients" ALTER COLUMN "nickname" SET NOT NULL;`,
    ],
    ["a constraint dropped", 'ALTER TABLE "patients" DROP CONSTRAINT "patients_name_check";'],
    ["an index dropped", 'DROP INDEX "patients_name_idx";'],
    ["a table of another schema dropped", "DROP TABLE archive.notes;"],
  ])("passes %s", async (_what, sql) => {
    expect(await refusedColumns(sql)).toEqual([]);
  });

  it("names the statement as written, without the comments before it", async () => {
    const sql = `-- Old faxes — nobody reads them.\nALTER TABLE "notes" ADD COLUMN "x" text;--> statement-breakpoint\n-- Gone.\nALTER TABLE "patients" DROP COLUMN "fax";`;
    const [refusal, ...more] = await findBreakingChanges(declared, sql);
    expect(more).toEqual([]);
    expect(refusal?.statement).toBe('ALTER TABLE "patients" DROP COLUMN "fax"');
    expect(refusal?.why).toMatch(/previous release's queries name it/);
  });

  it("rejects SQL that PostgreSQL would not run", async () => {
    await expect(
      findBreakingChanges(declared, "ALTER TABLE patients DROP COLUM fax;"),
    ).rejects.toThrow();
  });
});

describe("reading a schema's text", () => {
  it("finds every table and column Drizzle finds in today's db/schema.ts, by their SQL names", () => {
    const tables = Object.values(schema).filter((value) => value instanceof PgTable);
    const fromDrizzle = Object.fromEntries(
      tables.map((table) => {
        const config = getTableConfig(table);
        return [config.name, Object.fromEntries(config.columns.map((c) => [c.name, c.notNull]))];
      }),
    );
    // Read as text, as the previous release's is read from git.
    const read = readDeclaredTables(readFileSync("db/schema.ts", "utf8"));
    const fromText = Object.fromEntries(
      [...read].map(([name, columns]) => [
        name,
        Object.fromEntries([...columns].map(([column, { notNull }]) => [column, notNull])),
      ]),
    );
    expect(fromText).toEqual(fromDrizzle);
  });
});

const script = resolve("scripts/check-migrations.ts");

/** The script run as `npm test` runs it, in `cwd`, with only the given PREVIOUS_RELEASE. */
function runCheck(cwd: string, previousRelease?: string) {
  const env = { ...process.env, PREVIOUS_RELEASE: previousRelease ?? "" };
  const result = spawnSync(process.execPath, [script], { cwd, env, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("the check on this checkout", () => {
  it("finds no migration since the previous release that breaks it", () => {
    const { status, output } = runCheck(process.cwd());
    expect(output).toMatch(/^Migrations checked against the previous release, [0-9a-f]{12} /);
    expect(status, output).toBe(0);
  });
});

describe("the check in a clone", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  // The clone's git, with no settings of the machine's (hooks, signing).
  const gitEnv = {
    ...process.env,
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Test",
    GIT_AUTHOR_EMAIL: "test@example.com",
    GIT_COMMITTER_NAME: "Test",
    GIT_COMMITTER_EMAIL: "test@example.com",
  };
  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync("git", args, { cwd, env: gitEnv, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
    return result.stdout.trim();
  };
  const write = (cwd: string, path: string, text: string) => {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), text);
  };
  const table = (columns: string) =>
    `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const patients = pgTable("patients", { ${columns} });\n`;
  const dropFax = 'ALTER TABLE "patients" DROP COLUMN "fax";';

  /** A release that reads patients.fax, with its migration. */
  function cloneWithFax(): string {
    const cwd = mkdtempSync(join(tmpdir(), "physio-migrations-"));
    folders.push(cwd);
    git(cwd, "init", "--quiet", "--initial-branch=main");
    write(cwd, "db/schema.ts", table('name: text("name").notNull(), fax: text("fax")'));
    write(
      cwd,
      "db/migrations/0000_patients.sql",
      'CREATE TABLE "patients" ("name" text NOT NULL, "fax" text);',
    );
    git(cwd, "add", "-A");
    git(cwd, "commit", "--quiet", "-m", "patients, with their fax");
    return cwd;
  }

  it("refuses, exit 1, a committed migration that drops a column the release before it reads", () => {
    const cwd = cloneWithFax();
    write(cwd, "db/schema.ts", table('name: text("name").notNull()'));
    write(cwd, "db/migrations/0001_no_fax.sql", `-- Faxes are gone.\n${dropFax}\n`);
    git(cwd, "add", "-A");
    git(cwd, "commit", "--quiet", "-m", "no fax, in one release");
    const { status, output } = runCheck(cwd);
    expect(status).toBe(1);
    expect(output).toContain(
      'db/migrations/0001_no_fax.sql: drops the column "patients"."fax", which the previous release\'s db/schema.ts still declares',
    );
    expect(output).toContain(`  ${dropFax.slice(0, -1)}\n`);
  });

  it("passes the same drop a release after the one that stopped reading the column", () => {
    const cwd = cloneWithFax();
    // Release 1 stops reading it (the column stays in the database)…
    write(cwd, "db/schema.ts", table('name: text("name").notNull()'));
    git(cwd, "commit", "--quiet", "-am", "the code no longer reads the fax");
    // …release 2 drops it.
    write(cwd, "db/migrations/0001_no_fax.sql", `${dropFax}\n`);
    git(cwd, "add", "-A");
    git(cwd, "commit", "--quiet", "-m", "drop the fax");
    const { status, output } = runCheck(cwd);
    expect(output).toContain("0001_no_fax.sql. None breaks it.");
    expect(status).toBe(0);
  });

  it("judges a migration not yet committed against the commit checked out", () => {
    const cwd = cloneWithFax();
    write(cwd, "db/migrations/0001_no_fax.sql", dropFax);
    const { status, output } = runCheck(cwd);
    expect(output).toContain("(HEAD (the working tree has migrations not yet committed))");
    expect(output).toContain("0001_no_fax.sql: drops the column");
    expect(status).toBe(1);
  });

  it("refuses to guess in a shallow clone, and takes PREVIOUS_RELEASE there", () => {
    const cwd = cloneWithFax();
    write(cwd, "db/migrations/0001_ward.sql", 'ALTER TABLE "patients" ADD COLUMN "ward" text;');
    git(cwd, "add", "-A");
    git(cwd, "commit", "--quiet", "-m", "wards");
    const shallow = mkdtempSync(join(tmpdir(), "physio-shallow-"));
    folders.push(shallow);
    git(tmpdir(), "clone", "--quiet", "--depth=1", `file://${cwd}`, shallow);
    const refused = runCheck(shallow);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("This clone is shallow (cloned with --depth)");
    expect(refused.output).toContain("set PREVIOUS_RELEASE to a tag or commit");
    const named = runCheck(shallow, "HEAD");
    expect(named.output).toContain("(PREVIOUS_RELEASE=HEAD): no new migration. None breaks it.");
    expect(named.status).toBe(0);
    const unknown = runCheck(shallow, "v9.9.9");
    expect(unknown.output).toContain("PREVIOUS_RELEASE=v9.9.9 names no commit of this clone");
    expect(unknown.status).toBe(1);
  });
});
