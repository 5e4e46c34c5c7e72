// The exercise library's records: keys a program can keep, short texts in both languages with
// the same steps, the Hindi in the glossary's terms (docs/hindi-glossary.md, read by the same
// helper as app/content/site-terms.test.ts), figures a patient can safely start with, and only
// the services the site has.
import { describe, expect, it } from "vitest";
import { serviceCatalog } from "#app/content/catalog.ts";
import { exerciseLibrary, type LibraryExercise } from "#app/domain/care/exercise-library.ts";
import { glossaryVariants, refusedHindi } from "#tests/site-terms.ts";

/** Every text of an exercise in a language, each with where it is, for a failure to name. */
function textsOf(
  exercise: LibraryExercise,
  lang: "en" | "hi",
): Array<[where: string, text: string]> {
  const at = (field: string) => `${exercise.key}.${field}.${lang}`;
  return [
    [at("name"), exercise.name[lang]],
    [at("purpose"), exercise.purpose[lang]],
    ...exercise.how[lang].map((step, index): [string, string] => [`${at("how")}[${index}]`, step]),
    [at("stopIf"), exercise.stopIf[lang]],
  ];
}

const devanagari = /\p{Script=Devanagari}/u;
const devanagariDigit = /[\u0966-\u096F]/;

describe("the exercise library", () => {
  it("has the starting set, with exercises for each service it covers", () => {
    expect(exerciseLibrary.length).toBeGreaterThanOrEqual(20);
    for (const service of ["stroke", "postSurgery", "backPain", "senior"]) {
      const count = exerciseLibrary.filter((e) => e.conditions.includes(service)).length;
      expect(count, service).toBeGreaterThanOrEqual(5);
    }
  });

  it("has unique kebab-case keys", () => {
    const keys = exerciseLibrary.map(({ key }) => key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it.each(["en", "hi"] as const)("has short, non-empty texts (%s)", (lang) => {
    for (const exercise of exerciseLibrary) {
      for (const [where, text] of textsOf(exercise, lang)) {
        expect(text.trim(), where).not.toBe("");
        expect(text.length, where).toBeLessThan(300);
      }
    }
  });

  it("has 3 to 6 steps, as many in Hindi as in English", () => {
    for (const { key, how } of exerciseLibrary) {
      expect(how.en.length, key).toBeGreaterThanOrEqual(3);
      expect(how.en.length, key).toBeLessThanOrEqual(6);
      expect(how.hi.length, key).toBe(how.en.length);
    }
  });

  it("writes the Hindi in Devanagari, with Western digits, in the glossary's terms", () => {
    const variants = glossaryVariants();
    for (const exercise of exerciseLibrary) {
      for (const [where, text] of textsOf(exercise, "hi")) {
        expect(text, where).toMatch(devanagari);
        expect(text, where).not.toMatch(devanagariDigit);
        expect(refusedHindi(text, variants), where).toEqual([]);
      }
      for (const [where, text] of textsOf(exercise, "en")) {
        expect(text, where).not.toMatch(devanagari);
      }
    }
  });

  it("starts with modest figures", () => {
    for (const { key, sets, reps, holdSeconds, timesPerDay } of exerciseLibrary) {
      for (const figure of [sets, reps, timesPerDay])
        expect(Number.isInteger(figure), key).toBe(true);
      expect(sets, key).toBeGreaterThanOrEqual(1);
      expect(sets, key).toBeLessThanOrEqual(5);
      expect(reps, key).toBeGreaterThanOrEqual(1);
      expect(reps, key).toBeLessThanOrEqual(30);
      expect(timesPerDay, key).toBeGreaterThanOrEqual(1);
      expect(timesPerDay, key).toBeLessThanOrEqual(4);
      if (holdSeconds !== null) {
        expect(Number.isInteger(holdSeconds), key).toBe(true);
        expect(holdSeconds, key).toBeGreaterThanOrEqual(1);
        expect(holdSeconds, key).toBeLessThanOrEqual(60);
      }
    }
  });

  it("suits only the site's services, each named once", () => {
    const serviceKeys = Object.keys(serviceCatalog);
    for (const { key, conditions } of exerciseLibrary) {
      expect(conditions.length, key).toBeGreaterThan(0);
      expect(new Set(conditions).size, key).toBe(conditions.length);
      for (const condition of conditions) expect(serviceKeys, key).toContain(condition);
    }
  });
});
