import { type MouseEvent, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useSiteConfig } from "~/config/use-site-config";
import { bookPath, mainNav } from "~/content/navigation";
import { logoutMessages } from "~/domain/staff/staff-hint";
import { showToast } from "./toasts";
import { Button, ButtonLink } from "./ui/button";
import { useStaffState } from "./use-staff-state";

export function SiteHeader() {
  const site = useSiteConfig();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const staff = useStaffState();

  async function logout() {
    if (await staff.signOut()) {
      showToast({ variant: "success", title: logoutMessages.done, description: "" });
      setOpen(false);
      navigate("/");
    } else {
      showToast({ variant: "error", title: logoutMessages.failed, description: "" });
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

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 min-w-11 items-center rounded-md px-3 py-2 font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;
  const menuLinkClass = (state: { isActive: boolean }) => `flex w-full ${linkClass(state)}`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 text-lg font-bold text-brand-800"
        >
          <img src="/logo-mark.svg" alt="" width={32} height={32} className="size-8" />
          {site.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          {staff.isAdmin ? (
            <NavLink to="/admin" className={linkClass}>
              Admin
            </NavLink>
          ) : null}
          {staff.signedIn ? (
            <Button variant="secondary" className="ml-2" onClick={logout}>
              Logout
            </Button>
          ) : (
            <ButtonLink to={bookPath} className="ml-2" onClick={leave}>
              Book Now
            </ButtonLink>
          )}
        </nav>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
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
            <path d={open ? "M18 6 6 18M6 6l12 12" : "M4 5h16M4 12h16M4 19h16"} />
          </svg>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={menuLinkClass} onClick={leave}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {staff.isAdmin ? (
            <li>
              <NavLink to="/admin" className={menuLinkClass} onClick={leave}>
                Admin
              </NavLink>
            </li>
          ) : null}
        </ul>
        {staff.signedIn ? (
          <Button variant="secondary" className="w-full" onClick={logout}>
            Logout
          </Button>
        ) : (
          <ButtonLink to={bookPath} className="w-full" onClick={leave}>
            Book Now
          </ButtonLink>
        )}
      </nav>
    </header>
  );
}
