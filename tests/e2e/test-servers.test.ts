// The production servers the tests and the benchmarks start (scripts/production-server.ts) are
// theirs alone: a port asked for that another process holds is refused, rather than that process
// answering the health check for a server that never listened; and a process that crashes stops
// the servers it started, rather than leaving them to answer for the next run's.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { freePort, startProductionServer } from "#scripts/production-server.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";

const root = join(import.meta.dirname, "..", "..");

/** Whether a process of that id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the servers the tests and benchmarks start", () => {
  it("refuses a port another process listens on", async () => {
    // Another program answering every request, as a server left by an earlier run would.
    const port = await freePort();
    const other = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => other.listen(port, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => other.close(() => resolve())));
    await expect(startProductionServer(testSite.settings, port, { dataTemplate })).rejects.toThrow(
      `port ${port} is in use`,
    );
  });

  it("stops a crashed process's servers as it exits", async () => {
    // A program that starts a server, says which, and crashes on an error no one catches.
    const program = `
      const { startProductionServer } = await import("./scripts/production-server.ts");
      const server = await startProductionServer(${JSON.stringify(testSite.settings)}, undefined, {
        dataTemplate: ${JSON.stringify(dataTemplate)},
      });
      console.log(JSON.stringify({ pid: server.process.pid, url: server.url }));
      setTimeout(() => { throw new Error("crashed"); }, 0);`;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", program], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("crashed");
    const { pid, url } = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as {
      pid: number;
      url: string;
    };
    expect(pid).toBeGreaterThan(0);
    // SIGTERM lets the server close its database first: it is gone within its shutdown time.
    await expect.poll(() => alive(pid), { timeout: 15_000 }).toBe(false);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
