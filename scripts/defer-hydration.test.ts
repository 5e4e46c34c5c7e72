// The rewrite itself is tested on React Router's real output in tests/e2e/defer-hydration.test.ts
// (it needs a build). Here: it refuses, failing the build, whatever it does not recognise.
import { describe, expect, it } from "vitest";
import { deferHydration } from "#scripts/defer-hydration.ts";

const preload = '<link rel="modulepreload" href="/assets/a.js"/>';
const moduleScript = '<script type="module" async="">import "/assets/a.js";</script>';

describe("deferHydration refuses a page whose scripts it does not recognise", () => {
  it.each([
    ["no scripts at all", "<html><body>no scripts</body></html>"],
    ["no modulepreload link", `<html><head></head><body>${moduleScript}</body></html>`],
    ["no inline module script", `<html><head>${preload}</head><body></body></html>`],
    [
      "two inline module scripts",
      `<html><head>${preload}</head><body>${moduleScript}${moduleScript}</body></html>`,
    ],
  ])("%s", (_case, html) => {
    expect(() => deferHydration(html)).toThrow(/deferHydration/);
  });
});
