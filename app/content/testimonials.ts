// The spec's testimonials placed by what they are about, so that each service page shows the
// ones that fit it, with their context (the area, and the service). What a testimonial is about
// is read from its own words, never added: those about none of the five services (neck pain, a
// wrist fracture, knee pain without surgery) stay on their area pages only.

import type { ServiceSlug } from "#app/content/catalog.ts";
import { homeByLang } from "#app/content/home.ts";
import { serviceAreasByLang } from "#app/content/service-areas.ts";
import { siteText } from "#app/content/site-text.ts";
import type { Testimonial } from "#app/content/types.ts";
import type { Lang } from "#app/lib/lang.ts";

/** By the person's name, what their own text says they were treated for. */
const aboutService: Record<string, ServiceSlug> = {
  "Rajesh Sharma": "stroke-rehabilitation-at-home", // "My father had a stroke last year"
  "Manoj Tiwari": "stroke-rehabilitation-at-home", // "After my father's stroke"
  "Anjali Mehta": "post-surgery-physiotherapy-at-home", // "After my knee replacement"
  "Amit Verma": "post-surgery-physiotherapy-at-home", // "after ankle surgery"
  "Neha Gupta": "post-surgery-physiotherapy-at-home", // "after a hip replacement"
  "Deepak Chauhan": "post-surgery-physiotherapy-at-home", // "After my spine surgery"
  "Ritu Malhotra": "post-surgery-physiotherapy-at-home", // "after his knee replacement"
  "Vikram Singh": "back-pain-physiotherapy-at-home", // "constant lower back pain"
  "Amit Bansal": "back-pain-physiotherapy-at-home", // "I had lower back pain"
  "Neha Kapoor": "sports-injury-physiotherapy", // "After a sports injury to my ankle"
  "Sunita Kapoor": "senior-physiotherapy-at-home", // "My mother is 78 and had become unsteady"
};

export interface PlacedTestimonial extends Testimonial {
  /** Where and what for, e.g. "DLF Phase 4, Gurugram · Stroke Rehabilitation". */
  context: string;
}

/** Every testimonial of the spec with the full place it comes from, in a language. */
function allTestimonials(lang: Lang): Testimonial[] {
  return [
    ...serviceAreasByLang[lang].flatMap((area) =>
      area.testimonials.map((testimonial) => ({
        ...testimonial,
        location: `${testimonial.location}, ${area.name}`,
      })),
    ),
    ...homeByLang[lang].testimonials.items,
  ];
}

/** The testimonials about this service, each with its context, in the page's language. */
export function testimonialsFor(service: ServiceSlug, lang: Lang = "en"): PlacedTestimonial[] {
  return allTestimonials(lang)
    .filter((testimonial) => aboutService[testimonial.name] === service)
    .map((testimonial) => ({
      ...testimonial,
      context: `${testimonial.location} · ${siteText[lang].serviceNames[service]}`,
    }));
}
