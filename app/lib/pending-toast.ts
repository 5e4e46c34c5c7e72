// A toast for the next page this tab loads, kept in the tab's session storage: a sign-out goes
// home by a page load (an island page, decision 040), which no toast shown before it survives.
// Left by either kind of page (the island header, React's header on a staff page); shown once by
// the next island page's boot script (app/islands/toast.ts).

export interface Toast {
  variant: "success" | "error" | "info";
  title: string;
  description: string;
}

const pendingKey = "island-toast";

/** Leaves `toast` for the next page this tab loads. */
export function showToastOnNextPage(toast: Toast): void {
  try {
    sessionStorage.setItem(pendingKey, JSON.stringify(toast));
  } catch {
    // Storage refused (a private window's quota): the next page simply has no toast.
  }
}

/** The toast an earlier page left for this one, taken so that it shows once. */
export function takePendingToast(): Toast | undefined {
  try {
    const stored = sessionStorage.getItem(pendingKey);
    sessionStorage.removeItem(pendingKey);
    return stored ? (JSON.parse(stored) as Toast) : undefined;
  } catch {
    return undefined;
  }
}
