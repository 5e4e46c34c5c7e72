import { areaEntries, areaPath, serviceEntries, servicePath } from "./catalog";

export interface NavItem {
  label: string;
  to: string;
}

export const mainNav: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];

/**
 * Where every "Book …" button goes: the contact page's form (its section, id "book"), not the top
 * of the page (hero, cards, FAQ: on a phone the form is screens down). The header's "Contact"
 * stays /contact. The section itself is the target, with no tabindex: on a page load with the
 * fragment (no JavaScript, or before hydration) Chromium makes the :target the starting point of
 * sequential focus navigation without focusing anything, so the next Tab goes to the form's first
 * field and a phone's keyboard does not open over the heading. React Router's Link only scrolls
 * (scrollIntoView) and leaves focus alone; a Book link that stays on screen (the header's) lets go
 * of focus when clicked, so that Tab starts from what is on the screen (site-header.tsx).
 */
export const bookPath = "/contact#book";

export const legalNav: NavItem[] = [{ label: "Privacy Policy", to: "/privacy-policy" }];

// The footer's lists come from the catalog, not from the page records: those hold every page's
// words, and the footer is in every page's JavaScript.
export const serviceNav: NavItem[] = serviceEntries.map(({ slug, name }) => ({
  label: name,
  to: servicePath(slug),
}));

export const areaNav: NavItem[] = areaEntries.map(({ slug, name }) => ({
  label: name,
  to: areaPath(slug),
}));
