// What a toast does, on every page: the staff pages, which React runs, and the public island
// pages, which run none (decision 042). The region is the server's markup (ToastRegion in
// toasts.tsx, with its words); this module only adds a toast to it, takes it away after
// 8 seconds or when its close button is pressed, and holds it while the pointer or the focus is
// on it. No React here: the islands' chunks import it.
import { type Toast, takePendingToast } from "#app/lib/pending-toast.ts";

export type { Toast };

/** How long a toast stays on screen, unless it is held. */
const toastMs = 8000;

const variantClass: Record<Toast["variant"], string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-blue-200 bg-blue-50 text-blue-900",
};

/** The region's list, rendered into every page with the site's chrome. */
const toastList = () => document.querySelector<HTMLOListElement>("[data-toasts]");

/** Shows a toast; a page without the site's chrome (the last-resort error page) has none. */
export function showToast({ variant, title, description }: Toast): void {
  const list = toastList();
  if (!list) return;
  const item = document.createElement("li");
  item.dataset.toast = "";
  item.dataset.type = variant;
  item.className = `pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${variantClass[variant]}`;
  const content = document.createElement("div");
  content.className = "flex-1";
  const heading = document.createElement("div");
  heading.dataset.title = "";
  heading.className = "font-semibold";
  heading.textContent = title;
  content.append(heading);
  if (description) {
    const text = document.createElement("div");
    text.dataset.description = "";
    text.className = "mt-0.5 text-sm";
    text.textContent = description;
    content.append(text);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.dataset.closeButton = "";
  close.setAttribute("aria-label", list.dataset.closeLabel ?? "");
  close.className = "-m-2 inline-flex size-11 items-center justify-center rounded-md";
  close.textContent = "×";
  close.addEventListener("click", () => item.remove());
  item.append(content, close);
  holdWhileUsed(item);
  list.append(item);
}

/**
 * Takes `item` away once it has been on screen for 8 seconds, not counting the time the pointer
 * or the focus was on it: someone reading it, or about to close it, keeps it (WCAG 2.2.1).
 */
function holdWhileUsed(item: HTMLElement) {
  let left = toastMs;
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let holds = 0;
  const run = () => {
    since = Date.now();
    timer = setTimeout(() => item.remove(), left);
  };
  const hold = () => {
    if (holds++ > 0) return;
    clearTimeout(timer);
    left -= Date.now() - since;
  };
  const release = () => {
    if (holds > 0 && --holds === 0) run();
  };
  item.addEventListener("pointerenter", hold);
  item.addEventListener("pointerleave", release);
  item.addEventListener("focusin", hold);
  item.addEventListener("focusout", release);
  run();
}

/** Shows the toast an earlier page left for this one (app/lib/pending-toast.ts), once. */
export function showPendingToast(): void {
  const toast = takePendingToast();
  if (toast) showToast(toast);
}
