// Once per run: a PGlite folder created and migrated by openDatabase, as a new install would be.
// Each test file copies it (databases.ts) instead of paying PGlite's initdb (~5 s) again. And the
// PostgreSQL server the tests make their databases on (tests/postgres-server.ts), started
// meanwhile.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db.server.ts";
import { providePostgres } from "#tests/postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, closed, to copy. */
    pgliteTemplate: string;
  }
}

async function makePgliteTemplate(): Promise<string> {
  const template = mkdtempSync(join(tmpdir(), "physio-it-template-"));
  try {
    const handle = await openDatabase({ dataDir: template });
    await handle.close();
    return template;
  } catch (error) {
    rmSync(template, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const [template, postgres] = await Promise.allSettled([
    makePgliteTemplate(),
    providePostgres(project),
  ]);
  const teardown = async () => {
    if (template.status === "fulfilled") rmSync(template.value, { recursive: true, force: true });
    if (postgres.status === "fulfilled") await postgres.value();
  };
  if (template.status === "rejected" || postgres.status === "rejected") {
    await teardown();
    throw [template, postgres].find((result) => result.status === "rejected")?.reason;
  }
  project.provide("pgliteTemplate", template.value);
  return teardown;
}
