// The staff side in Chromium: the spec's sign-in and sign-up screens and every message, the
// header's states, the guard (spinner, redirect with the history entry replaced, Access Denied
// with 403), the dashboard's sort, status change (chosen, then saved by Save; recorded on the
// request's timeline) and empty state, and a new request appearing on an open dashboard without a
// reload. Texts are the spec's, written out here. The front desk's own work (notes, owners,
// call-backs, repeats, junk) is tested in front-desk.test.ts.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInHintCookie } from "#app/domain/staff/staff-hint.ts";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import {
  desktop,
  navigationWait,
  phone,
  recordRequests,
  signedInAs,
  toastTitles,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, nonAdmin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

async function openAuth(page: Page, url: string) {
  await page.goto(`${url}/auth`);
  await waitForHydration(page);
}

async function fillAuth(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
}

async function signIn(page: Page, url: string, account: { email: string; password: string }) {
  await openAuth(page, url);
  await fillAuth(page, account.email, account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(`${url}/admin`, navigationWait);
}

/**
 * Holds requests on their way until the test releases them, so that what a page shows while it
 * waits is seen however fast the server is: a route handler awaits `held()`, the test waits until
 * `reached()` (a request is held), looks, then calls `release()`.
 */
function holdRequests() {
  let reached = false;
  const released = Promise.withResolvers<void>();
  return {
    reached: () => reached,
    held() {
      reached = true;
      return released.promise;
    },
    release: () => released.resolve(),
  };
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
/** Whether the page is served without React, its behaviour in islands (decision 040). */
const islandPage = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.islands === "ready");
const header = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** How far the newest toast's top edge is below the site header's bottom edge (px; < 0: over it). */
async function toastBelowHeader(page: Page): Promise<number> {
  const toast = await page.locator("[data-toast]").first().boundingBox();
  const siteHeader = await page.getByRole("banner").boundingBox();
  if (!toast || !siteHeader) return Number.NaN;
  return toast.y - (siteHeader.y + siteHeader.height);
}

describe("staff sign-in", () => {
  // On PGlite, the database a clinic gets by default: the staff's own flows end to end on it.
  const server = useStaffServer({ ...fastSubmissions }, [], { postgres: false });
  const context = useBrowser(desktop);

  it("shows the login screen, the first error as a toast, and signs an admin in", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await openAuth(page, server.url());
    expect(await heading(page)).toBe("Admin Login");
    expect(await page.getByRole("button", { name: "Need an account? Sign up" }).count()).toBe(1);

    // Nothing typed: the first rule's message only.
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toEqual(["Invalid email address"]);
    await fillAuth(page, "admin@clinic.test", "12345");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Password must be at least 6 characters");

    await fillAuth(page, admin.email, "wrong-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Invalid email or password");

    // A failure on the way (here, a proxy's bare 500) is the catalogue's unexpected error.
    await page.route("**/auth*", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, body: "" })
        : route.continue(),
    );
    await fillAuth(page, admin.email, admin.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("An unexpected error occurred");
    await page.unroute("**/auth*");

    // While the server answers, the button says so: the sign-in is held on its way until the
    // test has seen that.
    const signIn = holdRequests();
    await page.route("**/auth*", async (route) => {
      if (route.request().method() === "POST") await signIn.held();
      await route.continue();
    });
    await fillAuth(page, admin.email, admin.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    try {
      await expect.poll(signIn.reached, navigationWait).toBe(true);
      await expect
        .poll(() => page.locator("form button[type=submit]").textContent(), navigationWait)
        .toBe("Loading...");
    } finally {
      signIn.release();
    }
    await page.waitForURL(`${server.url()}/admin`, navigationWait);
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Logged in successfully");
    await expect.poll(() => heading(page), navigationWait).toBe("Appointment Dashboard");
    // The toast leaves the header's links usable: it comes in below the header, not over it.
    await expect.poll(() => toastBelowHeader(page), navigationWait).toBeGreaterThanOrEqual(0);

    // Signed in: Logout and the Admin link, no Book Now.
    await expect
      .poll(() => header(page).getByRole("button", { name: "Logout" }).count(), navigationWait)
      .toBe(1);
    expect(await header(page).getByRole("link", { name: "Admin" }).count()).toBe(1);
    expect(await header(page).getByRole("link", { name: "Book Now" }).count()).toBe(0);

    // A signed-in user who opens /auth goes to the dashboard.
    await page.goto(`${server.url()}/auth`);
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  it("logs out: the toast, the home page, the signed-out header, and the session is over", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    await waitForHydration(page);
    await expect
      .poll(() => header(page).getByRole("button", { name: "Logout" }).count(), navigationWait)
      .toBe(1);
    await header(page).getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url()}/`, navigationWait);
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Logged out successfully");
    await expect
      .poll(() => header(page).getByRole("link", { name: "Book Now" }).count(), navigationWait)
      .toBe(1);
    expect(await header(page).getByRole("link", { name: "Admin" }).count()).toBe(0);
    // The server ended the session: the dashboard sends the visitor to sign in.
    await page.goto(`${server.url()}/admin`);
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("says so when logout fails", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    await waitForHydration(page);
    await page.route("**/auth/logout", (route) => route.fulfill({ status: 500, body: "" }));
    await header(page).getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Failed to logout");
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  // The public pages are served without React (decision 040): their header is an island that
  // asks who is signed in, shows Admin and Logout, and logs out to the home page by a page load.
  it("on a page without React: the signed-in header from the hint, and Logout to home with the toast", async () => {
    const cookie = await signInCookie(server.url(), admin);
    await signedInAs(context(), server.url(), cookie);
    const page = await context().newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url()}/about`);
    await waitForHydration(page);
    expect(await islandPage(page)).toBe(true);
    await expect
      .poll(() => header(page).getByRole("button", { name: "Logout" }).count(), navigationWait)
      .toBe(1);
    expect(await header(page).getByRole("link", { name: "Admin" }).count()).toBe(1);
    expect(await header(page).getByRole("link", { name: "Book Now" }).count()).toBe(0);

    await header(page).getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url()}/`, navigationWait);
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Logged out successfully");
    await waitForHydration(page);
    expect(await islandPage(page)).toBe(true);
    expect(await header(page).getByRole("link", { name: "Book Now" }).count()).toBe(1);
    expect(await header(page).getByRole("link", { name: "Admin" }).count()).toBe(0);
    expect(await header(page).getByRole("button", { name: "Logout" }).count()).toBe(0);
    // Once: the next page has no toast.
    await page.reload();
    await waitForHydration(page);
    expect(await toastTitles(page)).toEqual([]);
    // The server ended the session.
    const state = await fetch(`${server.url()}/auth/state`, { headers: { cookie } });
    expect(await state.json()).toEqual({ signedIn: false, isAdmin: false, isTherapist: false });
    expect(errors).toEqual([]);
  });

  it("on a page without React: Logout without Admin for staff who are not admins, and a failed logout says so and stays", async () => {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), nonAdmin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/hi/blog`);
    await waitForHydration(page);
    expect(await islandPage(page)).toBe(true);
    const banner = page.getByRole("banner");
    await expect
      .poll(() => banner.getByRole("button", { name: "Logout" }).count(), navigationWait)
      .toBe(1);
    expect(await banner.getByRole("link", { name: "Admin" }).count()).toBe(0);
    expect(await banner.getByRole("link", { name: "अभी बुक करें" }).count()).toBe(0);
    await page.route("**/auth/logout", (route) => route.fulfill({ status: 500, body: "" }));
    await banner.getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Failed to logout");
    expect(new URL(page.url()).pathname).toBe("/hi/blog");
    expect(await banner.getByRole("button", { name: "Logout" }).count()).toBe(1);
  });

  it("on a page without React: a hint left without a session costs one request and shows the signed-out header", async () => {
    await context().clearCookies();
    await context().addCookies([{ name: signedInHintCookie, value: "1", url: server.url() }]);
    const requests = recordRequests(context());
    const page = await context().newPage();
    await page.goto(`${server.url()}/about`);
    await waitForHydration(page);
    expect(await islandPage(page)).toBe(true);
    expect(requests.filter((url) => url.includes("/auth"))).toEqual([`${server.url()}/auth/state`]);
    expect(await header(page).getByRole("link", { name: "Book Now" }).count()).toBe(1);
    expect(await header(page).getByRole("button", { name: "Logout" }).count()).toBe(0);
    // The server cleared the stale hint: the next page asks nothing.
    expect(await page.evaluate(() => document.cookie)).not.toContain(signedInHintCookie);
  });

  it("signs up, confirms, returns to login mode, and refuses the same address twice", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await openAuth(page, server.url());
    await page.getByRole("button", { name: "Need an account? Sign up" }).click();
    expect(await heading(page)).toBe("Create Admin Account");
    expect(await page.getByRole("button", { name: "Already have an account? Login" }).count()).toBe(
      1,
    );
    await fillAuth(page, "new.staff@clinic.test", "new-pass-1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Account created! Please login.");
    await expect.poll(() => heading(page), navigationWait).toBe("Admin Login");

    await page.getByRole("button", { name: "Need an account? Sign up" }).click();
    await fillAuth(page, "new.staff@clinic.test", "new-pass-1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("This email is already registered. Please login instead.");
  });

  it("shows Access Denied with 403 to a signed-in member of staff who is not an admin", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), nonAdmin);
    await expect.poll(() => heading(page), navigationWait).toBe("Access Denied");
    expect(await page.getByText("You don't have permission to access this page.").count()).toBe(1);
    const response = await page.goto(`${server.url()}/admin`);
    expect(response?.status()).toBe(403);
    await waitForHydration(page);
    await expect
      .poll(() => header(page).getByRole("button", { name: "Logout" }).count(), navigationWait)
      .toBe(1);
    expect(await header(page).getByRole("link", { name: "Admin" }).count()).toBe(0);
  });

  it("costs an anonymous visitor no request for the signed-in state", async () => {
    await context().clearCookies();
    const requests = recordRequests(context());
    const page = await context().newPage();
    await page.goto(`${server.url()}/`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "About Us" }).first().click();
    await page.waitForURL(`${server.url()}/about`, navigationWait);
    // Once its header's island has started, and so has asked if it asks at all: the load event
    // waitForURL waited for can come before it starts.
    await waitForHydration(page);
    expect(requests.filter((url) => url.includes("/auth"))).toEqual([]);
    expect(await header(page).getByRole("link", { name: "Book Now" }).count()).toBe(1);
  });

  it("sends a visitor who is not signed in to /auth, replacing the history entry", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await page.goto(`${server.url()}/about`);
    await page.goto(`${server.url()}/admin`);
    expect(new URL(page.url()).pathname).toBe("/auth");
    await page.goBack();
    // Back goes to the page before, not to /admin (which would send the visitor on again).
    await expect.poll(() => new URL(page.url()).pathname, navigationWait).toBe("/about");
  });

  it("shows a centred spinner while the session and role load", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    // Hold the page's scripts: what shows until they run is the guard's spinner.
    const scripts = holdRequests();
    await page.route("**/assets/**", async (route) => {
      await scripts.held();
      await route.continue();
    });
    await page.goto(`${server.url()}/admin`, { waitUntil: "commit" });
    try {
      await expect.poll(scripts.reached, navigationWait).toBe(true);
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "Loading" }).count(), navigationWait)
        .toBeGreaterThan(0);
    } finally {
      scripts.release();
    }
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe("Appointment Dashboard");
  });
});

