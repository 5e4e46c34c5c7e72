// The owner's alert of a mail server that is down (issue 30, item 5), as staff see it: the alert
// e-mail cannot go either, so the staff dashboard says so, with what to do. A production server
// whose SMTP_URL leads nowhere, one attempt per e-mail, and checks five times a second: a
// request's staff e-mail is given up, and the banner is there the next time the dashboard loads.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#scripts/production-server.ts";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  desktop,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

/** The banner's problems, as read: each one's text. */
async function shownProblems(page: Page): Promise<string[]> {
  const banner = page.getByRole("region", { name: "Problems with the site" });
  if ((await banner.count()) === 0) return [];
  return banner.locator("[data-alert]").allInnerTexts();
}

describe("the alert of a mail server that is down", () => {
  // A port nothing listens on, found before the server starts (hooks run in order).
  let deadPort = 0;
  beforeAll(async () => {
    deadPort = await freePort();
  });
  const server = useStaffServer(() => ({
    ...fastSubmissions,
    SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
    MAIL_MAX_ATTEMPTS: "1",
    ALERT_TO: "owner@homephysio.example",
    ALERT_CHECK_SECONDS: "0.2",
  }));
  const context = useBrowser(desktop);

  it("is shown on the staff dashboard, with what to do", async () => {
    const url = server.url();
    await signedInAs(context(), url, await signInCookie(url, admin));
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/admin`);
    await waitForHydration(page);
    expect(await shownProblems(page)).toEqual([]);

    expect((await postAppointment(url, { ...validAppointment })).status).toBe(303);
    await expect
      .poll(
        async () => {
          await page.reload();
          await waitForHydration(page);
          return (await shownProblems(page)).length;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(1);
    const [problem] = await shownProblems(page);
    expect(problem).toMatch(
      /^The site's e-mails are not going out\. 1 e-mail was given up in the last hour\. Since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M\.\n/,
    );
    expect(problem).toContain(
      "New requests are still stored and shown on the staff dashboard, but the e-mails about them may not arrive",
    );
    expect(problem).toContain("Check SMTP_URL against the mail provider");
    // The request itself is on the dashboard, as the banner says.
    expect(await page.getByText(validAppointment.name).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
