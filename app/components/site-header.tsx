import { type MouseEvent, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { closeIconPath, menuIconPath } from "#app/components/menu-icon.ts";
import { showToast } from "#app/components/toasts.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { useStaffState } from "#app/components/use-staff-state.ts";
import { useLang, useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { bookPath, mainNav } from "#app/content/navigation.ts";
import { englishPath, localePath } from "#app/lib/lang.ts";
import { showToastOnNextPage } from "#app/lib/pending-toast.ts";
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
 * Marks a link to this page in the other language on an island page: the server knows no
 * fragment, and a prerendered page no query, so the header's island adds them in the browser.
 */
const otherLanguageMark = (islands: boolean) =>
  islands ? { "data-other-language": "" } : undefined;

/** The header's link to this page in the other language, labelled in that language. */
function LanguageSwitch({ className, islands }: { className: string; islands: boolean }) {
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
      {...otherLanguageMark(islands)}
    >
      {switchLanguage.label}
    </Link>
  );
}

/**
 * On English pages, one line in Hindi under the header: the page is there in Hindi too.
 * `islands`: the page is an island page (app/islands/island-page.tsx), as for SiteHeader.
 */
export function OtherLanguageLine({ islands = false }: { islands?: boolean }) {
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
        {...otherLanguageMark(islands)}
      >
        {line.link}
      </Link>
    </p>
  );
}

/**
 * The site's header. On an island page (`islands`, app/islands/island-page.tsx) no React runs in
 * the browser: the server renders the header as an anonymous visitor sees it, with the signed-in
 * variants (the Admin link, Logout) there but hidden, and the header's island
 * (app/islands/header.ts) opens the menu and shows the variants that apply. Where React renders
 * the page (the staff pages, and any page that is not an island page), the markup is what React
 * draws for the state it knows, without those hidden variants.
 */
export function SiteHeader({ islands = false }: { islands?: boolean }) {
  const site = useSiteConfig();
  const text = useSiteText();
  const lang = useLang();
  const nav = mainNav(text, lang);
  const book = localePath(lang, bookPath);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const staff = useStaffState();

  async function logout() {
    if (await staff.signOut()) {
      // Home is an island page, which a page React Router runs loads as a document (decision
      // 040): no toast shown here would survive that, so the home page shows it.
      showToastOnNextPage({ variant: "success", title: text.logoutToasts.done, description: "" });
      setOpen(false);
      navigate(localePath(lang, "/"));
    } else {
      showToast({ variant: "error", title: text.logoutToasts.failed, description: "" });
    }
  }

  // Any navigation (a link in the menu, the back button) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  // A link in the menu closes it at once, before the next page's data comes. The bar's Book Now
  // stays on screen after it lands on the form: still focused, it would be where Tab starts (the
  // contact page's top); let go, Chromium starts from what is on the screen, the form.
  const leave = (event: MouseEvent<HTMLElement>) => {
    event.currentTarget.blur();
    setOpen(false);
  };

  // What the island needs: its texts, and which element shows for whom (data-staff).
  const islandRoot = islands
    ? {
        "data-island": "header",
        "data-open-label": text.openMenu,
        "data-close-label": text.closeMenu,
        "data-logged-out": text.logoutToasts.done,
        "data-logout-failed": text.logoutToasts.failed,
        "data-home": localePath(lang, "/"),
      }
    : undefined;
  const shownTo = (who: "admin" | "signed-in" | "signed-out") =>
    islands ? { "data-staff": who } : undefined;
  // An island page's server renders every variant; the ones for staff start hidden.
  const adminLink = staff.isAdmin || islands;
  const logoutButton = staff.signedIn || islands;

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 min-w-11 items-center rounded-md px-3 py-2 font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;
  const menuLinkClass = (state: { isActive: boolean }) => `flex w-full ${linkClass(state)}`;

  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      {...islandRoot}
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
          {adminLink ? (
            <NavLink
              to="/admin"
              className={linkClass}
              hidden={!staff.isAdmin}
              {...shownTo("admin")}
            >
              {text.admin}
            </NavLink>
          ) : null}
          <LanguageSwitch className={linkClass({ isActive: false })} islands={islands} />
          {logoutButton ? (
            <Button
              variant="secondary"
              className="ml-2"
              onClick={logout}
              hidden={!staff.signedIn}
              {...shownTo("signed-in")}
            >
              {text.logout}
            </Button>
          ) : null}
          {staff.signedIn ? null : (
            <ButtonLink to={book} className="ml-2" onClick={leave} {...shownTo("signed-out")}>
              {text.bookNow}
            </ButtonLink>
          )}
        </nav>
        <LanguageSwitch
          className={`ml-auto md:hidden ${linkClass({ isActive: false })}`}
          islands={islands}
        />
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? text.closeMenu : text.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {/* Lucide's menu and x, one path each: 57 bytes (gzip) fewer in every page's JavaScript
              than their two components, which made room for the Book links' bookPath under the
              home page's 130 KB (tests/e2e/faq.test.ts). */}
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
            <path d={open ? closeIconPath : menuIconPath} />
          </svg>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label={text.mobileNavLabel}
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {nav.map((item, index) => (
            <li key={item.to}>
              <NavLink to={item.to} end={index === 0} className={menuLinkClass} onClick={leave}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {adminLink ? (
            <li hidden={!staff.isAdmin} {...shownTo("admin")}>
              <NavLink to="/admin" className={menuLinkClass} onClick={leave}>
                {text.admin}
              </NavLink>
            </li>
          ) : null}
        </ul>
        {logoutButton ? (
          <Button
            variant="secondary"
            className="w-full"
            onClick={logout}
            hidden={!staff.signedIn}
            {...shownTo("signed-in")}
          >
            {text.logout}
          </Button>
        ) : null}
        {staff.signedIn ? null : (
          <ButtonLink to={book} className="w-full" onClick={leave} {...shownTo("signed-out")}>
            {text.bookNow}
          </ButtonLink>
        )}
      </nav>
    </header>
  );
}
