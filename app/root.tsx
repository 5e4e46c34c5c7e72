import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { MobileContactBar } from "./components/mobile-contact-bar";
import { SiteFooter } from "./components/site-footer";
import { OtherLanguageLine, SiteHeader } from "./components/site-header";
import { ToastHost } from "./components/toasts";
import { getEnv } from "./config/env.server";
import { toSiteConfig } from "./config/site-config";
import { useSiteConfig, useSiteText } from "./config/use-site-config";
import { siteText } from "./content/site-text";
import { adsAccountOf, initAnalytics, reportedPath, trackPageView } from "./lib/analytics";
import { InlineStylesheet } from "./lib/inline-css";
import { htmlLang, langOf, langOfRequest } from "./lib/lang";
import { useNonce } from "./lib/request-nonce";
import { isStaffPath } from "./lib/staff-paths";

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
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
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
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {text.skipLink}
      </a>
      <SiteHeader />
      {!staff && <OtherLanguageLine />}
      <main id="main">
        <Outlet />
      </main>
      {!staff && <SiteFooter />}
      {!staff && <MobileContactBar />}
      {/* Renders nothing, and loads nothing, until a toast is shown. */}
      <ToastHost />
    </>
  );
}

/** Last resort: an error no route handled. Kept free of site chrome so it cannot fail again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
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
