// The header's signed-in state on a page React renders (decision 006). A prerendered page is the
// signed-out header for everyone; after hydration this asks the server who is signed in only when
// the hint cookie says someone may be (staff-state.ts, which the island pages' header shares).
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  fetchStaffState,
  hasStaffHint,
  type StaffState,
  signedOut,
  signOutOnServer,
} from "#app/components/staff-state.ts";

export type { StaffState };

export function useStaffState() {
  const [state, setState] = useState<StaffState>(signedOut);
  const location = useLocation();

  // Looked at again after each navigation: sign-in and sign-out set and clear the hint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    if (!hasStaffHint()) {
      setState(signedOut);
      return;
    }
    const controller = new AbortController();
    fetchStaffState(controller.signal)
      .then(setState)
      .catch(() => {});
    return () => controller.abort();
  }, [location.key]);

  /** Ends the session on the server; true when it did. */
  const signOut = useCallback(async (): Promise<boolean> => {
    if (!(await signOutOnServer())) return false;
    setState(signedOut);
    return true;
  }, []);

  return { ...state, signOut };
}
