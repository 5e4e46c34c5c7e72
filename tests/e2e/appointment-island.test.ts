// The appointment form's island on the contact page, in Chromium against the production server.
// On the page as served (an island page: no React Router in the browser) the island sends to the
// form's JSON address and reads every answer: a request that never reaches us, and an answer that
// is not the form's (a proxy's page), are the catalogue's unexpected error, the typed values kept;
// the server's own messages appear under their fields; a request that went through is one
// conversion for the ad account. The address itself over HTTP: JSON for our pages, 403 for
// another site's, 405 for another method. And the contact page a staff member opens from the
// dashboard, which React Router hands to the browser: the same island page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  besidesRefusal,
  fill,
  formValues,
  openForm,
  send,
  shownErrors,
  shownToasts,
  submitButton,
  toast,
} from "#tests/e2e/appointment-page.ts";
import {
  catalogue,
  fastSubmissions,
  useAppointmentServer,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import {
  navigationWait,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

/** The POSTs the page makes, by path. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

/** The form as the person left it: every value, the button ready, no refusal at its top. */
async function expectFormKept(page: Page, name: string) {
  expect(await formValues(page)).toEqual([
    name,
    validAppointment.phone,
    validAppointment.address,
    validAppointment.pincode,
    validAppointment.message,
  ]);
  expect(await submitButton(page).textContent()).toBe("Send Request");
  expect(await submitButton(page).isEnabled()).toBe(true);
  expect(await page.getByRole("alert").count()).toBe(0);
}

describe("the appointment form's island", () => {
  const server = useAppointmentServer(() => ({ ...fastSubmissions }));
  const context = useBrowser(phone);

  /** /contact as served, its island started; React Router's client runtime never loaded. */
  async function openIslandForm(page: Page) {
    await openForm(page, server.url());
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  }

  it("says the unexpected error when the request never reaches us, and keeps what was typed", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    const posts = recordPosts(page);
    await openIslandForm(page);
    await page.route("**/contact/send", (route) => route.abort("internetdisconnected"));
    await fill(page, { ...validAppointment, name: "Offline Patient" });
    await send(page);
    await expect
      .poll(() => shownToasts(page), navigationWait)
      .toEqual([toast(catalogue.unexpected)]);
    await expectFormKept(page, "Offline Patient");
    expect(posts).toEqual(["/contact/send"]);
    // Chromium's own line about the failed request is the only error.
    expect(errors.filter((error) => !error.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
    expect((await server.storedAppointments()).map(({ name }) => name)).not.toContain(
      "Offline Patient",
    );
  });

  it("reports one conversion to the ad account for a request that went through", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    // The page as a site with an ad account serves it: its conversion in the islands' data.
    await page.route(`${server.url()}/contact`, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      delete headers["content-encoding"];
      delete headers["content-length"];
      const body = (await response.text()).replace(
        '"analyticsIds":[]',
        '"analyticsIds":[],"adsConversionId":"AW-123/AbC"',
      );
      await route.fulfill({ status: response.status(), headers, body });
    });
    await openIslandForm(page);
    await fill(page, { ...validAppointment, name: "Converted Patient" });
    await send(page);
    await expect
      .poll(() => shownToasts(page), { timeout: 10_000 })
      .toEqual([toast(catalogue.sent)]);
    const conversions = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((command) => command[0] === "event" && command[1] === "conversion")
        .map((command) => command[2]),
    );
    expect(conversions).toEqual([{ send_to: "AW-123/AbC", value: 1, currency: "INR" }]);
    // gtag.js itself is not this site's to load: its CSP, set for a site without analytics, says so.
    expect(errors.filter((error) => !error.includes("googletagmanager.com"))).toEqual([]);
  });

  it("says the unexpected error for an answer that is not the form's, such as a proxy's page", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openIslandForm(page);
    await page.route("**/contact/send", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
    );
    await fill(page, { ...validAppointment, name: "Proxy Patient" });
    await send(page);
    await expect
      .poll(() => shownToasts(page), navigationWait)
      .toEqual([toast(catalogue.unexpected)]);
    await expectFormKept(page, "Proxy Patient");
    expect(besidesRefusal(errors, 502)).toEqual([]);
  });

  it("shows the server's messages under their fields when it refuses what the browser let through", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openIslandForm(page);
    // What the page checked is not what arrives: the server checks again, with the same rules.
    await page.route("**/contact/send", (route) => {
      const sent = new URLSearchParams(route.request().postData() ?? "");
      sent.set("pincode", "12");
      sent.set("phone", "98765");
      return route.continue({ postData: sent.toString() });
    });
    await fill(page, { ...validAppointment, name: "Changed On The Way" });
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await send(page);
    expect((await answer).status()).toBe(400);
    await expect
      .poll(() => shownErrors(page), navigationWait)
      .toEqual({
        phone: "Phone number must be at least 10 digits",
        pincode: "Pin code must be 6 digits",
      });
    expect(await page.locator("#pincode").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#pincode").getAttribute("aria-describedby")).toBe(
      "pincode-error pincode-hint",
    );
    expect(await shownToasts(page)).toEqual([]);
    expect(await submitButton(page).textContent()).toBe("Send Request");
    expect(besidesRefusal(errors, 400)).toEqual([]);
    expect((await server.storedAppointments()).map(({ name }) => name)).not.toContain(
      "Changed On The Way",
    );
  });
});

