// axe-core on the staff screens, at phone and desktop widths: the sign-in page, the dashboard
// with requests in it (the table on a desktop, the cards on a phone) and a request's page with a
// note on its timeline, with no console errors.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fastSubmissions, postAppointment, validAppointment } from "./appointments";
import {
  axeViolations,
  desktop,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "./browser";
import { admin, useStaffServer } from "./staff";

/** Every toast on screen has faded in (axe measures its contrast as shown). */
const toastsShown = (page: Page) =>
  page
    .locator("[data-sonner-toast]")
    .evaluateAll((toasts) => toasts.every((toast) => getComputedStyle(toast).opacity === "1"));

describe("axe-core on the staff screens", () => {
  const server = useStaffServer({ ...fastSubmissions });

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
    });
  }
});
