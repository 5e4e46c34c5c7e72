import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "#app/config/site-config.ts";
import type { FaqEntry, PageSeo, Rating } from "#app/content/types.ts";
import { hreflang, type Lang, langs, localePath } from "#app/lib/lang.ts";

/** The business facts of the structured data that are content, not configuration. */
interface BusinessFacts {
  areasServed: readonly string[];
  /** Daily opening hours, "HH:MM". */
  hours: { opens: string; closes: string };
  priceRange: string;
}

export interface PageMetaInput {
  seo: PageSeo;
  /** English path of the page, e.g. "/about"; the canonical URL is the site URL plus this, in `lang`. */
  path: string;
  /** The page's language: its canonical URL, its locale, the language of its structured data. */
  lang: Lang;
  config: SiteConfig;
  business: BusinessFacts;
  /** The rating of this page, shown in its structured data. */
  rating: Rating;
  ogType?: "website" | "article";
  /** Extra schema.org objects (an article, a breadcrumb) beside the business. */
  extraJsonLd?: Record<string, unknown>[];
}

/** The one URL of a page: "/about" and "/about/" (how prerendering asks) are the same page. */
export function canonicalUrl(siteUrl: string, path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return `${siteUrl}${trimmed || "/"}`;
}

/** The schema.org id of the business, so a page's other objects can point at it. */
export function businessId(siteUrl: string): string {
  return `${siteUrl}/#business`;
}

/** Structured business data: the same facts on every page, the rating of that page. */
function businessJsonLd(
  config: SiteConfig,
  business: BusinessFacts,
  rating: Rating,
  lang: Lang,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": ["MedicalBusiness", "Physiotherapy"],
    "@id": businessId(config.siteUrl),
    name: config.name,
    url: canonicalUrl(config.siteUrl, localePath(lang, "/")),
    inLanguage: hreflang[lang],
    telephone: config.phone.display,
    email: config.email,
    priceRange: business.priceRange,
    address: {
      "@type": "PostalAddress",
      streetAddress: config.address.street,
      addressLocality: config.address.locality,
      addressRegion: config.address.region,
      postalCode: config.address.postalCode,
      addressCountry: config.address.country,
    },
    areaServed: business.areasServed.map((name) => ({ "@type": "City", name })),
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: business.hours.opens,
      closes: business.hours.closes,
    },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.value,
      reviewCount: rating.count,
      bestRating: 5,
    },
  };
}

/**
 * schema.org FAQPage of the questions a page shows, built from the same records as the visible
 * FAQ so the two cannot disagree. Emitted through `extraJsonLd`, inside the page's one JSON-LD
 * script, which React Router escapes and CSP leaves alone (it is data, not script).
 */
export function faqPageJsonLd(entries: readonly FaqEntry[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

const ogLocale: Record<Lang, string> = { en: "en_IN", hi: "hi_IN" };

/** The page in each language, and the English one for everyone else (x-default). */
function alternateLinks(siteUrl: string, path: string): MetaDescriptor[] {
  const urls = langs.map((lang) => [hreflang[lang], canonicalUrl(siteUrl, localePath(lang, path))]);
  urls.push(["x-default", canonicalUrl(siteUrl, path)]);
  return urls.map(([hrefLang, href]) => ({ tagName: "link", rel: "alternate", hrefLang, href }));
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { seo, config, lang } = input;
  const title = `${seo.title} | ${config.name}`;
  const url = canonicalUrl(config.siteUrl, localePath(lang, input.path));
  return [
    { title },
    { name: "description", content: seo.description },
    { name: "keywords", content: seo.keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: url },
    ...alternateLinks(config.siteUrl, input.path),
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:site_name", content: config.name },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: ogLocale[lang] },
    {
      property: "og:locale:alternate",
      content: ogLocale[lang === "en" ? "hi" : "en"],
    },
    { name: "twitter:card", content: "summary" },
    {
      "script:ld+json": [
        businessJsonLd(config, input.business, input.rating, lang),
        ...(input.extraJsonLd ?? []),
      ],
    },
  ];
}
