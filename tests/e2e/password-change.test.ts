// Changing the password in a browser without JavaScript: the form posts as a plain page, and the
// answer must carry this browser's new session, as it does with JavaScript (accounts.test.ts).
// A second browser, signed in to the same account before, is signed out.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

async function signIn(page: Page, url: string, account: { email: string; password: string }) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(`${url}/admin`, navigationWait);
}

describe("changing the password without JavaScript", () => {
  const server = useStaffServer();
  const withoutScript = useBrowser(desktop);
  const elsewhere = useBrowser(desktop);

  it("keeps this browser signed in, says so, and signs the other browser out", async () => {
    const url = server.url();
    const newPassword = "changed-without-js-1";
    const other = await elsewhere().newPage();
    await signedInAs(elsewhere(), url, await signInCookie(url, admin));
    await other.goto(`${url}/admin`);
    expect(await heading(other)).toBe("Appointment Dashboard");

    const page = await withoutScript().newPage();
    await disableJavaScript(page);
    await page.goto(`${url}/auth`);
    await signIn(page, url, admin);
    // Without JavaScript the dashboard is its loading spinner (admin.tsx), and so without its
    // link to this page: the address is typed.
    await page.goto(`${url}/auth/password`);
    await page.getByLabel("Current password").fill(admin.password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("The same new password again").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    // The form's answer leads somewhere else: to this page again, not to the sign-in page.
    await page.waitForURL((address) => address.href !== `${url}/auth/password`, navigationWait);
    expect(new URL(page.url()).pathname).toBe("/auth/password");
    expect(await heading(page)).toBe("Change password");
    expect(await page.getByRole("status").textContent()).toBe(
      "Your password is changed. You are signed out everywhere else.",
    );
    // Still signed in, in the session the change made: the dashboard, not the sign-in page,
    // and, in a page of the same browser that runs scripts, the dashboard itself.
    await page.goto(`${url}/admin`);
    expect(page.url()).toBe(`${url}/admin`);
    expect(await page.title()).toBe("Appointment Dashboard");
    const scripted = await withoutScript().newPage();
    await scripted.goto(`${url}/admin`);
    await scripted.getByRole("heading", { name: "Appointment Dashboard" }).waitFor(navigationWait);

    // The other browser's session ended: it is sent to sign in, where the new password works.
    await other.goto(`${url}/admin`);
    expect(new URL(other.url()).pathname).toBe("/auth");
    expect(await heading(other)).toBe("Admin Login");
    await waitForHydration(other);
    await signIn(other, url, { email: admin.email, password: newPassword });
    await other.getByRole("heading", { name: "Appointment Dashboard" }).waitFor(navigationWait);
    await expect(signInCookie(url, admin)).rejects.toThrow("answered 401");
  });
});
