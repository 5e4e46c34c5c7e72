// A person's rights in Chromium (issue 18): on a request's page an admin downloads what is held
// about the person, then erases every request from their number behind a confirmation that names
// how many; the pages and the dashboard's rows then read "Personal data erased on …" and show none
// of their details, while another person's request is as it was. The privacy-requests list
// records a request by reference and marks it answered. No axe violations on either screen.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  desktop,
  navigationWait,
  signedInAs,
  toastTitles,
  useBrowser,
  waitForHydration,
} from "#tests/e2e/browser.ts";
import { admin, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

const person = [
  { ...validAppointment, name: "Prabhleen Quorra", phone: "98111 22333", message: "Hip pain" },
  {
    ...validAppointment,
    name: "Prabhleen Quorra",
    phone: "+91 98111-22333",
    address: "Flat 2, Lotus Court, Sector 50",
  },
];
const other = { ...validAppointment, name: "Oswin Tarrant", phone: "98444 55666" };
/** The privacy-requests list's test has a request of its own; the erasure's sees it stay too. */
const asker = { ...validAppointment, name: "Tamsin Rook", phone: "98444 77888" };

const erasedLine = /^Personal data erased on [A-Z][a-z]{2} \d{2}, \d{4}$/;

// Each block on a server of its own: the erasure's dashboard counts every request on it.
describe("the privacy-requests list", () => {
  const server = useStaffServer({ ...fastSubmissions });
  const context = useBrowser(desktop);

  it("records a privacy request by reference, shows it due, and marks it answered; no axe violations", async () => {
    expect((await postAppointment(server.url(), asker)).status).toBe(303);
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/admin?q=Rook`);
    await waitForHydration(page);
    const row = page.locator("table tbody tr").first();
    await expect.poll(() => row.count(), navigationWait).toBe(1);
    const id = (await row.getAttribute("data-appointment")) ?? "";
    await page.goto(`${server.url()}/admin/appointments/${id}`);
    await waitForHydration(page);
    const reference = (await page.locator("h1 + div strong.font-mono").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^[2-9A-Z]{6}$/);
    // The Privacy section, both of its folds open.
    for (const fold of ["Correct the details", "Erase the personal data…"]) {
      await page.getByText(fold, { exact: true }).click();
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url()}/admin/privacy-requests`);
    await waitForHydration(page);
    await page.getByLabel("What they asked for").selectOption("access");
    await page.getByLabel("How it came").selectOption("whatsapp");
    await page.getByLabel(/References of their requests/).fill(reference.toLowerCase());
    await page.getByRole("button", { name: "Record request" }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Privacy request recorded");
    const open = page.locator("[data-open-requests] > li");
    await expect.poll(() => open.count(), navigationWait).toBe(1);
    const text = (await open.textContent()) ?? "";
    expect(text).toContain("Access (what we hold)");
    expect(text).toContain("WhatsApp");
    expect(text).toContain(reference);
    expect(text).toMatch(/Due [A-Z][a-z]{2} \d{2}, \d{4}/);
    // Once the toast has gone (axe reads its fade-in as low contrast).
    await expect.poll(() => toastTitles(page), { timeout: 15_000, interval: 100 }).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await open.getByLabel("How it was answered").fill("File sent by WhatsApp");
    await open.getByRole("button", { name: "Mark as answered" }).click();
    const done = page.locator("[data-done-requests] > li");
    await expect.poll(() => done.count(), navigationWait).toBe(1);
    expect(await done.textContent()).toContain(`File sent by WhatsApp`);
    expect(await done.textContent()).toContain(`by ${admin.email}`);
    expect(await page.getByText("Nothing to answer.").count()).toBe(1);
  });
});

describe("a person's rights on the request's page", () => {
  const server = useStaffServer({ ...fastSubmissions });
  const context = useBrowser(desktop);

  it("downloads what is held, then erases every request from the number once confirmed", async () => {
    for (const request of [asker, ...person, other]) {
      expect((await postAppointment(server.url(), request)).status).toBe(303);
    }
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    await page.goto(`${server.url()}/admin?q=Quorra`);
    await waitForHydration(page);
    const rows = page.locator("table tbody tr");
    await expect.poll(() => rows.count(), navigationWait).toBe(2);
    const ids = await rows.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute("data-appointment") ?? ""),
    );
    await page.goto(`${server.url()}/admin/appointments/${ids[0]}`);
    await waitForHydration(page);
    const privacy = page.getByRole("region", { name: "Privacy" });

    // The file of both requests: each one's details, as the family would read them.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      privacy.getByRole("link", { name: /all requests from this number \(2\)/ }).click(),
    ]);
    const text = readFileSync((await download.path()) ?? "", "utf8");
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.txt$/);
    for (const value of ["Prabhleen Quorra", "Hip pain", "Flat 2, Lotus Court, Sector 50"]) {
      expect(text).toContain(value);
    }
    expect(text).toContain("2 requests");
    expect(text).not.toContain(other.name);

    // The erasure waits behind its confirmation, which names how many.
    const erase = privacy.getByRole("button", { name: "Erase 2 requests" });
    expect(await erase.isVisible()).toBe(false);
    await privacy.getByText("Erase the personal data…").click();
    await expect
      .poll(() => privacy.locator('[data-erase="number"]').textContent(), navigationWait)
      .toContain("of 2 requests");
    await erase.click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Personal data of 2 requests erased");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toMatch(erasedLine);
    expect(await page.locator("main").textContent()).not.toContain("Prabhleen");

    // The other request from the number: erased too. The dashboard: two erased rows, and the others.
    await page.goto(`${server.url()}/admin/appointments/${ids[1]}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(erasedLine);
    await page.goto(`${server.url()}/admin`);
    await waitForHydration(page);
    const links = page.locator("table tbody tr td:nth-child(2) > a");
    await expect.poll(() => links.count(), navigationWait).toBe(4);
    const names = await links.allTextContents();
    expect(names.filter((name) => erasedLine.test(name))).toHaveLength(2);
    expect(names).toContain(other.name);
    expect(names).toContain(asker.name);
    expect(await page.getByRole("combobox", { name: "Status of an erased request" }).count()).toBe(
      2,
    );
    const table = (await page.locator("table").textContent()) ?? "";
    expect(table).not.toContain("Prabhleen");
    expect(table).not.toContain("Lotus Court");
  });
});
