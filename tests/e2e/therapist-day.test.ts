// A therapist's day on a 390 px phone in Chromium (decision 037): signed in,
// a therapist lands on /visits and sees today's visits with the patient, address, PIN code and
// locality, Directions, Call and WhatsApp (in the family's language) and the front desk's notes,
// the page no wider than the phone and clean by axe; marks one done with a note and pain, one not home; both show
// on their requests' timelines when an admin reads them. The card shows what the family wrote and
// the session before; an earlier visit to mark says its day; no link or button breaks inside a
// word. The calendar link is issued once and
// opens the feed.
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { appointmentActivity, appointments, therapists, users, visits } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import {
  axeViolations,
  navigationWait,
  openFold,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
  wordsBrokenInside,
} from "#tests/e2e/browser.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie, therapistAccount } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";

const meera = {
  name: "Meera Joshi",
  phone: "9811100001",
  address: "A-1, Sector 18, Noida",
  pincode: "201301",
  language: "hi" as const,
};
const ravi = {
  name: "Ravi Verma",
  phone: "9811100002",
  address: "B-2, Sector 18, Noida",
  pincode: "201301",
  language: "en" as const,
};

describe("a therapist's day at 390 px", () => {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  const ids = { meera: "", ravi: "", first: "", second: "", toMark: "" };
  const context = useBrowser(phone);

  beforeAll(async () => {
    dataDir = freshDataDir(dataTemplate);
    await seedStaff({ dataDir }, [therapistAccount]);
    const database = await openDatabase({ dataDir, poolSize: 1 });
    try {
      const [therapist] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, therapistAccount.email));
      if (!therapist) throw new Error("no therapist seeded");
      await database.db
        .update(therapists)
        .set({ displayName: "Dr. Asha" })
        .where(eq(therapists.userId, therapist.id));
      const rows = await database.db
        .insert(appointments)
        .values(
          [meera, ravi].map((values) => ({
            ...values,
            phoneKey: `91${values.phone}`,
            status: "contacted" as const,
          })),
        )
        .returning({ id: appointments.id });
      ids.meera = rows[0]?.id ?? "";
      ids.ravi = rows[1]?.id ?? "";
      await database.db.insert(appointmentActivity).values({
        appointmentId: ids.meera,
        kind: "note",
        byEmail: admin.email,
        body: "Gate code 4412; ring twice",
      });
      const course = crypto.randomUUID();
      const visit = (appointmentId: string, startsAt: Date, course?: string) => ({
        appointmentId,
        therapistId: therapist.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
        kind: "treatment" as const,
        ...(course ? { courseId: course, courseIndex: 3, courseSize: 10 } : {}),
      });
      const stored = await database.db
        .insert(visits)
        .values([visit(ids.meera, indiaAt(0, 7, 30), course), visit(ids.ravi, indiaAt(0, 10, 0))])
        .returning({ id: visits.id });
      ids.first = stored[0]?.id ?? "";
      ids.second = stored[1]?.id ?? "";
      // What the family wrote, and the session before: on the card, so the therapist arrives
      // informed. And a visit of two days ago still to mark, which says its day.
      await database.db
        .update(appointments)
        .set({ message: "पापा सिर्फ़ हिंदी बोलते हैं; stroke in March" })
        .where(eq(appointments.id, ids.meera));
      const [, toMark] = await database.db
        .insert(visits)
        .values([
          {
            ...visit(ids.meera, new Date(indiaAt(0, 7, 30).getTime() - 86_400_000)),
            status: "done" as const,
            note: "Walked 10 m with the frame",
            painBefore: 5,
            painAfter: 4,
          },
          visit(ids.ravi, new Date(indiaAt(0, 10, 0).getTime() - 2 * 86_400_000)),
        ])
        .returning({ id: visits.id });
      ids.toMark = toMark?.id ?? "";
    } finally {
      await database.close();
    }
    server = await startProductionServer({ ...testSite.settings, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows today's visits with Directions, Call and WhatsApp, marks one done and one not home, both on the timeline", async () => {
    const url = server?.url ?? "";
    // Signed in by the form, a therapist who is not an admin lands on their day.
    const signIn = await fetch(`${url}/auth`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "login",
        email: therapistAccount.email,
        password: therapistAccount.password,
      }),
      headers: { origin: url },
      redirect: "manual",
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/visits");
    await signedInAs(context(), url, await signInCookie(url, therapistAccount));
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/visits`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My visits");

    const today = page.locator("section[data-day]").first();
    expect(await today.getByRole("heading", { level: 2 }).textContent()).toMatch(/^Today · /);
    const first = today.locator(`[data-visit="${ids.first}"]`);
    const second = today.locator(`[data-visit="${ids.second}"]`);
    expect(await today.locator("[data-visit]").count()).toBe(2);
    const card = (await first.textContent()) ?? "";
    for (const shown of [
      "7:30 AM – 8:30 AM",
      "Treatment · Session 3 of 10",
      meera.name,
      meera.address,
      "PIN 201301 · Gautam Buddha Nagar (Noida)",
      "Gate code 4412; ring twice",
      "The family wroteपापा सिर्फ़ हिंदी बोलते हैं; stroke in March",
    ]) {
      expect(card).toContain(shown);
    }
    // The session before, with what was done and the pain.
    expect(await first.locator("[data-earlier]").textContent()).toMatch(
      /^Earlier sessions.*, 7:30 AM · Pain 5 → 4Walked 10 m with the frame$/,
    );
    // An earlier visit still to mark says its day.
    const toMark = page.locator(`[data-visit="${ids.toMark}"]`);
    expect(await toMark.locator("time").textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, 10:00 AM – 11:00 AM$/,
    );
    // No link or button of a card broken inside a word at 390 px: each is one line.
    const lines = await page.locator("[data-visit] a, [data-visit] button").evaluateAll((nodes) =>
      nodes.map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const first = rects[0];
        const below = rects.filter((rect) => first && rect.top > first.top + first.height / 2);
        return `${node.textContent}: ${below.length === 0 ? "one line" : "broken"}`;
      }),
    );
    expect(lines.length).toBeGreaterThan(6);
    expect(lines.filter((line) => !line.endsWith(": one line"))).toEqual([]);
    // Nor any word of a card, in English or in Hindi (the family's message is in Devanagari).
    expect(await wordsBrokenInside(page, "[data-visit]")).toEqual([]);
    // Its actions folded, the card fits the phone's screen.
    const height = await first.evaluate((node) => node.getBoundingClientRect().height);
    expect(height).toBeLessThan(phone.height);
    expect(await first.getByRole("link", { name: "Directions" }).getAttribute("href")).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${meera.address}, ${meera.pincode}`)}`,
    );
    expect(await first.getByRole("link", { name: "Call" }).getAttribute("href")).toBe(
      "tel:+919811100001",
    );
    const chat = decodeURIComponent(
      (await first.getByRole("link", { name: "WhatsApp" }).getAttribute("href")) ?? "",
    );
    expect(chat).toMatch(
      /^https:\/\/wa\.me\/919811100001\?text=नमस्ते Meera Joshi जी, मैं .* से फिज़ियोथेरेपिस्ट Dr\. Asha।/,
    );
    const english = decodeURIComponent(
      (await second.getByRole("link", { name: "WhatsApp" }).getAttribute("href")) ?? "",
    );
    expect(english).toContain("Hello Ravi Verma, this is Dr. Asha, your physiotherapist from");
    // Made for the phone: nothing wider than the screen, and no WCAG 2.2 A/AA violation.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Done, with what was done and pain before and after: the card's fold opened first.
    await openFold(first, "Record the visit");
    await first.getByLabel("What was done (optional)").fill("Knee bends to 90°; walked 20 m");
    await first.getByLabel("Pain before (0–10, optional)").fill("6");
    await first.getByLabel("Pain after (0–10, optional)").fill("3");
    await first.getByRole("button", { name: "Done", exact: true }).click();
    await expect.poll(() => first.getAttribute("data-status"), navigationWait).toBe("done");
    expect(await page.getByRole("status").first().textContent()).toBe("Marked done.");
    expect(await first.textContent()).toContain("Knee bends to 90°; walked 20 m");
    expect(await first.textContent()).toContain("Pain 6 → 3");

    await second.getByRole("button", { name: "Patient not home" }).click();
    await expect.poll(() => second.getAttribute("data-status"), navigationWait).toBe("no_show");
    expect(await second.getByRole("button").count()).toBe(0);

    // The admin reads both on the requests' timelines.
    await signedInAs(context(), url, await signInCookie(url, admin));
    const done = await context().newPage();
    await done.goto(`${url}/admin/appointments/${ids.meera}`);
    const doneEntry = done.locator('[data-timeline="visit_done"]');
    expect(await doneEntry.count()).toBe(1);
    expect(await doneEntry.textContent()).toMatch(/done\. Pain 6 → 3 of 10\./);
    expect(await doneEntry.textContent()).toContain(therapistAccount.email);
    const notHome = await context().newPage();
    await notHome.goto(`${url}/admin/appointments/${ids.ravi}`);
    const notHomeEntry = notHome.locator('[data-timeline="visit_no_show"]');
    expect(await notHomeEntry.count()).toBe(1);
    expect(await notHomeEntry.textContent()).toContain("Patient not home for the visit of");
    expect(errors).toEqual([]);
  });

  it("issues the calendar link once, offered as webcal: and copied in one tap, which opens the feed with no name in it", async () => {
    const url = server?.url ?? "";
    await signedInAs(context(), url, await signInCookie(url, therapistAccount));
    const page = await context().newPage();
    await page.goto(`${url}/visits`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Get my calendar link" }).click();
    const field = page.locator("[data-calendar-link]");
    await expect.poll(() => field.count(), navigationWait).toBe(1);
    const link = await field.inputValue();
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/visits\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Offered to the phone's calendar app as webcal:, and copied in one tap.
    expect(await page.locator("[data-webcal]").getAttribute("href")).toBe(
      link.replace(/^https?:/, "webcal:"),
    );
    await context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
    await page.getByRole("button", { name: "Copy the link" }).click();
    await expect
      .poll(() => page.getByRole("status").last().textContent(), navigationWait)
      .toMatch(/^Copied: paste it into your calendar/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const feed = await fetch(`${url}${path}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("no-store");
    const body = await feed.text();
    expect(body).toContain("DTSTART;TZID=Asia/Kolkata:");
    expect(body).toContain("SUMMARY:Treatment · Gautam Buddha Nagar (Noida) · Session 3 of 10");
    // Each event links back to its day on the site.
    expect(body).toMatch(/\r\nURL(;VALUE=URI)?:http[^\r\n]*\/visits#day-\d{4}-\d{2}-\d{2}\r\n/);
    for (const secret of [meera.name, meera.address, meera.phone, ravi.name]) {
      expect(body).not.toContain(secret);
    }
    // Shown once: the page loaded again says a link is active, and shows it no more.
    await page.goto(`${url}/visits`);
    expect(await page.locator("[data-calendar-link]").count()).toBe(0);
    expect(await page.getByText("A calendar link is active.", { exact: false }).count()).toBe(1);
  });
});
