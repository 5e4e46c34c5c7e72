// The care record in Chromium at 390 px (decision 051; docs/care.md): a therapist's assessment with
// a red flag reaches the desk's Needs attention; a Berg Balance Scale recorded at session 1 and
// session 8 shows its change on the desk's page (read with a reason) and on the family's status
// page in Hindi; a signed note amended keeps both versions; a programme of four exercises is built
// in under 12 taps, ticked by the family (in English, without JavaScript) and its adherence shown
// to the therapist; and the discharge summary's PDF, parsed back, holds the measures before and
// after. Each test has its own family, seeded with the server.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { extractText } from "unpdf";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { recordAssessment, recordMeasure } from "#app/domain/care/care.server.ts";
import { scoreMeasure } from "#app/domain/care/measures.ts";
import { appointments, therapists, users, visits } from "#db/schema.ts";
import {
  axeViolations,
  disableJavaScript,
  navigationWait,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
  wordsBrokenInside,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";

interface Family {
  name: string;
  digits: string;
  language: "en" | "hi";
  id: string;
  reference: string;
  /** The visits, session 1 (the assessment) to 8, oldest first. */
  visits: string[];
}

const family = (name: string, digits: string, language: "en" | "hi"): Family => ({
  name,
  digits,
  language,
  id: "",
  reference: "",
  visits: [],
});

const families = {
  flag: family("Ramesh Flagcase", "2001", "en"),
  berg: family("सुनीता देवी", "2002", "hi"),
  note: family("Anil Notecase", "2003", "en"),
  programme: family("Kavita Homework", "2004", "en"),
  discharge: family("गीता शर्मा", "2005", "hi"),
};

const day = 86_400_000;

async function seedFamily(db: Database, therapistId: string, one: Family, index: number) {
  const [row] = await db
    .insert(appointments)
    .values({
      name: one.name,
      phone: `98765 2${one.digits}`,
      phoneKey: `91987652${one.digits}`,
      address: "House 4, Sector 62, Noida",
      pincode: "201301",
      message: "After a stroke",
      language: one.language,
      status: "contacted",
      condition: "stroke",
      reference: sql`next_appointment_reference()`,
    })
    .returning({ id: appointments.id, reference: appointments.reference });
  one.id = row?.id ?? "";
  one.reference = row?.reference ?? "";
  // Eight sessions, a day apart, the last today: the first the assessment; all but today's done.
  const today = new Date();
  // Each family at its own hour of the therapist's day (02:30 UTC is 8:00 in India).
  today.setUTCHours(2 + 2 * index, 30, 0, 0);
  const rows = await db
    .insert(visits)
    .values(
      Array.from({ length: 8 }, (_, index) => {
        const startsAt = new Date(today.getTime() - (7 - index) * day);
        return {
          appointmentId: one.id,
          therapistId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          blockedUntil: new Date(startsAt.getTime() + 5_400_000),
          kind: index === 0 ? ("assessment" as const) : ("treatment" as const),
          status: index === 7 ? ("scheduled" as const) : ("done" as const),
        };
      }),
    )
    .returning({ id: visits.id, startsAt: visits.startsAt });
  one.visits = rows
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((visit) => visit.id);
}

function berg(total: number) {
  const items: Record<string, number> = {};
  let left = total;
  for (let n = 1; n <= 14; n++) {
    items[`b${n}`] = Math.min(4, left);
    left -= items[`b${n}`] ?? 0;
  }
  const scored = scoreMeasure("berg", { items });
  if (!scored.ok) throw new Error("not a Berg score");
  return scored;
}

describe("the care record at 390 px", () => {
  const server = useStaffServer({}, [therapistAccount], {
    async seed(db) {
      const [therapist] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${therapistAccount.email}`);
      const therapistId = therapist?.id ?? "";
      await db
        .update(therapists)
        .set({ displayName: "Dr. Asha Rao" })
        .where(sql`${therapists.userId} = ${therapistId}`);
      for (const [index, one] of Object.values(families).entries()) {
        await seedFamily(db, therapistId, one, index);
      }
      // The discharge family's record, written as the therapist's page writes it.
      const actor = { id: therapistId, email: therapistAccount.email, name: "Dr. Asha Rao" };
      const at = {
        appointmentId: families.discharge.id,
        visitId: families.discharge.visits[0] ?? null,
      };
      await recordAssessment(db, actor, at, {
        problem: "दाईं ओर कमज़ोरी",
        since: "",
        history: "",
        redFlags: [],
        regions: [],
        goals: ["बालकनी तक अकेले चलना"],
      });
      await recordMeasure(db, actor, at, "berg", "start", berg(38));
      await recordMeasure(db, actor, at, "berg", "discharge", berg(47));
    },
  });
  const context = useBrowser(phone);

  beforeEach(async () => {
    await context().clearCookies();
  });

  const asTherapist = async () =>
    signedInAs(context(), server.url(), await signInCookie(server.url(), therapistAccount));
  const asAdmin = async () =>
    signedInAs(context(), server.url(), await signInCookie(server.url(), admin));

  /** A visit's care page, opened from the therapist's day as a therapist does (one tap). */
  async function carePage(page: Page, visitId: string) {
    await page.goto(`${server.url()}/visits/${visitId}/care`);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("Care record");
  }

  /** Submits a form and waits for the page it lands on, its data loaded and shown. */
  async function submit(page: Page, button: string) {
    const landed = page.waitForResponse(
      (response) => response.url().includes(".data") && response.request().method() === "GET",
    );
    await page.getByRole("button", { name: button }).click();
    await landed;
    // The data has come; the page is busy until it shows it (a page already loaded never goes
    // back to "networkidle", so that wait returned at once: CI read a programme before it showed).
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), navigationWait).toBe(0);
  }

  /** The family's status page, looked up with the reference and the number's last digits. */
  async function lookUp(page: Page, one: Family) {
    const path = one.language === "hi" ? "/hi/status" : "/status";
    await page.goto(`${server.url()}${path}`);
    await page.locator("#reference").fill(one.reference);
    await page.locator("#digits").fill(one.digits.padStart(4, "0"));
    await Promise.all([
      page.waitForNavigation(),
      page
        .getByRole("button", {
          name: one.language === "hi" ? "मेरा अनुरोध दिखाएँ" : "Show my request",
        })
        .click(),
    ]);
  }

  it("takes an assessment with a red flag, which tells the therapist what to do and puts the request in the desk's Needs attention", async () => {
    const one = families.flag;
    await asTherapist();
    const page = await context().newPage();
    const errors = watchErrors(page);
    await carePage(page, one.visits[0] ?? "");
    await page
      .getByLabel("Presenting problem")
      .fill("Weak right side; calf hot and swollen since yesterday");
    await page.getByLabel("Since when").fill("3 weeks");
    await page.getByLabel("A hot, swollen, painful calf (after surgery or bed rest)").check();
    await page.getByLabel("Right shoulder").fill("6");
    await page.getByLabel("Goal 1").fill("Walk to the balcony alone");
    await submit(page, "Save the assessment");
    const flags = page.locator("[data-care-red-flags]");
    expect(await flags.textContent()).toContain("Do not exercise the leg.");
    expect(await page.locator("[data-care-regions]").textContent()).toBe("Right shoulder: 6/10");
    expect(await wordsBrokenInside(page, "main")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    expect(await axeViolations(page)).toEqual([]);

    // The desk: the row says why, with the way to handle it.
    await asAdmin();
    await page.goto(`${server.url()}/admin?view=attention`);
    const reasons = page.locator(`[data-reasons="${one.id}"]:visible`);
    expect(await reasons.locator('[data-reason="red-flags"]').textContent()).toContain(
      "1 red flag at the assessment of",
    );
    await reasons.getByRole("link", { name: "Handle the red flags (the care record)" }).click();
    await page.waitForURL(`**/admin/appointments/${one.id}/care`);
    expect(await page.locator("[data-care-flags]").textContent()).toContain(
      "A hot, swollen, painful calf",
    );
    // The desk reads that there is an assessment, not what it says.
    expect(await page.locator("[data-care-summary]").textContent()).toBe(
      "Assessment recorded; 0 notes; 0 measures; no home programme.",
    );
    expect(await page.locator("body").textContent()).not.toContain(
      "calf hot and swollen since yesterday",
    );
    await page.getByRole("button", { name: "Mark the red flags handled" }).click();
    await expect
      .poll(() => page.locator("[data-care-flags]").getAttribute("data-care-flags"), navigationWait)
      .toBe("handled");
    await page.goto(`${server.url()}/admin?view=attention`);
    expect(await page.locator(`[data-reasons="${one.id}"] [data-reason="red-flags"]`).count()).toBe(
      0,
    );
    expect(errors).toEqual([]);
  });

  it("shows a Berg score of session 1 and session 8 with its change, to the desk and to the family in Hindi", async () => {
    const one = families.berg;
    await asTherapist();
    const page = await context().newPage();
    for (const [visit, total] of [
      [one.visits[0], 38],
      [one.visits[7], 47],
    ] as const) {
      await page.goto(`${server.url()}/visits/${visit}/care?measure=berg`);
      await waitForHydration(page);
      const form = page.locator('[data-measure-form="berg"]');
      const items = berg(total).entry.items;
      for (let n = 1; n <= 14; n++) {
        await form.locator(`select[name="item:b${n}"]`).selectOption(String(items[`b${n}`]));
      }
      await submit(page, "Save the measure");
    }
    const scores = await page
      .locator('[data-care-measure="berg"] [data-care-score]')
      .allTextContents();
    expect(scores).toEqual(["38 / 56 points", "47 / 56 points"]);
    expect(
      await page.locator('[data-care-measure="berg"] [data-care-change]').nth(1).textContent(),
    ).toBe("+9 since the first, an important improvement");

    // The desk reads it with a reason, which the access log keeps.
    await asAdmin();
    await page.goto(`${server.url()}/admin/appointments/${one.id}/care`);
    await page.getByLabel("Why do you need to read it?").fill("Family asked about progress");
    await page.getByRole("button", { name: "Read the care record" }).click();
    await page.locator("[data-care-record]").waitFor();
    expect(
      await page.locator('[data-care-measure="berg"] [data-care-score]').allTextContents(),
    ).toEqual(["38 / 56 points", "47 / 56 points"]);
    const logged = await server
      .database()
      .execute(
        sql`SELECT detail->>'reason' AS reason FROM access_log WHERE action = 'care-record' AND ${one.id} = ANY(appointment_ids) ORDER BY id`,
      );
    expect(JSON.stringify(logged)).toContain("Family asked about progress");

    // The family, in Hindi, without the clinicians' words.
    await context().clearCookies();
    await lookUp(page, one);
    const measure = page.locator('[data-care-progress] [data-care-measure="berg"]');
    expect(await measure.locator("[data-care-line]").textContent()).toBe(
      "संतुलन का स्कोर (बर्ग स्केल): 38 → 47 (56 में से)",
    );
    expect(await measure.locator("[data-care-words]").textContent()).toBe(
      "बेहतर; अब नहीं: गिरने का खतरा ज़्यादा",
    );
    expect(await measure.locator("[data-care-chart]").getAttribute("data-care-chart")).toBe(
      "38,47",
    );
    expect(await wordsBrokenInside(page, "main")).toEqual([]);
  });

  it("signs a note and keeps it beside its amendment", async () => {
    const one = families.note;
    await asTherapist();
    const page = await context().newPage();
    await carePage(page, one.visits[1] ?? "");
    await page.locator("summary", { hasText: "This visit's note" }).click();
    await page.getByRole("link", { name: "Stroke", exact: true }).click();
    await expect
      .poll(() => page.getByLabel("Objective: what was found").inputValue(), navigationWait)
      .toContain("Sit to stand");
    await page.getByLabel("Objective: what was found").fill("Sit to stand ×5 unaided.");
    await submit(page, "Sign as final");
    const note = page.locator("[data-care-note]").first();
    expect(await note.getAttribute("data-care-note-signed")).toBe("yes");
    expect(await note.textContent()).toContain("Signed by Dr. Asha Rao");
    // Signed: no form to change it, only an amendment.
    expect(await page.getByRole("button", { name: "Sign as final" }).count()).toBe(0);
    await note.locator("summary", { hasText: "Amend this note" }).click();
    await note
      .getByLabel("Objective: what was found")
      .fill("Sit to stand ×5 unaided; walked 10 m.");
    await submit(page, "Save the amendment");
    const shown = page.locator("[data-care-note]").first();
    expect(await shown.textContent()).toContain("Sit to stand ×5 unaided.");
    expect(await shown.locator("[data-care-amendment]").textContent()).toMatch(
      /^Amendment by Dr\. Asha Rao, .*Sit to stand ×5 unaided; walked 10 m\.$/,
    );
  });

  it("builds a programme of four exercises in under 12 taps, which the family ticks and the therapist sees", async () => {
    const one = families.programme;
    await asTherapist();
    const page = await context().newPage();
    let taps = 0;
    const tap = async (action: () => Promise<void>) => {
      taps++;
      await action();
    };
    await page.goto(`${server.url()}/visits`);
    await waitForHydration(page);
    await tap(() => page.locator(`[data-visit="${one.visits[7]}"] a[data-care-link]`).click());
    await page.waitForURL(`**/visits/${one.visits[7]}/care`);
    await tap(() => page.locator("summary", { hasText: "Choose the exercises" }).click());
    for (const name of ["Sit to stand", "Bridging", "Heel raises", "Marching in place"]) {
      await tap(() => page.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check());
    }
    await tap(() => submit(page, "Give this programme"));
    expect(taps).toBeLessThan(12);
    expect(await page.locator("[data-care-programme] li").count()).toBe(4);

    // The family ticks two today, without JavaScript.
    const family = await context()
      .browser()
      ?.newContext({ viewport: phone, javaScriptEnabled: false });
    if (!family) throw new Error("no browser");
    const familyPage = await family.newPage();
    await lookUp(familyPage, one);
    const exercises = familyPage.locator("#exercises [data-exercise]");
    expect(await exercises.count()).toBe(4);
    expect(await exercises.first().textContent()).toContain("Stop if:");
    for (const key of ["sit-to-stand", "bridging"]) {
      await Promise.all([
        familyPage.waitForNavigation(),
        familyPage
          .locator(`[data-exercise="${key}"]`)
          .getByRole("button", { name: "Mark done" })
          .click(),
      ]);
      expect(await familyPage.locator(`[data-exercise="${key}"]`).getAttribute("data-done")).toBe(
        "yes",
      );
    }
    expect(await wordsBrokenInside(familyPage, "main")).toEqual([]);
    // To print and keep by the bed: the exercises alone, without the forms.
    await familyPage.getByRole("link", { name: "Print the exercises" }).click();
    await familyPage.waitForURL(/print=exercises/);
    expect(await familyPage.locator("#exercises [data-exercise]").count()).toBe(4);
    expect(await familyPage.locator("[data-care-progress]").count()).toBe(0);
    await family.close();

    await page.reload();
    expect(await page.locator("[data-care-adherence]").textContent()).toBe(
      "Done 50% of the time over 1 day",
    );
  });

  it("gives the family a discharge summary in Hindi whose PDF holds the measures before and after", async () => {
    const one = families.discharge;
    const page = await context().newPage();
    await disableJavaScript(page);
    await lookUp(page, one);
    const link = page.locator("[data-care-discharge]");
    expect(await link.textContent()).toBe("डिस्चार्ज सारांश (PDF)");
    const cookie = (await context().cookies(server.url()))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const answer = await fetch(`${server.url()}/status/discharge.pdf`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    // A health record: never kept by a cache.
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const { text } = await extractText(new Uint8Array(await answer.arrayBuffer()), {
      mergePages: true,
    });
    // The text as the PDF holds it: its glyphs in the order drawn (a vowel sign "ि" before its
    // letter) and spaces where runs meet, so read without spaces and on words that keep their order.
    const said = text.replace(/\s+/g, "");
    expect(said).toContain("सारांश");
    expect(said).toContain("शुरूमें38,");
    expect(said).toContain("में47(56मेंसे,बेहतर)");
    expect(said).toContain(one.reference);
    // Without the family's look-up, nothing.
    expect((await fetch(`${server.url()}/status/discharge.pdf`)).status).toBe(404);
  });
});
