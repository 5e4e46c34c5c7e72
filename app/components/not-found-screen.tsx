import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { CallLink } from "#app/components/contact-links.tsx";
import {
  type MatchWithData,
  siteTextFromMatches,
  useLang,
  useSiteConfig,
  useSiteText,
} from "#app/config/use-site-config.ts";
import { serviceNav } from "#app/content/navigation.ts";
import { localePath } from "#app/lib/lang.ts";

/** The meta tags of a 404 answer: a title in the page's language, and never indexed. */
export function notFoundMeta(args: { matches: ReadonlyArray<MatchWithData | undefined> }) {
  const text = siteTextFromMatches(args.matches);
  return [{ title: text.notFound.title }, { name: "robots", content: "noindex" }];
}

/**
 * The 404 screen, shared by unknown paths and unknown service-area slugs. Not a dead end: the
 * services, the contact page and the phone number are one tap away.
 */
export function NotFoundScreen() {
  const location = useLocation();
  const site = useSiteConfig();
  const text = useSiteText();
  const lang = useLang();
  const { notFound } = text;
  useEffect(() => {
    // A warning, not an error: a mistyped address is not a fault of the site.
    console.warn("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    // The island logs the missing path on a page React does not run (app/islands/not-found.ts).
    <div
      data-island="not-found"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center"
    >
      <h1 className="text-6xl font-bold text-slate-900">404</h1>
      <p className="mt-4 text-xl text-slate-600">{notFound.page}</p>
      <Link
        to={localePath(lang, "/")}
        className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        {notFound.home}
      </Link>
      <p className="mt-8 text-lg text-slate-700">
        {notFound.helpBefore}{" "}
        <CallLink
          placement="not-found"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          {site.phone.display}
        </CallLink>{" "}
        {notFound.or}{" "}
        <Link
          to={localePath(lang, "/contact")}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          {notFound.request}
        </Link>
        .
      </p>
      <nav aria-label={notFound.ourServices} className="mt-6 w-full">
        <h2 className="text-xl font-semibold text-slate-900">{notFound.ourServices}</h2>
        <ul className="mt-3 grid gap-1">
          {serviceNav(text, lang).map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="inline-flex min-h-11 items-center text-lg text-brand-700 underline"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
