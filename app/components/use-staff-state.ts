// The header's signed-in state (decision 006). A prerendered page is the signed-out header for
// everyone; after hydration this asks the server who is signed in only when the hint cookie
// says someone may be. Anonymous visitors (nearly all) make no request at all.
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { signedInHintCookie } from "#app/domain/staff/staff-hint.ts";

export interface StaffState {
  signedIn: boolean;
  isAdmin: boolean;
  isTherapist: boolean;
}

const signedOut: StaffState = { signedIn: false, isAdmin: false, isTherapist: false };

function hasHint(): boolean {
  return document.cookie.split("; ").some((pair) => pair === `${signedInHintCookie}=1`);
}

export function useStaffState() {
  const [state, setState] = useState<StaffState>(signedOut);
  const location = useLocation();

  // Looked at again after each navigation: sign-in and sign-out set and clear the hint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    if (!hasHint()) {
      setState(signedOut);
      return;
    }
    const controller = new AbortController();
    fetch("/auth/state", { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : signedOut))
      .then((next: StaffState) =>
        setState({
          signedIn: !!next.signedIn,
          isAdmin: !!next.isAdmin,
          isTherapist: !!next.isTherapist,
        }),
      )
      .catch(() => {});
    return () => controller.abort();
  }, [location.key]);

  /** Ends the session on the server; true when it did. */
  const signOut = useCallback(async (): Promise<boolean> => {
    try {
      const response = await fetch("/auth/logout", { method: "POST" });
      if (!response.ok) return false;
      setState(signedOut);
      return true;
    } catch {
      return false;
    }
  }, []);

  return { ...state, signOut };
}
