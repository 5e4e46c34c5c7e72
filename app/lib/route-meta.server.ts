// A page's meta tags (title, description, canonical and language links, Open Graph, JSON-LD),
// made by its loader on the server and sent with its data: the route's meta function only hands
// them on (`metaFromLoader`), so the code that builds them never reaches the browser.
import type { MetaDescriptor } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { overallRating, priceRange, supportHours } from "#app/content/business.ts";
import { siteText } from "#app/content/site-text.ts";
import type { PageSeo, Rating } from "#app/content/types.ts";
import { type Lang, langOfRequest } from "#app/lib/lang.ts";
import { type PageMetaInput, pageMeta } from "#app/lib/seo.ts";

export interface PageFacts extends Pick<PageMetaInput, "ogType" | "extraJsonLd"> {
  seo: PageSeo;
  /**
   * The page's one URL, in English, from the route and its record: never the request's path,
   * which may be a variant (another case, a percent-encoding, a trailing slash) of it. The
   * language comes from the request, and the Hindi twin's URL is made from this.
   */
  path: string;
  /** The page's own rating; without one, the provider's overall rating. */
  rating?: Rating;
}

/** The meta tags of a page in a language. */
export function metaFor(lang: Lang, page: PageFacts): MetaDescriptor[] {
  return pageMeta({
    ...page,
    lang,
    config: toSiteConfig(getEnv()),
    // The areas by their names in the page's language.
    business: {
      areasServed: Object.values(siteText[lang].areaNames),
      hours: supportHours,
      priceRange,
    },
    rating: page.rating ?? overallRating,
  });
}

/** The meta tags of the page a request asks for. */
export function routeMeta(request: Request, page: PageFacts): MetaDescriptor[] {
  return metaFor(langOfRequest(request), page);
}
