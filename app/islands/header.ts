// The site header on an island page (decision 040): what React's SiteHeader does
// (app/components/site-header.tsx), on the markup its server render leaves. The mobile menu
// opens and closes; a link in it closes it at once. The signed-in variants (the Admin link,
// Logout instead of Book Now), rendered hidden, are shown when the hint cookie is there and the
// server says who is signed in; Logout ends the session and goes home, where the toast shows.
// And the links to this page in the other language keep the query and the fragment, as React's do.
import { closeIconPath, menuIconPath } from "#app/components/menu-icon.ts";
import {
  fetchStaffState,
  hasStaffHint,
  type StaffState,
  signedOut,
  signOutOnServer,
} from "#app/components/staff-state.ts";
import type { Island } from "#app/islands/registry.ts";
import { showToast } from "#app/islands/toast.ts";
import { showToastOnNextPage } from "#app/lib/pending-toast.ts";

const header: Island = async (root, data) => {
  const { openLabel = "", closeLabel = "", loggedOut = "", logoutFailed = "" } = root.dataset;
  const menu = root.querySelector<HTMLElement>("#mobile-menu");
  const toggle = root.querySelector<HTMLButtonElement>("button[aria-controls='mobile-menu']");
  const icon = toggle?.querySelector("path");
  if (!menu || !toggle || !icon) throw new Error("The header has no menu or no menu button");

  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? closeLabel : openLabel);
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
    if (!hasStaffHint()) return showStaff(signedOut);
    // A failed request leaves the header as it is, as React's does.
    const state = await fetchStaffState().catch(() => undefined);
    if (state) showStaff(state);
  }

  async function logout() {
    if (await signOutOnServer()) {
      setOpen(false);
      // Home is a page load: the toast waits for it (app/islands/boot.ts shows it).
      showToastOnNextPage({ variant: "success", title: loggedOut, description: "" });
      window.location.assign(root.dataset.home ?? "/");
    } else {
      showToast(data.toasts, { variant: "error", title: logoutFailed, description: "" });
    }
  }

  /** The query and the fragment on the links to this page in the other language. */
  function keepQueryAndFragment() {
    const { search, hash } = window.location;
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-other-language]")) {
      link.setAttribute("href", `${new URL(link.href).pathname}${search}${hash}`);
    }
  }

  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  root.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest("[data-staff='signed-in']")) {
      void logout();
      return;
    }
    // A link in the menu, or the bar's Book Now, closes the menu at once and lets go of focus,
    // as React's header does (its comment says why).
    const link = target.closest<HTMLAnchorElement>("a[href]");
    if (link && (menu.contains(link) || link.dataset.staff === "signed-out")) {
      link.blur();
      setOpen(false);
    }
  });
  // Any navigation closes the menu, as React's header does on a new location: a fragment's, and
  // a page the back button brings back from the browser's cache (signed in or out since, too).
  window.addEventListener("hashchange", () => {
    setOpen(false);
    keepQueryAndFragment();
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    setOpen(false);
    void readStaff();
  });

  setOpen(false);
  keepQueryAndFragment();
  await readStaff();
};
export default header;
