// The family's status page as one story, on a phone (390 px), in English with JavaScript and in
// Hindi without (docs/messages.md, "The family's status page"): a family that sent the form twice
// sees the same visits whichever reference they type, the other request named; the booking that
// reached them reads "Visit booked", never "We called you"; stopping the WhatsApp updates asks
// once, and "Start them again" undoes it; a visit missed (patient not at home) sends its ask for a
// new time; and no word of the page breaks inside itself, its folds and the question open. Each
// test looks up its own family, seeded with the server.
import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { bookVisits } from "#app/domain/visits/visits.server.ts";
import { appointments, therapists, users, visits, type WeeklyHours } from "#db/schema.ts";
import {
  axeViolations,
  disableJavaScript,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
  wordsBrokenInside,
} from "#tests/e2e/browser.ts";
import { useStaffServer } from "#tests/e2e/staff.ts";

const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

/** 10:00 India time, `days` from today. */
function indiaMorning(days: number): Date {
  const today = new TZDate(Date.now(), "Asia/Kolkata");
  return new Date(
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + days,
      10,
      0,
      0,
      "Asia/Kolkata",
    ).getTime(),
  );
}

/** Each test's family: its number's last digits, its requests' references and its visits. */
interface Family {
  digits: string;
  references: string[];
  visits: string[];
  missed: string;
}

const families: Record<"repeatEn" | "repeatHi" | "updatesEn" | "updatesHi", Family> = {
  repeatEn: { digits: "1001", references: [], visits: [], missed: "" },
  repeatHi: { digits: "1002", references: [], visits: [], missed: "" },
  updatesEn: { digits: "1003", references: [], visits: [], missed: "" },
  updatesHi: { digits: "1004", references: [], visits: [], missed: "" },
};

const desk = { id: "desk-seed", email: "desk-seed@clinic.test" };

/**
 * A family's requests (`count`, from one number), a course of three booked on the last by the
 * desk, and, with `consent`, the WhatsApp updates asked for and a visit missed two days ago.
 */
async function seedFamily(db: Database, family: Family, index: number, consent: boolean) {
  const therapistId = `t-family-${index}`;
  await db.insert(users).values({
    id: therapistId,
    name: `Therapist ${index}`,
    email: `${therapistId}@clinic.test`,
    emailVerified: true,
  });
  await db.insert(therapists).values({
    userId: therapistId,
    // At 390 px this name puts the registration number at the end of its line, in both
    // languages: where it broke at its hyphens ("DL-PT-" above "20417").
    displayName: "Dr. Meera Rao",
    registrationNumber: "DL-PT-20417",
    languages: ["Hindi", "English", "Malayalam"],
    hours,
  });
  const number = `98765 4${family.digits}`;
  const ids: string[] = [];
  for (let n = 0; n < (consent ? 1 : 2); n++) {
    const [row] = await db
      .insert(appointments)
      .values({
        name: "Family of test",
        phone: number,
        phoneKey: `9198765${4}${family.digits}`,
        address: "House 1, Sector 50, Noida",
        pincode: "201301",
        message: "Knee",
        whatsappConsentAt: consent ? new Date() : null,
        createdAt: new Date(Date.now() - (2 - n) * 3_600_000),
        reference: sql`next_appointment_reference()`,
      })
      .returning({ id: appointments.id, reference: appointments.reference });
    ids.push(row?.id ?? "");
    family.references.push(row?.reference ?? "");
  }
  const last = ids.at(-1) ?? "";
  family.visits = await bookVisits(
    db,
    { ...desk },
    {
      appointmentId: last,
      therapistId,
      start: indiaMorning(2),
      minutes: 60,
      kind: "treatment",
      course: { sessions: 3, weekdays: [1, 2, 3, 4, 5, 6, 7] },
    },
    { travelMinutes: 30 },
  );
  if (consent) {
    const startsAt = indiaMorning(-2);
    const [missed] = await db
      .insert(visits)
      .values({
        appointmentId: last,
        therapistId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        blockedUntil: new Date(startsAt.getTime() + 5_400_000),
        kind: "treatment",
        status: "no_show",
      })
      .returning({ id: visits.id });
    family.missed = missed?.id ?? "";
  }
}

/** The page's links and buttons whose text takes more than one line. */
function actionsOnTwoLines(page: Page): Promise<string[]> {
  return page.locator("main a, main button, main summary").evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const first = rects[0];
        return first && rects.some((rect) => rect.top > first.top + first.height / 2);
      })
      .map((node) => node.textContent ?? ""),
  );
}

