import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteConfig } from "../app/config/site-config.ts";

// Prerendered pages carry the business facts they were built with. The stamp records them,
// so a server never serves pages that disagree with its own configuration.

export interface BuildStamp {
  configFingerprint: string;
  builtAt: string;
}

export function fingerprint(config: SiteConfig): string {
  return createHash("sha256").update(JSON.stringify(config)).digest("hex").slice(0, 16);
}

export function readStamp(buildDir: string): BuildStamp | undefined {
  const path = join(buildDir, "stamp.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as BuildStamp) : undefined;
}

export function writeStamp(buildDir: string, config: SiteConfig): void {
  const stamp: BuildStamp = {
    configFingerprint: fingerprint(config),
    builtAt: new Date().toISOString(),
  };
  writeFileSync(join(buildDir, "stamp.json"), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** Why the build cannot be served with this configuration, or undefined when it can. */
export function buildProblem(buildDir: string, config: SiteConfig): string | undefined {
  const stamp = readStamp(buildDir);
  if (!stamp) return `There is no finished build in ${buildDir}/. Run: npm run build`;
  if (stamp.configFingerprint !== fingerprint(config)) {
    return `The build in ${buildDir}/ was made with other business or analytics settings than this environment's. Run: npm run build`;
  }
  return undefined;
}
