// The staff account life cycle against the production server, with the e-mails read from a real
// SMTP server: a stranger who signs up with a colleague's address never gets in (the owner
// chooses the password by the link in their inbox), password reset by e-mail, change password,
// and the end of every session and live-update stream when a password is reset or changed, on
// logout, and when the role is revoked (with `npm run admin`, on PostgreSQL, while the server runs).
import { spawn } from "node:child_process";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pinnedEnv,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import { createTestDatabase, useSmtpServer } from "#tests/e2e/appointments.ts";
import { desktop, navigationWait, useBrowser, waitForHydration } from "#tests/e2e/browser.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

/** Limits out of the way: these tests are about accounts, not floods (limits.test.ts). */
const noLimits = {
  SIGN_UP_RATE_LIMIT_CLIENT: "off",
  PASSWORD_RESET_RATE_LIMIT_CLIENT: "off",
  ACCOUNT_MAIL_RATE_LIMIT_SITE: "off",
  SIGN_UP_RATE_LIMIT_SITE: "off",
  SIGN_UP_RATE_LIMIT_DOMAIN: "off",
  MAILBOX_RATE_LIMIT: "off",
  SIGN_IN_RATE_LIMIT_CLIENT: "off",
  SIGN_IN_RATE_LIMIT_ACCOUNT: "off",
};

/** Posts a form as a browser without JavaScript does, from our own page; the answer unfollowed. */
function post(url: string, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: url, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

/** The e-mails the SMTP server received for `to`, read by a real parser. */
async function mailsTo(messages: string[], to: string) {
  const parsed = await Promise.all(messages.map((raw) => simpleParser(raw)));
  return parsed.filter((mail) => {
    const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return list.some((entry) => entry.value.some((address) => address.address === to));
  });
}

/** The one link of an account e-mail, moved to the server under test (SITE_URL is the default). */
function linkIn(text: string, serverUrl: string): string {
  const link = /https?:\/\/\S+\/auth\/set-password\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no password link in:\n${text}`);
  const { pathname, search } = new URL(link);
  return `${serverUrl}${pathname}${search}`;
}

async function waitForMail(messages: string[], to: string, count: number) {
  await expect
    .poll(async () => (await mailsTo(messages, to)).length, { timeout: 15_000, interval: 100 })
    .toBe(count);
  const mails = await mailsTo(messages, to);
  return mails[count - 1];
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

/** Sign-in as a browser without JavaScript: 303 to /admin on success. */
const signInStatus = async (url: string, email: string, password: string) =>
  (await post(url, "/auth", { intent: "login", email, password })).status;

/**
 * Opens the live-update stream with `cookie`, and resolves with everything it said once the
 * server ends it (or rejects after `timeoutMs`: against a hang, not a measure of speed; 15 s ran
 * out in a full run on a machine three times slower than usual).
 */
function openStream(url: string, cookie: string, timeoutMs = 60_000) {
  const abort = new AbortController();
  const opened = fetch(`${url}/admin/events`, { headers: { cookie }, signal: abort.signal });
  const ended = opened.then(async (response) => {
    if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`);
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let said = "";
    try {
      for await (const chunk of response.body) said += Buffer.from(chunk).toString();
    } finally {
      clearTimeout(timer);
    }
    return said;
  });
  return {
    connected: opened.then((response) => response.status),
    ended,
    close: () => abort.abort(),
  };
}

/** An admin account for each test that changes its password, so that no test needs another. */
const resetAdmin = { email: "reset.admin@clinic.test", password: "reset-pass-1", admin: true };
const changeAdmin = { email: "change.admin@clinic.test", password: "change-pass-1", admin: true };

