import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { releaseFolder } from "#scripts/release-checkout.ts";

describe("releaseFolder", () => {
  const settings = { SITE_URL: "http://localhost:4174", BUILD_DIR: "build" };
  const commit = "dc8501d0123456789abcdef0123456789abcdef0";

  it("keeps the rolling-upgrade test's release where it was, and another use's beside it", () => {
    const test = releaseFolder(commit, settings, "/work/main", "");
    const bench = releaseFolder(commit, settings, "/work/main", "bench");
    expect(dirname(test.root)).toBe(join(tmpdir(), "physio-releases"));
    expect(test.root).toMatch(/physio-releases\/[0-9a-f]{12}$/);
    // Siblings: checking out on one shelf clears that shelf's folder only.
    expect(bench.root).toBe(`${test.root}-bench`);
    expect(dirname(test.dir)).toBe(test.root);
    expect(dirname(bench.dir)).toBe(bench.root);
  });

  it("names a release by its commit and its settings, and a checkout by its folder", () => {
    const one = releaseFolder(commit, settings, "/work/main", "bench");
    expect(one.dir.split("/").at(-1)).toMatch(/^dc8501d01234-[0-9a-f]{12}$/);
    expect(releaseFolder(commit, settings, "/work/main", "bench")).toEqual(one);
    const otherSite = { ...settings, SITE_URL: "http://localhost:4175" };
    expect(releaseFolder(commit, otherSite, "/work/main", "bench").dir).not.toBe(one.dir);
    expect(releaseFolder(commit, settings, "/work/wt/other", "bench").root).not.toBe(one.root);
  });
});
