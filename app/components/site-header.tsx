import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { menuIconPath } from "#app/components/menu-icon.ts";
import {
  type SiteHeaderBehaviour,
  startSiteHeader,
} from "#app/components/site-header-behaviour.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { useLang, useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { bookPath, mainNav } from "#app/content/navigation.ts";
import { englishPath, localePath } from "#app/lib/lang.ts";
import { isStaffPath } from "#app/lib/staff-paths.ts";

/**
 * The same page in the other language, or none (staff screens and the newsletter's e-mail links
 * are in English only). The query and fragment stay: a confirmation keeps its reference.
 */
function useOtherLanguagePath(): string | undefined {
  const location = useLocation();
  const lang = useLang();
  // Prerendering asks for "/contact/": the page's one address has no trailing slash.
  const pathname = location.pathname.replace(/(.)\/+$/, "$1");
  const { search, hash } = location;
  if (isStaffPath(pathname) || englishPath(pathname).startsWith("/newsletter/")) return undefined;
  const path = lang === "hi" ? englishPath(pathname) : localePath("hi", pathname);
  return `${path}${search}${hash}`;
}

/**
 * Marks a link to this page in the other language: the server knows no fragment, and a
 * prerendered page no query, so the header's behaviour adds them in the browser.
 */
const otherLanguageMark = { "data-other-language": "" };

/** The header's link to this page in the other language, labelled in that language. */
function LanguageSwitch({ className }: { className: string }) {
  const { switchLanguage } = useSiteText();
  const to = useOtherLanguagePath();
  if (!to) return null;
  return (
    <Link
      to={to}
      lang={switchLanguage.lang}
      hrefLang={switchLanguage.lang}
      title={switchLanguage.title}
      className={className}
      {...otherLanguageMark}
    >
      {switchLanguage.label}
    </Link>
  );
}

/** On English pages, one line in Hindi under the header: the page is there in Hindi too. */
export function OtherLanguageLine() {
  const { otherLanguageLine: line } = useSiteText();
  const to = useOtherLanguagePath();
  if (!line || !to) return null;
  return (
    <p lang={line.lang} className="bg-brand-50 px-4 py-2 text-center text-base text-slate-800">
      {line.text}{" "}
      <Link
        to={to}
        hrefLang={line.lang}
        className="font-semibold text-brand-800 underline"
        {...otherLanguageMark}
      >
        {line.link}
      </Link>
    </p>
  );
}

/**
 * The site's header, one markup for every page (decision 042): the server renders it as an
 * anonymous visitor sees it, with the signed-in variants (the Admin link, Logout) there but
 * hidden, and one behaviour (site-header-behaviour.ts) opens the menu and shows the variants that
 * apply: started by the header's island on an island page (`islands`,
 * app/islands/island-page.tsx), where no React runs in the browser, and by this component's effect
 * where React runs the page. React never changes what the behaviour sets: the attributes it
 * touches are rendered the same on every render.
 */
export function SiteHeader({ islands = false }: { islands?: boolean }) {
  const site = useSiteConfig();
  const text = useSiteText();
  const lang = useLang();
  const nav = mainNav(text, lang);
  const book = localePath(lang, bookPath);
  const location = useLocation();
  const root = useRef<HTMLElement>(null);
  const behaviour = useRef<SiteHeaderBehaviour>(undefined);

  useEffect(() => {
    if (!root.current) return;
    const started = startSiteHeader(root.current);
    behaviour.current = started;
    return () => started.stop();
  }, []);
  // A navigation of React Router's (a link, the back button) closes the menu and reads again
  // who is signed in: sign-in and sign-out set and clear the hint.
  const seenKey = useRef(location.key);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    behaviour.current?.navigated();
  }, [location.key]);

  /** Which element shows for whom; the behaviour shows and hides them. */
  const shownTo = (who: "admin" | "signed-in" | "signed-out") => ({ "data-staff": who });

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 min-w-11 items-center rounded-md px-3 py-2 font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;
  const menuLinkClass = (state: { isActive: boolean }) => `flex w-full ${linkClass(state)}`;

  return (
    <header
      ref={root}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      // What the behaviour needs: its words, and where Logout goes.
      data-open-label={text.openMenu}
      data-close-label={text.closeMenu}
      data-logged-out={text.logoutToasts.done}
      data-logout-failed={text.logoutToasts.failed}
      data-home={localePath(lang, "/")}
      {...(islands ? { "data-island": "header" } : {})}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link
          to={localePath(lang, "/")}
          className="inline-flex min-h-11 items-center gap-2 text-lg font-bold text-brand-800"
        >
          <img src="/logo-mark.svg" alt="" width={32} height={32} className="size-8" />
          {site.name}
        </Link>
        <nav aria-label={text.mainNavLabel} className="hidden items-center gap-1 md:flex">
          {nav.map((item, index) => (
            <NavLink key={item.to} to={item.to} end={index === 0} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          <NavLink to="/admin" className={linkClass} hidden {...shownTo("admin")}>
            {text.admin}
          </NavLink>
          <LanguageSwitch className={linkClass({ isActive: false })} />
          <Button variant="secondary" className="ml-2" hidden {...shownTo("signed-in")}>
            {text.logout}
          </Button>
          <ButtonLink to={book} className="ml-2" {...shownTo("signed-out")}>
            {text.bookNow}
          </ButtonLink>
        </nav>
        <LanguageSwitch className={`ml-auto md:hidden ${linkClass({ isActive: false })}`} />
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 md:hidden"
          aria-expanded={false}
          aria-controls="mobile-menu"
          aria-label={text.openMenu}
        >
          {/* Lucide's menu and x, one path each (menu-icon.ts): the behaviour swaps them. */}
          <svg
            aria-hidden="true"
            width={24}
            height={24}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
          >
            <path d={menuIconPath} />
          </svg>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label={text.mobileNavLabel}
        hidden
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {nav.map((item, index) => (
            <li key={item.to}>
              <NavLink to={item.to} end={index === 0} className={menuLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li hidden {...shownTo("admin")}>
            <NavLink to="/admin" className={menuLinkClass}>
              {text.admin}
            </NavLink>
          </li>
        </ul>
        <Button variant="secondary" className="w-full" hidden {...shownTo("signed-in")}>
          {text.logout}
        </Button>
        <ButtonLink to={book} className="w-full" {...shownTo("signed-out")}>
          {text.bookNow}
        </ButtonLink>
      </nav>
    </header>
  );
}
