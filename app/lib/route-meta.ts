import type { MetaDescriptor } from "react-router";
import { type MatchWithData, siteConfigFromMatches } from "~/config/use-site-config";
import type { PageSeo, Rating } from "~/content/types";
import { type PageMetaInput, pageMeta } from "./seo";

/** Meta tags for a route, given what its meta function receives and the page's own facts. */
export function routeMeta(
  args: { matches: ReadonlyArray<MatchWithData | undefined>; location: { pathname: string } },
  page: { seo: PageSeo; rating?: Rating } & Omit<
    PageMetaInput,
    "seo" | "path" | "config" | "rating"
  >,
): MetaDescriptor[] {
  return pageMeta({
    ...page,
    path: args.location.pathname,
    config: siteConfigFromMatches(args.matches),
  });
}
