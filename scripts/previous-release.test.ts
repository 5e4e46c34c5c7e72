import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PreviousReleaseError, resolveCommit } from "#scripts/previous-release.ts";

describe("resolveCommit", () => {
  it("gives the full commit id a name stands for", () => {
    const head = spawnSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
    expect(resolveCommit(process.cwd(), "HEAD")).toBe(head);
    expect(resolveCommit(process.cwd(), head.slice(0, 7))).toBe(head);
  });

  it("names where an unknown name came from", () => {
    const unknown = () => resolveCommit(process.cwd(), "v9.9.9-none", "--before v9.9.9-none");
    expect(unknown).toThrow(PreviousReleaseError);
    expect(unknown).toThrow("--before v9.9.9-none names no commit of this clone");
  });
});
