import { ChevronLeft, ChevronRight } from "lucide-react";
import { TestimonialCard } from "#app/components/testimonial-card.tsx";
import { useSiteText } from "#app/config/use-site-config.ts";
import type { Testimonial } from "#app/content/types.ts";

/**
 * Testimonials, one slide at a time on phones and up to three on wide screens: the markup, at its
 * first slide. Without JavaScript the track is a plain horizontal scroller, so every quote stays
 * readable; the carousel island (app/islands/carousel.ts) turns it into a carousel, working the
 * parts marked `data-carousel`. Only island pages show it (decision 040), so React never runs it
 * in the browser.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const { labels } = useSiteText();
  const buttonClass =
    "inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow ring-1 ring-slate-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <section
      aria-roledescription={labels.carousel}
      aria-label={labels.patientTestimonials}
      className="relative"
      data-island="carousel"
    >
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so arrow keys reach it
        tabIndex={0}
        data-carousel="viewport"
        className="rounded-xl snap-x overflow-x-auto"
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
          disabled
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
          1 / {testimonials.length}
        </p>
        <button
          type="button"
          className={buttonClass}
          disabled={testimonials.length < 2}
          data-carousel="next"
          aria-label={labels.nextTestimonial}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
