import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The five service pages share one template; each path is its own route id.
const servicePaths = [
  "stroke-rehabilitation-at-home",
  "post-surgery-physiotherapy-at-home",
  "back-pain-physiotherapy-at-home",
  "sports-injury-physiotherapy",
  "senior-physiotherapy-at-home",
] as const;

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:id", "routes/blog-post.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("service-areas/:area", "routes/service-area.tsx"),
  ...servicePaths.map((path) => route(path, "routes/service.tsx", { id: `service/${path}` })),
  route("auth", "routes/auth.tsx"),
  route("admin", "routes/admin.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
