import { describe, expect, it } from "vitest";
import { bootScript, deferHydration } from "./defer-hydration.ts";

const page = `<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head><body><main>Hi</main><script>window.__ctx = 1;</script><script type="module" async="">import * as route0 from "/assets/a.js";
import("/assets/b.js");</script></body></html>`;

describe("deferHydration", () => {
  it("drops the preload links and makes the module script wait for the boot script", () => {
    const html = deferHydration(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      `<script type="text/x-deferred-module" id="deferred-modules" data-preload='["/assets/a.js","/assets/b.js"]'>import * as route0 from "/assets/a.js";\nimport("/assets/b.js");</script><script>${bootScript}</script></body>`,
    );
    expect(html).toContain("<main>Hi</main><script>window.__ctx = 1;</script>");
  });

  it("refuses a page whose scripts it does not recognise", () => {
    expect(() => deferHydration("<html><body>no scripts</body></html>")).toThrow(/deferHydration/);
  });
});
