// Builds the two sites of sites.ts once for the whole run. Each test file starts its own servers
// from these builds. And the PostgreSQL server the tests make their databases on
// (tests/postgres-server.ts), started meanwhile.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/domain/db.server.ts";
import { pinnedEnv } from "../../scripts/production-server.ts";
import { providePostgres } from "../postgres-server";
import { CHROMIUM_PATH } from "./browser";
import { analyticsSite, dataTemplate, type Site, testSite } from "./sites";

/** `npm run build` of `site` with its settings and nothing else; its log only on failure. */
function build(site: Site): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], {
      env: pinnedEnv({ ...site.settings, BUILD_DIR: site.buildDir }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr.on("data", (chunk) => {
      log += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`the build into ${site.buildDir}/ failed (exit ${code}):\n${log}`));
    });
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Never skip quietly: a run without a browser has not tested the site.
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH; \`npm test\` does it for you (scripts/ensure-chromium.ts).`,
    );
  }
  // One after the other: side by side they would save 1.5 s of 10, but each build regenerates
  // .react-router/types (React Router's route compiler runs its type generation), and two at
  // once can delete the directory under each other (ENOTEMPTY).
  // Meanwhile, an empty database with every migration applied, for the servers to copy.
  const template = makeDataTemplate();
  const postgres = providePostgres(project);
  const builds = (async () => {
    await build(testSite);
    await build(analyticsSite);
  })();
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
