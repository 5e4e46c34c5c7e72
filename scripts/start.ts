// `npm start`: build when the build is missing, or was made from other settings or sources; then serve.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { getEnvOrExit } from "#app/config/env.server.ts";
import { buildProblem, describeBuildProblem } from "#server/build-stamp.ts";

process.env.NODE_ENV ??= "production";
const env = getEnvOrExit();
const buildDir = resolve(env.BUILD_DIR);
const problem = buildProblem(buildDir, env, { compareSources: true });

/**
 * Builds are tried twice: React Router's prerender gives each page 10 seconds and no retry (its
 * config cannot change either), and on a machine under load the first page, which waits for the
 * server bundle to load, has been seen to take longer (docs/performance.md, History).
 */
const buildAttempts = 2;

if (problem) {
  console.log(`${describeBuildProblem(problem, env.BUILD_DIR)} Building…`);
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (result.status === 0) break;
    if (attempt >= buildAttempts) process.exit(result.status ?? 1);
    console.log("The build failed; building once more (a busy machine can time a page out)…");
  }
}

await import("#server/main.ts");
