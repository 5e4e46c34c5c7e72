// The one list of public pages. app/routes.ts registers each page's route in both languages from
// it, the build prerenders it, the sitemap lists it and the tests expect it (tests/e2e/
// expected-pages.ts), so a new page is one entry here besides its records and its route module
// (docs/content.md, "Add a public page in both languages").
import { aboutByLang } from "#app/content/about.ts";
import { blogIndexByLang } from "#app/content/blog.ts";
import { blogPosts, blogPostsByLang } from "#app/content/blog-posts.ts";
import { areaEntries, areaPath, serviceEntries, servicePath } from "#app/content/catalog.ts";
import { contactByLang } from "#app/content/contact.ts";
import { contactFaqByLang, homeFaqByLang, serviceFaqsByLang } from "#app/content/faq.ts";
import { homeByLang } from "#app/content/home.ts";
import { privacyByLang } from "#app/content/privacy.ts";
import { serviceAreasByLang } from "#app/content/service-areas.ts";
import { servicesByLang } from "#app/content/services.ts";
import { siteText } from "#app/content/site-text.ts";
import type { ContentBlock, FaqEntry, Rating } from "#app/content/types.ts";
import { type Lang, langs, localePath } from "#app/lib/lang.ts";

/** What a page shows first, to a reader and a crawler, in one language. */
interface PageOutline {
  /** Its one h1. */
  heading: string;
  /** A sentence of its main content: its lead, under the h1. */
  text: string;
  /** Its own rating in its structured data; without one, the provider's overall rating. */
  rating?: Rating;
  /** The questions it answers, also given as FAQPage structured data. */
  questions?: readonly FaqEntry[];
}

export interface PublicPage {
  /** Its English path; the Hindi page is the same under /hi (app/lib/lang.ts). */
  path: string;
  /** The route module that renders it in both languages, as app/routes.ts names it. */
  module: string;
  /** Its route's pattern when one module serves several pages by a parameter ("/blog/:id"). */
  pattern?: string;
  /** What it shows in a language, from its record: the tests check each page as served by it. */
  outline: (lang: Lang) => PageOutline;
}

/** The h1 and the lead of a page laid out under a PageHero. */
function hero(record: { hero: { heading: string; text: string } }): PageOutline {
  return { heading: record.hero.heading, text: record.hero.text };
}

function firstParagraph(blocks: readonly ContentBlock[]): string {
  const paragraph = blocks.find((block) => block.type === "p");
  if (!paragraph) throw new Error("a page's record has no paragraph");
  return paragraph.text;
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no content record for ${what}`);
  return value;
}

/** Every public, indexable page, in the sitemap's order. */
export const publicPages: readonly PublicPage[] = [
  {
    path: "/",
    module: "routes/home.tsx",
    outline: (lang) => ({
      ...hero(homeByLang[lang]),
      rating: homeByLang[lang].rating,
      questions: homeFaqByLang[lang],
    }),
  },
  { path: "/about", module: "routes/about.tsx", outline: (lang) => hero(aboutByLang[lang]) },
  { path: "/blog", module: "routes/blog.tsx", outline: (lang) => hero(blogIndexByLang[lang]) },
  ...blogPosts.map(
    ({ id }): PublicPage => ({
      path: `/blog/${id}`,
      module: "routes/blog-post.tsx",
      pattern: "/blog/:id",
      outline: (lang) => {
        const post = found(
          blogPostsByLang[lang].find((candidate) => candidate.id === id),
          `/blog/${id}`,
        );
        return { heading: post.title, text: firstParagraph(post.content) };
      },
    }),
  ),
  {
    path: "/contact",
    module: "routes/contact.tsx",
    outline: (lang) => ({ ...hero(contactByLang[lang]), questions: contactFaqByLang[lang] }),
  },
  {
    path: "/privacy-policy",
    module: "routes/privacy-policy.tsx",
    outline: (lang) => ({
      heading: siteText[lang].nav.privacy,
      text: firstParagraph(found(privacyByLang[lang].sections[0], "the policy").blocks),
    }),
  },
  ...areaEntries.map(
    ({ slug }): PublicPage => ({
      path: areaPath(slug),
      module: "routes/service-area.tsx",
      pattern: "/service-areas/:area",
      outline: (lang) => {
        const area = found(
          serviceAreasByLang[lang].find((candidate) => candidate.slug === slug),
          areaPath(slug),
        );
        return { ...hero(area), rating: area.rating };
      },
    }),
  ),
  // One module, a route of its own for each service (the loader reads the slug from its pattern).
  ...serviceEntries.map(
    ({ slug }): PublicPage => ({
      path: servicePath(slug),
      module: "routes/service.tsx",
      outline: (lang) => {
        const service = found(
          servicesByLang[lang].find((candidate) => candidate.slug === slug),
          servicePath(slug),
        );
        return {
          ...hero(service),
          rating: service.rating,
          questions: serviceFaqsByLang[lang][slug],
        };
      },
    }),
  ),
];

/** A route that serves public pages: its pattern, its module and its id (English). */
export interface PublicPageRoute {
  pattern: string;
  module: string;
  id: string;
}

/**
 * The routes of the public pages, one per pattern, for app/routes.ts. A route's id is its
 * module's (`routes/about`), followed by its pattern where one module has routes of several.
 */
export function publicPageRoutes(): PublicPageRoute[] {
  const patterns = new Map<string, string>();
  for (const page of publicPages) patterns.set(page.pattern ?? page.path, page.module);
  const routes = [...patterns].map(([pattern, module]) => ({ pattern, module }));
  return routes.map(({ pattern, module }) => {
    const id = module.replace(/\.tsx?$/, "");
    const shared = routes.filter((other) => other.module === module).length > 1;
    return { pattern, module, id: shared ? `${id}${pattern}` : id };
  });
}

/** Every public, indexable page, by its English path (each is also in Hindi under /hi). */
export function englishPublicPaths(): string[] {
  return publicPages.map((page) => page.path);
}

/**
 * Every public, indexable route in every language: the source for prerendering, the sitemap and
 * the route tests.
 */
export function publicPaths(): string[] {
  return langs.flatMap((lang) => englishPublicPaths().map((path) => localePath(lang, path)));
}

let publicPathSet: Set<string> | undefined;
/** Whether a path is one of the public pages (a visit's landing page, the form's page). */
export function isPublicPath(path: string): boolean {
  publicPathSet ??= new Set(publicPaths());
  return publicPathSet.has(path);
}

/** Prerendered at build time: the public pages and the files that describe them to crawlers. */
export function prerenderPaths(): string[] {
  return [...publicPaths(), "/sitemap.xml", "/robots.txt"];
}
