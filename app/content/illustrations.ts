// The site's pictures: original drawings in one style and palette (public/illustrations/), no
// photos of people who are not on the team. Each is a small SVG file, cached like any asset.
import type { ServiceSlug } from "#app/content/catalog.ts";

export interface Illustration {
  src: string;
  alt: string;
}

/** The home visit itself: the home page and every page without a picture of its own. */
export const homeVisit: Illustration = {
  src: "/illustrations/home-visit.svg",
  alt: "A physiotherapist helping a patient walk at home",
};

export const serviceIllustrations: Record<ServiceSlug, Illustration> = {
  "stroke-rehabilitation-at-home": {
    src: "/illustrations/stroke-rehabilitation-at-home.svg",
    alt: "A physiotherapist beside a patient walking with a frame",
  },
  "post-surgery-physiotherapy-at-home": {
    src: "/illustrations/post-surgery-physiotherapy-at-home.svg",
    alt: "A physiotherapist guiding a knee exercise on a bed after surgery",
  },
  "back-pain-physiotherapy-at-home": {
    src: "/illustrations/back-pain-physiotherapy-at-home.svg",
    alt: "A spine, the source of back pain the sessions treat",
  },
  "sports-injury-physiotherapy": {
    src: "/illustrations/sports-injury-physiotherapy.svg",
    alt: "A player kicking a ball, back to sport after an injury",
  },
  "senior-physiotherapy-at-home": {
    src: "/illustrations/senior-physiotherapy-at-home.svg",
    alt: "A physiotherapist helping an older person stand from a chair with a stick",
  },
};
