// `npm start`: build when the build is missing, or was made from other settings or sources; then serve.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { getEnvOrExit } from "#app/config/env.server.ts";
import { buildProblem, describeBuildProblem } from "#server/build-stamp.ts";

process.env.NODE_ENV ??= "production";
const env = getEnvOrExit();
const buildDir = resolve(env.BUILD_DIR);
const problem = buildProblem(buildDir, env, { compareSources: true });

if (problem) {
  console.log(`${describeBuildProblem(problem, env.BUILD_DIR)} Building…`);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("#server/main.ts");
