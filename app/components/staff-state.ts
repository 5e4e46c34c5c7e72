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
    if (response.ok) await forgetTherapistApp();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * What the therapist app kept on this browser (decision 049): the day and its queue (IndexedDB
 * "therapist-app"), the worker's caches and the worker itself. At most two seconds: the sign-out
 * never waits on it longer.
 */
async function forgetTherapistApp(): Promise<void> {
  const forget = async () => {
    const deleted = new Promise<void>((done) => {
      const request = indexedDB.deleteDatabase("therapist-app");
      request.onsuccess = request.onerror = () => done();
    });
    const store = globalThis.caches;
    const names = store ? await store.keys() : [];
    await Promise.all(
      names
        .filter((name) => name.startsWith("therapist-") || name.startsWith("workbox-"))
        .map((name) => store.delete(name)),
    );
    const workers = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
    await Promise.all(
      workers
        .filter((worker) => new URL(worker.scope).pathname === "/visits")
        .map((worker) => worker.unregister()),
    );
    await deleted;
  };
  await Promise.race([forget().catch(() => {}), new Promise((done) => setTimeout(done, 2_000))]);
}
