// Decision 034's rules on the pages as served (raw HTML, as a crawler or a phone without JavaScript gets
// them), every public route in both languages: one free offer, named alike everywhere (the text,
// the title and meta descriptions, the structured data, the WhatsApp messages); no word the Hindi
// glossary refuses on a Hindi page; and the fees, with the figures of the build's settings
// (sites.ts), on the home, service and contact pages and in their FAQ data.
import { type HTMLElement, parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { publicPaths } from "#app/content/public-routes.ts";
import { langOf } from "#app/lib/lang.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";
import { otherFreeOffers, refusedHindi } from "#tests/site-terms.ts";

interface Page {
  path: string;
  doc: HTMLElement;
  /** What a reader, a search engine or a chat gets from the page, one text per line. */
  texts: string[];
}

/**
 * The page's words: its visible text (the elements apart, as a reader sees them: "Book a Free
 * Assessment" and "Chat on WhatsApp" are two buttons, not one phrase), its meta texts, its JSON-LD,
 * its chat links' messages.
 */
function textsOf(html: string, doc: HTMLElement): string[] {
  const jsonLd = doc
    .querySelectorAll('script[type="application/ld+json"]')
    .map((script) => script.textContent);
  const body = parse(html.replaceAll("><", "> <")).querySelector("body") as HTMLElement;
  for (const element of body.querySelectorAll("script, style")) element.remove();
  return [
    doc.querySelector("title")?.textContent ?? "",
    ...doc
      .querySelectorAll("meta[name=description], meta[property^='og:'], meta[name^='twitter:']")
      .map((meta) => meta.getAttribute("content") ?? ""),
    ...jsonLd,
    body.textContent,
    ...doc
      .querySelectorAll('a[href^="https://wa.me/"]')
      .map((link) => new URL(link.getAttribute("href") ?? "").searchParams.get("text") ?? ""),
  ];
}

const feePages = [
  "/",
  "/contact",
  "/stroke-rehabilitation-at-home",
  "/post-surgery-physiotherapy-at-home",
  "/back-pain-physiotherapy-at-home",
  "/sports-injury-physiotherapy",
  "/senior-physiotherapy-at-home",
];

describe("the site's terms on every public page", () => {
  const baseUrl = readOnlyServer();
  const pages: Page[] = [];

  beforeAll(async () => {
    for (const path of publicPaths()) {
      const response = await fetch(baseUrl() + path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const doc = parse(html);
      pages.push({ path, doc, texts: textsOf(html, doc) });
    }
  });

  it("offers one free thing, the free assessment, in each language, chat messages included", () => {
    expect(pages).toHaveLength(42);
    const others = pages.flatMap(({ path, texts }) =>
      texts.flatMap(otherFreeOffers).map((phrase) => `${path}: ${phrase}`),
    );
    expect(others).toEqual([]);
    // The offer is there, by its one name: on the home page's button and its chat message.
    const home = (path: string) => pages.find((page) => page.path === path)?.texts.join("\n");
    expect(home("/")).toContain("Book a Free Assessment");
    expect(home("/")).toContain(
      "Hi, I would like to book a free assessment for physiotherapy at home.",
    );
    expect(home("/hi")).toContain("मुफ़्त जाँच बुक करें");
    expect(home("/hi")).toContain("नमस्ते, मुझे घर पर फिज़ियोथेरेपी की मुफ़्त जाँच बुक करनी है।");
  });

  it("uses no word the Hindi glossary refuses on a Hindi page", () => {
    const hindi = pages.filter(({ path }) => langOf(path) === "hi");
    expect(hindi).toHaveLength(21);
    const refused = hindi.flatMap(({ path, texts }) =>
      texts.flatMap((text) => refusedHindi(text)).map((found) => `${path}: ${found}`),
    );
    expect(refused).toEqual([]);
  });

  it("states the fees the settings give on the home, service and contact pages, in both languages", () => {
    for (const english of feePages) {
      for (const path of [english, english === "/" ? "/hi" : `/hi${english}`]) {
        const page = pages.find((candidate) => candidate.path === path);
        const fees = page?.doc.querySelector("#fees");
        expect(fees, path).toBeTruthy();
        const prices = fees?.querySelectorAll("h3").map((heading) => heading.textContent);
        expect(prices, path).toEqual(
          langOf(path) === "en"
            ? ["Free assessment: ₹0", "Session at home: ₹1,200", "Package of 10 sessions: ₹10,800"]
            : ["मुफ़्त जाँच: ₹0", "घर पर एक सेशन: ₹1,200", "10 सेशन का पैकेज: ₹10,800"],
        );
        // The clinic's own figures: no "example figures" note.
        expect(fees?.textContent, path).not.toMatch(/Example figures|उदाहरण/);
        // The FAQ data: its second question is the one about cost, with the same figures.
        const faq = page?.doc
          .querySelectorAll('script[type="application/ld+json"]')
          .flatMap((script) => [JSON.parse(script.textContent)].flat())
          .find((item) => item["@type"] === "FAQPage") as
          | { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
          | undefined;
        const cost = faq?.mainEntity[1];
        expect(cost?.name, path).toBe(
          langOf(path) === "en"
            ? "How much does physiotherapy at home cost?"
            : "घर पर फिज़ियोथेरेपी का खर्च कितना है?",
        );
        for (const figure of ["₹1,200", "₹10,800", "₹1,080"]) {
          expect(cost?.acceptedAnswer.text, path).toContain(figure);
        }
      }
    }
  });

  it("shows no fees section where the issue does not ask for one", () => {
    const elsewhere = pages.filter(
      ({ path }) =>
        !feePages.includes(path) &&
        !feePages.some((p) => path === `/hi${p}` || (p === "/" && path === "/hi")),
    );
    expect(elsewhere).toHaveLength(28);
    expect(
      elsewhere.filter(({ doc }) => doc.querySelector("#fees")).map(({ path }) => path),
    ).toEqual([]);
  });
});
