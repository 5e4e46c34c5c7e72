// Google Analytics (gtag.js) for up to two accounts. Nothing here runs, and no third-party
// request is made, unless the site is configured with at least one id.
import { isStaffPath } from "#app/lib/staff-paths.ts";

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedFor = "";

/** Sets up the gtag queue at once and fetches the library after the page has loaded. */
export function initAnalytics(ids: string[]): void {
  if (ids.length === 0 || typeof window === "undefined" || loadedFor === ids.join()) return;
  loadedFor = ids.join();
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array copy.
    // biome-ignore lint/complexity/noArguments: required by gtag.js
    window.dataLayer?.push(arguments);
  };
  window.gtag("js", new Date());
  for (const id of ids) window.gtag("config", id, { send_page_view: false });

  const inject = () => {
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids[0] ?? "")}`;
    document.head.appendChild(script);
  };
  // Never compete with the page's own first paint and hydration.
  if (document.readyState === "complete") setTimeout(inject, 0);
  else window.addEventListener("load", () => setTimeout(inject, 0), { once: true });
}

/**
 * The path a page view reports: a staff page's without its query (a search may be a patient's
 * name), and every other page's with the values of `token` (an e-mailed link's secret), `ref`
 * (a request's reference, half of what opens its status page) and `key` (the status page's link
 * in a family's message) left out.
 */
export const reportedPath = (path: string, search: string) =>
  isStaffPath(path) ? path : path + search.replace(/([?&](?:token|ref|key)=)[^&]*/gi, "$1-");

export function trackPageView(ids: string[], pathWithQuery: string): void {
  if (!window.gtag) return;
  for (const id of ids) {
    window.gtag("event", "page_view", {
      send_to: id,
      page_path: pathWithQuery,
      page_location: window.location.origin + pathWithQuery,
      page_title: document.title,
    });
  }
}

/** The ad account of a conversion action: "AW-123/AbC" → "AW-123". */
export function adsAccountOf(conversionId: string | undefined): string | undefined {
  return conversionId?.split("/")[0];
}

/** An appointment request went through: one conversion worth 1 INR to the ad account. */
export function trackConversion(conversionId: string | undefined): void {
  if (!conversionId || !window.gtag) return;
  window.gtag("event", "conversion", { send_to: conversionId, value: 1, currency: "INR" });
}

export type ContactMethod = "phone" | "whatsapp";

/** A Call Now or WhatsApp click: one engagement event and one contact event, to every account. */
export function trackContactClick(ids: string[], method: ContactMethod, placement: string): void {
  if (!window.gtag) return;
  for (const id of ids) {
    window.gtag("event", method === "phone" ? "click_call" : "click_whatsapp", {
      send_to: id,
      event_category: "engagement",
      event_label: placement,
    });
    window.gtag("event", "contact", { send_to: id, method, event_label: placement });
  }
}
