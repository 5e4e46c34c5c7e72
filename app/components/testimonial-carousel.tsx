import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useState } from "react";
import { TestimonialCard } from "#app/components/testimonial-card.tsx";
import { useSiteText } from "#app/config/use-site-config.ts";
import type { Testimonial } from "#app/content/types.ts";

// The carousel island's too (app/islands/carousel.ts): keep the two equal.
const carouselOptions = { startIndex: 0, dragThreshold: 10, align: "start" } as const;

/**
 * Testimonials, one slide at a time on phones and up to three on wide screens.
 * Without JavaScript the track is a plain horizontal scroller, so every quote stays readable.
 * On a page served without React, the carousel island (app/islands/carousel.ts) does what this
 * component does, on the parts marked `data-carousel`.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const { labels } = useSiteText();
  const [viewportRef, embla] = useEmblaCarousel(carouselOptions);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(testimonials.length > 1);
  const [selected, setSelected] = useState(0);

  const sync = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on("select", sync).on("reInit", sync);
    return () => {
      embla.off("select", sync).off("reInit", sync);
    };
  }, [embla, sync]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla?.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla?.scrollNext();
    }
  };

  const buttonClass =
    "inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow ring-1 ring-slate-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <section
      aria-roledescription={labels.carousel}
      aria-label={labels.patientTestimonials}
      onKeyDown={onKeyDown}
      className="relative"
      data-island="carousel"
    >
      <div
        ref={viewportRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so arrow keys reach it
        tabIndex={0}
        data-carousel="viewport"
        className={`rounded-xl ${embla ? "overflow-hidden" : "snap-x overflow-x-auto"}`}
      >
        <div className="-ml-4 flex touch-pan-y">
          {testimonials.map((testimonial, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as groups
            <div
              key={testimonial.name}
              role="group"
              aria-roledescription={labels.slide}
              aria-label={labels.testimonialOf
                .replace("{index}", String(index + 1))
                .replace("{total}", String(testimonials.length))}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-4 md:basis-1/2 lg:basis-1/3"
            >
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <button
          type="button"
          className={buttonClass}
          onClick={() => embla?.scrollPrev()}
          disabled={!canPrev}
          data-carousel="previous"
          aria-label={labels.previousTestimonial}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <p
          className="min-w-16 text-center text-sm text-slate-600"
          aria-live="polite"
          data-carousel="position"
        >
          {selected + 1} / {embla ? embla.scrollSnapList().length : testimonials.length}
        </p>
        <button
          type="button"
          className={buttonClass}
          onClick={() => embla?.scrollNext()}
          disabled={!canNext}
          data-carousel="next"
          aria-label={labels.nextTestimonial}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
