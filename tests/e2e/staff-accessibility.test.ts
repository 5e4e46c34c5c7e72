// axe-core on the staff screens, at phone and desktop widths: the sign-in page and the dashboard
// with requests in it (the table on a desktop, the cards on a phone), with no console errors.
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

describe("axe-core on the staff screens", () => {
  const server = useStaffServer({ ...fastSubmissions });

  for (const viewport of [phone, desktop]) {
    describe(`at ${viewport.width}px`, () => {
      const context = useBrowser(viewport);

      it("/auth and /admin: no WCAG 2.2 A/AA violations and no console errors", async () => {
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
        await expect
          .poll(
            () =>
              page
                .locator("[data-sonner-toast]")
                .evaluateAll((toasts) =>
                  toasts.every((toast) => getComputedStyle(toast).opacity === "1"),
                ),
            navigationWait,
          )
          .toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
});
