import type { MetaDescriptor } from "react-router";
import { type MatchWithData, siteConfigFromMatches } from "~/config/use-site-config";
import { areasServed, overallRating, priceRange, supportHours } from "~/content/business";
import type { PageSeo, Rating } from "~/content/types";
import { type PageMetaInput, pageMeta } from "./seo";

const business = { areasServed, hours: supportHours, priceRange };

/**
 * Meta tags for a route, given what its meta function receives and the page's own facts.
 * A page without a rating of its own shows the provider's overall one.
 */
export function routeMeta(
  args: { matches: ReadonlyArray<MatchWithData | undefined>; location: { pathname: string } },
  page: { seo: PageSeo; rating?: Rating } & Pick<PageMetaInput, "ogType" | "extraJsonLd">,
): MetaDescriptor[] {
  return pageMeta({
    ...page,
    path: args.location.pathname,
    config: siteConfigFromMatches(args.matches),
    business,
    rating: page.rating ?? overallRating,
  });
}