describe("the form's JSON address over HTTP", () => {
  const server = useAppointmentServer(() => ({ APPOINTMENT_MIN_FILL_SECONDS: "0" }));
  const post = (path: string, fields: Record<string, string>, origin = server.url()) =>
    fetch(server.url() + path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin, accept: "application/json" },
      redirect: "manual",
    });

  it("answers a POST from our pages with JSON, in the page's language, and takes nothing else", async () => {
    const sent = await post("/hi/contact/send", {
      ...validAppointment,
      name: "Over Http",
      js: "1",
    });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("content-type")).toContain("application/json");
    expect(sent.headers.get("cache-control")).toBe("no-store");
    expect(await sent.json()).toMatchObject({ status: "sent", reference: expect.any(String) });

    const invalid = await post("/contact/send", { ...validAppointment, pincode: "1" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      status: "invalid",
      errors: { pincode: "Pin code must be 6 digits" },
    });

    // Another site's page cannot send it in a visitor's name (server/request-guards.ts).
    const foreign = await post("/contact/send", validAppointment, "https://elsewhere.example");
    expect(foreign.status).toBe(403);
    for (const method of ["GET", "PUT"]) {
      const other = await fetch(`${server.url()}/contact/send`, {
        method,
        headers: { origin: server.url() },
      });
      expect(other.status, method).toBe(405);
      expect(other.headers.get("allow"), method).toContain("POST");
    }
    const stored = await server.storedAppointments();
    expect(stored.map(({ name, language }) => ({ name, language }))).toEqual([
      { name: "Over Http", language: "hi" },
    ]);
  });
});

describe("the appointment form a staff member reaches from the dashboard", () => {
  const server = useStaffServer(() => ({ ...fastSubmissions }));
  const context = useBrowser(phone);

  it("is the island's: the page is loaded as a document and the form sends to its JSON address", async () => {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    const errors = watchErrors(page);
    const posts = recordPosts(page);
    await page.goto(`${server.url()}/admin`);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    // To the contact page through the header's menu: React Router hands it to the browser.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Contact", exact: true }).click();
    await page.waitForURL(`${server.url()}/contact`, navigationWait);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

    await fill(page, { ...validAppointment, name: "Sent By Staff" });
    await send(page);
    await expect
      .poll(() => shownToasts(page), { timeout: 10_000 })
      .toEqual([toast(catalogue.sent)]);
    const panel = page.getByRole("region", { name: catalogue.sent[0] });
    const reference = (await panel.locator("[data-reference]").textContent()) ?? "";
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(page.url()).toBe(`${server.url()}/contact/received?ref=${reference}`);
    expect(await formValues(page)).toEqual(["", "", "", "", ""]);
    expect(posts).toEqual(["/contact/send"]);
    expect(errors).toEqual([]);
  });
});
