// Shared by the benchmarks: a dedicated build whose SITE_URL is the address it is served at,
// so canonical links and structured data are what production would send.
import { getEnv } from "#app/config/env.server.ts";
import {
  buildInto,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";

export function buildForBench(buildDir: string, siteUrl: string) {
  buildInto(buildDir, { SITE_URL: siteUrl });
}

export async function startBenchServer(
  buildDir: string,
  port: number,
  siteUrl: string,
): Promise<RunningServer> {
  // The request log is on, as deployed, unless LOG_LEVEL says otherwise (to measure its cost).
  // stop() also removes the server's data folder.
  return startProductionServer(
    { BUILD_DIR: buildDir, SITE_URL: siteUrl, LOG_LEVEL: getEnv().LOG_LEVEL },
    port,
    { discardOutput: true },
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
