// Tomorrow's reminders sent by hand, in a browser with JavaScript (docs/messages.md, "Sending by
// hand"): ten families' reminders waiting, sent with ten taps of "Send on WhatsApp" (each opens
// the family's chat with the reminder's words for sending by hand, and marks it sent: the next
// family is then first); one family's YES recorded with one tap; and the insights' figure of the
// visits confirmed counting it. Chat links are answered locally (tests/e2e/browser.ts). The rows
// are written before the server starts, in a database of the file's own; the test still reads
// only its own families' rows.
import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { appointments, notifications, users, visits } from "#db/schema.ts";
import {
  desktop,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";

/** Ten families, each with a visit tomorrow at 7:00, 8:00 … 16:00; the second writes in Hindi. */
const families = Array.from({ length: 10 }, (_, index) => ({
  name: `Yesfamily ${String(index + 1).padStart(2, "0")} Tomorrow`,
  phoneKey: `9198123007${String(index).padStart(2, "0")}`,
  language: index === 1 ? ("hi" as const) : ("en" as const),
  start: indiaAt(1, 7 + index),
}));
const names = new Set(families.map((family) => family.name));

/** Each family's visit and its reminder, queued by hand as the evening's job queues it. */
async function seedTenReminders(db: Database): Promise<void> {
  const [therapist] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, therapistAccount.email));
  if (!therapist) throw new Error("pass therapistAccount among the server's accounts");
  for (const family of families) {
    const [request] = await db
      .insert(appointments)
      .values({
        name: family.name,
        phone: `+${family.phoneKey}`,
        phoneKey: family.phoneKey,
        address: "House 7, Reminder Lane, Sector 21",
        pincode: "122002",
        status: "contacted",
        language: family.language,
        reference: sql`next_appointment_reference()`,
        whatsappConsentAt: new Date(),
      })
      .returning({ id: appointments.id });
    if (!request) throw new Error("not stored");
    const [visit] = await db
      .insert(visits)
      .values({
        appointmentId: request.id,
        therapistId: therapist.id,
        startsAt: family.start,
        endsAt: new Date(family.start.getTime() + 45 * 60_000),
        blockedUntil: new Date(family.start.getTime() + 60 * 60_000),
        kind: "treatment",
        reminderQueuedAt: new Date(),
      })
      .returning({ id: visits.id });
    await db.insert(notifications).values({
      channel: "whatsapp",
      kind: "family_visit_reminder",
      recipient: "",
      appointmentId: request.id,
      visitId: visit?.id ?? null,
      state: "by_hand",
    });
  }
}

/** The names of this test's families on a list of the page, in its order. */
const ownRows = async (page: Page, rows: string) =>
  (await page.locator(`${rows} th[scope="row"]`).allTextContents()).filter((name) =>
    names.has(name.trim()),
  );

describe("tomorrow's reminders sent by hand, and the family's YES", () => {
  const server = useStaffServer({}, [therapistAccount], { seed: seedTenReminders });
  const context = useBrowser(desktop);

  it("sends ten reminders with ten taps, records a YES with one, and the insights count it", async () => {
    const cookie = await signInCookie(server.url(), admin);
    await signedInAs(context(), server.url(), cookie);
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url()}/admin/messages`);
    await waitForHydration(page);

    const toSend = '[data-messages="reminders"] tr[data-message]';
    expect(await ownRows(page, toSend)).toEqual(families.map((family) => family.name));
    // One thing to tap on each line (Mark sent is for browsers without JavaScript).
    const firstRow = page.locator(toSend).first();
    expect(await firstRow.locator("[data-send]").count()).toBe(1);
    expect(await firstRow.getByRole("button").count()).toBe(0);

    let taps = 0;
    for (const [index, family] of families.entries()) {
      // The first unsent family is always first.
      const row = page.locator(toSend).first();
      expect((await row.locator('th[scope="row"]').textContent())?.trim()).toBe(family.name);
      const [chat] = await Promise.all([
        context().waitForEvent("page"),
        row.locator("[data-send]").click(),
      ]);
      taps++;
      await chat.waitForLoadState();
      const link = new URL(chat.url());
      expect(link.origin + link.pathname).toBe(`https://wa.me/${family.phoneKey}`);
      const text = link.searchParams.get("text") ?? "";
      expect(text).toContain(
        index === 1
          ? "विज़िट पक्की करने के लिए YES या हाँ लिखकर भेजें"
          : "Reply YES to confirm, or tell us a time that suits you better.",
      );
      await chat.close();
      await expect
        .poll(() => ownRows(page, toSend), navigationWait)
        .toEqual(families.slice(index + 1).map((next) => next.name));
    }
    expect(taps).toBe(10);
    expect(await page.locator('[data-messages="reminders"]').textContent()).toContain(
      "No reminder to send.",
    );

    // Sent: each now waits for the family's YES. The first family replied YES: one tap.
    const awaiting = "[data-awaiting] tr[data-awaiting-visit]";
    await expect
      .poll(() => ownRows(page, awaiting), navigationWait)
      .toEqual(families.map((family) => family.name));
    const yes = families[0]?.name ?? "";
    await page
      .locator(awaiting, { hasText: yes })
      .getByRole("button", { name: /^Confirmed \(YES\)/ })
      .click();
    await expect
      .poll(() => ownRows(page, awaiting), navigationWait)
      .toEqual(families.slice(1).map((family) => family.name));
    expect(await page.getByText("Visit confirmed.").count()).toBe(1);
    expect(errors).toEqual([]);

    // Tomorrow's figures: one of the ten reminded confirmed.
    const tomorrow = indiaDay(indiaAt(1, 12));
    await page.goto(`${server.url()}/admin/insights?period=dates&from=${tomorrow}&to=${tomorrow}`);
    const tile = page.locator('[data-visits="messages"] [data-messages="confirmed"]');
    expect(await tile.locator("dt").textContent()).toBe(
      "Visits confirmed by reply (Confirm or YES)",
    );
    expect(await tile.locator("[data-value]").textContent()).toBe("10%");
    expect(await tile.locator("dd").nth(1).textContent()).toBe("1 of 10 visits reminded");
  });
});
