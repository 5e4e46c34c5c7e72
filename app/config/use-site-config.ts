import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "./site-config";

/** The site configuration loaded by the root route; every page renders below it. */
export function useSiteConfig(): SiteConfig {
  return useRootData().site;
}

function useRootData() {
  const data = useRouteLoaderData("root") as { site: SiteConfig; renderedYear: number } | undefined;
  if (!data) throw new Error("used outside the root route");
  return data;
}

/**
 * The current year for the copyright line. A prerendered page shows the year it was built in
 * until it has hydrated (so server and browser agree), then the visitor's current year.
 */
export function useCurrentYear(): number {
  const { renderedYear } = useRootData();
  const [year, setYear] = useState(renderedYear);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
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
