import { describe, expect, it } from "vitest";
import { serviceEntries } from "#app/content/catalog.ts";
import { contactFaq, homeFaq, serviceFaqs } from "#app/content/faq.ts";
import type { FaqEntry } from "#app/content/types.ts";
import { faqPageJsonLd } from "#app/lib/seo.ts";

const pages: [string, FaqEntry[]][] = [
  ...serviceEntries.map(({ slug }) => [slug, serviceFaqs[slug]] as [string, FaqEntry[]]),
  ["contact", contactFaq],
  ["home", homeFaq],
];

describe("the FAQs", () => {
  it("gives each of the five service pages its own FAQ", () => {
    expect(Object.keys(serviceFaqs).sort()).toEqual(serviceEntries.map((s) => s.slug).sort());
  });

  it.each(pages)("%s: 4 to 6 distinct questions, each with an answer", (_page, entries) => {
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.length).toBeLessThanOrEqual(6);
    expect(new Set(entries.map((entry) => entry.question)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.question).toMatch(/^\S.*\?$/);
      expect(entry.answer).toMatch(/^\S.*\.$/);
    }
  });

  it.each(pages)("%s: states no figure the spec does not give", (_page, entries) => {
    // The spec's figures: reply within 24 hours, 9:00 AM to 7:00 PM, 10+ years, 500+ families.
    const allowed = ["24", "9:00", "7:00", "10+", "500+"];
    const figures = entries.flatMap((entry) =>
      [...`${entry.question} ${entry.answer}`.matchAll(/\d[\d:,.]*\+?/g)].map((m) => m[0]),
    );
    expect(figures.filter((figure) => !allowed.includes(figure.replace(/[.,]$/, "")))).toEqual([]);
    expect(entries.map((entry) => entry.answer).join(" ")).not.toMatch(
      /₹|\brs\.?\s|\brupees?\b|\bprices?\b|\bfees?\b/i,
    );
  });

  it.each(pages)(
    "%s: promises the spec's reply time and hours where it speaks of them",
    (_p, entries) => {
      for (const { answer } of entries) {
        if (/contact you/.test(answer)) expect(answer).toContain("within 24 hours");
        if (/hours are|available/i.test(answer)) expect(answer).toContain("9:00 AM to 7:00 PM");
      }
    },
  );

  it("names the five areas the spec serves, in its order", () => {
    const areas = homeFaq.find((entry) => entry.question === "Which areas do you cover?");
    expect(areas?.answer).toBe(
      "Our physiotherapists visit homes across Delhi NCR: Gurugram, Delhi, Noida, Greater Noida and Faridabad.",
    );
  });
});

describe("faqPageJsonLd", () => {
  it("is a schema.org FAQPage with one Question and accepted Answer per entry, in order", () => {
    expect(
      faqPageJsonLd([
        { question: "Q1?", answer: "A1." },
        { question: "Q2?", answer: "A2." },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "Q1?", acceptedAnswer: { "@type": "Answer", text: "A1." } },
        { "@type": "Question", name: "Q2?", acceptedAnswer: { "@type": "Answer", text: "A2." } },
      ],
    });
  });
});
