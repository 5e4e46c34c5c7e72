// What the header of every page and the server share about a staff session: the name of the
// hint cookie (decision 006) and the logout texts. Kept tiny: the header is on every page.

/**
 * Not a secret: says only "someone may be signed in here", so that the header of a prerendered
 * page asks who only when it might be someone. No identifier, no role.
 */
export const signedInHintCookie = "staff_hint";

/**
 * Logging out, from the header (spec). Part of the catalogue (app/domain/messages.ts re-exports
 * it) but kept here: the header is in every page's first load, which the catalogue would make
 * about 1.7 KB heavier, past the home page's 130 KB budget (decision 013).
 */
export const logoutMessages = {
  done: "Logged out successfully",
  failed: "Failed to logout",
} as const;
