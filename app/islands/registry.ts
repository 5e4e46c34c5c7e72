// Every island, by the name a page gives it in `data-island` (decision 040). Each is a chunk of
// its own, loaded only by the pages that have one.
import type { IslandData } from "#app/islands/site-data.ts";

/** An island: given its element, it adds the behaviour the server's HTML cannot have. */
export type Island = (root: HTMLElement, data: IslandData) => void | Promise<void>;

export const islandLoaders: Record<string, () => Promise<{ default: Island }>> = {
  "appointment-form": () => import("#app/islands/appointment-form.ts"),
  carousel: () => import("#app/islands/carousel.ts"),
  "footer-year": () => import("#app/islands/footer-year.ts"),
  header: () => import("#app/islands/header.ts"),
  newsletter: () => import("#app/islands/newsletter.ts"),
  "not-found": () => import("#app/islands/not-found.ts"),
  toasts: () => import("#app/islands/toasts.ts"),
};
