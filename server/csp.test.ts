import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCsp, inlineHashes } from "#server/csp.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineHashes", () => {
  it("hashes inline scripts and styles, but not external scripts or JSON-LD data", () => {
    const html = `<head><style>body{color:red}</style>
      <script type="application/ld+json">{"@type":"Thing"}</script>
      <script src="/assets/a.js"></script>
      <script>window.a=1</script><script type="module">import "/b.js";</script></head>`;
    expect(inlineHashes(html)).toEqual({
      scripts: [sha("window.a=1"), sha('import "/b.js";')],
      styles: [sha("body{color:red}")],
    });
  });
});

describe("buildCsp", () => {
  const base = { scripts: ["'nonce-abc'"], styles: [], analytics: false, https: false };

  it("forbids framing and inline script except what it names", () => {
    const csp = buildCsp(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    // No inline style but the page's own: the toasts are styled by the site's stylesheet.
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("allows the analytics hosts only when analytics is on, and upgrades requests on HTTPS", () => {
    expect(buildCsp(base)).not.toContain("google");
    const csp = buildCsp({ ...base, analytics: true, https: true });
    expect(csp).toContain("https://www.googletagmanager.com");
    expect(csp).toContain("connect-src 'self' https://*.google-analytics.com");
    expect(csp).toContain("upgrade-insecure-requests");
  });
});
