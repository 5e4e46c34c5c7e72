// Analytics on an island page: the page view (path and query) to every account, and each Call
// or WhatsApp click (a link marked `data-contact`) as an engagement and a contact event. Loaded
// only when the site has an account; nothing third-party otherwise (app/lib/analytics.ts).
import type { IslandData } from "#app/islands/site-data.ts";
import {
  adsAccountOf,
  type ContactMethod,
  initAnalytics,
  reportedPath,
  trackContactClick,
  trackPageView,
} from "#app/lib/analytics.ts";

export default function analytics({ analyticsIds, adsConversionId }: IslandData) {
  const ads = adsAccountOf(adsConversionId);
  initAnalytics(ads ? [...analyticsIds, ads] : analyticsIds);
  trackPageView(analyticsIds, reportedPath(window.location.pathname, window.location.search));
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>("a[data-contact]");
    if (!link) return;
    const method = link.dataset.contact as ContactMethod;
    trackContactClick(analyticsIds, method, link.dataset.placement ?? "");
  });
}
