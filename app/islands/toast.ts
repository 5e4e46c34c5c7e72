// Toasts on island pages: the same message, place and time on screen as the React pages' toasts
// (sonner, app/components/toasts.tsx), in a few lines of DOM instead of React and sonner. Marked
// with sonner's data attributes, so that a toast reads the same to a test on either kind of page.
import type { IslandData } from "#app/islands/site-data.ts";
import { type Toast, takePendingToast } from "#app/lib/pending-toast.ts";

export type { Toast };

/** How long a toast stays, as on the React pages. */
const toastMs = 8000;

const variantClass: Record<Toast["variant"], string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-blue-200 bg-blue-50 text-blue-900",
};

function region(labels: IslandData["toasts"]): HTMLOListElement {
  const existing = document.querySelector<HTMLOListElement>("[data-sonner-toaster]");
  if (existing) return existing;
  const section = document.createElement("section");
  section.setAttribute("aria-label", labels.region);
  section.setAttribute("aria-live", "polite");
  section.setAttribute("aria-relevant", "additions text");
  // Below the sticky header (4 rem and its border), not over it, as on the React pages.
  section.className =
    "pointer-events-none fixed inset-x-0 top-[4.5rem] z-50 flex justify-center px-4";
  const list = document.createElement("ol");
  list.dataset.sonnerToaster = "";
  list.className = "flex w-full max-w-sm flex-col gap-2";
  section.append(list);
  document.body.append(section);
  return list;
}

/** Shows a toast for 8 seconds, or until its close button is pressed. */
export function showToast(labels: IslandData["toasts"], { variant, title, description }: Toast) {
  const item = document.createElement("li");
  item.dataset.sonnerToast = "";
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
  close.setAttribute("aria-label", labels.close);
  close.className = "-m-2 inline-flex size-11 items-center justify-center rounded-md";
  close.textContent = "×";
  const remove = () => item.remove();
  close.addEventListener("click", remove);
  setTimeout(remove, toastMs);
  item.append(content, close);
  region(labels).append(item);
}

/** Shows the toast an earlier page left for this one (app/lib/pending-toast.ts), once. */
export function showPendingToast(labels: IslandData["toasts"]): void {
  const toast = takePendingToast();
  if (toast) showToast(labels, toast);
}
