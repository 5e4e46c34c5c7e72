// The build the browser tests run against (sites.ts), made only when its stamp says it is not
// already there with exactly these settings and these sources (server/build-stamp.ts, as
// `npm start` decides); the build with analytics ids is `npm start`'s own, in programs.test.ts.
// The e2e global setup calls it; `npm test` runs it as a program while the integration tests
// run, which leave a core idle most of the time, so that the browser tests find it made.
import { spawn } from "node:child_process";
import { parseEnv } from "#app/config/env.server.ts";
import { pinnedEnv } from "#scripts/production-server.ts";
import { buildProblem } from "#server/build-stamp.ts";
import { type Site, testSite } from "#tests/e2e/sites.ts";

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

/** True when `site`'s build holds exactly its settings and today's sources. */
function isBuilt(site: Site): boolean {
  const env = parseEnv(pinnedEnv({ ...site.settings, BUILD_DIR: site.buildDir }));
  return buildProblem(site.buildDir, env, { compareSources: true }) === undefined;
}

/**
 * Builds the test site unless it is built. Nothing else may build meanwhile: each build
 * regenerates .react-router/types (React Router's route compiler runs its type generation), and
 * two at once can delete the directory under each other (ENOTEMPTY).
 */
export async function buildSites(): Promise<void> {
  if (!isBuilt(testSite)) await build(testSite);
}

// Run ahead of the browser tests, a failed build is not the end: with the integration tests
// using both cores, React Router's prerender can give up on its first page (it waits 10 s, not
// configurable, while the server bundle loads). The browser tests' global setup builds again
// whatever is not built, on an idle machine, and fails there on a real error.
if (import.meta.main) {
  const started = performance.now();
  try {
    await buildSites();
    console.log(
      `The browser tests' build is ready (${Math.round(performance.now() - started)} ms).`,
    );
  } catch (error) {
    const log = error instanceof Error ? error.message : String(error);
    const reason = log.split("\n").find((line) => line.includes("Error:")) ?? log.split("\n")[0];
    console.log(`A build ahead of the browser tests failed; they will build again. ${reason}`);
  }
}
