import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "./site-config";

/** The site configuration loaded by the root route; every page renders below it. */
export function useSiteConfig(): SiteConfig {
  const data = useRouteLoaderData("root") as { site: SiteConfig } | undefined;
  if (!data) throw new Error("useSiteConfig used outside the root route");
  return data.site;
}

/** The same, for meta functions, which receive the matched routes' data. */
export interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

export function siteConfigFromMatches(
  matches: ReadonlyArray<MatchWithData | undefined>,
): SiteConfig {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { site: SiteConfig }
    | undefined;
  if (!root) throw new Error("root loader data missing");
  return root.site;
}
