import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { publicPageRoutes } from "#app/content/public-routes.ts";

/**
 * The public routes, in one language: the same modules serve both, each reading its language from
 * the address (app/lib/lang.ts). English at the root; Hindi under /hi with route ids of its own.
 * The indexable pages come from their one list (app/content/public-routes.ts); the routes after
 * them answer per request and are neither prerendered nor in the sitemap.
 */
function publicRoutes(prefix: "" | "hi") {
  const at = (path: string) => [prefix, path].filter(Boolean).join("/");
  const id = (name: string) => (prefix ? `${prefix}/${name}` : name);
  return [
    ...publicPageRoutes().map(({ pattern, module, id: name }) =>
      pattern === "/" && !prefix
        ? index(module)
        : route(at(pattern.slice(1)), module, { id: id(name) }),
    ),
    route(at("contact/received"), "routes/contact-received.tsx", {
      id: id("routes/contact-received"),
    }),
    // The form's JSON address, for the contact page's island: no page.
    route(at("contact/send"), "routes/contact-send.ts", { id: id("routes/contact-send") }),
    // The family's status page (decision 038): personal, so rendered per request.
    route(at("status"), "routes/status.tsx", { id: id("routes/status") }),
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
  // The visits' staff screens, in one folder (decision 028): the front desk's schedule,
  // therapists' profiles, a therapist's day and calendar feed. Each keeps the id it had before the
  // move (the path of its old file), so nothing keyed by a route's id changes.
  route("admin/schedule", "routes/admin/visits/admin-schedule.tsx", {
    id: "routes/admin/schedule/admin-schedule",
  }),
  route("admin/therapists", "routes/admin/visits/admin-therapists.tsx", {
    id: "routes/admin/therapists/admin-therapists",
  }),
  route("admin/travel", "routes/admin/visits/admin-travel.tsx"),
  route("admin/therapists/:id", "routes/admin/visits/admin-therapist.tsx", {
    id: "routes/admin/therapists/admin-therapist",
  }),
  route("visits", "routes/admin/visits/therapist-day.tsx", { id: "routes/visits/therapist-day" }),
  // The care record (decision 051): a visit's, for its therapist; a request's, for the desk.
  route("visits/:visitId/care", "routes/admin/care/visit-care.tsx", {
    id: "routes/visits/visit-care",
  }),
  route("admin/appointments/:id/care", "routes/admin/care/request-care.tsx"),
  route("admin/exercises", "routes/admin/care/admin-exercises.tsx"),
  route("admin/appointments/:id/discharge.pdf", "routes/admin/care/request-discharge.ts"),
  route("status/discharge.pdf", "routes/status-discharge.ts"),
  // The phone's queue of the day's changes, each with its own key (decision 049).
  route("visits/changes", "routes/admin/visits/visit-changes.ts", {
    id: "routes/visits/visit-changes",
  }),
  route("visits/manifest.webmanifest", "routes/admin/visits/app-manifest.ts", {
    id: "routes/visits/app-manifest",
  }),
  route("visits/calendar/:file", "routes/admin/visits/calendar-feed.ts", {
    id: "routes/visits/calendar-feed",
  }),
  route("hi/*", "routes/not-found.tsx", { id: "hi/routes/not-found" }),
  route("*", "routes/not-found.tsx"),
  // Meta's WhatsApp webhook: signed deliveries and replies (decision 038).
  route("webhooks/whatsapp", "routes/webhooks/whatsapp.ts"),
  route("webhooks/razorpay", "routes/webhooks/razorpay.ts"),
  // The WhatsApp messages to families sent by hand (decision 038).
  route("admin/messages", "routes/admin/messages/admin-messages.tsx"),
  // The desk's money: cash with therapists, what families owe (decision 045).
  route("admin/money", "routes/admin/money/admin-money.tsx"),
  route("admin/money/payments.csv", "routes/admin/money/admin-money-export.ts"),
  route("admin/payments/:id/receipt.pdf", "routes/admin/money/admin-receipt.ts"),
  route("admin/credit-notes/:id/credit-note.pdf", "routes/admin/money/admin-credit-note.ts"),
  // A receipt for the family, from the status page (the look-up's cookie names the request).
  route("status/receipt/:id", "routes/status-receipt.ts"),
  route("status/credit-note/:id", "routes/status-credit-note.ts"),
] satisfies RouteConfig;
