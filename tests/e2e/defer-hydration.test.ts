// scripts/defer-hydration.ts rewrites React Router's own output: this checks the rewrite against
// that real output (rendered from the test build's server bundle, as prerendering renders it),
// so a change in what React Router emits shows up here rather than as pages that never hydrate.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type HTMLElement, parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { bootScript, deferHydration } from "#scripts/defer-hydration.ts";
import { pinnedEnv } from "#scripts/production-server.ts";
import { templatePaths } from "#tests/e2e/expected-pages.ts";
import { testSite } from "#tests/e2e/sites.ts";

/** One page of each prerendered template. */
const paths = templatePaths;

let rendered: Record<string, { status: number; html: string }> = {};

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "rendered-"));
  try {
    const outFile = join(dir, "pages.json");
    const result = spawnSync(
      process.execPath,
      ["tests/e2e/render-with-build.ts", testSite.buildDir, outFile, ...paths],
      { env: pinnedEnv(testSite.settings), encoding: "utf8", timeout: 30_000 },
    );
    if (result.status !== 0) throw new Error(`rendering failed:\n${result.stderr}`);
    rendered = JSON.parse(readFileSync(outFile, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** `html` without the given elements, cut out by their exact place in the source. */
function without(html: string, elements: HTMLElement[]): string {
  const ranges = elements.map((element) => element.range).sort((a, b) => b[0] - a[0]);
  return ranges.reduce((text, [start, end]) => text.slice(0, start) + text.slice(end), html);
}

/** Where two texts part, with some context, for a readable failure; undefined when equal. */
function firstDifference(actual: string, expected: string) {
  if (actual === expected) return undefined;
  let at = 0;
  while (actual[at] === expected[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 120), at + 120);
  return { at, actual: around(actual), expected: around(expected) };
}

const isBootScript = (script: HTMLElement) =>
  !script.getAttribute("type") && script.rawText === bootScript;

/** Where postbuild writes a prerendered page. */
const prerenderedFile = (path: string) =>
  join(testSite.buildDir, "client", path === "/" ? "" : path, "index.html");

describe("deferHydration on React Router's real output", () => {
  for (const path of paths) {
    it(`${path}: keeps the module script byte for byte, defers its preloads, changes nothing else`, () => {
      const page = rendered[path];
      expect(page?.status).toBe(200);
      const original = page?.html ?? "";
      const before = parse(original);
      const preloads = before.querySelectorAll('link[rel="modulepreload"]');
      const modules = before.querySelectorAll('script[type="module"]');
      // What the rewrite relies on React Router emitting.
      expect(preloads.length).toBeGreaterThan(0);
      expect(modules).toHaveLength(1);
      expect(before.querySelectorAll("script").filter(isBootScript)).toHaveLength(0);

      const rewritten = deferHydration(original);
      const after = parse(rewritten);
      expect(after.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      expect(after.querySelectorAll('script[type="module"]')).toHaveLength(0);

      const deferred = after.querySelectorAll("#deferred-modules");
      expect(deferred).toHaveLength(1);
      const inert = deferred[0] as HTMLElement;
      expect(inert.tagName).toBe("SCRIPT");
      expect(inert.getAttribute("type")).toBe("text/x-deferred-module");
      expect(inert.rawText).toBe(modules[0]?.rawText);
      expect(JSON.parse(inert.getAttribute("data-preload") ?? "null")).toEqual(
        preloads.map((link) => link.getAttribute("href")),
      );

      const boots = after.querySelectorAll("script").filter(isBootScript);
      expect(boots).toHaveLength(1);
      expect(boots[0]?.parentNode?.tagName).toBe("BODY");

      expect(
        firstDifference(
          without(rewritten, [inert, ...boots]),
          without(original, [...preloads, ...modules]),
        ),
      ).toBeUndefined();
    });

    it(`${path}: is what the build wrote for the page`, () => {
      const written = readFileSync(prerenderedFile(path), "utf8");
      expect(firstDifference(written, deferHydration(rendered[path]?.html ?? ""))).toBeUndefined();
    });
  }
});
