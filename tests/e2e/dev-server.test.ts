// `npm run dev` serves through the same request handler as production (server/app.ts), so it
// must answer with the same security headers and fill the same request context (the nonce).
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startNodeServer } from "../../scripts/production-server.ts";
import { testSite, useServer } from "./sites";

const securityHeaderNames = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "strict-transport-security",
];

/** A CSP with its per-response sources ('nonce-…', 'sha256-…') replaced by one marker. */
function cspShape(csp: string | null): string {
  return (csp ?? "").replace(/(?: '(?:nonce|sha256)-[^']+')+/g, " '<per-response source>'");
}

function securityHeaders(response: Response) {
  return Object.fromEntries(
    securityHeaderNames.map((name) => [
      name,
      name === "content-security-policy"
        ? cspShape(response.headers.get(name))
        : response.headers.get(name),
    ]),
  );
}

describe("npm run dev", () => {
  const production = useServer(testSite);
  let dev: RunningServer | undefined;
  beforeAll(async () => {
    dev = await startNodeServer(
      ["--conditions=development", "server/dev.ts"],
      { ...testSite.settings, NODE_ENV: "development" },
      { timeoutMs: 60_000 },
    );
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it.each(["/about", "/no-such-page", "/healthz"])(
    "answers %s with the security headers production sends",
    async (path) => {
      const [fromDev, fromProduction] = await Promise.all([
        fetch(`${dev?.url}${path}`),
        fetch(`${production()}${path}`),
      ]);
      expect(fromDev.status).toBe(fromProduction.status);
      expect(securityHeaders(fromDev)).toEqual(securityHeaders(fromProduction));
      expect(fromDev.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    },
  );

  it("renders pages with the request's nonce, from the same request context", async () => {
    const response = await fetch(`${dev?.url}/about`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "");
    const doc = parse(await response.text());
    expect(doc.querySelector("h1")?.textContent).toBe("About Us");
    const inline = doc
      .querySelectorAll("script")
      .filter((s) => !s.getAttribute("src") && s.getAttribute("type") !== "application/ld+json");
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(script.getAttribute("nonce")).toBe(nonce?.[1]);
  });
});
