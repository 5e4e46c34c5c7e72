import { describe, expect, it } from "vitest";
import { areaEntries, serviceEntries } from "#app/content/catalog.ts";
import { serviceAreas } from "#app/content/service-areas.ts";
import { services } from "#app/content/services.ts";

// Routes, footer and sitemap are built from the catalog, pages from the records: a catalog
// entry without a record would be a route that answers 404, a record outside the catalog a
// page nobody can reach.
describe("catalog", () => {
  it("has one service page record for each service, in the catalog's order", () => {
    expect(services.map(({ slug, name }) => ({ slug, name }))).toEqual(serviceEntries);
  });

  it("has one service-area page record for each area, in the catalog's order", () => {
    expect(serviceAreas.map(({ slug, name }) => ({ slug, name }))).toEqual(areaEntries);
  });

  it("lists five services and five areas, each slug once", () => {
    expect([serviceEntries.length, areaEntries.length]).toEqual([5, 5]);
    const slugs = [...serviceEntries, ...areaEntries].map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
