import { getEnv } from "~/config/env.server";
import { publicPaths } from "~/content/public-routes";
import { canonicalUrl } from "~/lib/seo";

export function loader() {
  const siteUrl = getEnv().SITE_URL;
  const urls = publicPaths()
    .map((path) => `  <url><loc>${canonicalUrl(siteUrl, path)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
