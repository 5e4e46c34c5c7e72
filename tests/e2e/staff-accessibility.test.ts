// axe-core on the staff screens, at phone and desktop widths: the sign-in page, the dashboard
// with requests in it (the table on a desktop, the cards on a phone), a request's page with a
// note on its timeline, and the insights page with its charts drawn (and no sideways scroll on
// a phone), the access log with entries in it, the therapists' roster and a profile refused
// with its messages, the schedule's day and week with visits in them, and the WhatsApp messages
// to send by hand, with no console errors.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  desktop,
  navigationWait,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { seedByHandMessages } from "#tests/e2e/messages-rows.ts";
import { arjun, meera, seedSchedule } from "#tests/e2e/schedule-rows.ts";
import { admin, signInCookie, therapistAccount, useStaffServer } from "#tests/e2e/staff.ts";

/**
 * Every toast on screen is shown in full and none is moving: axe measures contrast as shown, and
 * would measure a toast's words half-faded. The toasts do not animate now (decision 042); this
 * keeps a later animation from making the check measure a frame of it.
 */
const toastsShown = (page: Page) =>
  page
    .locator("[data-toast]")
    .evaluateAll((toasts) =>
      toasts.every(
        (toast) =>
          getComputedStyle(toast).opacity === "1" &&
          toast.getAnimations({ subtree: true }).length === 0,
      ),
    );

