import { getEnv } from "#app/config/env.server.ts";
import { englishPublicPaths } from "#app/content/public-routes.ts";
import { hreflang, langs, localePath } from "#app/lib/lang.ts";
import { canonicalUrl } from "#app/lib/seo.ts";

/**
 * Every page in both languages; each names all its language versions (and the English one as
 * x-default), as Google reads alternates from a sitemap.
 */
export function loader() {
  const siteUrl = getEnv().SITE_URL;
  const urls = englishPublicPaths().flatMap((path) => {
    const alternates = [
      ...langs.map(
        (lang) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang[lang]}" href="${canonicalUrl(siteUrl, localePath(lang, path))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${canonicalUrl(siteUrl, path)}"/>`,
    ].join("\n");
    return langs.map(
      (lang) =>
        `  <url>\n    <loc>${canonicalUrl(siteUrl, localePath(lang, path))}</loc>\n${alternates}\n  </url>`,
    );
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
