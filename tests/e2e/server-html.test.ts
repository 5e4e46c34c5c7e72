// What a crawler or a phone without JavaScript receives: the server's raw HTML and headers.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { localePath } from "#app/lib/lang.ts";
import appRoutes from "#app/routes.ts";
import { startProductionServer } from "#scripts/production-server.ts";
import { type ExpectedPage, expectedHindiPages, expectedPages } from "#tests/e2e/expected-pages.ts";
import { testSite, useServer } from "#tests/e2e/sites.ts";

const siteUrl = "http://localhost:3000"; // SITE_URL default: the test build does not set it
const canonicalOf = (path: string) => (path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`);
/** Devanagari, the script of the Hindi pages' words. */
const devanagari = /[\u0900-\u097F]/;

/** Every public route in both languages, each English page followed by its Hindi twin. */
const pagesInBothLanguages: ExpectedPage[] = expectedPages.flatMap((english, index) => [
  english,
  expectedHindiPages[index] as ExpectedPage,
]);

/** The alternates each page, and its sitemap entry, names: the two languages and x-default. */
function expectedAlternates({ englishPath }: ExpectedPage) {
  return {
    "en-IN": canonicalOf(englishPath),
    "hi-IN": canonicalOf(localePath("hi", englishPath)),
    "x-default": canonicalOf(englishPath),
  };
}

/**
 * The routes app/routes.ts registers whose module serves an island page (decision 040): the
 * public pages, as the router serves them, with no help from their list. The not-found catch-alls
 * are island pages too, but no page of their own.
 */
function islandPageRoutes(): string[] {
  return appRoutes
    .filter((entry) => !entry.path?.includes("*"))
    .filter((entry) =>
      /export const handle = islandPage;/.test(readFileSync(`app/${entry.file}`, "utf8")),
    )
    .map((entry) => `/${entry.path ?? ""}`);
}

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
      expect(locs.sort()).toEqual(
        pagesInBothLanguages.map((page) => canonicalOf(page.path)).sort(),
      );
    });

    it("lists in the sitemap every island page the router serves, in both languages", async () => {
      const xml = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
      const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
        (match[1] ?? "").slice(siteUrl.length).replace(/^$/, "/"),
      );
      const routes = islandPageRoutes();
      // Both languages' home, a page of its own and a page of a template, at the least.
      expect(routes).toEqual(expect.arrayContaining(["/", "/hi", "/about", "/blog/:id"]));
      for (const route of routes) {
        const pattern = new RegExp(`^${route.replace(/:[a-z]+/g, "[^/]+")}$`);
        expect(
          paths.filter((path) => pattern.test(path)),
          `${route}: served as an island page, missing from app/content/public-routes.ts`,
        ).not.toEqual([]);
      }
    });

    it("names in the sitemap, for each page, its English and Hindi versions and the English as x-default", async () => {
      const xml = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
      const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? "");
      expect(urls).toHaveLength(pagesInBothLanguages.length);
      for (const entry of pagesInBothLanguages) {
        const url = urls.find((candidate) =>
          candidate.includes(`<loc>${canonicalOf(entry.path)}</loc>`),
        );
        const alternates = [
          ...(url ?? "").matchAll(
            /<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g,
          ),
        ].map((match) => [match[1], match[2]]);
        expect(alternates, entry.path).toHaveLength(3);
        expect(Object.fromEntries(alternates), entry.path).toEqual(expectedAlternates(entry));
      }
      // One written out in full, as a crawler reads it.
      expect(xml).toContain(`  <url>
    <loc>${siteUrl}/hi/about</loc>
    <xhtml:link rel="alternate" hreflang="en-IN" href="${siteUrl}/about"/>
    <xhtml:link rel="alternate" hreflang="hi-IN" href="${siteUrl}/hi/about"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}/about"/>
  </url>`);
    });

    it("gives every public route, in both languages, a title of its own", async () => {
      const titles = await Promise.all(
        pagesInBothLanguages.map(async (page) =>
          (await getPage(page.path)).doc.querySelector("title"),
        ),
      );
      const texts = titles.map((title) => title?.textContent ?? "");
      const repeated = texts.filter((title, index) => texts.indexOf(title) !== index);
      expect(repeated).toEqual([]);
      expect(texts.filter((title) => title === "")).toEqual([]);
    });

    for (const page of pagesInBothLanguages) {
      const { lang } = page;
      const entry = { ...page, hindiPath: localePath("hi", page.englishPath) };
      it(`${page.path} is prerendered with its h1, main text, title, canonical link and JSON-LD`, async () => {
        const { response, doc } = await getPage(page.path);
        expect(response.status).toBe(200);
        expect(doc.querySelector("html")?.getAttribute("lang")).toBe(
          lang === "hi" ? "hi" : "en-IN",
        );
        expect(response.headers.get("content-type")).toContain("text/html");
        // Served without React Router in the browser: the islands' boot script (decision 040).
        expect(doc.querySelectorAll('script[data-boot^="/assets/islands-"]')).toHaveLength(1);

        const h1s = doc.querySelectorAll("h1");
        expect(h1s).toHaveLength(1);
        expect(h1s[0]?.textContent.trim()).toBe(page.h1);
        expect(doc.querySelector("main")?.textContent).toContain(page.text);

        const title = doc.querySelector("title")?.textContent ?? "";
        expect(title).toMatch(/^\S.* \| HomePhysio NCR$/);
        const description = doc.querySelector('meta[name="description"]')?.getAttribute("content");
        expect(description).toMatch(lang === "hi" ? /\S{3,}/ : /\w{3,}/);
        // Hindi pages are described in Hindi; English ones have no Hindi in their title or description.
        for (const words of [title.replace(/ \| HomePhysio NCR$/, ""), description]) {
          if (lang === "hi") expect(words).toMatch(devanagari);
          else expect(words).not.toMatch(devanagari);
        }
        expect(doc.querySelector('meta[name="keywords"]')?.getAttribute("content")).toMatch(
          lang === "hi" ? devanagari : /\w{3,}/,
        );
        expect(doc.querySelector('meta[property="og:title"]')?.getAttribute("content")).toBe(title);

        const canonical = doc.querySelectorAll('link[rel="canonical"]');
        expect(canonical).toHaveLength(1);
        expect(canonical[0]?.getAttribute("href")).toBe(canonicalOf(page.path));
        expect(doc.querySelector('meta[property="og:url"]')?.getAttribute("content")).toBe(
          canonicalOf(page.path),
        );
        expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe(
          lang === "hi" ? "hi_IN" : "en_IN",
        );
        expect(
          doc.querySelector('meta[property="og:locale:alternate"]')?.getAttribute("content"),
        ).toBe(lang === "hi" ? "en_IN" : "hi_IN");

        // The page names itself and its twin, each by its language, and the English as x-default.
        const alternates = doc
          .querySelectorAll('link[rel="alternate"]')
          .map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]);
        expect(alternates).toHaveLength(3);
        expect(Object.fromEntries(alternates)).toEqual(expectedAlternates(entry));

        // The header's switch, labelled in the other language, goes to the twin page.
        const twinPath = lang === "hi" ? entry.englishPath : entry.hindiPath;
        const otherLang = lang === "hi" ? "en" : "hi";
        const switches = doc.querySelectorAll(`header a[lang="${otherLang}"]`);
        expect(switches.length).toBeGreaterThan(0);
        for (const link of switches) {
          expect(link.getAttribute("hreflang")).toBe(otherLang);
          expect(link.getAttribute("href")).toBe(twinPath);
          expect(link.textContent.trim()).toBe(lang === "hi" ? "English" : "हिंदी");
        }
        // English pages tell Hindi readers, in Hindi, where the page is in Hindi; Hindi ones do not.
        const hindiLine = doc
          .querySelectorAll('[lang="hi"] a')
          .filter((link) => link.textContent.trim() === "यह पेज हिंदी में पढ़ें");
        if (lang === "en") {
          expect(hindiLine).toHaveLength(1);
          expect(hindiLine[0]?.getAttribute("href")).toBe(entry.hindiPath);
          expect(hindiLine[0]?.getAttribute("hreflang")).toBe("hi");
        } else {
          expect(doc.querySelector("body")?.textContent).not.toContain("यह पेज हिंदी में पढ़ें");
        }

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
          inLanguage: lang === "hi" ? "hi-IN" : "en-IN",
          url: canonicalOf(lang === "hi" ? "/hi" : "/"),
        });
        // The areas by their names in the page's language.
        expect(business.areaServed.map((area: { name: string }) => area.name)).toEqual(
          lang === "hi"
            ? ["गुरुग्राम", "दिल्ली", "नोएडा", "ग्रेटर नोएडा", "फरीदाबाद"]
            : ["Gurugram", "Delhi", "Noida", "Greater Noida", "Faridabad"],
        );

        // An article says it is one, in the page's language, at the page's own address.
        const articles = items.filter((item) => item["@type"] === "BlogPosting");
        expect(articles).toHaveLength(/\/blog\/\d+$/.test(page.path) ? 1 : 0);
        for (const article of articles) {
          expect(article).toMatchObject({
            headline: page.h1,
            inLanguage: lang === "hi" ? "hi-IN" : "en-IN",
            mainEntityOfPage: canonicalOf(page.path),
          });
        }

        // The questions the page answers, asked in its language.
        const faqs = items.filter((item) => item["@type"] === "FAQPage");
        expect(faqs).toHaveLength(page.firstQuestion ? 1 : 0);
        for (const faq of faqs) {
          const question: string = faq.mainEntity[0].name;
          expect(question).toBe(page.firstQuestion);
          if (lang === "hi") expect(question).toMatch(devanagari);
          else expect(question).not.toMatch(devanagari);
          expect(doc.querySelector("main")?.textContent).toContain(question);
        }
      });
    }
  });

  describe("not found", () => {
    it("answers an unknown path with 404 and the not-found screen", async () => {
      const { response, doc } = await getPage("/no-such-page");
      expect(response.status).toBe(404);
      expect(doc.querySelector("html")?.getAttribute("lang")).toBe("en-IN");
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

    it("answers an unknown path under /hi with 404 and the not-found screen in Hindi", async () => {
      const { response, doc } = await getPage("/hi/no-such-page");
      expect(response.status).toBe(404);
      expect(doc.querySelector("html")?.getAttribute("lang")).toBe("hi");
      expect(doc.querySelector("title")?.textContent).toMatch(devanagari);
      expect(doc.querySelector("h1")?.textContent).toBe("404");
      expect(doc.querySelector("main")?.textContent).toContain("माफ़ कीजिए! यह पेज नहीं मिला");
      expect(doc.querySelector('main a[href="/hi"]')?.textContent).toBe("होम पेज पर जाएँ");
    });

    it.each(["/hi/blog/99", "/hi/blog/0"])(
      "answers %s with 404 and the missing post's page in Hindi",
      async (path) => {
        const { response, doc } = await getPage(path);
        expect(response.status).toBe(404);
        expect(doc.querySelector("html")?.getAttribute("lang")).toBe("hi");
        expect(doc.querySelector("title")?.textContent).toMatch(devanagari);
        expect(doc.querySelector("h1")?.textContent).toBe("ब्लॉग पोस्ट नहीं मिली");
        expect(doc.querySelector('main a[href="/hi/blog"]')?.textContent).toContain(
          "ब्लॉग पर वापस जाएँ",
        );
      },
    );

    it("answers an unknown service area with 404", async () => {
      const { response, doc } = await getPage("/service-areas/mumbai");
      expect(response.status).toBe(404);
      expect(doc.querySelector("h1")?.textContent).toBe("404");
    });

    it("answers an unknown service area under /hi with the Hindi 404", async () => {
      const { response, doc } = await getPage("/hi/service-areas/mumbai");
      expect(response.status).toBe(404);
      expect(doc.querySelector("html")?.getAttribute("lang")).toBe("hi");
      expect(doc.querySelector("h1")?.textContent).toBe("404");
      expect(doc.querySelector("main")?.textContent).toContain("माफ़ कीजिए! यह पेज नहीं मिला");
    });
  });

  describe("the confirmation page", () => {
    it("answers /hi/contact/received in Hindi, with the switch to the English one, never indexed", async () => {
      const { response, doc } = await getPage("/hi/contact/received");
      expect(response.status).toBe(200);
      expect(doc.querySelector("html")?.getAttribute("lang")).toBe("hi");
      expect(doc.querySelector("h1")?.textContent.trim()).toBe("अपॉइंटमेंट का अनुरोध मिल गया!");
      expect(doc.querySelector("title")?.textContent).toMatch(devanagari);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
      expect(doc.querySelector('header a[lang="en"]')?.getAttribute("href")).toBe(
        "/contact/received",
      );
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
      // The islands' boot script, as every public page has it (decision 040).
      const href = doc.querySelector("script[data-boot]")?.getAttribute("data-boot") ?? "";
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
        /exited with 1[\s\S]*other business, analytics or privacy-period settings/,
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
