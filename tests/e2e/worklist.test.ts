// One worklist for the desk in Chromium at 1280 px (docs/front-desk.md, "One worklist"): Needs
// attention says on each row why it is there, a line per reason with its action (a WhatsApp
// message to send, a visit missed with nothing booked since, an assessment with no treatment after
// 7 days, the family's other open request), its tab counting its rows and the table no wider than
// the screen, axe finding nothing wrong in them; and a note on one of a family's two overdue
// requests ends the overdue of both. On PostgreSQL; each test looks only at requests of its own
// (the tests run shuffled).
import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { visitDay, visitMoment } from "#app/domain/visits/visit-time.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { appointments, notifications, therapists, users, visits } from "#db/schema.ts";
import {
  axeViolations,
  desktop,
  navigationWait,
  signedInAs,
  toastTitles,
  useBrowser,
  waitForHydration,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";

const hour = 3_600_000;
const day = 24 * hour;

/** A request received `age` before `now`; its id. */
async function insertRequest(
  db: Database,
  now: number,
  values: { name: string; phone: string; age: number; status: "pending" | "contacted" },
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({
      name: values.name,
      phone: values.phone,
      phoneKey: phoneKey(values.phone),
      address: "House 12, Sector 50, Noida",
      pincode: "201301",
      status: values.status,
      createdAt: new Date(now - values.age),
      reference: sql`next_appointment_reference()`,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error("the request was not stored");
  return row.id;
}

describe("one worklist for the desk", () => {
  const ids = {
    message: "",
    missed: "",
    assessed: "",
    repeatOld: "",
    repeatNew: "",
    first: "",
    second: "",
  };
  const times = { missed: new Date(0), assessed: new Date(0), repeatOld: new Date(0) };
  const server = useStaffServer({}, [therapistAccount], {
    async seed(db) {
      const now = Date.now();
      const [therapist] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, therapistAccount.email));
      if (!therapist) throw new Error("no therapist seeded");
      await db
        .update(therapists)
        .set({ displayName: "Dr. Iyer" })
        .where(eq(therapists.userId, therapist.id));
      const visit = async (
        appointmentId: string,
        startsAt: Date,
        kind: "assessment" | "treatment",
        status: "scheduled" | "done" | "no_show",
      ) => {
        const [row] = await db
          .insert(visits)
          .values({
            appointmentId,
            therapistId: therapist.id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + hour),
            blockedUntil: new Date(startsAt.getTime() + 1.5 * hour),
            kind,
            status,
          })
          .returning({ id: visits.id });
        if (!row) throw new Error("the visit was not stored");
        return row.id;
      };
      ids.message = await insertRequest(db, now, {
        name: "Meena Message",
        phone: "9811400001",
        age: 3 * day,
        status: "contacted",
      });
      await db.insert(notifications).values({
        appointmentId: ids.message,
        visitId: await visit(ids.message, new Date(now + 2 * day), "treatment", "scheduled"),
        kind: "family_visit_booked",
        recipient: "family",
        channel: "whatsapp",
        state: "by_hand",
      });
      ids.missed = await insertRequest(db, now, {
        name: "Nikhil Notathome",
        phone: "9811400002",
        age: 10 * day,
        status: "contacted",
      });
      times.missed = new Date(now - 2 * day);
      await visit(ids.missed, times.missed, "treatment", "no_show");
      ids.assessed = await insertRequest(db, now, {
        name: "Tara Treatment",
        phone: "9811400003",
        age: 12 * day,
        status: "contacted",
      });
      times.assessed = new Date(now - 9 * day);
      await visit(ids.assessed, times.assessed, "assessment", "done");
      // A family that wrote again: its first request contacted, the new one pending.
      times.repeatOld = new Date(now - 5 * day);
      ids.repeatOld = await insertRequest(db, now, {
        name: "Ravi Repeat",
        phone: "9811400004",
        age: 5 * day,
        status: "contacted",
      });
      // Two overdue requests from one number, for the second test.
      ids.first = await insertRequest(db, now, {
        name: "Sita Twice",
        phone: "98114 00005",
        age: 40 * hour,
        status: "pending",
      });
      ids.second = await insertRequest(db, now, {
        name: "Sita Twice Again",
        phone: "+91 98114 00005",
        age: 30 * hour,
        status: "pending",
      });
      ids.repeatNew = await insertRequest(db, now, {
        name: "Ravi Repeat Again",
        phone: "098114-00004",
        age: 2 * hour,
        status: "pending",
      });
    },
  });
  const context = useBrowser(desktop);

  async function openAttention(): Promise<Page> {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/admin?view=attention`);
    await waitForHydration(page);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Appointment Dashboard");
    return page;
  }

  /** A row's reason lines: kind, words and where its action leads. */
  const reasons = (page: Page, id: string) =>
    page.locator(`table tr[data-appointment="${id}"] [data-reason]`).evaluateAll((lines) =>
      lines.map((line) => ({
        kind: line.getAttribute("data-reason"),
        text: line.textContent,
        href: line.querySelector("[data-reason-action]")?.getAttribute("href") ?? null,
      })),
    );

  it("says on each row why it needs attention, with the reason's action, counted as its rows", async () => {
    const page = await openAttention();
    await expect
      .poll(() => reasons(page, ids.message), navigationWait)
      .toEqual([
        {
          kind: "whatsapp-to-send",
          text: "WhatsApp to send: 1 message waiting Send them",
          href: "/admin/messages",
        },
      ]);
    expect(await reasons(page, ids.missed)).toEqual([
      {
        kind: "missed-visit",
        text: `Missed visit: not home ${visitMoment(times.missed)} (Dr. Iyer), nothing booked since Book a visit`,
        href: `/admin/appointments/${ids.missed}#book`,
      },
    ]);
    expect(await reasons(page, ids.assessed)).toEqual([
      {
        kind: "no-treatment",
        text: `No treatment booked: assessed ${visitDay(times.assessed)} (Dr. Iyer), more than 7 days ago Call`,
        href: "tel:+919811400003",
      },
    ]);
    expect(await reasons(page, ids.repeatNew)).toEqual([
      { kind: "new", text: "New: to call within 24 hours Call", href: "tel:+919811400004" },
      {
        kind: "repeat",
        text: `Repeat: the family's request of ${visitDay(times.repeatOld)} is open too (contacted) Open that request`,
        href: `/admin/appointments/${ids.repeatOld}`,
      },
    ]);
    // The contacted request is reached through its repeat's line, not listed for it.
    expect(await page.locator(`table tr[data-appointment="${ids.repeatOld}"]`).count()).toBe(0);

    // Every row says why it is there; the tab counts the rows (all on this one page).
    const rows = page.locator("table tbody tr");
    const count = await rows.count();
    expect(
      await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector("[data-reason]") !== null)),
    ).toEqual(Array.from({ length: count }, () => true));
    expect(
      await page
        .getByRole("navigation", { name: "Views" })
        .getByRole("link", { name: /^Needs attention/ })
        .textContent(),
    ).toBe(`Needs attention (${count})`);
    // The lines wrap inside the row: the table is no wider than the screen. And no WCAG 2.2
    // A/AA violation in them.
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page
        .locator("table")
        .locator("..")
        .evaluate((element) => element.scrollWidth <= element.clientWidth),
    ).toBe(true);

    // The missed visit's action opens the request's booking form.
    await page
      .locator(`table tr[data-appointment="${ids.missed}"]`)
      .getByRole("link", { name: "Book a visit (missed visit)" })
      .click();
    await page.waitForURL(
      (url) => url.pathname === `/admin/appointments/${ids.missed}` && url.hash === "#book",
      navigationWait,
    );
  });

  it("ends the overdue of both of a family's requests when the desk adds a note to one", async () => {
    const page = await openAttention();
    const overdue = (id: string) =>
      page.locator(`table tr[data-appointment="${id}"] [data-marker="overdue"]`).count();
    await expect.poll(() => overdue(ids.first), navigationWait).toBe(1);
    expect(await overdue(ids.second)).toBe(1);

    await page.getByRole("link", { name: "Sita Twice", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/appointments/${ids.first}`);
    await waitForHydration(page);
    await page.getByLabel("Add a note").fill("Called: the daughter sent it twice.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Note added");

    await page.goto(`${server.url()}/admin?view=attention`);
    await waitForHydration(page);
    const kinds = async (id: string) => (await reasons(page, id)).map((line) => line.kind);
    await expect.poll(() => kinds(ids.first), navigationWait).toEqual(["still-pending", "repeat"]);
    expect(await kinds(ids.second)).toEqual(["still-pending", "repeat"]);
    expect(await overdue(ids.first)).toBe(0);
    expect(await overdue(ids.second)).toBe(0);
    const second = await reasons(page, ids.second);
    expect(second[0]?.text).toMatch(
      /^Still pending: the family's other request was worked .+ Open that request$/,
    );
    expect(second[0]?.href).toBe(`/admin/appointments/${ids.first}`);
  });
});
