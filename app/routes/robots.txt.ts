import { getEnv } from "#app/config/env.server.ts";

export function loader() {
  const body = `User-agent: *
Allow: /
Disallow: /admin
Disallow: /auth

Sitemap: ${getEnv().SITE_URL}/sitemap.xml
`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
