import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { serviceEntries } from "#app/content/catalog.ts";

/**
 * The public pages, in one language: the same modules serve both, each reading its language from
 * the address (app/lib/lang.ts). English at the root; Hindi under /hi with route ids of its own.
 */
function publicRoutes(prefix: "" | "hi") {
  const at = (path: string) => [prefix, path].filter(Boolean).join("/");
  const id = (name: string) => (prefix ? `${prefix}/${name}` : name);
  return [
    prefix ? route(prefix, "routes/home.tsx", { id: id("routes/home") }) : index("routes/home.tsx"),
    route(at("about"), "routes/about.tsx", { id: id("routes/about") }),
    route(at("blog"), "routes/blog.tsx", { id: id("routes/blog") }),
    route(at("blog/:id"), "routes/blog-post.tsx", { id: id("routes/blog-post") }),
    route(at("contact"), "routes/contact.tsx", { id: id("routes/contact") }),
    route(at("contact/received"), "routes/contact-received.tsx", {
      id: id("routes/contact-received"),
    }),
    // The form's JSON address, for the contact page's island: no page, never in the sitemap.
    route(at("contact/send"), "routes/contact-send.ts", { id: id("routes/contact-send") }),
    route(at("privacy-policy"), "routes/privacy-policy.tsx", { id: id("routes/privacy-policy") }),
    // The family's status page (issue 29): rendered per request, neither prerendered nor in the
    // sitemap (app/content/public-routes.ts lists only the indexable pages).
    route(at("status"), "routes/status.tsx", { id: id("routes/status") }),
    route(at("service-areas/:area"), "routes/service-area.tsx", {
      id: id("routes/service-area"),
    }),
    // The five service pages share one module; each path is its own route id.
    ...serviceEntries.map(({ slug }) =>
      route(at(slug), "routes/service.tsx", { id: id(`service/${slug}`) }),
    ),
  ];
}

export default [
  ...publicRoutes(""),
  ...publicRoutes("hi"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  // The blog's sign-up answered as JSON for its island; the address says the language.
  route("newsletter/signup", "routes/newsletter-signup.ts"),
  route("hi/newsletter/signup", "routes/newsletter-signup.ts", {
    id: "hi/routes/newsletter-signup",
  }),
  route("auth", "routes/auth.tsx"),
  route("auth/set-password", "routes/auth-set-password.tsx"),
  route("auth/password", "routes/auth-password.tsx"),
  route("auth/state", "routes/auth-state.ts"),
  route("auth/logout", "routes/auth-logout.ts"),
  route("admin", "routes/admin/requests/admin.tsx"),
  route("admin/events", "routes/admin/requests/admin-events.ts"),
  route("admin/export.csv", "routes/admin/requests/admin-export.ts"),
  route("admin/newsletter.csv", "routes/admin/newsletter/admin-newsletter.ts"),
  route("admin/appointments/:id", "routes/admin/requests/admin-appointment.tsx"),
  route("admin/appointments/:id/privacy", "routes/admin/privacy/admin-privacy.tsx"),
  route("admin/appointments/:id/personal-data.txt", "routes/admin/privacy/admin-privacy-export.ts"),
  route("admin/privacy-requests", "routes/admin/privacy/admin-privacy-requests.tsx"),
  route("admin/insights", "routes/admin/insights/admin-insights.tsx"),
  route("admin/access-log", "routes/admin/privacy/admin-access-log.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  // The front desk's schedule (issue 28).
  route("admin/schedule", "routes/admin/schedule/admin-schedule.tsx"),
  route("hi/*", "routes/not-found.tsx", { id: "hi/routes/not-found" }),
  route("*", "routes/not-found.tsx"),
  // Therapists' profiles (issue 28).
  route("admin/therapists", "routes/admin/therapists/admin-therapists.tsx"),
  route("admin/therapists/:id", "routes/admin/therapists/admin-therapist.tsx"),
  // A therapist's day and calendar feed (issue 28).
  route("visits", "routes/visits/therapist-day.tsx"),
  route("visits/calendar/:file", "routes/visits/calendar-feed.ts"),
  // Meta's WhatsApp webhook: signed deliveries and replies (issue 29).
  route("webhooks/whatsapp", "routes/webhooks/whatsapp.ts"),
  // The WhatsApp messages to families sent by hand (issue 29).
  route("admin/messages", "routes/admin/messages/admin-messages.tsx"),
] satisfies RouteConfig;
