import { blogPosts } from "#app/content/blog-posts.ts";
import { areaEntries, areaPath, serviceEntries, servicePath } from "#app/content/catalog.ts";
import { langs, localePath } from "#app/lib/lang.ts";

/** Every public, indexable page, by its English path (each is also in Hindi under /hi). */
export function englishPublicPaths(): string[] {
  return [
    "/",
    "/about",
    "/blog",
    ...blogPosts.map((post) => `/blog/${post.id}`),
    "/contact",
    "/privacy-policy",
    ...areaEntries.map((area) => areaPath(area.slug)),
    ...serviceEntries.map((service) => servicePath(service.slug)),
  ];
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
