import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

export const testSiteEnv = {
  BUSINESS_NAME: "HomePhysio NCR",
  BUSINESS_PHONE: "+91 98765 43210",
  BUSINESS_WHATSAPP: "+91 98765 43210",
  BUSINESS_EMAIL: "care@homephysio.example",
} as const;

export const analyticsIds = ["G-TEST00001", "G-TEST00002"] as const;

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

/** Runs `npm run build` into `buildDir` with the given environment. */
export function buildInto(buildDir: string, env: Record<string, string>): void {
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, ...env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`build into ${buildDir} failed`);
}

/** Starts the production server on a free port and resolves once it answers /healthz. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
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
