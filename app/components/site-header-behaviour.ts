// What the site header does, on every page (decision 042): on the public island pages the
// header's island starts it (app/islands/header.ts), on the pages React runs SiteHeader's effect
// does, on the same markup (site-header.tsx). The mobile menu opens and closes; a link in it
// closes it at once. The signed-in variants (the Admin link, Logout instead of Book Now), rendered
// hidden, are shown when the hint cookie is there and the server says who is signed in
// (decision 006); Logout ends the session and goes home, where the toast shows. The links to this
// page in the other language keep the query and the fragment. Its words are the markup's data
// attributes, read when used: a page React runs may change language under it. No React here.
import { closeIconPath, menuIconPath } from "#app/components/menu-icon.ts";
import {
  fetchStaffState,
  hasStaffHint,
  type StaffState,
  signedOut,
  signOutOnServer,
} from "#app/components/staff-state.ts";
import { showToast } from "#app/components/toasts-behaviour.ts";
import { showToastOnNextPage } from "#app/lib/pending-toast.ts";

export interface SiteHeaderBehaviour {
  /** Settled once the header shows who is signed in (at once for an anonymous visitor). */
  ready: Promise<void>;
  /** After a navigation the page's own router made: the menu closes, the state is read again. */
  navigated(): void;
  /** Takes every listener away (a React header that unmounts). */
  stop(): void;
}

export function startSiteHeader(root: HTMLElement): SiteHeaderBehaviour {
  const menu = root.querySelector<HTMLElement>("#mobile-menu");
  const toggle = root.querySelector<HTMLButtonElement>("button[aria-controls='mobile-menu']");
  const icon = toggle?.querySelector("path");
  if (!menu || !toggle || !icon)
    throw new Error("startSiteHeader: #mobile-menu or its button is missing");
  const words = root.dataset;
  const listening = new AbortController();
  const { signal } = listening;
  let asking: AbortController | undefined;

  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", (open ? words.closeLabel : words.openLabel) ?? "");
    icon.setAttribute("d", open ? closeIconPath : menuIconPath);
  };

  function showStaff(state: StaffState) {
    for (const element of root.querySelectorAll<HTMLElement>("[data-staff]")) {
      const shownTo = element.dataset.staff;
      element.hidden =
        shownTo === "admin"
          ? !state.isAdmin
          : shownTo === "signed-in"
            ? !state.signedIn
            : state.signedIn;
    }
  }

  /** Asks the server only when the hint cookie is there: anonymous visitors make no request. */
  async function readStaff() {
    asking?.abort();
    if (!hasStaffHint()) return showStaff(signedOut);
    asking = new AbortController();
    // A failed request leaves the header as it is; a newer one replaces an older one.
    const state = await fetchStaffState(asking.signal).catch(() => undefined);
    if (state) showStaff(state);
  }

  async function logout() {
    if (await signOutOnServer()) {
      setOpen(false);
      // Home is an island page, a page load from any page (decision 040): the toast waits for it.
      showToastOnNextPage({ variant: "success", title: words.loggedOut ?? "", description: "" });
      window.location.assign(words.home ?? "/");
    } else {
      showToast({ variant: "error", title: words.logoutFailed ?? "", description: "" });
    }
  }

  /** The query and the fragment on the links to this page in the other language. */
  function keepQueryAndFragment() {
    const { search, hash } = window.location;
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-other-language]")) {
      link.setAttribute("href", `${new URL(link.href).pathname}${search}${hash}`);
    }
  }

  const navigated = () => {
    setOpen(false);
    keepQueryAndFragment();
    void readStaff();
  };

  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"), {
    signal,
  });
  root.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element;
      if (target.closest("[data-staff='signed-in']")) {
        void logout();
        return;
      }
      // A link in the menu, or the bar's Book Now, closes the menu at once, before the next
      // page comes. The bar's Book Now stays on screen after it lands on the form: still
      // focused, it would be where Tab starts (the contact page's top); let go, Chromium starts
      // from what is on the screen, the form.
      const link = target.closest<HTMLAnchorElement>("a[href]");
      if (link && (menu.contains(link) || link.dataset.staff === "signed-out")) {
        link.blur();
        setOpen(false);
      }
    },
    { signal },
  );
  // A fragment's navigation, and a page the back button brings back from the browser's cache
  // (signed in or out since, too), are navigations the page's router may not see.
  window.addEventListener(
    "hashchange",
    () => {
      setOpen(false);
      keepQueryAndFragment();
    },
    { signal },
  );
  window.addEventListener(
    "pageshow",
    (event) => {
      if (event.persisted) navigated();
    },
    { signal },
  );

  setOpen(false);
  keepQueryAndFragment();
  return {
    ready: readStaff(),
    navigated,
    stop: () => {
      listening.abort();
      asking?.abort();
    },
  };
}
