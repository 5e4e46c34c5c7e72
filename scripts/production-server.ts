// Builds and runs the production server as a separate process, for the browser tests and the
// benchmarks: the same `npm run build` and `server/main.ts` a deployment uses.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

/** Runs `npm run build` into `buildDir` with the given environment. */
export function buildInto(buildDir: string, env: Record<string, string>): void {
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, ...env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`build into ${buildDir} failed`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts `server/main.ts` on `port` (a free one if omitted); resolves once /healthz answers. */
export async function startProductionServer(
  env: Record<string, string>,
  port?: number,
): Promise<{ url: string; process: ChildProcess }> {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(listenPort),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("server did not start within 20 s");
}
