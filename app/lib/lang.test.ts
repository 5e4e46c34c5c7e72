import { describe, expect, it } from "vitest";
import { englishPath, langOf, localePath } from "#app/lib/lang.ts";

describe("a page's language from its path", () => {
  it.each([
    ["/", "en"],
    ["/about", "en"],
    ["/history", "en"],
    ["/hindi", "en"],
    ["/hi", "hi"],
    ["/hi/", "hi"],
    ["/hi/contact", "hi"],
    ["/hi?x=1", "hi"],
    // The Hindi home page's data, as React Router asks for it (and prerenders it).
    ["/hi.data", "hi"],
    ["/hi/about.data", "hi"],
    ["/_root.data", "en"],
    ["/hindi.data", "en"],
  ] as const)("%s is %s", (path, lang) => expect(langOf(path)).toBe(lang));

  it.each([
    ["/", "/hi"],
    ["/about", "/hi/about"],
    ["/contact#book", "/hi/contact#book"],
    ["/#faq", "/hi#faq"],
    ["/contact/received?ref=ABC234", "/hi/contact/received?ref=ABC234"],
  ])("%s in Hindi is %s, and back", (english, hindi) => {
    expect(localePath("hi", english)).toBe(hindi);
    expect(localePath("en", english)).toBe(english);
    expect(englishPath(hindi)).toBe(english);
  });

  it("leaves English paths that only begin with the letters alone", () => {
    expect(englishPath("/hindi")).toBe("/hindi");
    expect(englishPath("/hi/")).toBe("/");
  });
});
