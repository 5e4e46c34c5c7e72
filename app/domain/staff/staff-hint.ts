// What the header of every page and the server share about a staff session: the name of the
// hint cookie (decision 006). Kept tiny: the header is on every page.

/**
 * Not a secret: says only "someone may be signed in here", so that the header of a prerendered
 * page asks who only when it might be someone. No identifier, no role.
 */
export const signedInHintCookie = "staff_hint";