// A server of its own: this test counts and sorts every request on it, which the other tests of
// the dashboard add to.
describe("the dashboard, with three requests", () => {
  const server = useStaffServer({ ...fastSubmissions, APPOINTMENT_RATE_LIMIT: "off" });
  const context = useBrowser(desktop);

  it("sorts by date and by status, and changes a status with Save, its toast and its timeline entry", async () => {
    for (const name of ["Asha First", "Bina Second", "Chitra Third"]) {
      expect((await postAppointment(server.url(), { ...validAppointment, name })).status).toBe(303);
    }
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    await waitForHydration(page);
    // The name links to the request's page (its markers follow: the three share a number).
    const names = () => page.locator("table tbody tr td:nth-child(2) > a").allTextContents();
    // Newest first by default.
    await expect.poll(names, navigationWait).toEqual(["Chitra Third", "Bina Second", "Asha First"]);
    expect(await page.getByLabel("Sort").inputValue()).toBe("date");
    const columns = await page.locator("table thead th").allTextContents();
    expect(columns).toEqual([
      "Date",
      "Name",
      "Phone",
      "Address",
      "Pincode",
      "Message",
      "Status",
      "Actions",
    ]);
    // The spec's date ("MMM dd, yyyy"), then the time in India and the age.
    expect(await page.locator("table tbody tr td:first-child").first().textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{2}, \d{4}\d{1,2}:\d{2} [AP]M · (just now|\d+ min ago)$/,
    );

    // A status is chosen in the row's dropdown and saved by its Save button.
    const statusOf = (name: string) =>
      page.getByRole("combobox", { name: `Status of ${name}'s request` });
    const saveStatusOf = (name: string) =>
      page.getByRole("button", { name: `Save status of ${name}'s request` });
    await statusOf("Bina Second").selectOption("contacted");
    await saveStatusOf("Bina Second").click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Status updated successfully");
    await statusOf("Asha First").selectOption("completed");
    await saveStatusOf("Asha First").click();
    await expect
      .poll(
        () => page.locator("tr", { hasText: "Asha First" }).locator("[data-status]").textContent(),
        navigationWait,
      )
      .toBe("completed");

    // The tab counts the requests still pending.
    await expect.poll(() => page.title(), navigationWait).toBe("(1) Appointment Dashboard");

    // Sort by Status: alphabetical on the value (completed, contacted, pending).
    await page.getByLabel("Sort").selectOption("status");
    await expect.poll(names, navigationWait).toEqual(["Asha First", "Bina Second", "Chitra Third"]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("status");

    // A status the server refuses (here, one that does not exist) says so.
    await statusOf("Chitra Third").evaluate((select) => {
      const option = document.createElement("option");
      option.value = "archived";
      option.textContent = "Archived";
      select.append(option);
    });
    await statusOf("Chitra Third").selectOption("archived");
    await saveStatusOf("Chitra Third").click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Failed to update status");

    // Who changed what, from what, to what: on the request's timeline (its page, from the name).
    const statusEntries = () =>
      page
        .locator('[data-timeline="status"]')
        .evaluateAll((items) => items.map((item) => item.textContent));
    await page.getByRole("link", { name: "Bina Second", exact: true }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Bina Second");
    expect(await statusEntries()).toEqual([
      expect.stringContaining(`Status pending → contacted by ${admin.email}`),
    ]);
    // The refused change left none.
    await page.goBack();
    await page.getByRole("link", { name: "Chitra Third", exact: true }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Chitra Third");
    expect(await statusEntries()).toEqual([]);
  });
});

describe("the dashboard", () => {
  const server = useStaffServer({ ...fastSubmissions, APPOINTMENT_RATE_LIMIT: "off" });
  const context = useBrowser(desktop);

  it("exports the current search as a file from the Export CSV button, formulas neutralised", async () => {
    for (const name of ["Export =Sum(A1)", "Export Urdu محمد علی", "Someone Else"]) {
      const sent = await postAppointment(server.url(), { ...validAppointment, name });
      expect(sent.status).toBe(303);
    }
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    await waitForHydration(page);
    await page.getByLabel("Search name, phone, address or pincode").fill("Export");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.locator("table tbody tr").count(), navigationWait).toBe(2);
    // Names are shown isolated: right-to-left text cannot move what is around it.
    expect(await page.locator("table tbody bdi", { hasText: "محمد علی" }).count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download", navigationWait),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^appointments-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe(
      "Date (India),Name,Phone,Address,Pincode,Message,Status,E-mail notification,Received (India time),First contacted at,Completed at,Owner,Repeat count,Junk,First contacted by,Hours to first contact,District,Area,Channel,Landing page,Sent from,Referrer,UTM source,UTM medium,UTM campaign,Click id type,Click id,Language",
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes(",Export Urdu محمد علی,"))).toBe(true);
    expect(lines.some((line) => line.includes(",Export =Sum(A1),"))).toBe(true);
    // An = inside a name after a space starts no cell: the name stays as typed.
    // The dashboard is still there: a download does not navigate away.
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  it("shows a new request on an open dashboard within 2 seconds, without a reload", async () => {
    await context().clearCookies();
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    await waitForHydration(page);
    await expect
      .poll(
        () => page.getByText("Live: new requests appear here by themselves").count(),
        navigationWait,
      )
      .toBe(1);
    const marker = await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);
    const sentAt = Date.now();
    await postAppointment(server.url(), { ...validAppointment, name: "Live Arrival" });
    await expect
      .poll(() => page.locator("tr", { hasText: "Live Arrival" }).count(), {
        timeout: 2_000,
        interval: 50,
      })
      .toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });
});

describe("an empty dashboard, on a phone", () => {
  const server = useStaffServer();
  const context = useBrowser(phone);

  it("says there are no appointments yet", async () => {
    const page = await context().newPage();
    await signIn(page, server.url(), admin);
    await expect.poll(() => heading(page), navigationWait).toBe("Appointment Dashboard");
    await expect.poll(() => page.getByText("No appointments yet").count(), navigationWait).toBe(1);
    // The mobile menu holds the Admin link and Logout too, and its button can be pressed while
    // "Logged in successfully" is up: the toast sits below the header, not over it.
    await waitForHydration(page);
    expect(await toastTitles(page)).toContain("Logged in successfully");
    await expect.poll(() => toastBelowHeader(page), navigationWait).toBeGreaterThanOrEqual(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect
      .poll(() => menu.getByRole("link", { name: "Admin" }).count(), navigationWait)
      .toBe(1);
    expect(await menu.getByRole("button", { name: "Logout" }).count()).toBe(1);
    await menu.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url()}/`, navigationWait);
    await expect.poll(() => menu.isVisible()).toBe(false);
  });

  it("on a page without React, holds Admin and Logout in the menu, and Logout goes to the Hindi home", async () => {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/hi/about`);
    await waitForHydration(page);
    expect(await islandPage(page)).toBe(true);
    await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
    const menu = page.locator("#mobile-menu");
    await expect
      .poll(() => menu.getByRole("link", { name: "Admin" }).count(), navigationWait)
      .toBe(1);
    expect(await menu.getByRole("link", { name: "अभी बुक करें" }).count()).toBe(0);
    await menu.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url()}/hi`, navigationWait);
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Logged out successfully");
    await waitForHydration(page);
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
    expect(await menu.getByRole("link", { name: "अभी बुक करें" }).count()).toBe(1);
    expect(await menu.getByRole("link", { name: "Admin" }).count()).toBe(0);
  });
});
