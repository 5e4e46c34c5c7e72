import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "#app/config/site-config.ts";
import type { SiteText } from "#app/content/site-text.ts";
import { type Lang, localePath } from "#app/lib/lang.ts";

/** The site configuration loaded by the root route; every page renders below it. */
export function useSiteConfig(): SiteConfig {
  return useRootData().site;
}

/** The page's language (from its address, by the root loader). */
export function useLang(): Lang {
  return useRootData().lang;
}

/** Puts a site path (content keeps English paths) in the page's language: "/about" → "/hi/about". */
export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return (path) => localePath(lang, path);
}

/** The words of the site's chrome in the page's language (app/content/site-text.ts). */
export function useSiteText(): SiteText {
  return useRootData().text;
}

interface RootData {
  site: SiteConfig;
  renderedYear: number;
  lang: Lang;
  text: SiteText;
}

function useRootData() {
  const data = useRouteLoaderData("root") as RootData | undefined;
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

/** What meta functions receive of the matched routes. */
export interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The chrome's words, for meta functions. */
export function siteTextFromMatches(matches: ReadonlyArray<MatchWithData | undefined>): SiteText {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!root) throw new Error("root loader data missing");
  return root.text;
}
