import { useEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
} from "react-router";
import { MobileContactBar } from "#app/components/mobile-contact-bar.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { OtherLanguageLine, SiteHeader } from "#app/components/site-header.tsx";
import { ToastRegion } from "#app/components/toasts.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { siteText } from "#app/content/site-text.ts";
import { IslandScripts, useIslandPage } from "#app/islands/island-page.tsx";
import { adsAccountOf, initAnalytics, reportedPath, trackPageView } from "#app/lib/analytics.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { InlineStylesheet } from "#app/lib/inline-css.tsx";
import { htmlLang, langOf, langOfRequest } from "#app/lib/lang.ts";
import { useNonce } from "#app/lib/request-nonce.ts";
import { isStaffPath } from "#app/lib/staff-paths.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/root";

/**
 * While the database does not answer (decision 041), a staff screen or the family's status page, all
 * of which read it, is answered at once with a page that says so (503), not with a fault after
 * each query fails. The public pages never get here (they are served from memory), nor does the
 * form's post, which answers that the request was not stored, with the phone number.
 */
const whileDatabaseAway: Route.MiddlewareFunction = ({ request, context }) => {
  const { pathname } = new URL(request.url);
  if (!isStaffPath(pathname) && !/^(\/hi)?\/status\/?$/.test(pathname)) return;
  if (context.get(servicesContext).databaseAvailability.up) return;
  const lang = langOfRequest(request);
  const { title, text } = siteText[lang].databaseAway;
  const phone = toSiteConfig(getEnv()).phone.display;
  throw data({ title, text: fillText(text, { phone }) }, { status: 503 });
};

export const middleware = [whileDatabaseAway];

export function loader({ request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  return {
    site: toSiteConfig(getEnv()),
    // The year the page was rendered; the footer moves it on in the browser if it has changed.
    renderedYear: new Date().getFullYear(),
    lang,
    text: siteText[lang],
  };
}

// The configuration never changes while a page is open; the chrome's words change with the
// language, when a link (the language switch) goes to a page in the other one.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return langOf(currentUrl.pathname) !== langOf(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const islands = useIslandPage();
  return (
    <html lang={htmlLang[langOf(useLocation().pathname)]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a6358" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <InlineStylesheet nonce={nonce || undefined} />
        <Links />
      </head>
      <body>
        {children}
        {islands ? (
          <IslandScripts nonce={nonce || undefined} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * One page view per navigation (location.key), to every configured analytics account. The ad
 * account, when there is one, is set up too (for the conversion event) but gets no page views.
 */
function usePageViews(ids: string[], adsAccount: string | undefined) {
  const location = useLocation();
  const idList = ids.join(",");
  const reported = useRef<string | undefined>(undefined);
  useEffect(() => {
    const accounts = idList ? idList.split(",") : [];
    initAnalytics(adsAccount ? [...accounts, adsAccount] : accounts);
    if (reported.current === location.key) return;
    reported.current = location.key;
    trackPageView(accounts, reportedPath(location.pathname, location.search));
  }, [idList, adsAccount, location.key, location.pathname, location.search]);
}

export default function App() {
  const site = useSiteConfig();
  usePageViews(site.analyticsIds, adsAccountOf(site.adsConversionId));
  // Staff screens keep the header, not the marketing footer and Call Now / WhatsApp bar.
  const { pathname } = useLocation();
  const staff = isStaffPath(pathname);
  const text = useSiteText();
  const islands = useIslandPage();
  // Busy from a tap or a form sent until the page it brings is drawn: a screen reader waits for
  // it, and so can a browser test (the address changes before the new page is drawn).
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {text.skipLink}
      </a>
      <SiteHeader islands={islands} />
      {!staff && <OtherLanguageLine />}
      <main id="main" aria-busy={busy || undefined}>
        <Outlet />
      </main>
      {!staff && <SiteFooter />}
      {!staff && <MobileContactBar />}
      <ToastRegion islands={islands} />
    </>
  );
}

/** Last resort: an error no route handled. Kept free of site chrome so it cannot fail again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (isRouteErrorResponse(error) && status === 503 && error.data?.title) {
    const away = error.data as { title: string; text: string };
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{away.title}</h1>
        <p className="mt-4 text-slate-600">{away.text}</p>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">{status === 404 ? "404" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? "Oops! Page not found"
          : "Please try again in a moment, or call us if it keeps happening."}
      </p>
      <a className="mt-6 inline-block text-brand-700 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
