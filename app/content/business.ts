// Facts about the business that are the same in every deployment. Contact details
// (phone, e-mail, address) are configuration: see app/config/env.server.ts.
import type { Rating } from "#app/content/types.ts";

export const supportHours = {
  label: "Mon-Sun 9:00 AM - 7:00 PM",
  opens: "09:00",
  closes: "19:00",
  /** As a sentence says them ("between 9:00 AM and 7:00 PM"). */
  from: "9:00 AM",
  to: "7:00 PM",
} as const;

/** The provider's overall marketing rating: the home and service pages, and any page without one. */
export const overallRating: Rating = { value: 4.8, count: 500 };

/** schema.org `priceRange`, the spec's only statement about fees. */
export const priceRange = "$$";
