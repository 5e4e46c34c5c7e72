// Each service page shows what families treated for it said, with where and what for (the stroke
// page its stroke testimonials), and its own picture; the pictures are small files (raw HTML and
// the files as served, no JavaScript).
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readOnlyServer } from "#tests/e2e/sites.ts";

describe("testimonials and pictures on the service pages", () => {
  const url = readOnlyServer();

  it("shows the stroke page's testimonials with their context", async () => {
    const html = await (await fetch(`${url()}/stroke-rehabilitation-at-home`)).text();
    expect(html).toContain("What Families Say");
    expect(html).toContain("My father had a stroke last year");
    expect(html).toContain("DLF Phase 4, Gurugram · Stroke Rehabilitation");
    expect(html).toContain("After my father&#x27;s stroke");
    expect(html).toContain("Beta Sectors, Greater Noida · Stroke Rehabilitation");
    expect(html).not.toContain("lower back pain");
  });

  it("gives each service page its own illustration, and every picture is under 15 KB gzipped", async () => {
    const pictures = ["/logo-mark.svg", "/illustrations/home-visit.svg"];
    for (const slug of [
      "stroke-rehabilitation-at-home",
      "post-surgery-physiotherapy-at-home",
      "back-pain-physiotherapy-at-home",
      "sports-injury-physiotherapy",
      "senior-physiotherapy-at-home",
    ]) {
      const html = await (await fetch(`${url()}/${slug}`)).text();
      expect(html).toContain(`src="/illustrations/${slug}.svg"`);
      pictures.push(`/illustrations/${slug}.svg`);
    }
    const home = await (await fetch(`${url()}/`)).text();
    expect(home).toContain('src="/logo-mark.svg"');
    expect(home).toContain('src="/illustrations/home-visit.svg"');
    // The three steps of "How It Works", each its own drawing.
    for (const step of ["step-book", "step-match", "step-home"]) {
      expect(home).toContain(`src="/illustrations/${step}.svg"`);
      pictures.push(`/illustrations/${step}.svg`);
    }
    for (const picture of pictures) {
      const response = await fetch(`${url()}${picture}`);
      expect(response.status, picture).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      const body = Buffer.from(await response.arrayBuffer());
      expect(gzipSync(body).length, picture).toBeLessThan(15 * 1024);
    }
  });
});
