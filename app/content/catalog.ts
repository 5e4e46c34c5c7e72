// The services and areas the site has a page for: the one list the routes, the footer, the
// sitemap and the page records all read. It stays this small, and imports nothing, because the
// footer brings it into every page's JavaScript and routes.ts loads it at build time.

/** The five service pages, in the spec's order; `name` is the short name of footer and cards. */
export const serviceCatalog = {
  stroke: { slug: "stroke-rehabilitation-at-home", name: "Stroke Rehabilitation" },
  postSurgery: { slug: "post-surgery-physiotherapy-at-home", name: "Post-Surgery Physiotherapy" },
  backPain: { slug: "back-pain-physiotherapy-at-home", name: "Back Pain Physiotherapy" },
  sportsInjury: { slug: "sports-injury-physiotherapy", name: "Sports Injury Physiotherapy" },
  senior: { slug: "senior-physiotherapy-at-home", name: "Senior Physiotherapy" },
} as const;

/** The five service-area pages, in the spec's order. */
export const areaCatalog = {
  gurugram: { slug: "gurugram", name: "Gurugram" },
  delhi: { slug: "delhi", name: "Delhi" },
  noida: { slug: "noida", name: "Noida" },
  greaterNoida: { slug: "greater-noida", name: "Greater Noida" },
  faridabad: { slug: "faridabad", name: "Faridabad" },
} as const;

// Object.values keeps the order of the keys above, so these lists are in the spec's order too.
export const serviceEntries = Object.values(serviceCatalog);
export const areaEntries = Object.values(areaCatalog);

export type ServiceSlug = (typeof serviceEntries)[number]["slug"];
export type AreaSlug = (typeof areaEntries)[number]["slug"];

export function servicePath(slug: ServiceSlug): string {
  return `/${slug}`;
}

export function areaPath(slug: AreaSlug): string {
  return `/service-areas/${slug}`;
}
