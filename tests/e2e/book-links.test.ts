// The "Book …" buttons open the contact page at its form, as one who taps Book means to fill it:
// the form's heading at the top of the screen below the sticky header, the first field on screen,
// and the next Tab in the form. With JavaScript (the islands running) and without (a page load
// with the fragment), on a phone and at 1280 px, and from a Hindi page to the Hindi form. And in the raw
// HTML of every public page, in both languages, every Book link goes to the form in the page's
// own language, so that a new page cannot forget it.
import { parse } from "node-html-parser";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicPaths } from "#app/content/public-routes.ts";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { readOnlyServer } from "#tests/e2e/sites.ts";

/** The form a Book link must open, in each language: its address, heading and first field. */
interface BookingForm {
  address: string;
  heading: string;
  firstField: string;
}
const englishForm: BookingForm = {
  address: "/contact#book",
  heading: "Book an Appointment",
  firstField: "Full Name",
};
const hindiForm: BookingForm = {
  address: "/hi/contact#book",
  heading: "अपॉइंटमेंट बुक करें",
  firstField: "पूरा नाम",
};

/**
 * Each language's links, written out: the header's Contact (to the top of the contact page),
 * the header's Book Now, and what names a Book button ("Book …" or "Schedule …" in English; in
 * Hindi the verb comes last, "… बुक करें" or "… तय करें").
 */
const linkWords = {
  en: { form: englishForm, contact: ["Contact", "/contact"], bookNow: "Book Now" },
  hi: { form: hindiForm, contact: ["संपर्क", "/hi/contact"], bookNow: "अभी बुक करें" },
} as const;
const bookName = /^(Book|Schedule)\b|(बुक|तय) करें$/;

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
 * in the top third of the screen, nothing drawn over its middle, the first field (Full Name)
 * wholly on screen with nothing over it (the header above, the phone's contact bar below).
 */
function landing(page: Page, form: BookingForm) {
  return page.evaluate(({ heading, firstField }) => {
    const onTop = (element: Element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    };
    const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const title = [...document.querySelectorAll("h2")].find((h2) => h2.textContent === heading);
    const field = [...document.querySelectorAll("label")].find(
      (label) => label.textContent === firstField,
    )?.control;
    if (!title || !field) return "the form's heading or its first field is missing";
    const titleBox = title.getBoundingClientRect();
    const fieldBox = field.getBoundingClientRect();
    return {
      headingBelowHeader: titleBox.top >= headerBottom,
      headingInTopThird: titleBox.bottom <= window.innerHeight / 3,
      headingUncovered: onTop(title),
      fieldOnScreen: fieldBox.top >= headerBottom && fieldBox.bottom <= window.innerHeight,
      fieldUncovered: onTop(field),
    };
  }, form);
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
  const url = readOnlyServer();

  it("every Book link of every public page goes to the form in the page's language, and only Contact to the contact page", async () => {
    const paths = publicPaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => /^\/hi(\/|$)/.test(path)).length).toBe(paths.length / 2);
    for (const path of paths) {
      const words = linkWords[/^\/hi(\/|$)/.test(path) ? "hi" : "en"];
      const response = await fetch(url() + path);
      expect(response.status, path).toBe(200);
      // The links into the site that go to a contact page or are named as Book buttons (a
      // "Book …" chat button goes to WhatsApp on purpose). Not the links to this page in the
      // other language (the header's switch, the line for Hindi readers): they say hreflang.
      const links = parse(await response.text())
        .querySelectorAll("a:not([hreflang])")
        .map((link) => ({ name: squash(link.textContent), href: link.getAttribute("href") ?? "" }))
        .filter(
          ({ name, href }) =>
            /^(\/hi)?\/contact\/?([?#]|$)/.test(href) ||
            (href.startsWith("/") && bookName.test(name)),
        );
      const [contactName, contactPath] = words.contact;
      const wrong = links.filter(({ name, href }) =>
        name === contactName ? href !== contactPath : href !== words.form.address,
      );
      expect(wrong, path).toEqual([]);
      // The header's Book Now, in the bar and in the menu: the check above had links to look at.
      expect(
        links.filter(({ name }) => name === words.bookNow).length,
        path,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  /**
   * Opens `path` (with JavaScript: its islands started, so the click is made on a live page), clicks
   * the button `click` finds, and checks the landing and the next Tab. The page's own reduced
   * motion rule turns the smooth scroll into a jump: the test looks at where the scroll ends,
   * and a heading passing through the right place on its way to a wrong one could pass it.
   */
  async function book(
    page: Page,
    javaScript: boolean,
    path: string,
    click: (page: Page) => Promise<void>,
    form: BookingForm = englishForm,
  ) {
    const errors = watchErrors(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    if (!javaScript) await disableJavaScript(page);
    await page.goto(url() + path);
    if (javaScript) {
      await waitForHydration(page);
      // Gone after a page load: a link between public pages is one, with JavaScript or without
      // (decision 040; before it, React Router kept the navigation in the document).
      await page.evaluate(() => Object.assign(window, { beforeBooking: true }));
    }
    await click(page);
    // Either language's contact page: a link to the wrong one fails below, not by a timeout.
    await page.waitForURL((address) => /^(\/hi)?\/contact$/.test(address.pathname));
    expect(page.url()).toBe(url() + form.address);
    await expect.poll(() => landing(page, form), navigationWait).toEqual(landed);
    expect(await page.evaluate(() => "beforeBooking" in window)).toBe(false);
    // "The first field ready": no field is focused (a phone's keyboard would cover the heading),
    // and the first Tab goes to Full Name, not back to the top of the page.
    expect(await focused(page)).toBe("nothing");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe(form.firstField);
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

    // A Hindi page's Book button opens the Hindi form, its heading in view.
    for (const javaScript of [true, false]) {
      const name = "मुफ़्त जाँच बुक करें";
      it(`/hi: "${name}" ${javaScript ? "with" : "without"} JavaScript`, async () => {
        await book(
          await context().newPage(),
          javaScript,
          "/hi",
          (page) => page.getByRole("main").getByRole("link", { name, exact: true }).click(),
          hindiForm,
        );
      });
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
