// The header's menu button draws Lucide's "menu" and "x", one path each: the React header and the
// island pages' header (app/islands/header.ts) draw the same two.

/** Three bars: the menu is closed. */
export const menuIconPath = "M4 5h16M4 12h16M4 19h16";
/** A cross: the menu is open. */
export const closeIconPath = "M18 6 6 18M6 6l12 12";
