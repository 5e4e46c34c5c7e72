import { Stars } from "#app/components/ui/stars.tsx";
import type { Testimonial } from "#app/content/types.ts";

/** A testimonial; `context` (where and what for) replaces the bare location when given. */
export function TestimonialCard({
  testimonial,
  context,
}: {
  testimonial: Testimonial;
  context?: string;
}) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={testimonial.rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">“{testimonial.text}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {testimonial.initials}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          <span className="block text-sm text-slate-600">{context ?? testimonial.location}</span>
        </span>
      </figcaption>
    </figure>
  );
}
