// Who is signed in, as the header's behaviour (site-header-behaviour.ts) asks it on every page
// (decision 006). A prerendered page is the signed-out header for everyone; the server is asked
// only when the hint cookie says someone may be signed in, so anonymous visitors (nearly all)
// make no request.
import { signedInHintCookie } from "#app/domain/staff/staff-hint.ts";

export interface StaffState {
  signedIn: boolean;
  isAdmin: boolean;
  isTherapist: boolean;
}

export const signedOut: StaffState = { signedIn: false, isAdmin: false, isTherapist: false };

/** True when the hint cookie says someone may be signed in in this browser. */
export function hasStaffHint(): boolean {
  return document.cookie.split("; ").some((pair) => pair === `${signedInHintCookie}=1`);
}

/** The server's answer; signed out when it refuses. Throws when the request fails or is aborted. */
export async function fetchStaffState(signal?: AbortSignal): Promise<StaffState> {
  const response = await fetch("/auth/state", { signal, headers: { accept: "application/json" } });
  const next: Partial<StaffState> = response.ok ? await response.json() : signedOut;
  return {
    signedIn: !!next.signedIn,
    isAdmin: !!next.isAdmin,
    isTherapist: !!next.isTherapist,
  };
}

/** Ends the session on the server; true when it did. Then the phone forgets the therapist app. */
export async function signOutOnServer(): Promise<boolean> {
  try {
    const response = await fetch("/auth/logout", { method: "POST" });
    // Loaded only now: the public pages' scripts do not carry it (decision 049).
    if (response.ok) {
      await import("#app/components/forget-therapist-app.ts")
        .then((module) => module.forgetTherapistApp())
        .catch(() => {});
    }
    return response.ok;
  } catch {
    return false;
  }
}
