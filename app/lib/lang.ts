// The site's two languages and how a page's address says which one it is in: English at the
// root, Hindi under /hi ("/hi" is the Hindi home, "/hi/about" the Hindi about page). Pure and
// tiny: the header's language switch uses it in every page's JavaScript.

export const langs = ["en", "hi"] as const;
export type Lang = (typeof langs)[number];

/** The `<html lang>` of a page in each language. */
export const htmlLang: Record<Lang, string> = { en: "en-IN", hi: "hi" };

/** The `hreflang` of each language's pages (links, sitemap). */
export const hreflang: Record<Lang, string> = { en: "en-IN", hi: "hi-IN" };

// "/hi.data" is how React Router asks for the Hindi home page's data (prerendering too).
const hindiPrefix = /^\/hi(?=\/|$|[?#]|\.data$)/;

/** The language of a path ("/hi", "/hi/contact" → hi; anything else → en). */
export function langOf(pathname: string): Lang {
  return hindiPrefix.test(pathname) ? "hi" : "en";
}

/** The language of the page a request asks for. */
export function langOfRequest(request: Request): Lang {
  return langOf(new URL(request.url).pathname);
}

/** The English form of a path: "/hi/about" → "/about", "/hi" → "/", "/about" unchanged. */
export function englishPath(path: string): string {
  if (!hindiPrefix.test(path)) return path;
  const rest = path.slice(3);
  return rest === "" || rest[0] !== "/" ? `/${rest}` : rest;
}

/**
 * A path of the site in a language: "/contact#book" → "/hi/contact#book", "/" → "/hi".
 * Given an English path (content records keep English paths; this adds the language).
 */
export function localePath(lang: Lang, path: string): string {
  if (lang === "en") return path;
  if (path === "/" || path.startsWith("/#") || path.startsWith("/?")) return `/hi${path.slice(1)}`;
  return `/hi${path}`;
}
