// Every record of the site's words in both languages, saying the same things: the same shape,
// the same facts (slugs, paths, ratings, review counts), and in each text the same figures
// (24 hours, 9:00 AM–7:00 PM, 10+ years, 500+ families…), written with the same digits.
import { describe, expect, it } from "vitest";
import { serviceAreasByLang } from "#app/content/service-areas.ts";
import { servicesByLang } from "#app/content/services.ts";
import { siteText } from "#app/content/site-text.ts";
import { localizedRecords as records } from "#tests/site-words.ts";

/** Fields that name things rather than say them: the same in both languages. */
const names = new Set([
  "slug",
  "id",
  "to",
  "icon",
  "illustration",
  "isoDate",
  "category",
  "initials",
  "name",
  "kind",
  "type",
  "lang",
]);

/**
 * Fields that differ by design: the link to the other language (each names the other), and the
 * line for Hindi readers that only English pages carry.
 */
const perLanguage = new Set(["siteText.switchLanguage", "siteText.otherLanguageLine"]);

/** The staff's words in the chrome: English on Hindi pages too, as staff work in English. */
const staffWords = new Set(["siteText.logoutToasts"]);

/** A record's differences between its languages, each as "path: what". */
function differences(en: unknown, hi: unknown, path: string, out: string[]): string[] {
  const key = path.split(".").at(-1) ?? "";
  if (perLanguage.has(path)) return out;
  if (staffWords.has(path)) {
    if (JSON.stringify(en) !== JSON.stringify(hi)) out.push(`${path}: staff words differ`);
    return out;
  }
  if (typeof en === "string" && typeof hi === "string") {
    const digits = (text: string) => (text.match(/\d+/g) ?? []).sort().join(" ");
    if (digits(en) !== digits(hi)) out.push(`${path}: figures "${digits(en)}" ≠ "${digits(hi)}"`);
    const isName = names.has(key) || path.includes(".link.") || path.includes(".keywords");
    if (isName && !path.includes(".keywords")) {
      // The testimonial's person and the pages' addresses are the same; a place's name is not.
      if (key !== "name" || !path.includes("testimonials")) return out;
      if (en !== hi) out.push(`${path}: "${hi}" should stay "${en}"`);
      return out;
    }
    // Words (two or more in English) must be in Hindi: no English text left over.
    if (/[A-Za-z]+\W+[A-Za-z]+/.test(en) && !/[\u0900-\u097F]/.test(hi) && !isName) {
      out.push(`${path}: not in Hindi: "${hi}"`);
    }
    return out;
  }
  if (Array.isArray(en) && Array.isArray(hi)) {
    if (en.length !== hi.length) out.push(`${path}: ${en.length} items ≠ ${hi.length}`);
    en.forEach((item, index) => {
      differences(item, hi[index], `${path}.${index}`, out);
    });
    return out;
  }
  if (en && hi && typeof en === "object" && typeof hi === "object") {
    const keys = (value: object) =>
      Object.keys(value)
        .filter((name) => !perLanguage.has(`${path}.${name}`))
        .sort()
        .join(",");
    if (keys(en) !== keys(hi)) out.push(`${path}: keys ${keys(en)} ≠ ${keys(hi)}`);
    for (const [name, value] of Object.entries(en)) {
      differences(value, (hi as Record<string, unknown>)[name], `${path}.${name}`, out);
    }
    return out;
  }
  if (en !== hi) out.push(`${path}: ${JSON.stringify(en)} ≠ ${JSON.stringify(hi)}`);
  return out;
}

describe("the site's words in English and Hindi", () => {
  it.each(Object.entries(records))(
    "%s: both languages, one shape, the same facts and figures",
    (name, record) => {
      expect(Object.keys(record).sort()).toEqual(["en", "hi"]);
      expect(differences(record.en, record.hi, name, [])).toEqual([]);
    },
  );

  it.each(["en", "hi"] as const)("names the services and areas alike everywhere (%s)", (lang) => {
    const names = siteText[lang];
    for (const service of servicesByLang[lang]) {
      expect(names.serviceNames[service.slug]).toBe(service.name);
    }
    for (const area of serviceAreasByLang[lang]) expect(names.areaNames[area.slug]).toBe(area.name);
  });

  it("keeps the figures the issue names in both languages", () => {
    const all = (lang: "en" | "hi") => JSON.stringify(Object.values(records).map((r) => r[lang]));
    for (const figure of ["24", "9:00", "7:00", "10+", "500+", "4.8", "500"]) {
      expect(all("hi").split(figure).length, figure).toBe(all("en").split(figure).length);
    }
  });

  it("finds a difference when a figure is changed in translation", () => {
    expect(differences({ a: "24 hours" }, { a: "48 घंटे" }, "x", [])).toEqual([
      'x.a: figures "24" ≠ "48"',
    ]);
    expect(differences({ a: "in two words" }, { a: "in two words" }, "x", [])).toEqual([
      'x.a: not in Hindi: "in two words"',
    ]);
    expect(differences({ rating: { count: 500 } }, { rating: { count: 50 } }, "x", [])).toEqual([
      "x.rating.count: 500 ≠ 50",
    ]);
  });
});