describe("axe-core on the staff screens", () => {
  const server = useStaffServer({ ...fastSubmissions }, [therapistAccount, meera, arjun], {
    async seed(db) {
      await seedSchedule(db);
      // Past this week: the schedule's counts below are of its own visits.
      await seedByHandMessages(db, 8);
    },
  });

  for (const viewport of [phone, desktop]) {
    describe(`at ${viewport.width}px`, () => {
      const context = useBrowser(viewport);

      it("/auth, /admin and a request's page: no WCAG 2.2 A/AA violations and no console errors", async () => {
        await postAppointment(server.url(), {
          ...validAppointment,
          name: `Axe Patient ${viewport.width}`,
          message: "Needs help after a hip operation; please call after 5 pm on weekdays.",
        });
        await context().clearCookies();
        const page = await context().newPage();
        const errors = watchErrors(page);
        await page.goto(`${server.url()}/auth`);
        await waitForHydration(page);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel("Email").fill(admin.email);
        await page.getByLabel("Password").fill(admin.password);
        await page.getByRole("button", { name: "Login", exact: true }).click();
        await page.waitForURL(`${server.url()}/admin`, navigationWait);
        await expect
          .poll(
            () => page.locator(`text=Axe Patient ${viewport.width} >> visible=true`).count(),
            navigationWait,
          )
          .toBeGreaterThan(0);
        // The sign-in toast is on screen: axe measures it once it has faded in.
        await expect.poll(() => toastsShown(page), navigationWait).toBe(true);
        expect(await axeViolations(page)).toEqual([]);

        // The request's page, from its name in the list, with a note added (and its toast).
        await page
          .locator(
            `a[href^="/admin/appointments/"] >> text=Axe Patient ${viewport.width} >> visible=true`,
          )
          .click();
        await page.waitForURL(/\/admin\/appointments\/[0-9a-f-]{36}$/, navigationWait);
        await waitForHydration(page);
        await page
          .getByLabel("Add a note")
          .fill("Called at 5 pm; she asks for a woman physiotherapist.");
        await page.getByRole("button", { name: "Add note" }).click();
        await expect
          .poll(() => page.locator('[data-timeline="note"]').count(), navigationWait)
          .toBe(1);
        await expect.poll(() => toastsShown(page), navigationWait).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      });

      it("/admin/insights with requests charted: no violations, no console errors, no sideways scroll", async () => {
        // Requests from three places, one of them contacted: every chart and table is drawn.
        for (const [index, pincode] of ["122002", "110017", "201010"].entries()) {
          await postAppointment(server.url(), {
            ...validAppointment,
            name: `Chart Patient ${viewport.width} ${index}`,
            phone: `9810${String(viewport.width).padStart(4, "0")}${index}0`,
            pincode,
          });
        }
        const cookie = await signInCookie(server.url(), admin);
        const found = await (
          await fetch(`${server.url()}/admin.data?q=Chart+Patient+${viewport.width}+0`, {
            headers: { cookie },
          })
        ).text();
        const ids = new Set(
          found.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g),
        );
        expect(ids.size).toBe(1);
        const [id = ""] = ids;
        const contacted = await fetch(`${server.url()}/admin`, {
          method: "POST",
          body: new URLSearchParams({ intent: "status", id, status: "contacted" }),
          headers: { cookie, origin: server.url() },
        });
        expect(contacted.status).toBe(200);

        await signedInAs(context(), server.url(), cookie);
        const page = await context().newPage();
        const errors = watchErrors(page);
        await page.goto(`${server.url()}/admin/insights`);
        await waitForHydration(page);
        expect(await page.locator('[data-section="contact"] tbody tr').count()).toBe(1);
        expect(await page.locator('svg[role="img"]').count()).toBe(4);
        expect(await axeViolations(page)).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });

      it("/admin/access-log with entries: no violations, no console errors, no sideways scroll", async () => {
        await postAppointment(server.url(), {
          ...validAppointment,
          name: `Logged Patient ${viewport.width}`,
          phone: `9811${String(viewport.width).padStart(4, "0")}55`,
        });
        const cookie = await signInCookie(server.url(), admin);
        await signedInAs(context(), server.url(), cookie);
        const page = await context().newPage();
        const errors = watchErrors(page);
        // A list and a search: two rows in the log, one of them folding the ids it showed.
        await page.goto(`${server.url()}/admin`);
        await waitForHydration(page);
        await page.goto(`${server.url()}/admin?q=Logged+Patient`);
        await waitForHydration(page);
        await page.goto(`${server.url()}/admin/access-log`);
        await waitForHydration(page);
        expect(await page.locator('tr[data-access="search"]').count()).toBeGreaterThan(0);
        expect(await page.getByRole("heading", { name: "Access log", level: 1 }).count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });

      it("/admin/therapists and a profile refused with its messages: no violations, no sideways scroll", async () => {
        const cookie = await signInCookie(server.url(), admin);
        await signedInAs(context(), server.url(), cookie);
        const page = await context().newPage();
        const errors = watchErrors(page);
        await page.goto(`${server.url()}/admin/therapists`);
        await waitForHydration(page);
        expect(await page.getByRole("heading", { name: "Therapists", level: 1 }).count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole("link", { name: "therapist", exact: true }).click();
        await page.getByLabel("Display name").waitFor(navigationWait);
        await waitForHydration(page);
        await page.getByLabel("Monday, first window, from", { exact: true }).fill("09:00");
        await page.getByLabel("Monday, first window, to", { exact: true }).fill("08:00");
        await page.getByRole("button", { name: "Save profile" }).click();
        await page.locator('[data-field-error="hours.1.0.to"]').waitFor(navigationWait);
        expect(await axeViolations(page)).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        // The browser reports the refusal's 400 itself; nothing else.
        expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
      });

      it("/admin/travel and a refusal: no violations, no console errors, no sideways scroll", async () => {
        const cookie = await signInCookie(server.url(), admin);
        await signedInAs(context(), server.url(), cookie);
        const page = await context().newPage();
        const errors = watchErrors(page);
        await page.goto(`${server.url()}/admin/travel`);
        await waitForHydration(page);
        expect(await page.getByRole("heading", { name: "Travel times", level: 1 }).count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        // 300 minutes is refused, with its words; nothing saved.
        await page.getByLabel("Minutes between Delhi and Gurugram").fill("300");
        await page.getByRole("button", { name: "Save the travel times" }).click();
        await page.locator('[data-travel-answer="refused"]').waitFor(navigationWait);
        expect(await page.locator("[data-travel-answer]").textContent()).toBe(
          "Minutes are a whole number from 0 to 240.",
        );
        expect(await axeViolations(page)).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
      });

      it("/admin/schedule, its day and its week with visits: no violations, no console errors", async () => {
        const cookie = await signInCookie(server.url(), admin);
        await signedInAs(context(), server.url(), cookie);
        const page = await context().newPage();
        const errors = watchErrors(page);
        for (const view of ["day", "week"]) {
          await page.goto(`${server.url()}/admin/schedule?view=${view}`);
          await waitForHydration(page);
          expect(await page.locator("[data-visit]").count()).toBe(3);
          expect(await page.locator("[data-needs-therapist] li").count()).toBeGreaterThan(0);
          expect(await axeViolations(page)).toEqual([]);
        }
        expect(errors).toEqual([]);
      });

      it("/admin/messages with messages to send: no violations, no console errors, no sideways scroll", async () => {
        const cookie = await signInCookie(server.url(), admin);
        await signedInAs(context(), server.url(), cookie);
        const page = await context().newPage();
        const errors = watchErrors(page);
        await page.goto(`${server.url()}/admin/messages`);
        await waitForHydration(page);
        expect(await page.locator("[data-message]").count()).toBeGreaterThanOrEqual(1);
        expect(await axeViolations(page)).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });
    });
  }
});
