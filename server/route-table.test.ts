import { describe, expect, it } from "vitest";
import { normalizePath, pageOf } from "#server/route-table.ts";

describe("pageOf", () => {
  it("reads React Router's single-fetch URLs as the page they are for", () => {
    expect(pageOf("/about.data")).toBe("/about");
    expect(pageOf("/blog/_.data")).toBe("/blog/");
    expect(pageOf("/_root.data")).toBe("/");
    expect(pageOf("/about")).toBe("/about");
  });
});

describe("normalizePath", () => {
  it("decodes, lowers, drops empty segments and leading zeros", () => {
    expect(normalizePath("/About")).toBe("/about");
    expect(normalizePath("/%61bout/")).toBe("/about/");
    expect(normalizePath("//BLOG//%30%31")).toBe("/blog/1");
    expect(normalizePath("/blog/000")).toBe("/blog/0");
    expect(normalizePath("/a%20b")).toBe("/a%20b");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/%E0%A4")).toBeNull();
  });

  it("collapses any number of empty segments, and any number of zeros", () => {
    // 2,000 slashes, or 2,000 zeros: each segment is looked at once.
    expect(normalizePath(`${"/".repeat(2_000)}a/`)).toBe("/a/");
    expect(normalizePath(`/${"0".repeat(2_000)}`)).toBe("/0");
  });
});

describe("the edge's limits", () => {
  it("leave room for every page and every route of the app", async () => {
    const { default: routes } = await import("#app/routes.ts");
    const { prerenderPaths } = await import("#app/content/public-routes.ts");
    const { maxSegments, maxTargetLength } = await import("#server/edge.ts");
    // A route's pattern with each parameter a long value: what its deepest, longest URL looks like.
    const patterns = routes.map((route) =>
      `/${route.path ?? ""}`.replace(/:[a-z]+/g, "x".repeat(40)),
    );
    for (const path of [...patterns, ...prerenderPaths(), "/assets/chunk-ABCDEFGH.js"]) {
      expect(path.split("/").length - 1, path).toBeLessThanOrEqual(maxSegments);
      expect(`${path}.data?_routes=${"x".repeat(200)}`.length, path).toBeLessThan(maxTargetLength);
    }
    expect(patterns.length).toBeGreaterThan(15);
  });
});
