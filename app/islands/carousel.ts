// The testimonials carousel (app/components/testimonial-carousel.tsx renders its markup): embla,
// the carousel library the site used with React, by its own core without the React wrapper.
import EmblaCarousel from "embla-carousel";
import type { Island } from "#app/islands/registry.ts";

// The spec's drag threshold of 10 px; the first slide first, slides aligned to the start.
const carouselOptions = { startIndex: 0, dragThreshold: 10, align: "start" } as const;

function part<T extends HTMLElement>(root: HTMLElement, name: string): T {
  const element = root.querySelector<T>(`[data-carousel="${name}"]`);
  if (!element) throw new Error(`The carousel has no ${name}`);
  return element;
}

const carousel: Island = (root) => {
  const viewport = part(root, "viewport");
  const previous = part<HTMLButtonElement>(root, "previous");
  const next = part<HTMLButtonElement>(root, "next");
  const position = part(root, "position");

  // From the no-JavaScript scroller to the carousel's own track, before the library measures
  // it. A visitor may have scrolled the scroller before the script came: the track starts at
  // the first slide (startIndex 0), so the scroller's offset must not shift it.
  viewport.classList.remove("snap-x", "overflow-x-auto");
  viewport.classList.add("overflow-hidden");
  viewport.scrollLeft = 0;
  const embla = EmblaCarousel(viewport, carouselOptions);

  const sync = () => {
    previous.disabled = !embla.canScrollPrev();
    next.disabled = !embla.canScrollNext();
    // Written only when it changes: the counter is a live region, read out at each change.
    const text = `${embla.selectedScrollSnap() + 1} / ${embla.scrollSnapList().length}`;
    if (position.textContent !== text) position.textContent = text;
  };
  sync();
  // "reInit" comes after a resize: at another width another number of slides fits in view.
  embla.on("select", sync).on("reInit", sync);

  previous.addEventListener("click", () => embla.scrollPrev());
  next.addEventListener("click", () => embla.scrollNext());
  root.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla.scrollNext();
    }
  });
};
export default carousel;
