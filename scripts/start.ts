// `npm start`: build when the build is missing, stale, or made with other settings; then serve.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { getEnvOrExit } from "../app/config/env.server.ts";
import { toSiteConfig } from "../app/config/site-config.ts";
import { buildProblem, readStamp } from "../server/build-stamp.ts";

const sources = [
  "app",
  "public",
  "server",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestChange(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

process.env.NODE_ENV ??= "production";
const env = getEnvOrExit();

const buildDir = resolve(env.BUILD_DIR);
const stamp = readStamp(buildDir);
const reason =
  buildProblem(buildDir, toSiteConfig(env)) ??
  (stamp && Math.max(...sources.map(newestChange)) > Date.parse(stamp.builtAt)
    ? "The sources changed since the last build."
    : undefined);

if (reason) {
  console.log(`${reason.replace(" Run: npm run build", "")} Building…`);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/main.ts");
