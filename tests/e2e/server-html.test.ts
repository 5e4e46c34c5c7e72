// What a crawler or a phone without JavaScript receives: the server's raw HTML and headers.
import { request } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { startProductionServer } from "../../scripts/production-server.ts";
import { expectedPages } from "./expected-pages";
import { testSite, useServer } from "./sites";

const siteUrl = "http://localhost:3000"; // SITE_URL default: the test build does not set it
const canonicalOf = (path: string) => (path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`);

describe("the server's raw HTML and headers", () => {
  const baseUrl = useServer(testSite, { TRUST_PROXY: "true" });

  async function getPage(path: string, init?: RequestInit) {
    const response = await fetch(baseUrl() + path, { redirect: "manual", ...init });
    const html = await response.text();
    return { response, html, doc: parse(html) };
  }

  describe("every public route, as raw HTML", () => {
    it("the sitemap lists exactly the expected public routes", async () => {
      const response = await fetch(`${baseUrl()}/sitemap.xml`);
      expect(response.headers.get("content-type")).toContain("application/xml");
      const xml = await response.text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locs.sort()).toEqual(expectedPages.map((page) => canonicalOf(page.path)).sort());
    });

    it("gives every public route a title of its own", async () => {
      const titles = await Promise.all(
        expectedPages.map(async (page) => (await getPage(page.path)).doc.querySelector("title")),
      );
      const texts = titles.map((title) => title?.textContent ?? "");
      const repeated = texts.filter((title, index) => texts.indexOf(title) !== index);
      expect(repeated).toEqual([]);
      expect(texts.filter((title) => title === "")).toEqual([]);
    });

    for (const page of expectedPages) {
      it(`${page.path} is prerendered with its h1, main text, title, canonical link and JSON-LD`, async () => {
        const { response, doc } = await getPage(page.path);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toContain("text/html");
        // Prerendered pages carry their modules for the deferred boot (scripts/defer-hydration.ts).
        expect(doc.querySelectorAll("#deferred-modules")).toHaveLength(1);

        const h1s = doc.querySelectorAll("h1");
        expect(h1s).toHaveLength(1);
        expect(h1s[0]?.textContent.trim()).toBe(page.h1);
        expect(doc.querySelector("main")?.textContent).toContain(page.text);

        const title = doc.querySelector("title")?.textContent ?? "";
        expect(title).toMatch(/^\S.* \| HomePhysio NCR$/);
        expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(
          /\w{3,}/,
        );
        expect(doc.querySelector('meta[name="keywords"]')?.getAttribute("content")).toMatch(
          /\w{3,}/,
        );
        expect(doc.querySelector('meta[property="og:title"]')?.getAttribute("content")).toBe(title);

        const canonical = doc.querySelectorAll('link[rel="canonical"]');
        expect(canonical).toHaveLength(1);
        expect(canonical[0]?.getAttribute("href")).toBe(canonicalOf(page.path));

        const blocks = doc.querySelectorAll('script[type="application/ld+json"]');
        const items = blocks.flatMap((block) => [JSON.parse(block.textContent)].flat());
        const business = items.find((item) => [item["@type"]].flat().includes("Physiotherapy"));
        expect(business).toMatchObject({
          "@context": "https://schema.org",
          "@type": ["MedicalBusiness", "Physiotherapy"],
          name: "HomePhysio NCR",
          telephone: "+91 98765 43210",
          email: "care@homephysio.example",
          priceRange: "$$",
          address: { addressLocality: "Gurugram", addressCountry: "IN" },
          aggregateRating: { ratingValue: page.rating.value, reviewCount: page.rating.count },
        });
        expect(business.areaServed.map((area: { name: string }) => area.name)).toEqual([
          "Gurugram",
          "Delhi",
          "Noida",
          "Greater Noida",
          "Faridabad",
        ]);
      });
    }
  });

  describe("not found", () => {
    it("answers an unknown path with 404 and the not-found screen", async () => {
      const { response, doc } = await getPage("/no-such-page");
      expect(response.status).toBe(404);
      expect(doc.querySelector("h1")?.textContent).toBe("404");
      expect(doc.querySelector("main")?.textContent).toContain("Oops! Page not found");
      expect(doc.querySelector('main a[href="/"]')?.textContent).toBe("Return to Home");
    });

    it.each(["/blog/99", "/blog/0", "/blog/abc"])(
      "answers %s with 404 Blog Post Not Found",
      async (path) => {
        const { response, doc } = await getPage(path);
        expect(response.status).toBe(404);
        expect(doc.querySelector("h1")?.textContent).toBe("Blog Post Not Found");
        expect(doc.querySelector('main a[href="/blog"]')?.textContent).toContain("Back to Blog");
      },
    );

    it("answers an unknown service area with 404", async () => {
      const { response, doc } = await getPage("/service-areas/mumbai");
      expect(response.status).toBe(404);
      expect(doc.querySelector("h1")?.textContent).toBe("404");
    });
  });

  describe("serving", () => {
    it("serves /about/ as the page itself, without a redirect", async () => {
      const { response, doc } = await getPage("/about/");
      expect(response.status).toBe(200);
      expect(doc.querySelector("h1")?.textContent.trim()).toBe("About Us");
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
        `${siteUrl}/about`,
      );
    });

    it("sends the prerendered page precompressed with brotli, and revalidates by ETag", async () => {
      const raw = await fetch(`${baseUrl()}/contact`, { headers: { "accept-encoding": "br" } });
      expect(raw.headers.get("content-encoding")).toBe("br");
      // fetch would decode transparently; read the bytes through node to check them ourselves.
      const body = await new Promise<Buffer>((resolve, reject) => {
        request(`${baseUrl()}/contact`, { headers: { "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        })
          .on("error", reject)
          .end();
      });
      expect(parse(brotliDecompressSync(body).toString()).querySelector("h1")?.textContent).toBe(
        "Get in Touch",
      );
      const etag = raw.headers.get("etag") ?? "";
      expect(etag).not.toBe("");
      // The same representation (brotli) revalidated with its own tag, as a browser does (not
      // through fetch, which marks such a request no-cache: an end-to-end reload).
      const again = await new Promise<number>((resolve, reject) => {
        request(
          `${baseUrl()}/contact`,
          { headers: { "accept-encoding": "br", "if-none-match": etag } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
          .on("error", reject)
          .end();
      });
      expect(again).toBe(304);
    });

    it("caches hashed assets for a year as immutable", async () => {
      const { doc } = await getPage("/");
      // Prerendered pages list their modules for the deferred boot script (scripts/defer-hydration.ts).
      const preload = doc.querySelector("#deferred-modules")?.getAttribute("data-preload") ?? "[]";
      const href = (JSON.parse(preload) as string[])[0] ?? "";
      expect(href).toMatch(/^\/assets\//);
      const response = await fetch(baseUrl() + href);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });

    it.each(["/", "/blog/99", "/healthz"])("sets the security headers on %s", async (path) => {
      const response = await fetch(baseUrl() + path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      // Pages allow their own scripts by hash or nonce; the health check's JSON allows nothing.
      expect(csp).toMatch(
        path === "/healthz" ? /^default-src 'none';/ : /script-src 'self' '(sha256|nonce)-/,
      );
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("googletagmanager"); // no analytics ids in this build
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    });

    it("adds HSTS when the request came over HTTPS through a trusted proxy", async () => {
      const response = await fetch(`${baseUrl()}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("content-security-policy")).toContain(
        "upgrade-insecure-requests",
      );
    });

    it("gives every inline script and the stylesheet of a server-rendered page the response's nonce", async () => {
      const { response, doc } = await getPage("/blog/99");
      const nonce = /'nonce-([^']+)'/.exec(
        response.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce).toBeTruthy();
      const inline = doc
        .querySelectorAll("script")
        .filter((s) => !s.getAttribute("src") && s.getAttribute("type") !== "application/ld+json");
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) expect(script.getAttribute("nonce")).toBe(nonce);
      // The inline stylesheet too, or CSP would block every style on the page.
      const styles = doc.querySelectorAll("style");
      expect(styles).toHaveLength(1);
      expect(styles[0]?.getAttribute("nonce")).toBe(nonce);
      expect(response.headers.get("content-security-policy")).toContain(
        `style-src 'self' 'nonce-${nonce}'`,
      );
    });

    it("refuses to serve a build made with other business settings", async () => {
      const start = startProductionServer({
        ...testSite.settings,
        BUSINESS_PHONE: "+91 99999 00000",
      });
      await expect(start).rejects.toThrow(
        /exited with 1[\s\S]*other business or analytics settings/,
      );
    });

    it("answers the health check", async () => {
      const response = await fetch(`${baseUrl()}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });

    it("sends /admin to sign-in while nobody can be signed in", async () => {
      const response = await fetch(`${baseUrl()}/admin`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth");
    });
  });

  describe("crawler files", () => {
    it("points robots.txt at the sitemap", async () => {
      const text = await (await fetch(`${baseUrl()}/robots.txt`)).text();
      expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
      expect(text).toContain("Disallow: /admin");
    });
  });
});
