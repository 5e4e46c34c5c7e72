// Shared by the benchmarks: a dedicated build whose SITE_URL is the address it is served at,
// so canonical links and structured data are what production would send.
import type { ChildProcess } from "node:child_process";
import { getEnv } from "../app/config/env.server.ts";
import { buildInto, startProductionServer } from "./production-server.ts";

export function buildForBench(buildDir: string, siteUrl: string) {
  buildInto(buildDir, { SITE_URL: siteUrl });
}

export async function startBenchServer(
  buildDir: string,
  port: number,
  siteUrl: string,
): Promise<ChildProcess> {
  // The request log is on, as deployed, unless LOG_LEVEL says otherwise (to measure its cost).
  const server = await startProductionServer(
    { BUILD_DIR: buildDir, SITE_URL: siteUrl, LOG_LEVEL: getEnv().LOG_LEVEL },
    port,
    { discardOutput: true },
  );
  return server.process;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
