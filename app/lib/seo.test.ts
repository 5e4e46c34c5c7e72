import { describe, expect, it } from "vitest";
import { getEnv, parseEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { chatLink } from "#app/lib/chat-link.ts";
import { formatDate } from "#app/lib/dates.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { canonicalUrl, pageMeta } from "#app/lib/seo.ts";

const site = toSiteConfig(parseEnv({ SITE_URL: "https://physio.example.in" }));
const business = {
  areasServed: ["Gurugram", "Faridabad"],
  hours: { opens: "08:30", closes: "20:00" },
  priceRange: "$$$",
};

describe("canonicalUrl", () => {
  it.each([
    ["/", "https://physio.example.in/"],
    ["/about", "https://physio.example.in/about"],
    ["/about/", "https://physio.example.in/about"],
  ])("%s → %s", (path, url) => {
    expect(canonicalUrl(site.siteUrl, path)).toBe(url);
  });
});

describe("pageMeta", () => {
  it("gives a page its title, description, keywords, canonical link and business JSON-LD", () => {
    const meta = pageMeta({
      seo: { title: "Stroke Rehab", description: "Help at home.", keywords: ["a", "b"] },
      path: "/stroke-rehabilitation-at-home",
      lang: "en",
      config: site,
      business,
      rating: { value: 4.6, count: 250 },
    });
    expect(meta).toContainEqual({ title: `Stroke Rehab | ${site.name}` });
    expect(meta).toContainEqual({ name: "keywords", content: "a, b" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://physio.example.in/stroke-rehabilitation-at-home",
    });
    const jsonLd = meta.find((entry) => "script:ld+json" in entry) as {
      "script:ld+json": Record<string, unknown>[];
    };
    expect(jsonLd["script:ld+json"][0]).toMatchObject({
      priceRange: "$$$",
      areaServed: [
        { "@type": "City", name: "Gurugram" },
        { "@type": "City", name: "Faridabad" },
      ],
      openingHoursSpecification: { opens: "08:30", closes: "20:00" },
      aggregateRating: { ratingValue: 4.6, reviewCount: 250 },
    });
  });
});

describe("routeMeta", () => {
  const served = toSiteConfig(getEnv());
  const about = { seo: { title: "About", description: "Us.", keywords: [] }, path: "/about" };
  const jsonLdOf = (meta: ReturnType<typeof routeMeta>) =>
    (
      meta.find((entry) => "script:ld+json" in entry) as {
        "script:ld+json": Record<string, unknown>[];
      }
    )["script:ld+json"][0];

  it("describes the business of the spec, with the overall rating on a page without its own", () => {
    const meta = routeMeta(new Request(`${served.siteUrl}/about`), about);
    expect(jsonLdOf(meta)).toMatchObject({
      priceRange: "$$",
      inLanguage: "en-IN",
      areaServed: ["Gurugram", "Delhi", "Noida", "Greater Noida", "Faridabad"].map((name) => ({
        "@type": "City",
        name,
      })),
      openingHoursSpecification: { opens: "09:00", closes: "19:00" },
      aggregateRating: { ratingValue: 4.8, reviewCount: 500 },
    });
  });

  it("is the page's own path, whatever path the request came with", () => {
    // A variant of the path (/ABOUT, /about/, /%61bout) cannot reach the canonical link or og:url.
    const meta = routeMeta(new Request(`${served.siteUrl}/ABOUT/`), about);
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${served.siteUrl}/about`,
    });
    expect(meta).toContainEqual({ property: "og:url", content: `${served.siteUrl}/about` });
  });

  it("gives a Hindi page its own URL, both languages' links, its locale and Hindi areas", () => {
    const meta = routeMeta(new Request(`${served.siteUrl}/hi/about/`), about);
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${served.siteUrl}/hi/about`,
    });
    expect(meta.filter((entry) => "rel" in entry && entry.rel === "alternate")).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en-IN", href: `${served.siteUrl}/about` },
      { tagName: "link", rel: "alternate", hrefLang: "hi-IN", href: `${served.siteUrl}/hi/about` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${served.siteUrl}/about` },
    ]);
    expect(meta).toContainEqual({ property: "og:locale", content: "hi_IN" });
    expect(jsonLdOf(meta)).toMatchObject({
      inLanguage: "hi-IN",
      url: `${served.siteUrl}/hi`,
      areaServed: ["गुरुग्राम", "दिल्ली", "नोएडा", "ग्रेटर नोएडा", "फरीदाबाद"].map((name) => ({
        "@type": "City",
        name,
      })),
    });
  });
});

describe("chatLink", () => {
  it("links to the bare chat, or with the message encoded", () => {
    expect(chatLink("919876543210")).toBe("https://wa.me/919876543210");
    expect(chatLink("919876543210", "Hi & hello?")).toBe(
      "https://wa.me/919876543210?text=Hi%20%26%20hello%3F",
    );
  });
});

describe("formatDate", () => {
  it("writes MMM dd, yyyy in India's time zone", () => {
    expect(formatDate(new Date("2026-03-04T20:00:00Z"))).toBe("Mar 05, 2026");
    expect(formatDate(new Date("2026-11-21T05:00:00Z"))).toBe("Nov 21, 2026");
  });
});
