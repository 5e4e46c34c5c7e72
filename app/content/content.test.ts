import { describe, expect, it } from "vitest";
import { blogPosts } from "#app/content/blog-posts.ts";
import { serviceAreas } from "#app/content/service-areas.ts";
import { services } from "#app/content/services.ts";

describe("content records", () => {
  it("has six blog posts with ids 1-6, one of which names the 10% weekly rule", () => {
    expect(blogPosts.map((post) => post.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const text = (post: (typeof blogPosts)[number]) =>
      post.content.map((block) => ("text" in block ? block.text : block.items.join(" "))).join(" ");
    expect(blogPosts.filter((post) => /10% rule/.test(text(post)))).toHaveLength(1);
  });

  it("gives the service-area pages the ratings and testimonial counts of the spec", () => {
    expect(
      serviceAreas.map((area) => [
        area.slug,
        area.rating.value,
        area.rating.count,
        area.testimonials.length,
      ]),
    ).toEqual([
      ["gurugram", 4.8, 500, 3],
      ["delhi", 4.7, 400, 2],
      ["noida", 4.7, 350, 2],
      ["greater-noida", 4.6, 250, 2],
      ["faridabad", 4.8, 200, 2],
    ]);
    expect(serviceAreas.flatMap((area) => area.testimonials.map((t) => t.rating))).toEqual(
      Array(11).fill(5),
    );
  });

  it("books Faridabad by chat only, with a prefilled message", () => {
    const faridabad = serviceAreas.find((area) => area.slug === "faridabad");
    expect(faridabad?.hero.bookLabel).toBeUndefined();
    expect(faridabad?.hero.chat.message).toMatch(/Faridabad/);
  });

  it("prefills a different chat message on every service page", () => {
    const messages = services.map((service) => service.hero.chat.message);
    expect(new Set(messages).size).toBe(services.length);
    expect(services.every((service) => service.reasons.items.length === 8)).toBe(true);
  });
});
