// Shared by the benchmarks: a dedicated build whose SITE_URL is the address it is served at,
// so canonical links and structured data are what production would send.
import { getEnv } from "#app/config/env.server.ts";
import {
  buildInto,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { buildRelease, checkOutRelease } from "#scripts/release-checkout.ts";

export function buildForBench(buildDir: string, siteUrl: string) {
  buildInto(buildDir, { SITE_URL: siteUrl });
}

/** An earlier release built for a benchmark: the folder to serve it from, and its build's. */
export interface BenchRelease {
  /** The release's own files (its server/main.ts is what serves it). */
  dir: string;
  /** Its build, relative to `dir`. */
  buildDir: string;
  /** Made by an earlier run (nothing was built now). */
  reused: boolean;
  /** Seconds each step took now. */
  seconds: { archive: number; install: number; build: number };
}

/**
 * The release at `commit` built for `siteUrl`, as the rolling-upgrade test builds its previous
 * release (scripts/release-checkout.ts), but on the benchmarks' own shelf: kept between runs of
 * the benchmark, and never in place of the test's.
 */
export async function buildReleaseForBench(commit: string, siteUrl: string): Promise<BenchRelease> {
  const release = await checkOutRelease(commit, { SITE_URL: siteUrl }, process.cwd(), "bench");
  await buildRelease(release);
  const seconds = (ms: number) => Math.round(ms / 100) / 10;
  return {
    dir: release.dir,
    buildDir: release.settings.BUILD_DIR ?? "build",
    reused: release.reused,
    seconds: {
      archive: seconds(release.timings.archive),
      install: seconds(release.timings.install),
      build: seconds(release.timings.build),
    },
  };
}

/**
 * The production server on `buildDir`; from another checkout of the project (an earlier release,
 * `cwd`) when given, with that checkout's own server code, as it was deployed.
 */
export async function startBenchServer(
  buildDir: string,
  port: number,
  siteUrl: string,
  cwd?: string,
): Promise<RunningServer> {
  // The request log is on, as deployed, unless LOG_LEVEL says otherwise (to measure its cost).
  // stop() also removes the server's data folder.
  return startProductionServer(
    { BUILD_DIR: buildDir, SITE_URL: siteUrl, LOG_LEVEL: getEnv().LOG_LEVEL },
    port,
    { discardOutput: true, cwd },
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
