// The spec's testimonials placed by what they are about, so that each service page shows the
// ones that fit it, with their context (the area, and the service). What a testimonial is about
// is read from its own words, never added: those about none of the five services (neck pain, a
// wrist fracture, knee pain without surgery) stay on their area pages only.
import { type ServiceSlug, serviceEntries } from "./catalog";
import { home } from "./home";
import { serviceAreas } from "./service-areas";
import type { Testimonial } from "./types";

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

function serviceName(slug: ServiceSlug): string {
  return serviceEntries.find((entry) => entry.slug === slug)?.name ?? slug;
}

/** Every testimonial of the spec with the full place it comes from. */
function allTestimonials(): Testimonial[] {
  return [
    ...serviceAreas.flatMap((area) =>
      area.testimonials.map((testimonial) => ({
        ...testimonial,
        location: `${testimonial.location}, ${area.name}`,
      })),
    ),
    ...home.testimonials.items,
  ];
}

/** The testimonials about this service, each with its context. */
export function testimonialsFor(service: ServiceSlug): PlacedTestimonial[] {
  return allTestimonials()
    .filter((testimonial) => aboutService[testimonial.name] === service)
    .map((testimonial) => ({
      ...testimonial,
      context: `${testimonial.location} · ${serviceName(service)}`,
    }));
}
