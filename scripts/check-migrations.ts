// `node scripts/check-migrations.ts`: refuses a migration that would break the previous release
// while it still serves (docs/database.md, "Upgrades without downtime"). Each migration file added
// since the previous release (scripts/previous-release.ts) is read against that release's
// db/schema.ts (scripts/migration-rules.ts says what breaks it). Exit 0 when none does; exit 1
// naming each file, statement and column that does, or when no previous release can be told.
// scripts/check-migrations.test.ts runs it in `npm test`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BreakingChange, findBreakingChanges } from "#scripts/migration-rules.ts";
import {
  fileAt,
  migrationsFolder,
  PreviousReleaseError,
  previousRelease,
} from "#scripts/previous-release.ts";
import { readDeclaredTables } from "#scripts/schema-columns.ts";

export interface MigrationsVerdict {
  previous: ReturnType<typeof previousRelease>;
  refusals: (BreakingChange & { file: string })[];
}

export async function checkMigrations(cwd = process.cwd()): Promise<MigrationsVerdict> {
  const previous = previousRelease(cwd);
  // A release before db/schema.ts existed declared nothing that a migration could take away.
  const schema = previous.commit ? (fileAt(cwd, previous.commit, "db/schema.ts") ?? "") : "";
  const declared = readDeclaredTables(schema);
  const refusals: MigrationsVerdict["refusals"] = [];
  for (const file of previous.newMigrations) {
    const sql = readFileSync(join(cwd, migrationsFolder, file), "utf8");
    for (const change of await findBreakingChanges(declared, sql)) {
      refusals.push({ ...change, file: `${migrationsFolder}/${file}` });
    }
  }
  return { previous, refusals };
}

/** What the script prints for a verdict: one paragraph per refused statement. */
export function describeVerdict({ previous, refusals }: MigrationsVerdict): string {
  const against = previous.commit
    ? `the previous release, ${previous.commit.slice(0, 12)} (${previous.chosen})`
    : `no previous release (${previous.chosen})`;
  if (refusals.length === 0) {
    const files = previous.newMigrations.join(", ") || "no new migration";
    return `Migrations checked against ${against}: ${files}. None breaks it.`;
  }
  const paragraphs = refusals.map(
    (refusal) =>
      `${refusal.file}: ${refusal.change} ${refusal.column ? `"${refusal.table}"."${refusal.column}"` : `"${refusal.table}"`}, which the previous release's db/schema.ts still declares:\n  ${refusal.statement.replaceAll("\n", "\n  ")}\nWhy it breaks: ${refusal.why}.`,
  );
  return [
    `Refused: a migration breaks ${against}, whose instances still serve while it runs.`,
    ...paragraphs,
    "Split the change across two releases (docs/database.md, Upgrades without downtime): this release stops reading the column or table (leave it out of db/schema.ts and keep the migration for the next release), and the next release drops it.",
  ].join("\n\n");
}

if (import.meta.main) {
  try {
    const verdict = await checkMigrations();
    const text = describeVerdict(verdict);
    if (verdict.refusals.length > 0) {
      console.error(text);
      process.exitCode = 1;
    } else {
      console.log(text);
    }
  } catch (error) {
    if (!(error instanceof PreviousReleaseError)) throw error;
    console.error(`The migrations cannot be checked: ${error.message}`);
    process.exitCode = 1;
  }
}
