// The header's menu button draws Lucide's "menu" and "x", one path each: the header's markup
// (site-header.tsx) starts with the first, and its behaviour (site-header-behaviour.ts) swaps them.

/** Three bars: the menu is closed. */
export const menuIconPath = "M4 5h16M4 12h16M4 19h16";
/** A cross: the menu is open. */
export const closeIconPath = "M18 6 6 18M6 6l12 12";
