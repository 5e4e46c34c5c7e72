// Shared by the benchmarks: a dedicated build whose SITE_URL is the address it is served at,
// so canonical links and structured data are what production would send.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";

export function buildForBench(
  buildDir: string,
  siteUrl: string,
  extraEnv: Record<string, string> = {},
) {
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, ...extraEnv, BUILD_DIR: buildDir, SITE_URL: siteUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("build failed");
}

export async function startBenchServer(
  buildDir: string,
  port: number,
  siteUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: siteUrl,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("bench server did not start");
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
