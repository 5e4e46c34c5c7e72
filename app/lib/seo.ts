import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "~/config/site-config";
import { areasServed, supportHours } from "~/content/business";
import type { PageSeo, Rating } from "~/content/types";

/** The provider's overall marketing rating, used where a page has none of its own. */
export const overallRating: Rating = { value: 4.8, count: 500 };

export interface PageMetaInput {
  seo: PageSeo;
  /** Path of the page, e.g. "/about"; the canonical URL is the site URL plus this. */
  path: string;
  config: SiteConfig;
  rating?: Rating;
  ogType?: "website" | "article";
  /** Extra schema.org objects (an article, a breadcrumb) beside the business. */
  extraJsonLd?: Record<string, unknown>[];
  noIndex?: boolean;
}

/** The one URL of a page: "/about" and "/about/" (how prerendering asks) are the same page. */
export function canonicalUrl(config: SiteConfig, path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return `${config.siteUrl}${trimmed || "/"}`;
}

/** Structured business data: the same facts on every page, the rating of that page. */
export function businessJsonLd(config: SiteConfig, rating: Rating): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": ["MedicalBusiness", "Physiotherapy"],
    "@id": `${config.siteUrl}/#business`,
    name: config.name,
    url: `${config.siteUrl}/`,
    telephone: config.phone.display,
    email: config.email,
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: config.address.street,
      addressLocality: config.address.locality,
      addressRegion: config.address.region,
      postalCode: config.address.postalCode,
      addressCountry: config.address.country,
    },
    areaServed: areasServed.map((name) => ({ "@type": "City", name })),
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: supportHours.opens,
      closes: supportHours.closes,
    },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.value,
      reviewCount: rating.count,
      bestRating: 5,
    },
  };
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { seo, config } = input;
  const title = `${seo.title} | ${config.name}`;
  const url = canonicalUrl(config, input.path);
  return [
    { title },
    { name: "description", content: seo.description },
    { name: "keywords", content: seo.keywords.join(", ") },
    ...(input.noIndex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:site_name", content: config.name },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary" },
    {
      "script:ld+json": [
        businessJsonLd(config, input.rating ?? overallRating),
        ...(input.extraJsonLd ?? []),
      ],
    },
  ];
}
