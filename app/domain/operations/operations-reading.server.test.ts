// The disk reading behind the embedded database's alert, against `df` (coreutils), which reads
// the same file system by its own code: used over used and available, the system's reserve left
// out, as df's Use% column counts it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { diskUsedAt } from "#app/domain/operations/operations-reading.server.ts";

it("reads the share of a folder's disk in use as df does", async () => {
  const dir = mkdtempSync(join(tmpdir(), "physio-disk-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const used = await diskUsedAt(dir);
  const [, , usedBytes, availableBytes] = (
    execFileSync("df", ["-P", "-B1", dir], { encoding: "utf8" }).trim().split("\n").at(-1) ?? ""
  ).split(/\s+/);
  const byDf = Number(usedBytes) / (Number(usedBytes) + Number(availableBytes));
  expect(used).toBeGreaterThan(0);
  expect(used).toBeLessThan(1);
  // Other processes write to the same disk between the two readings: a thousandth apart at most.
  expect(Math.abs(used - byDf)).toBeLessThan(0.001);
});
