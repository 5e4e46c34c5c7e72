// Makes sure the test site of sites.ts is built (build-sites.ts) once for the whole run, then
// starts from it the one server the files that only read share (readOnlyServer in sites.ts);
// the other files start their own. And the PostgreSQL server the tests make their databases on
// (tests/postgres-server.ts), started meanwhile.
import { existsSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db.server.ts";
import { TEST_CHROMIUM_PATH } from "#scripts/chromium.ts";
import {
  type RunningServer,
  setServerNodeFlags,
  startProductionServer,
} from "#scripts/production-server.ts";
import { buildSites } from "#tests/e2e/build-sites.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { shortLivedNodeFlags } from "#tests/node-flags.ts";
import { providePostgres } from "#tests/postgres-server.ts";

export default async function setup(project: TestProject) {
  if (!existsSync(TEST_CHROMIUM_PATH)) {
    // Never skip quietly: a run without a browser has not tested the site.
    throw new Error(
      `Chromium is missing at ${TEST_CHROMIUM_PATH}. Install it (apt-get update && apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH; \`npm test\` does it for you (scripts/ensure-chromium.ts).`,
    );
  }
  // The build (made now unless already made from these sources: build-sites.ts), and meanwhile
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
  const stopPostgres = await postgres;
  let shared: RunningServer;
  try {
    shared = await startReadOnlyServer();
  } catch (error) {
    await stopPostgres();
    throw error;
  }
  project.provide("readOnlyServerUrl", shared.url);
  return async () => {
    // A server that ended before the run did failed the files that shared it: its log says why.
    const ended = shared.process.exitCode !== null || shared.process.signalCode !== null;
    await shared.stop();
    await stopPostgres();
    if (ended) {
      throw new Error(`The shared read-only server ended during the run:\n${shared.output()}`);
    }
  };
}

/** The files that only read share this server of testSite, on a copy of the empty database. */
function startReadOnlyServer(): Promise<RunningServer> {
  setServerNodeFlags(shortLivedNodeFlags);
  return startProductionServer(testSite.settings, undefined, { dataTemplate });
}

async function makeDataTemplate() {
  rmSync(dataTemplate, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dataTemplate });
  await database.close();
}