describe("the family's status page as one story, on a phone", () => {
  const server = useStaffServer({}, [], {
    async seed(db) {
      await db
        .insert(users)
        .values({ id: desk.id, name: "Desk", email: desk.email, emailVerified: true });
      await seedFamily(db, families.repeatEn, 1, false);
      await seedFamily(db, families.repeatHi, 2, false);
      await seedFamily(db, families.updatesEn, 3, true);
      await seedFamily(db, families.updatesHi, 4, true);
    },
  });
  const context = useBrowser(phone);

  beforeEach(async () => {
    await context().clearCookies();
  });

  /** Without JavaScript: the post the tap makes, followed to the page, and its answer. */
  async function submitted(page: Page, click: () => Promise<void>) {
    const [landed] = await Promise.all([page.waitForNavigation(), click()]);
    let request = landed?.request();
    while (request?.redirectedFrom()) request = request.redirectedFrom() ?? undefined;
    const answer = await request?.response();
    if (!answer) throw new Error("the form's post got no answer");
    return answer;
  }

  /** The page of a reference, looked up as the family does; with JavaScript, once hydrated. */
  async function lookUp(page: Page, path: string, reference: string, digits: string, js: boolean) {
    const submit = path.startsWith("/hi") ? "मेरा अनुरोध दिखाएँ" : "Show my request";
    await page.goto(`${server.url()}${path}`);
    if (js) await waitForHydration(page);
    await page.locator("#reference").fill(reference);
    await page.locator("#digits").fill(digits);
    const heading = path.startsWith("/hi") ? `अनुरोध ${reference}` : `Request ${reference}`;
    if (js) {
      await page.getByRole("button", { name: submit }).click();
      await expect.poll(() => page.locator("h1").textContent(), navigationWait).toBe(heading);
    } else {
      const answer = await submitted(page, () =>
        page.getByRole("button", { name: submit }).click(),
      );
      expect(answer.status()).toBe(303);
      expect(await page.locator("h1").textContent()).toBe(heading);
    }
  }

  const shownVisits = (page: Page) =>
    page
      .locator("[data-visit]")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-visit")));

  /** Nothing broken inside a word, no link or button on two lines. */
  async function expectWordsWhole(page: Page) {
    expect(await wordsBrokenInside(page, "main")).toEqual([]);
    expect(await actionsOnTwoLines(page)).toEqual([]);
  }

  /** Both references of a repeat: the same visits, the other named, "Visit booked". */
  async function expectOneStory(page: Page, lang: "en" | "hi", family: Family, js: boolean) {
    const path = lang === "hi" ? "/hi/status" : "/status";
    const [first, second] = family.references as [string, string];
    const words =
      lang === "hi"
        ? { booked: "विज़िट बुक हुई", called: "हमने आपको कॉल किया", later: "आपके बाद वाले अनुरोध" }
        : { booked: "Visit booked", called: "We called you", later: "your later request" };
    await lookUp(page, path, first, family.digits, js);
    expect(await shownVisits(page)).toEqual(family.visits);
    // Booked on the later request: said so, never "We called you".
    const story = await page.locator("dl").textContent();
    expect(story).toContain(words.booked);
    expect(story).toContain(`${words.later} ${second}`);
    expect(story).not.toContain(words.called);
    expect(await page.locator("[data-joined]").textContent()).toContain(second);
    await expectWordsWhole(page);
    // axe runs in the page: with JavaScript only.
    if (js) expect(await axeViolations(page)).toEqual([]);

    await context().clearCookies();
    await lookUp(page, path, second, family.digits, js);
    expect(await shownVisits(page)).toEqual(family.visits);
    expect(await page.locator("dl").textContent()).toContain(words.booked);
    expect(await page.locator("dl").textContent()).not.toContain(words.called);
    expect(await page.locator("[data-joined]").textContent()).toContain(first);
    await expectWordsWhole(page);
  }

  it("shows the same visits for both references of a repeat, in English with JavaScript", async () => {
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.61" });
    const page = await context().newPage();
    const errors = watchErrors(page);
    await expectOneStory(page, "en", families.repeatEn, true);
    // The ask's fold open: still whole.
    await page.locator("[data-visit] summary").first().click();
    await expectWordsWhole(page);
    expect(errors).toEqual([]);
  });

  it("shows the same visits for both references of a repeat, in Hindi without JavaScript", async () => {
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.62" });
    const page = await context().newPage();
    await disableJavaScript(page);
    await expectOneStory(page, "hi", families.repeatHi, false);
    await page.locator("[data-visit] summary").first().click();
    await expectWordsWhole(page);
  });

  it("asks once before stopping the updates, starts them again, and sends a missed visit's ask, in English with JavaScript", async () => {
    const family = families.updatesEn;
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.63" });
    const page = await context().newPage();
    const errors = watchErrors(page);
    await lookUp(page, "/status", family.references[0] ?? "", family.digits, true);
    const updates = page.locator("[data-updates]");
    const state = page.locator("[data-updates-state]");
    expect(await updates.getAttribute("data-updates")).toBe("on");

    // The first tap asks; "Keep them" keeps them.
    await page.getByRole("button", { name: "Stop WhatsApp updates" }).click();
    const question = page.locator("[data-stop-ask]");
    await expect
      .poll(() => question.locator("p").textContent(), navigationWait)
      .toMatch(/^Stop WhatsApp updates\? We will no longer send you/);
    await expectWordsWhole(page);
    await page.getByRole("link", { name: "Keep them" }).click();
    await expect.poll(() => question.count(), navigationWait).toBe(0);
    expect(await updates.getAttribute("data-updates")).toBe("on");

    // Asked again and confirmed: stopped, with the way back.
    await page.getByRole("button", { name: "Stop WhatsApp updates" }).click();
    await page.getByRole("button", { name: "Yes, stop them" }).click();
    await expect.poll(() => updates.getAttribute("data-updates"), navigationWait).toBe("stopped");
    expect(await state.textContent()).toBe(
      "WhatsApp updates are stopped. We send you nothing on WhatsApp until you start them again.",
    );
    expect(await updates.textContent()).toContain("to the number you gave us");
    await expectWordsWhole(page);
    await page.getByRole("button", { name: "Start them again" }).click();
    await expect.poll(() => updates.getAttribute("data-updates"), navigationWait).toBe("on");
    expect(await state.textContent()).toBe(
      "Updates about your visits are sent on WhatsApp to the number you gave us.",
    );

    // The missed visit: "Patient not at home", and its ask for a new time.
    const missed = page.locator(`[data-visit="${family.missed}"]`);
    expect(await missed.getAttribute("data-state")).toBe("no_show");
    await missed.locator("summary", { hasText: "Ask for a new time" }).click();
    await expectWordsWhole(page);
    await missed.getByLabel("A better time for you (optional)").fill("Sunday evening");
    await missed.getByRole("button", { name: "Send to the clinic" }).click();
    await expect
      .poll(() => missed.locator("[data-asked]").textContent(), navigationWait)
      .toMatch(/^You asked for a new time on .+; we will call you\.$/);
    expect(await missed.locator("[data-ask-form]").count()).toBe(0);
    await expectWordsWhole(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("asks once before stopping the updates, starts them again, and sends a missed visit's ask, in Hindi without JavaScript", async () => {
    const family = families.updatesHi;
    await context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.64" });
    const page = await context().newPage();
    await disableJavaScript(page);
    await lookUp(page, "/hi/status", family.references[0] ?? "", family.digits, false);
    const updates = page.locator("[data-updates]");
    const tap = (name: string) => () => page.getByRole("button", { name }).click();

    // The first tap's answer is the page with the question, at the updates.
    const asked = await submitted(page, tap("व्हाट्सऐप मैसेज बंद करें"));
    expect(asked.status()).toBe(200);
    expect(page.url()).toBe(`${server.url()}/hi/status#updates`);
    expect(await page.locator("[data-stop-ask] p").textContent()).toBe(
      "व्हाट्सऐप मैसेज बंद करें? हम आपकी विज़िट का दिन, समय और थेरेपिस्ट का नाम नहीं भेजेंगे। आपकी विज़िट जैसी हैं वैसी ही रहेंगी।",
    );
    expect(await updates.getAttribute("data-updates")).toBe("on");
    await expectWordsWhole(page);
    expect((await submitted(page, tap("हाँ, बंद करें"))).status()).toBe(303);
    expect(await updates.getAttribute("data-updates")).toBe("stopped");
    expect(await page.locator("[data-stop-ask]").count()).toBe(0);
    await expectWordsWhole(page);
    expect((await submitted(page, tap("फिर से शुरू करें"))).status()).toBe(303);
    expect(await updates.getAttribute("data-updates")).toBe("on");

    // The missed visit: "मरीज़ घर पर नहीं थे", and its ask for a new time.
    const missed = page.locator(`[data-visit="${family.missed}"]`);
    expect(await missed.textContent()).toContain("मरीज़ घर पर नहीं थे");
    await missed.locator("summary", { hasText: "नया समय माँगें" }).click();
    await expectWordsWhole(page);
    await missed.getByLabel("कुछ और बताना चाहें? (चाहें तो)").fill("उस दिन हम बाहर थे");
    const sent = await submitted(page, () =>
      missed.getByRole("button", { name: "क्लिनिक को भेजें" }).click(),
    );
    expect(sent.status()).toBe(303);
    expect(
      await page.locator(`[data-visit="${family.missed}"] [data-asked]`).textContent(),
    ).toMatch(/^आपने .+ को नए समय के लिए कहा; हम आपको कॉल करेंगे।$/);
    await expectWordsWhole(page);
  });
});
