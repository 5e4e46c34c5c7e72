// A build bakes settings into its prerendered pages (business facts, analytics ids, SITE_URL).
// The stamp records a fingerprint of those settings and of every source the build read, so a
// server never serves pages that disagree with its own configuration, and `npm start` knows
// when to build again.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Env, feesOf } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";

interface BuildStamp {
  /** Fingerprint of the settings baked into the pages. */
  settings: string;
  /** Fingerprint of the sources the build read. */
  sources: string;
  builtAt: string;
}

/**
 * What a build bakes in: every setting the pages show or link to (see SiteConfig), the periods
 * the privacy policy and the notice beside the form state, and the fees the pages state (their
 * loaders run at build time).
 */
export function settingsFingerprint(env: Env): string {
  const privacyPeriods = [env.RETENTION_MONTHS, env.NEWSLETTER_PENDING_DAYS, env.PRIVACY_DUE_DAYS];
  return createHash("sha256")
    .update(JSON.stringify([toSiteConfig(env), privacyPeriods, feesOf(env)]))
    .digest("hex")
    .slice(0, 16);
}

/** Everything the build reads besides settings: the app, the build scripts, the dependencies. */
const sourceRoots = [
  "app",
  "public",
  "server",
  "scripts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function sourceFiles(path: string): string[] {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return [];
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(path) ? [] : [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => sourceFiles(join(path, name)));
}

/** A content hash of the sources (their paths and bytes), independent of file times. */
export function sourcesFingerprint(root = "."): string {
  const hash = createHash("sha256");
  for (const file of sourceRoots.flatMap((name) => sourceFiles(join(root, name)))) {
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

function readStamp(buildDir: string): BuildStamp | undefined {
  const path = join(buildDir, "stamp.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as BuildStamp) : undefined;
}

export function writeStamp(buildDir: string, env: Env): void {
  const stamp: BuildStamp = {
    settings: settingsFingerprint(env),
    sources: sourcesFingerprint(),
    builtAt: new Date().toISOString(),
  };
  writeFileSync(join(buildDir, "stamp.json"), `${JSON.stringify(stamp, null, 2)}\n`);
}

export type BuildProblem = "missing" | "settings" | "sources";

/**
 * Why the build in `buildDir` cannot be served with `env`, or undefined when it can. Sources are
 * compared only when asked: a deployment may serve a build without its sources beside it.
 */
export function buildProblem(
  buildDir: string,
  env: Env,
  options: { compareSources?: boolean } = {},
): BuildProblem | undefined {
  const stamp = readStamp(buildDir);
  if (!stamp) return "missing";
  if (stamp.settings !== settingsFingerprint(env)) return "settings";
  if (options.compareSources && stamp.sources !== sourcesFingerprint()) return "sources";
  return undefined;
}

export function describeBuildProblem(problem: BuildProblem, buildDir: string): string {
  switch (problem) {
    case "missing":
      return `There is no finished build in ${buildDir}/.`;
    case "settings":
      return `The build in ${buildDir}/ was made with other business, analytics or privacy-period settings than this environment's.`;
    case "sources":
      return `The sources changed since the build in ${buildDir}/ was made.`;
  }
}
