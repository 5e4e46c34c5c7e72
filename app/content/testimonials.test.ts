import { describe, expect, it } from "vitest";
import { testimonialsFor } from "#app/content/testimonials.ts";

describe("testimonials by service", () => {
  it("gives each service page the testimonials whose own words are about it, with their context", () => {
    const placed = (slug: Parameters<typeof testimonialsFor>[0]) =>
      testimonialsFor(slug).map((testimonial) => `${testimonial.name} — ${testimonial.context}`);
    expect(placed("stroke-rehabilitation-at-home")).toEqual([
      "Rajesh Sharma — DLF Phase 4, Gurugram · Stroke Rehabilitation",
      "Manoj Tiwari — Beta Sectors, Greater Noida · Stroke Rehabilitation",
    ]);
    expect(placed("sports-injury-physiotherapy")).toEqual([
      "Neha Kapoor — Vasant Kunj, New Delhi · Sports Injury Physiotherapy",
    ]);
    expect(placed("senior-physiotherapy-at-home")).toEqual([
      "Sunita Kapoor — Vasant Kunj, Delhi · Senior Physiotherapy",
    ]);
    expect(placed("back-pain-physiotherapy-at-home")).toEqual([
      "Vikram Singh — Sohna Road, Gurugram · Back Pain Physiotherapy",
      "Amit Bansal — Sector 62, Noida · Back Pain Physiotherapy",
    ]);
    expect(placed("post-surgery-physiotherapy-at-home")).toHaveLength(5);
  });
});
