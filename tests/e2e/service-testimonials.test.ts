// Each service page shows what families treated for it said, with where and what for; the stroke
// page shows the stroke testimonials (raw HTML, no JavaScript).
import { describe, expect, it } from "vitest";
import { testSite, useServer } from "./sites";

describe("testimonials on the service pages", () => {
  const url = useServer(testSite);

  it("shows the stroke page's testimonials with their context", async () => {
    const html = await (await fetch(`${url()}/stroke-rehabilitation-at-home`)).text();
    expect(html).toContain("What Families Say");
    expect(html).toContain("My father had a stroke last year");
    expect(html).toContain("DLF Phase 4, Gurugram · Stroke Rehabilitation");
    expect(html).toContain("After my father&#x27;s stroke");
    expect(html).toContain("Beta Sectors, Greater Noida · Stroke Rehabilitation");
    expect(html).not.toContain("lower back pain");
  });
});
