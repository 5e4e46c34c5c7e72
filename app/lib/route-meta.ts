import type { MetaDescriptor } from "react-router";
import { type MatchWithData, siteConfigFromMatches } from "~/config/use-site-config";
import { areasServed, overallRating, priceRange, supportHours } from "~/content/business";
import type { PageSeo, Rating } from "~/content/types";
import { type PageMetaInput, pageMeta } from "./seo";

const business = { areasServed, hours: supportHours, priceRange };

/**
 * Meta tags for a route, given what its meta function receives and the page's own facts.
 * A page without a rating of its own shows the provider's overall one. `path` is the page's
 * one URL, from the route and its record: never the request's path, which may be a variant
 * (another case, a percent-encoding, a trailing slash) of it.
 */
export function routeMeta(
  args: { matches: ReadonlyArray<MatchWithData | undefined> },
  page: { seo: PageSeo; path: string; rating?: Rating } & Pick<
    PageMetaInput,
    "ogType" | "extraJsonLd"
  >,
): MetaDescriptor[] {
  return pageMeta({
    ...page,
    config: siteConfigFromMatches(args.matches),
    business,
    rating: page.rating ?? overallRating,
  });
}
