// The "Book …" buttons open the contact page at its form (issue 17): the form's heading at the
// top of the screen below the sticky header, the first field on screen, and the next Tab in the
// form. With JavaScript (React Router's client-side navigation) and without (a page load with the
// fragment), on a phone and at 1280 px. And in the raw HTML of every public page, every Book link
// goes to the form, so that a new page cannot forget it.
import { parse } from "node-html-parser";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicPaths } from "../../app/content/public-routes";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "./browser";
import { testSite, useServer } from "./sites";

const formAddress = "/contact#book";
const formHeading = "Book an Appointment";

/** The Book buttons in the pages' own content, written out: one that goes missing fails. */
const pageButtons = [
  { path: "/", names: ["Book a Free Assessment", "Book Now", "Schedule Appointment"] },
  { path: "/service-areas/gurugram", names: ["Book Home Visit", "Schedule Appointment"] },
  { path: "/about", names: ["Book an Appointment"] },
];
/** Service pages book by chat: their only Book button is the header's. */
const servicePage = "/stroke-rehabilitation-at-home";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Where the landing left the form, as a visitor sees it: the heading below the sticky header and
 * in the top third of the screen, nothing drawn over its middle, the Full Name field wholly on
 * screen with nothing over it (the header above, the phone's contact bar below).
 */
function landing(page: Page) {
  return page.evaluate((heading) => {
    const onTop = (element: Element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    };
    const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const title = [...document.querySelectorAll("h2")].find((h2) => h2.textContent === heading);
    const field = [...document.querySelectorAll("label")].find(
      (label) => label.textContent === "Full Name",
    )?.control;
    if (!title || !field) return "the form's heading or its Full Name field is missing";
    const titleBox = title.getBoundingClientRect();
    const fieldBox = field.getBoundingClientRect();
    return {
      headingBelowHeader: titleBox.top >= headerBottom,
      headingInTopThird: titleBox.bottom <= window.innerHeight / 3,
      headingUncovered: onTop(title),
      fieldOnScreen: fieldBox.top >= headerBottom && fieldBox.bottom <= window.innerHeight,
      fieldUncovered: onTop(field),
    };
  }, formHeading);
}

/** What has focus: a field by its label, anything else by its text; "nothing" for the page. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing";
    const label = element instanceof HTMLInputElement ? element.labels?.[0] : undefined;
    return (label ?? element).textContent?.trim() ?? "";
  });
}

const landed = {
  headingBelowHeader: true,
  headingInTopThird: true,
  headingUncovered: true,
  fieldOnScreen: true,
  fieldUncovered: true,
};

describe("Book buttons land on the form", () => {
  const url = useServer(testSite);

  it("every Book link of every public page goes to the form, and only Contact to /contact", async () => {
    const paths = publicPaths();
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const response = await fetch(url() + path);
      expect(response.status, path).toBe(200);
      // The links into the site that go to the contact page or are named Book or Schedule (a
      // "Book …" chat button goes to WhatsApp on purpose).
      const links = parse(await response.text())
        .querySelectorAll("a")
        .map((link) => ({ name: squash(link.textContent), href: link.getAttribute("href") ?? "" }))
        .filter(
          ({ name, href }) =>
            /^\/contact\/?([?#]|$)/.test(href) ||
            (href.startsWith("/") && /^(Book|Schedule)\b/.test(name)),
        );
      const wrong = links.filter(({ name, href }) =>
        name === "Contact" ? href !== "/contact" : href !== formAddress,
      );
      expect(wrong, path).toEqual([]);
      // The header's Book Now, in the bar and in the menu: the check above had links to look at.
      expect(links.filter(({ name }) => name === "Book Now").length, path).toBeGreaterThanOrEqual(
        2,
      );
    }
  });

  /**
   * Opens `path` (with JavaScript: hydrated, so the click is React Router's navigation), clicks
   * the button `click` finds, and checks the landing and the next Tab. The page's own reduced
   * motion rule turns the smooth scroll into a jump: the test looks at where the scroll ends,
   * and a heading passing through the right place on its way to a wrong one could pass it.
   */
  async function book(
    page: Page,
    javaScript: boolean,
    path: string,
    click: (page: Page) => Promise<void>,
  ) {
    const errors = watchErrors(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    if (!javaScript) await disableJavaScript(page);
    await page.goto(url() + path);
    if (javaScript) {
      await waitForHydration(page);
      // Gone after a page load: kept, the navigation stayed in the document.
      await page.evaluate(() => Object.assign(window, { beforeBooking: true }));
    }
    await click(page);
    await page.waitForURL((address) => address.pathname === "/contact");
    expect(page.url()).toBe(url() + formAddress);
    await expect.poll(() => landing(page), navigationWait).toEqual(landed);
    expect(await page.evaluate(() => "beforeBooking" in window)).toBe(javaScript);
    // "The first field ready": no field is focused (a phone's keyboard would cover the heading),
    // and the first Tab goes to Full Name, not back to the top of the page.
    expect(await focused(page)).toBe("nothing");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Full Name");
    expect(errors).toEqual([]);
  }

  describe("on a phone (390 × 844)", () => {
    const context = useBrowser(phone);

    for (const javaScript of [true, false]) {
      const mode = javaScript ? "with JavaScript" : "without JavaScript";
      for (const { path, names } of pageButtons) {
        for (const name of names) {
          it(`${path}: "${name}" ${mode}`, async () => {
            await book(await context().newPage(), javaScript, path, (page) =>
              page.getByRole("main").getByRole("link", { name, exact: true }).click(),
            );
          });
        }
      }
    }

    // Without JavaScript the menu does not open, so the menu's Book Now is tested with it only.
    it(`${servicePage}: the menu's "Book Now" with JavaScript`, async () => {
      await book(await context().newPage(), true, servicePage, async (page) => {
        await page.getByRole("button", { name: "Open menu" }).click();
        await page
          .getByRole("navigation", { name: "Mobile" })
          .getByRole("link", { name: "Book Now" })
          .click();
      });
    });
  });

  describe("at 1280 px", () => {
    const context = useBrowser(desktop);

    for (const javaScript of [true, false]) {
      // With JavaScript the header's link stays on screen after the click (the test for letting
      // go of focus); the page's own buttons are gone with the page they were on.
      it(`${servicePage}: the header's "Book Now" ${javaScript ? "with" : "without"} JavaScript`, async () => {
        await book(await context().newPage(), javaScript, servicePage, (page) =>
          page
            .getByRole("navigation", { name: "Main" })
            .getByRole("link", { name: "Book Now" })
            .click(),
        );
      });
    }
  });
});
