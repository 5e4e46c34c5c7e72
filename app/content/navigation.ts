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
