// A production server on PGlite looking after itself (decision 039). The owner's alert of a mail
// server that is down, as staff see it: the alert e-mail cannot go either, so the staff dashboard
// says so, with what to do (SMTP_URL leads nowhere, one attempt per e-mail, checks five times a
// second: a request's staff e-mail is given up, and the banner is there the next time the
// dashboard loads). And the day's backup, written by the running server from its own open
// embedded database (BACKUP_AT is past from the start), which a restore would take.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBackupFile } from "#app/domain/privacy/backup-file.server.ts";
import { freePort } from "#scripts/production-server.ts";
import {
  fastSubmissions,
  logLines,
  postAppointment,
  validAppointment,
} from "#tests/e2e/appointments.ts";
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

describe("a server that looks after itself", () => {
  // A port nothing listens on, and the backups' folder, before the server starts (hooks run in
  // order).
  let deadPort = 0;
  let backups = "";
  beforeAll(async () => {
    deadPort = await freePort();
    backups = mkdtempSync(join(tmpdir(), "physio-e2e-backups-"));
  });
  afterAll(() => rmSync(backups, { recursive: true, force: true }));
  const server = useStaffServer(
    () => ({
      ...fastSubmissions,
      SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
      MAIL_MAX_ATTEMPTS: "1",
      ALERT_TO: "owner@homephysio.example",
      ALERT_CHECK_SECONDS: "0.2",
      BACKUP_DIR: backups,
      BACKUP_AT: "00:00",
    }),
    [],
    { postgres: false },
  );
  const context = useBrowser(desktop);

  it("writes the day's backup of its own open embedded database, and logs it without its folder", async () => {
    const written = () => logLines(server.output()).filter((line) => line.msg === "backup written");
    await expect.poll(() => written().length, { timeout: 60_000, interval: 100 }).toBe(1);
    const [line] = written();
    const file = String(line?.file);
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d{4}\.jsonl\.gz$/);
    expect(JSON.stringify(line)).not.toContain(backups);
    expect(readdirSync(backups).sort()).toEqual([file, "erasures.json"]);
    // Checked as a restore reads it: every line, every count, the digest.
    const { header, rows } = await checkBackupFile(join(backups, file));
    expect(header.database).toBe("pglite");
    expect(rows.users).toBe(2);
    // Still serving.
    expect((await fetch(`${server.url()}/healthz`)).status).toBe(200);
  });

  it("shows the alert of a mail server that is down on the staff dashboard, with what to do", async () => {
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
