// Search across scripts on the staff dashboard (decision 031), in Chromium against the
// production server: a request typed in Devanagari on the Hindi form is found by its name and
// address as the front desk spells them in Latin ("sunita", "verma", "noida": not a scheme's
// "sunItA", "varmA", "noeDA"), and one sent in Latin is found by its name in Devanagari.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fill, formLabels, openForm, send, shownToasts } from "#tests/e2e/appointment-page.ts";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import {
  desktop,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, searchDashboard, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

/** The names the dashboard's table lists, in order. */
const tableNames = (page: Page) =>
  page.locator("table tbody tr td:nth-child(2) > a").allTextContents();

describe("search across scripts", () => {
  const server = useStaffServer(fastSubmissions);
  const context = useBrowser(desktop);

  it("finds a request typed in Devanagari by its Latin spelling, and one typed in Latin by its Devanagari", async () => {
    // Typed on the Hindi form, as a family sends it.
    const form = await context().newPage();
    const errors = watchErrors(form);
    await openForm(form, `${server.url()}/hi`);
    await fill(form, {
      ...validAppointment,
      name: "सुनीता वर्मा",
      phone: "98100 27001",
      address: "मकान 12, सेक्टर 62, नोएडा",
      pincode: "201301",
      message: "घुटने में दर्द",
    });
    await send(form, formLabels.hi);
    await expect
      .poll(() => shownToasts(form), { timeout: 10_000 })
      .toEqual([{ title: "अपॉइंटमेंट का अनुरोध मिल गया!", description: expect.any(String) }]);
    expect(errors).toEqual([]);
    await form.close();
    // Sent in Latin through the English form, and a neighbour in Noida whose name is neither.
    for (const [name, phone, address] of [
      ["Priya Sharma", "98100 27002", "B-204, Sector 15, Gurugram"],
      ["Vikram Mehta", "98100 27003", "C-7, Sector 50, Noida"],
    ] as const) {
      const sent = await postAppointment(server.url(), {
        ...validAppointment,
        name,
        phone,
        address,
      });
      expect(sent.status).toBe(303);
    }

    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/admin`);
    await waitForHydration(page);
    for (const [q, found] of [
      ["sunita", ["सुनीता वर्मा"]],
      ["verma", ["सुनीता वर्मा"]],
      ["noida", ["Vikram Mehta", "सुनीता वर्मा"]],
      ["प्रिया", ["Priya Sharma"]],
    ] as const) {
      await searchDashboard(page, q);
      await expect.poll(() => tableNames(page), navigationWait).toEqual(found);
    }
  });
});