describe("the account life cycle", () => {
  const smtp = useSmtpServer();
  // The SMTP server's address is known once its beforeAll has run: the staff server starts after.
  const server = useStaffServer(
    () => ({ ...noLimits, SMTP_URL: smtp().url }),
    [resetAdmin, changeAdmin],
  );
  const context = useBrowser(desktop);

  it("keeps out the stranger who signed up with a colleague's address: the owner chooses the password", async () => {
    const url = server.url();
    const colleague = "new.colleague@clinic.test";
    // A stranger signs up with the colleague's address and a password of their choosing.
    const signedUp = await post(url, "/auth", {
      intent: "signup",
      email: colleague,
      password: "stranger-pass",
    });
    expect(signedUp.status).toBe(200);
    expect(await signedUp.text()).toContain("Account created! Please login.");
    const mail = await waitForMail(smtp().messages, colleague, 1);
    expect(mail?.subject).toBe("Confirm your HomePhysio NCR staff account");
    // Until the link is used, the stranger's password opens nothing.
    const early = await post(url, "/auth", {
      intent: "login",
      email: colleague,
      password: "stranger-pass",
    });
    expect(early.status).toBe(403);
    expect(await early.text()).toContain("Please confirm your address first");

    // The colleague opens the link in their inbox: the token leaves the address bar at once.
    await context().clearCookies();
    const page = await context().newPage();
    await page.goto(linkIn(mail?.text ?? "", url));
    expect(new URL(page.url()).pathname).toBe("/auth/set-password");
    expect(new URL(page.url()).search).toBe("");
    expect(await heading(page)).toBe("Choose your password");
    await waitForHydration(page);
    await page.getByLabel("New password", { exact: true }).fill("colleague-pass");
    await page.getByLabel("The same password again").fill("colleague-pass");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.waitForURL(`${url}/auth?password=set`, navigationWait);
    await expect
      .poll(() => page.getByRole("status").first().textContent(), navigationWait)
      .toBe("Your password is set. Please login.");

    // The address is confirmed now (an admin could grant the role), and only the owner's
    // password opens the account.
    expect(await signInStatus(url, colleague, "stranger-pass")).toBe(401);
    expect(await signInStatus(url, colleague, "colleague-pass")).toBe(303);
    // The link worked once.
    await page.goto(linkIn(mail?.text ?? "", url));
    expect(await heading(page)).toBe("This link has expired");
  });

  it("resets a forgotten password by e-mail: a link that works once, and every session ends", async () => {
    const url = server.url();
    const first = await signInCookie(url, resetAdmin);
    const second = await signInCookie(url, resetAdmin);
    const stream = openStream(url, second);
    expect(await stream.connected).toBe(200);

    const asked = await post(url, "/auth?mode=reset", { intent: "reset", email: resetAdmin.email });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("If an account uses this address");
    // An address with no account is answered alike, and gets nothing.
    const unknown = await post(url, "/auth", { intent: "reset", email: "nobody@clinic.test" });
    expect(unknown.status).toBe(200);
    const mail = await waitForMail(smtp().messages, resetAdmin.email, 1);
    expect(mail?.subject).toBe("Reset your HomePhysio NCR staff password");
    expect(await mailsTo(smtp().messages, "nobody@clinic.test")).toEqual([]);

    // The link, as a browser without JavaScript follows it: the token moves into a cookie.
    const opened = await fetch(linkIn(mail?.text ?? "", url), { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/auth/set-password");
    const linkCookie = opened.headers
      .getSetCookie()
      .find((line) => line.startsWith("staff.password_link="));
    expect(linkCookie).toMatch(/HttpOnly/i);
    expect(linkCookie).toMatch(/Path=\/auth(;|$)/i);
    const cookie = linkCookie?.split(";")[0] ?? "";
    const differ = await post(
      url,
      "/auth/set-password",
      { password: "new-admin-pass", repeat: "other-pass" },
      cookie,
    );
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("The two passwords are not the same.");
    const saved = await post(
      url,
      "/auth/set-password",
      { password: "new-admin-pass", repeat: "new-admin-pass" },
      cookie,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/auth?password=set");

    // Every session of the account is over, its live stream too.
    expect(await stream.ended).toContain("event: ended");
    for (const old of [first, second]) {
      const state = await fetch(`${url}/auth/state`, { headers: { cookie: old } });
      expect(await state.json()).toEqual({ signedIn: false, isAdmin: false, isTherapist: false });
    }
    expect(await signInStatus(url, resetAdmin.email, resetAdmin.password)).toBe(401);
    expect(await signInStatus(url, resetAdmin.email, "new-admin-pass")).toBe(303);
    // Used once: the same link does nothing now.
    const again = await post(
      url,
      "/auth/set-password",
      { password: "third-pass-1", repeat: "third-pass-1" },
      cookie,
    );
    expect(again.status).toBe(400);
    expect(await signInStatus(url, resetAdmin.email, "third-pass-1")).toBe(401);
  });

  it("changes the password of a signed-in member of staff, and ends their other sessions and streams", async () => {
    const url = server.url();
    const elsewhere = await signInCookie(url, changeAdmin);
    const stream = openStream(url, elsewhere);
    expect(await stream.connected).toBe(200);

    await context().clearCookies();
    const page = await context().newPage();
    await page.goto(`${url}/auth`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(changeAdmin.email);
    await page.getByLabel("Password").fill(changeAdmin.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${url}/admin`, navigationWait);
    await page.getByRole("link", { name: "Change password" }).click();
    await page.waitForURL(`${url}/auth/password`, navigationWait);
    await waitForHydration(page);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("changed-pass-1");
    await page.getByLabel("The same new password again").fill("changed-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent(), navigationWait)
      .toBe("Your current password is not right.");
    await page.getByLabel("Current password").fill(changeAdmin.password);
    await page.getByLabel("New password", { exact: true }).fill("changed-pass-1");
    await page.getByLabel("The same new password again").fill("changed-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect
      .poll(() => page.getByRole("status").first().textContent(), navigationWait)
      .toBe("Your password is changed. You are signed out everywhere else.");

    expect(await stream.ended).toContain("event: ended");
    const state = await fetch(`${url}/auth/state`, { headers: { cookie: elsewhere } });
    expect(await state.json()).toEqual({ signedIn: false, isAdmin: false, isTherapist: false });
    // This browser is still signed in, in a new session.
    await page.goto(`${url}/admin`);
    expect(await heading(page)).toBe("Appointment Dashboard");
    expect(await signInStatus(url, changeAdmin.email, changeAdmin.password)).toBe(401);
    expect(await signInStatus(url, changeAdmin.email, "changed-pass-1")).toBe(303);
  });

  it("ends the live-update stream of a session that logs out", async () => {
    const url = server.url();
    const cookie = await signInCookie(url, admin);
    const stream = openStream(url, cookie);
    expect(await stream.connected).toBe(200);
    const loggedOut = await post(url, "/auth/logout", {}, cookie);
    expect(loggedOut.status).toBe(200);
    expect(await stream.ended).toContain("event: ended");
    const refused = await fetch(`${url}/admin/events`, { headers: { cookie } });
    expect(refused.status).toBe(401);
  });
});

describe("revoking the role while the server runs (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: RunningServer | undefined;
  const account = { email: "admin@clinic.test", password: "admin-pass-1" };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedStaff({ databaseUrl: database.url });
    server = await startProductionServer({ ...testSite.settings, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("ends the admin's sessions and open streams, and their next request is refused", async () => {
    const url = server?.url ?? "";
    const cookie = await signInCookie(url, account);
    const stream = openStream(url, cookie);
    expect(await stream.connected).toBe(200);

    const revoked = await runAdmin(["revoke", account.email], {
      DATABASE_URL: database?.url ?? "",
    });
    expect(revoked).toEqual({ code: 0, stdout: `Revoked the admin role from ${account.email}.\n` });

    expect(await stream.ended).toContain("event: ended");
    const dashboard = await fetch(`${url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toBe("/auth");
  });
});

/** `npm run admin -- <args>` in a process of its own, with these settings. */
function runAdmin(args: string[], settings: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/admin.ts", ...args], {
    env: pinnedEnv({ LOG_LEVEL: "silent", ...testSite.settings, ...settings }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout }));
  });
}
