// The appointment form on /contact, in Chromium, against the production server: every row of the
// spec's validation table (section 5) with its exact message, the states of the form, the toasts
// of the error catalogue (section 8) word for word, what is stored, the refusals of bots, and the
// same form without JavaScript (Post/Redirect/Get). With JavaScript the address becomes the
// confirmation's too, so that a reload or a way back shows it.
import { parse } from "node-html-parser";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#scripts/production-server.ts";
import {
  besidesRefusal,
  expectEachRuleShown,
  type Field,
  fields,
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
  postAppointment,
  useAppointmentServer,
  useSmtpServer,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import {
  disableJavaScript,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";

/** Each row of the validation table: a value that breaks one rule, and the message it must show. */
const refusedValues: [field: Field, value: string, message: string][] = [
  ["name", "", "Name is required"],
  ["name", "    ", "Name is required"],
  ["name", "a".repeat(101), "Name must be less than 100 characters"],
  ["phone", "987654321", "Phone number must be at least 10 digits"],
  ["phone", "  987654321  ", "Phone number must be at least 10 digits"],
  ["phone", "9".repeat(16), "Phone number must be less than 15 digits"],
  [
    "phone",
    "abcdefghij",
    "Phone number may contain only digits, spaces, dashes, brackets and a leading +",
  ],
  ["phone", "+91 (987) 654", "Phone number must be at least 10 digits"],
  ["name", "\u200b\u200b\u200b", "Name is required"],
  ["address", "H-12", "Address is required"],
  ["address", "   H-12   ", "Address is required"],
  ["address", "a".repeat(201), "Address must be less than 200 characters"],
  ["pincode", "12345", "Pin code must be 6 digits"],
  ["pincode", "12a456", "Pin code must be numeric"],
  ["message", "a".repeat(1001), "Message must be less than 1000 characters"],
];

/** Every field at its upper limit once trimmed, with spaces around it that are not counted. */
const highLimits = {
  name: ` ${"Upper Limits ".padEnd(100, "u")} `,
  phone: "  +91 98765 43210  ",
  address: `  ${"Flat 4, ".padEnd(200, "a")}  `,
  pincode: "122002",
  message: `  ${"Please come after ten. ".padEnd(1000, "m")}  `,
};
/** Every field at its lower limit (the message left empty), digits typed on a Hindi keyboard. */
const lowLimits = {
  name: "L",
  phone: "९८७६५४३२१०",
  address: "Flat1",
  pincode: "११०००१",
  message: "",
};

/** Devanagari digits as the ASCII digits they are. */
const ascii = (value: string) =>
  value.replace(/[०-९]/g, (digit) => String("०१२३४५६७८९".indexOf(digit)));

const trimmed = (values: Record<Field, string>) => ({
  name: values.name.trim(),
  phone: ascii(values.phone.trim()),
  address: values.address.trim(),
  pincode: ascii(values.pincode.trim()),
  message: values.message.trim() || null,
});

describe("the appointment form", () => {
  const smtp = useSmtpServer();
  const server = useAppointmentServer(() => ({ ...fastSubmissions, SMTP_URL: smtp().url }));
  const context = useBrowser(phone);

  it("shows each rule of the validation table under its field, linked to it, and sends nothing", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await openForm(page, server.url());
    await fill(page, validAppointment);
    await expectEachRuleShown(page, refusedValues);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("clears a field's error as soon as something is typed in it, and only that field's", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    await send(page);
    await expect
      .poll(() => shownErrors(page))
      .toEqual({
        name: "Name is required",
        phone: "Phone number must be at least 10 digits",
        address: "Address is required",
        pincode: "Pin code must be 6 digits",
      });
    expect(await page.locator("#name").getAttribute("aria-describedby")).toBe("name-error");
    expect(await page.locator("#pincode").getAttribute("aria-describedby")).toBe(
      "pincode-error pincode-hint",
    );
    expect(await page.locator("#message").getAttribute("aria-describedby")).toBeNull();

    await page.locator("#phone").pressSequentially("9");
    await expect
      .poll(() => shownErrors(page))
      .toEqual({
        name: "Name is required",
        address: "Address is required",
        pincode: "Pin code must be 6 digits",
      });
    expect(await page.locator("#phone").getAttribute("aria-describedby")).toBeNull();
    await page.locator("#address").pressSequentially("H");
    await page.locator("#name").pressSequentially("A");
    await page.locator("#pincode").pressSequentially("1");
    await expect.poll(() => shownErrors(page)).toEqual({});
    expect(errors).toEqual([]);
  });

  it("takes at most 6 characters in the PIN code, with the numeric keypad", async () => {
    const page = await context().newPage();
    await openForm(page, server.url());
    const pincode = page.locator("#pincode");
    expect(await pincode.getAttribute("inputmode")).toBe("numeric");
    expect(await pincode.getAttribute("maxlength")).toBe("6");
    await pincode.pressSequentially("12200234");
    expect(await pincode.inputValue()).toBe("122002");
    await expect
      .poll(() => page.locator("#pincode-hint").textContent())
      .toBe("Good news: this looks like Gurugram, where we visit.");
  });

  it("accepts every field at both of its limits and stores the values trimmed", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    for (const values of [highLimits, lowLimits]) {
      await fill(page, values);
      await send(page);
      await expect.poll(() => formValues(page), { timeout: 10_000 }).toEqual(["", "", "", "", ""]);
      expect(await shownErrors(page)).toEqual({});
    }
    await expect
      .poll(() => shownToasts(page))
      .toEqual([toast(catalogue.sent), toast(catalogue.sent)]);
    expect(errors).toEqual([]);

    const stored = await server.storedAppointments();
    const ours = stored.filter(({ name }) => name === highLimits.name.trim() || name === "L");
    expect(
      ours.map(({ name, phone, address, pincode, message, status }) => ({
        name,
        phone,
        address,
        pincode,
        message,
        status,
      })),
    ).toEqual([
      { ...trimmed(highLimits), status: "pending" },
      { ...trimmed(lowLimits), status: "pending" },
    ]);
    expect(ours[0]?.name).toHaveLength(100);
    expect(ours[0]?.address).toHaveLength(200);
    expect(ours[0]?.message).toHaveLength(1000);
  });

  it('reads "Sending..." while the request is under way, then shows the success toast, clears the form and stores the request', async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    const values = { ...validAppointment, name: "Sending Test", message: "Knee surgery last week" };
    await fill(page, values);
    // The staff e-mail is waited for (briefly) before the answer: a mail server that holds it
    // until this test has seen the form while the request is under way.
    const mail = smtp().hold();
    try {
      await send(page);
      await expect.poll(mail.arrived, { timeout: 10_000, interval: 10 }).toBe(true);
      await expect.poll(() => submitButton(page).textContent()).toBe("Sending...");
      expect(await submitButton(page).isDisabled()).toBe(true);
      expect(await shownToasts(page)).toEqual([]);
    } finally {
      mail.release();
    }
    await expect
      .poll(() => shownToasts(page), { timeout: 10_000 })
      .toEqual([toast(catalogue.sent)]);
    expect(await submitButton(page).textContent()).toBe("Send Request");
    expect(await submitButton(page).isEnabled()).toBe(true);
    expect(await formValues(page)).toEqual(["", "", "", "", ""]);
    expect(await page.locator("#pincode-hint").textContent()).toBe("");
    expect(errors).toEqual([]);

    expect(smtp().messages.filter((message) => message.includes("Sending Test"))).toHaveLength(1);
    const stored = await server.storedAppointments();
    expect(stored.filter(({ name }) => name === "Sending Test")).toMatchObject([
      { ...trimmed(values), status: "pending" },
    ]);
  });

  it("keeps the confirmation through a reload, a way on and back, after a send with JavaScript", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await openForm(page, server.url());
    await fill(page, { ...validAppointment, name: "Reload After Send" });
    await send(page);
    const panel = page.getByRole("region", { name: catalogue.sent[0] });
    await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(true);
    const reference = (await panel.locator("[data-reference]").textContent()) ?? "";
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    // The address is the confirmation's, as without JavaScript; the cleared form is still here.
    expect(page.url()).toBe(`${server.url()}/contact/received?ref=${reference}`);
    expect(await formValues(page)).toEqual(["", "", "", "", ""]);

    /** The confirmation's heading and reference, as the page shows them. */
    const confirmation = () =>
      page.evaluate(() => ({
        heading: document.querySelector("h1")?.textContent,
        reference: document.querySelector("[data-reference]")?.textContent,
      }));
    const expected = { heading: catalogue.sent[0], reference };
    expect((await page.reload())?.status()).toBe(200);
    expect(await confirmation()).toEqual(expected);
    await waitForHydration(page);
    // On to the home page by its link, and back: the confirmation again, not an empty form.
    await page.getByRole("link", { name: "Return to Home", exact: true }).click();
    await page.waitForURL(`${server.url()}/`);
    await page.goBack();
    await page.waitForURL(`${server.url()}/contact/received?ref=${reference}`);
    await expect.poll(confirmation, { timeout: 10_000 }).toEqual(expected);
    // Sent once (through the form's JSON address): neither the reload nor the way back sent it again.
    expect(posts).toEqual(["/contact/send"]);
    const stored = await server.storedAppointments();
    expect(stored.filter(({ name }) => name === "Reload After Send")).toMatchObject([
      { reference },
    ]);
    expect(errors).toEqual([]);
  });

  // A browser of its own: a page's clock is its context's, and stays 30 s ahead after this test,
  // which the start time the form sends would carry into the tests after it.
  describe("with the clock in the test's hands", () => {
    const context = useBrowser(phone);

    it("keeps the confirmation, with the request's reference, a call and a chat, long after the toast has gone", async () => {
      const page = await context().newPage();
      const errors = watchErrors(page);
      // The page's clock is the test's: thirty seconds pass without being waited for.
      await page.clock.install();
      await openForm(page, server.url());
      await fill(page, { ...validAppointment, name: "Confirmation Stays" });
      await send(page);
      await expect
        .poll(() => shownToasts(page), { timeout: 10_000 })
        .toEqual([toast(catalogue.sent)]);
      const panel = page.getByRole("region", { name: catalogue.sent[0] });
      await page.clock.runFor(30_000);
      expect(await shownToasts(page)).toEqual([]);
      expect(await panel.isVisible()).toBe(true);

      const [stored] = (await server.storedAppointments()).filter(
        ({ name }) => name === "Confirmation Stays",
      );
      const reference = stored?.reference ?? "missing";
      expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
      expect(await panel.locator("[data-reference]").textContent()).toBe(reference);
      expect(await panel.textContent()).toContain(catalogue.sent[1]);
      expect(await panel.textContent()).toContain(
        "We will call you from +91 98765 43210 within 24 hours, between 9:00 AM and 7:00 PM.",
      );
      expect(await panel.getByRole("link", { name: /^Call us now/ }).getAttribute("href")).toBe(
        "tel:+919876543210",
      );
      expect(await panel.getByRole("link", { name: "WhatsApp us" }).getAttribute("href")).toBe(
        `https://wa.me/919876543210?text=${encodeURIComponent(`Hello, I sent a home-visit request. My reference is ${reference}.`)}`,
      );
      // Another request: the form is there, cleared, and the button takes her to its first field.
      expect(await formValues(page)).toEqual(["", "", "", "", ""]);
      await panel.getByRole("button", { name: "Send another request" }).click();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
      expect(errors).toEqual([]);
    });
  });

  describe("without JavaScript", () => {
    it("stores a valid request and answers 303 to a confirmation that a reload never sends again", async () => {
      const page = await context().newPage();
      await disableJavaScript(page);
      const errors = watchErrors(page);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${server.url()}/contact`);
      // Nothing hydrated: the form is the server's HTML alone.
      expect(await page.locator('input[name="js"]').inputValue()).toBe("");
      const values = { ...validAppointment, name: "No Script Patient", message: "Stroke, 2020" };
      await fill(page, values);
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await send(page);
      const response = await answer;
      expect(response.status()).toBe(303);
      const location = (await response.headerValue("location")) ?? "";
      expect(location).toMatch(/^\/contact\/received\?ref=[2-9A-HJKMNP-Z]{6}$/);
      await page.waitForURL(`${server.url()}${location}`);
      const heading = page.getByRole("heading", { level: 1 });
      expect(await heading.textContent()).toBe(catalogue.sent[0]);
      expect(await page.getByText(catalogue.sent[1]).count()).toBe(1);
      const shownReference = await page.locator("[data-reference]").textContent();

      const reload = await page.reload();
      expect(reload?.status()).toBe(200);
      expect(await heading.textContent()).toBe(catalogue.sent[0]);
      expect(posts).toEqual(["/contact"]);
      expect(errors).toEqual([]);

      const stored = await server.storedAppointments();
      const mine = stored.filter(({ name }) => name === "No Script Patient");
      expect(mine).toMatchObject([trimmed(values)]);
      // The reference shown (and in the address) is the stored request's.
      expect(shownReference).toBe(mine[0]?.reference);
      expect(location).toBe(`/contact/received?ref=${mine[0]?.reference}`);
    });

    it("answers invalid input with 400, the messages under the fields and the typed values kept", async () => {
      const page = await context().newPage();
      await disableJavaScript(page);
      const errors = watchErrors(page);
      await page.goto(`${server.url()}/contact`);
      const typed = {
        name: "b".repeat(101),
        phone: "98765",
        address: "H-12",
        pincode: "12a456",
        message: "c".repeat(1001),
      };
      await fill(page, typed);
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      const loaded = page.waitForEvent("load");
      await send(page);
      expect((await answer).status()).toBe(400);
      await loaded;
      expect(await shownErrors(page)).toEqual({
        name: "Name must be less than 100 characters",
        phone: "Phone number must be at least 10 digits",
        address: "Address is required",
        pincode: "Pin code must be numeric",
        message: "Message must be less than 1000 characters",
      });
      expect(await formValues(page)).toEqual(fields.map((field) => typed[field]));
      expect(besidesRefusal(errors, 400)).toEqual([]);
      for (const field of fields) {
        const input = page.locator(`#${field}`);
        expect(await input.getAttribute("aria-invalid")).toBe("true");
        expect(await input.getAttribute("aria-describedby")).toContain(`${field}-error`);
      }
    });

    it("is checked again on the server, rule by rule, whatever the browser did", async () => {
      for (const [field, value, message] of refusedValues) {
        const response = await postAppointment(server.url(), {
          ...validAppointment,
          [field]: value,
        });
        expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        const html = parse(await response.text());
        expect(html.querySelector(`#${field}-error`)?.textContent).toBe(message);
        expect(html.querySelectorAll('[id$="-error"]')).toHaveLength(1);
        expect(html.querySelector(`#${field}`)?.getAttribute("aria-describedby")).toContain(
          `${field}-error`,
        );
      }
    });
  });
});

