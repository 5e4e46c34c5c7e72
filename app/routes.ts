import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { serviceEntries } from "./content/catalog";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:id", "routes/blog-post.tsx"),
  route("contact", "routes/contact.tsx"),
  route("contact/received", "routes/contact-received.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("service-areas/:area", "routes/service-area.tsx"),
  // The five service pages share one module; each path is its own route id.
  ...serviceEntries.map(({ slug }) => route(slug, "routes/service.tsx", { id: `service/${slug}` })),
  route("auth", "routes/auth.tsx"),
  route("auth/set-password", "routes/auth-set-password.tsx"),
  route("auth/password", "routes/auth-password.tsx"),
  route("auth/state", "routes/auth-state.ts"),
  route("auth/logout", "routes/auth-logout.ts"),
  route("admin", "routes/admin.tsx"),
  route("admin/events", "routes/admin-events.ts"),
  route("admin/export.csv", "routes/admin-export.ts"),
  route("admin/newsletter.csv", "routes/admin-newsletter.ts"),
  route("admin/appointments/:id", "routes/admin-appointment.tsx"),
  route("admin/insights", "routes/admin-insights.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
