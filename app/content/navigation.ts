import { areaEntries, areaPath, serviceEntries, servicePath } from "#app/content/catalog.ts";
import type { SiteText } from "#app/content/site-text.ts";
import { type Lang, localePath } from "#app/lib/lang.ts";

export interface NavItem {
  label: string;
  to: string;
}

const mainPages = [
  ["home", "/"],
  ["about", "/about"],
  ["blog", "/blog"],
  ["contact", "/contact"],
] as const;

/** The header's links, in the page's language (the words come with the page: site-text.ts). */
export function mainNav(text: SiteText, lang: Lang): NavItem[] {
  return mainPages.map(([key, to]) => ({ label: text.nav[key], to: localePath(lang, to) }));
}

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

export function legalNav(text: SiteText, lang: Lang): NavItem[] {
  return [{ label: text.nav.privacy, to: localePath(lang, "/privacy-policy") }];
}

// The footer's lists come from the catalog and the chrome's words, not from the page records:
// those hold every page's words, and the footer is in every page's JavaScript.
export function serviceNav(text: SiteText, lang: Lang): NavItem[] {
  return serviceEntries.map(({ slug }) => ({
    label: text.serviceNames[slug],
    to: localePath(lang, servicePath(slug)),
  }));
}

export function areaNav(text: SiteText, lang: Lang): NavItem[] {
  return areaEntries.map(({ slug }) => ({
    label: text.areaNames[slug],
    to: localePath(lang, areaPath(slug)),
  }));
}