describe("the appointment form with the mail server down", () => {
  // A port nothing listens on, found before the server starts (hooks run in order).
  let deadPort = 0;
  beforeAll(async () => {
    deadPort = await freePort();
  });
  const server = useAppointmentServer(() => ({
    ...fastSubmissions,
    SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
    // The retries are the outbox's business, not this test's.
    MAIL_RETRY_BASE_SECONDS: "3600",
  }));
  const context = useBrowser(phone);

  it('shows the "Note" toast, treats the request as sent, and stores it', async () => {
    expect(deadPort).toBeGreaterThan(0);
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    const values = { ...validAppointment, name: "Mail Down Patient" };
    await fill(page, values);
    await send(page);
    await expect
      .poll(() => shownToasts(page), { timeout: 10_000 })
      .toEqual([toast(catalogue.notifyLater)]);
    expect(await formValues(page)).toEqual(["", "", "", "", ""]);
    expect(errors).toEqual([]);

    // Without JavaScript the confirmation says the same.
    const response = await postAppointment(server.url(), {
      ...validAppointment,
      name: "Mail Down No Script",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/contact\/received\?ref=[2-9A-HJKMNP-Z]{6}&mail=later$/);
    const confirmation = await page.goto(`${server.url()}${location}`);
    expect(confirmation?.status()).toBe(200);
    expect(await page.getByText(catalogue.notifyLater[1]).count()).toBe(1);

    const stored = await server.storedAppointments();
    expect(stored.map(({ name }) => name)).toEqual(["Mail Down Patient", "Mail Down No Script"]);
  });
});

describe("the appointment form's refusals", () => {
  // The defaults' fill time (3 s), and a limit of one request per client.
  const server = useAppointmentServer(() => ({ APPOINTMENT_RATE_LIMIT: "1/10m" }));
  const context = useBrowser(phone);
  const call = "call us on +91 98765 43210";

  async function refusedWith(page: Page, status: number, message: string) {
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await send(page);
    expect((await answer).status()).toBe(status);
    await expect
      .poll(() => shownToasts(page), { timeout: 10_000 })
      .toEqual([{ title: "Error", description: message }]);
    expect(await page.getByRole("alert").textContent()).toBe(message);
    // Nothing typed is lost: the person can press send again.
    expect(await page.locator("#name").inputValue()).toBe(validAppointment.name);
  }

  it("refuses a form sent quicker than a person can fill it", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    await fill(page, validAppointment);
    // As if the form had become usable this very moment: a machine slow enough to take the 3 s
    // to open and fill it would otherwise send it past the fill time, and it would be stored
    //. The server still judges the time it was sent against it.
    await page.locator("input[name=startedAt]").evaluate((input: HTMLInputElement) => {
      input.value = String(Date.now());
    });
    await refusedWith(
      page,
      400,
      "That was quicker than we expected. Please check your details and press send again.",
    );
    expect(besidesRefusal(errors, 400)).toEqual([]);
  });

  it("refuses a form whose hidden field was filled in (a bot's)", async () => {
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    await fill(page, validAppointment);
    await page.locator("#website").evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await refusedWith(
      page,
      400,
      `We could not accept this request. Please press send again, or ${call}.`,
    );
    expect(besidesRefusal(errors, 400)).toEqual([]);
  });

  it("answers 429 past the rate limit, says what to do, and stores only what it accepted", async () => {
    const accepted = await postAppointment(server.url(), { ...validAppointment, name: "First" });
    expect(accepted.status).toBe(303);
    const page = await context().newPage();
    const errors = watchErrors(page);
    await openForm(page, server.url());
    await fill(page, validAppointment);
    // Past the fill time (the defaults' 3 s since the form's script wrote its start time), so
    // that it is the limit that refuses.
    await page.waitForFunction(
      () => {
        const startedAt = document.querySelector<HTMLInputElement>("input[name=startedAt]")?.value;
        return Boolean(startedAt) && Date.now() - Number(startedAt) >= 3_000;
      },
      undefined,
      { polling: 100, timeout: 10_000 },
    );
    await refusedWith(
      page,
      429,
      `We have received several requests from your connection. Please try again in 10 minutes, or ${call} and we will book you in.`,
    );
    expect(besidesRefusal(errors, 429)).toEqual([]);

    const stored = await server.storedAppointments();
    expect(stored.map(({ name }) => name)).toEqual(["First"]);
  });
});
