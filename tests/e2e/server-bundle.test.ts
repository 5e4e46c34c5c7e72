// The server bundle runs in the image with the production dependencies alone (the Dockerfile's
// `npm ci --omit=dev`): every package it imports must be one of them, or a dependency of one —
// else the container stops at its first line (a page module's browser library once did). Read
// from the browser tests' build and the lock file, so it fails here, not only in `test:deploy`.
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { expect, it } from "vitest";
import { testSite } from "#tests/e2e/sites.ts";

it("imports no package the image leaves out (development-only ones)", () => {
  const bundle = readFileSync(join(testSite.buildDir, "server", "index.js"), "utf8");
  // Its import statements (one a line, as the bundler writes them) and its dynamic imports; only
  // what is shaped as a package name.
  const specifiers = new Set(
    [
      ...bundle.matchAll(/^import\s[^;]*?["']([^"']+)["'];?$/gm),
      ...bundle.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ]
      .map((match) => match[1] ?? "")
      .filter((specifier) =>
        /^(@[a-z0-9._-]+\/)?[a-z0-9_-][a-z0-9._-]*(\/[\w./-]*)?$/.test(specifier),
      ),
  );
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  const builtins = new Set(builtinModules);
  const packages = [...specifiers]
    .filter((specifier) => !specifier.startsWith("node:") && !builtins.has(specifier))
    .map((specifier) =>
      specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/"),
    );
  expect(packages.length).toBeGreaterThan(5);
  const leftOut = [...new Set(packages)].filter((name) => {
    const entry = lock.packages[`node_modules/${name}`];
    return !entry || entry.dev === true || entry.devOptional === true;
  });
  expect(leftOut).toEqual([]);
});
