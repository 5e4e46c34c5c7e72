// Makes sure the two sites of sites.ts are built (build-sites.ts) once for the whole run. Each test
// file starts its own servers from these builds. And the PostgreSQL server the tests make their databases on
// (tests/postgres-server.ts), started meanwhile.
import { existsSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db.server.ts";
import { CHROMIUM_PATH } from "#scripts/chromium.ts";
import { buildSites } from "#tests/e2e/build-sites.ts";
import { dataTemplate } from "#tests/e2e/sites.ts";
import { providePostgres } from "#tests/postgres-server.ts";

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Never skip quietly: a run without a browser has not tested the site.
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH; \`npm test\` does it for you (scripts/ensure-chromium.ts).`,
    );
  }
  // The builds (made now unless already made from these sources: build-sites.ts), and meanwhile
  // an empty database with every migration applied, for the servers to copy.
  const template = makeDataTemplate();
  const postgres = providePostgres(project);
  const builds = buildSites();
  const [built, templated, started] = await Promise.allSettled([builds, template, postgres]);
  const failed = [built, templated, started].find((result) => result.status === "rejected");
  if (failed) {
    if (started.status === "fulfilled") await started.value();
    throw failed.reason;
  }
  return postgres;
}

async function makeDataTemplate() {
  rmSync(dataTemplate, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dataTemplate });
  await database.close();
}
