// The desk's one worklist in Chromium at 1280 px (docs/front-desk.md): a therapist presses "Can't
// make it" on their day and the dashboard's Needs attention lists the request with who, when and
// why, its tab counting exactly the rows it shows, and a link to the request's visits where it is
// moved or cancelled, and the desk's mail tells of it at once; and a search from one list says what it matches in another, a link away.
// On PostgreSQL; each test works only on requests of its own (the tests run shuffled).
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visitMoment } from "#app/domain/visits/visit-time.ts";
import { therapists, users, visits } from "#db/schema.ts";
import { useSmtpServer } from "#tests/e2e/appointments.ts";
import {
  desktop,
  navigationWait,
  openFold,
  signedInAs,
  useBrowser,
  waitForHydration,
} from "#tests/e2e/browser.ts";
import { insertRequest } from "#tests/e2e/seeded-requests.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";

const reason = "Scooter broke down near the Sector 18 metro";

describe("a therapist's can't make it on the desk's worklist", () => {
  const ids = { cantMake: "", visit: "", searched: "", reference: "" };
  /** Tomorrow at 11:00 in India: the visit the therapist can't make. */
  const startsAt = indiaAt(1, 11);
  const smtp = useSmtpServer();
  const server = useStaffServer(() => ({ SMTP_URL: smtp().url }), [therapistAccount], {
    async seed(db) {
      const [therapist] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, therapistAccount.email));
      if (!therapist) throw new Error("no therapist seeded");
      await db
        .update(therapists)
        .set({ displayName: "Dr. Kapoor" })
        .where(eq(therapists.userId, therapist.id));
      const cantMake = await insertRequest(db, {
        name: "Kavita Cantmake",
        phone: "9811300001",
        language: "en",
      });
      const [visit] = await db
        .insert(visits)
        .values({
          appointmentId: cantMake.id,
          therapistId: therapist.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 60 * 60_000),
          blockedUntil: new Date(startsAt.getTime() + 90 * 60_000),
          kind: "treatment",
        })
        .returning({ id: visits.id });
      // Contacted, nothing booked, nothing due: in All requests only.
      const searched = await insertRequest(db, {
        name: "Sunil Searched",
        phone: "9811300002",
        language: "en",
      });
      Object.assign(ids, {
        cantMake: cantMake.id,
        visit: visit?.id ?? "",
        searched: searched.id,
        reference: searched.reference,
      });
    },
  });
  const context = useBrowser(desktop);

  async function openDashboard(search: string): Promise<Page> {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/admin?${search}`);
    await waitForHydration(page);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Appointment Dashboard");
    return page;
  }

  const attentionTab = (page: Page) =>
    page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: /^Needs attention/ });

  it("shows the reason on the request's row in Needs attention, counted as its rows, with the way to move it", async () => {
    // The therapist, on their day.
    await signedInAs(context(), server.url(), await signInCookie(server.url(), therapistAccount));
    const day = await context().newPage();
    await day.goto(`${server.url()}/visits`);
    await waitForHydration(day);
    const card = day.locator(`[data-visit="${ids.visit}"]`);
    await openFold(card, "I can't come");
    await card.getByLabel("Why you can't make it").fill(reason);
    await card.getByRole("button", { name: "Can't make it" }).click();
    await expect
      .poll(() => card.textContent(), navigationWait)
      .toContain(`You can't make it: ${reason}`);

    // The desk's mail, at once: the reason and the way to the request, no patient's name.
    await expect
      .poll(
        () => smtp().messages.find((message) => message.includes("Scooter broke down")) ?? "",
        navigationWait,
      )
      .not.toBe("");
    const mail = await simpleParser(
      smtp().messages.find((message) => message.includes("Scooter broke down")) ?? "",
    );
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`/admin/appointments/${ids.cantMake}`);
    expect(`${mail.subject} ${mail.text}`).not.toContain("Kavita");

    // The desk: the row says who, when and why.
    const page = await openDashboard("view=attention");
    const row = page.locator(`table tr[data-appointment="${ids.cantMake}"]`);
    await expect
      .poll(() => row.locator("[data-cant-make]").textContent(), navigationWait)
      .toContain(`Can't make it: Dr. Kapoor, ${visitMoment(startsAt)} — ${reason}`);
    // The tab's count is the rows it lists (every row on this one page).
    const rows = await page.locator("table tbody tr").count();
    expect(rows).toBeGreaterThanOrEqual(1);
    expect(await attentionTab(page).textContent()).toBe(`Needs attention (${rows})`);
    expect(await page.locator('[data-count="cant-make"]').textContent()).toBe("1 can't make it");
    // Ten rows' table still fits the screen with the line in it.
    const table = page.locator("table").locator("..");
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );

    // Its link leads to the request's visits, where the desk moves or cancels it.
    await row
      .getByRole("link", { name: "Move or cancel the visit of Kavita Cantmake's request" })
      .click();
    await page.waitForURL(
      (url) => url.pathname === `/admin/appointments/${ids.cantMake}` && url.hash === "#visits",
      navigationWait,
    );
    await waitForHydration(page);
    await expect
      .poll(
        () => page.locator(`[data-visit="${ids.visit}"] [data-cant-make]`).textContent(),
        navigationWait,
      )
      .toBe(`Therapist can't make it: ${reason}`);
  });

  it("says that a search finding nothing in Needs attention matches in All requests, a link away", async () => {
    const page = await openDashboard(`view=attention&q=${ids.reference}`);
    await expect
      .poll(() => page.getByText("No appointments match this search").count(), navigationWait)
      .toBe(1);
    expect(await attentionTab(page).textContent()).toBe("Needs attention (0)");
    const hint = page.getByRole("navigation", { name: "The search in other lists" });
    expect(await hint.getByRole("link").allTextContents()).toEqual(["1 more in All requests"]);

    await hint.getByRole("link", { name: "1 more in All requests" }).click();
    await page.waitForURL(/view=all/, navigationWait);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe(ids.reference);
    await expect
      .poll(
        () =>
          page
            .locator("table tbody tr")
            .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-appointment"))),
        navigationWait,
      )
      .toEqual([ids.searched]);
    // From everything, nothing more to say: it is in no other list.
    expect(await page.locator("[data-search-elsewhere]").count()).toBe(0);
  });
});
