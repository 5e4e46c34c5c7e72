// One free offer, named alike in both languages on every page, and the Hindi in the glossary's
// terms (decision 034, docs/hindi-glossary.md). Over every record of the site's words; the pages as
// served are checked by tests/e2e/site-terms.test.ts.
import { describe, expect, it } from "vitest";
import { feesIn } from "#app/content/fees.ts";
import { homeByLang } from "#app/content/home.ts";
import { servicesByLang } from "#app/content/services.ts";
import { siteText } from "#app/content/site-text.ts";
import { glossaryVariants, otherFreeOffers, refusedHindi } from "#tests/site-terms.ts";
import { localizedRecords, stringsOf } from "#tests/site-words.ts";

const figures = {
  homeSession: 1200,
  packageSessions: 10,
  packagePrice: 10800,
  packageDays: 90,
  sample: true,
};

/** Every text of a language: the records, and the fees with their figures filled in. */
function textsIn(lang: "en" | "hi"): string[] {
  return [
    ...Object.values(localizedRecords).flatMap((record) => stringsOf(record[lang])),
    ...stringsOf(feesIn(lang, figures)),
  ];
}

const devanagari = /[\u0900-\u097F]/;

describe("one free offer", () => {
  it.each(["en", "hi"] as const)("is only ever the free assessment (%s)", (lang) => {
    expect(textsIn(lang).flatMap(otherFreeOffers)).toEqual([]);
  });

  it("has the spec's name on the home page's button, and the same on the service pages", () => {
    expect(homeByLang.en.hero.bookLabel).toBe("Book a Free Assessment"); // spec
    expect(homeByLang.hi.hero.bookLabel).toBe("मुफ़्त जाँच बुक करें");
    const labels = (lang: "en" | "hi") =>
      servicesByLang[lang].flatMap((page) => [page.hero.chat.label, page.cta.chat.label]);
    expect(labels("en").filter((label) => /free/i.test(label))).toEqual([
      "Book a Free Assessment",
      "Book My Free Assessment",
      "Book a Free Assessment",
      "Book a Free Assessment",
    ]);
    expect(labels("hi").filter((label) => label.includes("मुफ़्त"))).toEqual([
      "मुफ़्त जाँच बुक करें",
      "मेरी मुफ़्त जाँच बुक करें",
      "मुफ़्त जाँच बुक करें",
      "मुफ़्त जाँच बुक करें",
    ]);
    expect(siteText.en.contactBar.chatMessage).toMatch(/free assessment/);
    expect(siteText.hi.contactBar.chatMessage).toMatch(/मुफ़्त जाँच/);
  });

  it("finds any other free offer, in either language", () => {
    for (const text of [
      "Book a Free Home Session",
      "Book Free Consultation",
      "a free physiotherapy consultation",
      "a complimentary first visit",
      "फ्री जाँच बुक करें",
      "मुफ़्त सलाह",
      "मुफ़्त होम सेशन",
      "निःशुल्क परामर्श",
    ]) {
      expect(otherFreeOffers(text), text).not.toEqual([]);
    }
    expect(otherFreeOffers("Book My Free Assessment; move freely; पहली विज़िट मुफ़्त जाँच है")).toEqual(
      [],
    );
  });
});

describe("the Hindi glossary", () => {
  it("is read from docs/hindi-glossary.md, with the terms the issue names", () => {
    const variants = glossaryVariants().map(({ variant }) => variant);
    expect(variants.length).toBeGreaterThan(30);
    expect(variants).toEqual(expect.arrayContaining(["संदेश…", "रिक्वेस्ट", "…ां", "…एं"]));
  });

  it("is kept by every Hindi text of the site (and the Hindi line of the English pages)", () => {
    const hindi = [...textsIn("hi"), ...textsIn("en").filter((text) => devanagari.test(text))];
    expect(hindi.flatMap((text) => refusedHindi(text))).toEqual([]);
  });

  it("finds a refused word as a word, a beginning or an ending, and leaves the chosen ones", () => {
    expect(refusedHindi("हमें संदेश भेजें या संदेशों का जवाब")).toEqual(["संदेश…: संदेश", "संदेश…: संदेशों"]);
    expect(refusedHindi("रिक्वेस्ट भेजें")).toEqual(["रिक्वेस्ट: रिक्वेस्ट"]);
    expect(refusedHindi("हां, हमारी सेवाएं")).toEqual(["…ां: हां", "…एं: सेवाएं"]);
    expect(refusedHindi("फ़ोन पर मरीज़ की जाँच। हाँ, हमारी सेवाएँ, बताएं।")).toEqual(["…एं: बताएं"]);
    expect(refusedHindi("मैसेज भेजें, अनुरोध भेजें, जांच, जाँच")).toEqual(["जांच…: जांच"]);
  });
});
