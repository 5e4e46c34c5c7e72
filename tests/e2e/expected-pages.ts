// The public pages the tests expect, derived from the one list of public pages and their content
// records (app/content/public-routes.ts): a page added there is tested with nothing written again
// (docs/content.md, "Add a public page in both languages"). The tests stay able to fail: they read
// each page as served (its h1, its lead, its rating and questions in the structured data), the
// sitemap as served, and, in server-html.test.ts, every island page app/routes.ts registers, so
// that a page served but missing from the list fails as a page in the list but not served does.
import { overallRating } from "#app/content/business.ts";
import { publicPages } from "#app/content/public-routes.ts";
import type { Rating } from "#app/content/types.ts";
import { type Lang, localePath } from "#app/lib/lang.ts";

export interface ExpectedPage {
  path: string;
  lang: Lang;
  /** The same page in English (its path in the other language follows from it). */
  englishPath: string;
  /** The page's one h1, exactly. */
  h1: string;
  /** A sentence of the page's main content, exactly as a reader sees it. */
  text: string;
  /** The aggregate rating in the page's structured data. */
  rating: Rating;
  /** The first question of its FAQPage structured data, when it has one. */
  firstQuestion?: string;
}

function expectedIn(lang: Lang): ExpectedPage[] {
  return publicPages.map((page) => {
    const outline = page.outline(lang);
    return {
      path: localePath(lang, page.path),
      lang,
      englishPath: page.path,
      h1: outline.heading,
      text: outline.text,
      rating: outline.rating ?? overallRating,
      firstQuestion: outline.questions?.[0]?.question,
    };
  });
}

/** Every public route in English: prerendered, in the sitemap, in this order. */
export const expectedPages: ExpectedPage[] = expectedIn("en");

/** The Hindi twin of every public route, under /hi, in the same order. */
export const expectedHindiPages: ExpectedPage[] = expectedIn("hi");

/** One prerendered page per route module (template), the first the list names of each. */
const templatePaths: string[] = [
  ...publicPages
    .reduce(
      (first, page) => (first.has(page.module) ? first : first.set(page.module, page.path)),
      new Map<string, string>(),
    )
    .values(),
];

/** Those, and the pages rendered per request: axe checks these at both widths. */
export const axePaths = [...templatePaths, "/no-such-page", "/auth"];

/**
 * The Hindi twins of the template pages, the Hindi 404 and the confirmation a request sent
 * without JavaScript lands on (a reference of the right form): axe checks these too.
 */
export const hindiAxePaths = [
  ...templatePaths.map((path) => localePath("hi", path)),
  "/hi/no-such-page",
  "/hi/contact/received?ref=23456A",
];
