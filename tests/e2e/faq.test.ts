// The FAQs and the home page's service cards, as a crawler or a phone without JavaScript gets
// them (raw HTML), and in a browser with scripts off: questions a family can open by touch or
// keyboard, the same questions in FAQPage JSON-LD, and no card that leads nowhere.
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { disableJavaScript, phone, useBrowser } from "#tests/e2e/browser.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

/** Every page with an FAQ, and how many questions it shows: written out, not read from content. */
const faqPages = [
  { path: "/", questions: 7 },
  { path: "/contact", questions: 7 },
  { path: "/stroke-rehabilitation-at-home", questions: 7 },
  { path: "/post-surgery-physiotherapy-at-home", questions: 7 },
  { path: "/back-pain-physiotherapy-at-home", questions: 7 },
  { path: "/sports-injury-physiotherapy", questions: 7 },
  { path: "/senior-physiotherapy-at-home", questions: 7 },
];

/** The home page's four service cards (the spec's order) and the page each leads to. */
const homeServiceCards = [
  {
    title: "Sports Injury Recovery",
    path: "/sports-injury-physiotherapy",
    name: "Learn more about Sports Injury Physiotherapy",
  },
  {
    title: "Post-Surgery Rehabilitation",
    path: "/post-surgery-physiotherapy-at-home",
    name: "Learn more about Post-Surgery Physiotherapy",
  },
  {
    title: "Pain Management",
    path: "/back-pain-physiotherapy-at-home",
    name: "Learn more about Back Pain Physiotherapy",
  },
  {
    title: "Elderly Care",
    path: "/senior-physiotherapy-at-home",
    name: "Learn more about Senior Physiotherapy",
  },
];

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

describe("FAQs and home service cards", () => {
  const baseUrl = readOnlyServer();

  async function getDoc(path: string) {
    const response = await fetch(baseUrl() + path);
    expect(response.status).toBe(200);
    return parse(await response.text());
  }

  /** Every object of every JSON-LD script of the page (a script may hold an array). */
  function jsonLdItems(doc: ReturnType<typeof parse>): Record<string, unknown>[] {
    return doc
      .querySelectorAll('script[type="application/ld+json"]')
      .flatMap((script) => [JSON.parse(script.textContent)].flat());
  }

  describe("raw HTML", () => {
    for (const { path, questions } of faqPages) {
      it(`${path} shows ${questions} questions, and the same ones as valid FAQPage JSON-LD`, async () => {
        const doc = await getDoc(path);
        const faqs = jsonLdItems(doc).filter((item) => item["@type"] === "FAQPage");
        expect(faqs).toHaveLength(1);
        const faq = faqs[0] as {
          "@context": unknown;
          mainEntity: {
            "@type": unknown;
            name: unknown;
            acceptedAnswer: { "@type": unknown; text: unknown };
          }[];
        };
        expect(faq["@context"]).toBe("https://schema.org");
        expect(Array.isArray(faq.mainEntity)).toBe(true);
        expect(faq.mainEntity).toHaveLength(questions);
        for (const question of faq.mainEntity) {
          expect(question["@type"]).toBe("Question");
          expect(question.name).toMatch(/\S/);
          expect(question.acceptedAnswer["@type"]).toBe("Answer");
          expect(question.acceptedAnswer.text).toMatch(/\S/);
        }

        // The visible FAQ: its heading, and each question and answer of the JSON-LD, in order.
        expect(doc.querySelector("#faq h2")?.textContent.trim()).toBe("Frequently Asked Questions");
        const details = doc.querySelectorAll("#faq details");
        expect(details).toHaveLength(questions);
        expect(
          details.map((item) => squash(item.querySelector("summary")?.textContent ?? "")),
        ).toEqual(faq.mainEntity.map((question) => question.name));
        expect(details.map((item) => squash(item.querySelector("p")?.textContent ?? ""))).toEqual(
          faq.mainEntity.map((question) => question.acceptedAnswer.text),
        );
        // Closed until a visitor opens one: the page stays short for a phone.
        expect(details.filter((item) => item.hasAttribute("open"))).toEqual([]);
      });
    }

    it("gives a page without an FAQ no FAQPage data", async () => {
      const doc = await getDoc("/about");
      expect(jsonLdItems(doc).filter((item) => item["@type"] === "FAQPage")).toEqual([]);
      expect(doc.querySelector("#faq")).toBeNull();
    });

    it("links each home service card to its service page, and each page is there", async () => {
      const doc = await getDoc("/");
      const cards = doc
        .querySelectorAll("#our-services h3")
        .map((heading) => heading.parentNode)
        .map((card) => ({
          title: card?.querySelector("h3")?.textContent.trim(),
          path: card?.querySelector("a")?.getAttribute("href"),
          name: squash(card?.querySelector("a")?.textContent.replace("→", "") ?? ""),
        }));
      expect(cards).toEqual(homeServiceCards);
      for (const card of homeServiceCards) {
        expect((await fetch(baseUrl() + card.path)).status).toBe(200);
      }
    });
  });

  describe("in a browser without JavaScript, at 390px", () => {
    const context = useBrowser(phone);

    it("opens and closes a question by keyboard; questions are 44 px tall in 16 px text", async () => {
      const page = await context().newPage();
      await disableJavaScript(page);
      await page.goto(`${baseUrl()}/contact`);
      const summaries = page.locator("#faq summary");
      expect(await summaries.count()).toBe(7);
      for (const summary of await summaries.all()) {
        const box = await summary.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        const fontSize = await summary.evaluate((node) => getComputedStyle(node).fontSize);
        expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
      }
      const first = page.locator("#faq details").first();
      const answer = first.locator("p");
      await expect.poll(() => answer.isVisible()).toBe(false);
      await summaries.first().focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => answer.isVisible()).toBe(true);
      const answerSize = await answer.evaluate((node) => getComputedStyle(node).fontSize);
      expect(Number.parseFloat(answerSize)).toBeGreaterThanOrEqual(16);
      await page.keyboard.press("Space");
      await expect.poll(() => answer.isVisible()).toBe(false);
    });

    it("gives each home service card a link named for its service, 44×44 px or more", async () => {
      const page = await context().newPage();
      await disableJavaScript(page);
      await page.goto(`${baseUrl()}/`);
      for (const card of homeServiceCards) {
        const link = page.getByRole("link", { name: card.name, exact: true });
        expect(await link.getAttribute("href")).toBe(card.path);
        const box = await link.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(box?.width).toBeGreaterThanOrEqual(44);
      }
    });
  });
});
