// The toasts' region, rendered with the site's chrome on every page, the staff pages and the
// public island pages alike (decision 042): its words come from the chrome's record, and what a
// toast does is one module of plain DOM (toasts-behaviour.ts) that both kinds of page start.
import { useEffect } from "react";
import { showPendingToast } from "#app/components/toasts-behaviour.ts";
import { useSiteText } from "#app/config/use-site-config.ts";

/**
 * A live region below the sticky header (4 rem and its border), not over it: on a phone the
 * header's menu button, and on a desktop its links, stay usable while a toast is up. `islands`:
 * the page is an island page (app/islands/island-page.tsx), where the region's island shows the
 * toast an earlier page left; where React runs the page, this component's effect does.
 */
export function ToastRegion({ islands = false }: { islands?: boolean }) {
  const { toasts } = useSiteText();
  useEffect(() => {
    showPendingToast();
  }, []);
  return (
    <section
      aria-label={toasts.region}
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-50 flex justify-center px-4"
      {...(islands ? { "data-island": "toasts" } : {})}
    >
      <ol
        data-toasts
        data-close-label={toasts.close}
        className="flex w-full max-w-sm flex-col gap-2"
      />
    </section>
  );
}
