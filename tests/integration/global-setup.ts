// Once per run: a PGlite folder created and migrated by openDatabase, as a new install would be.
// Each test file copies it (databases.ts) instead of paying PGlite's initdb (~5 s) again. And
// when TEST_DATABASE_URL is set, a PostgreSQL that does not answer stops the run at once, with
// the reason, instead of failing every file the same way.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/domain/db.server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, closed, to copy. */
    pgliteTemplate: string;
  }
}

async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    const redacted = new URL(url);
    redacted.password = redacted.password ? "***" : "";
    throw new Error(
      `TEST_DATABASE_URL is set but PostgreSQL at ${redacted} does not answer (${(error as Error).message}). Start it, or unset TEST_DATABASE_URL to test on PGlite only.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) await checkPostgres(databaseUrl);

  const template = mkdtempSync(join(tmpdir(), "physio-it-template-"));
  try {
    const handle = await openDatabase({ dataDir: template });
    await handle.close();
  } catch (error) {
    rmSync(template, { recursive: true, force: true });
    throw error;
  }
  project.provide("pgliteTemplate", template);
  return () => rmSync(template, { recursive: true, force: true });
}
