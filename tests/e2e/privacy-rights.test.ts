// A person's rights in Chromium (docs/privacy.md): on a request's page an admin downloads what is
// held about the person, then erases every request from their number behind a confirmation that
// names how many; the pages and the dashboard's rows then read "Personal data erased on …" and show
// none of their details, while another person's request is as it was. The privacy-requests list
// records a request by reference and marks it answered; a deletion asked for by phone goes from
// the request's page to the list (the person's requests filled in), is recorded and carried out
// there in one confirmed step, and the request's page then reads erased. The access log names
// requests by reference, one row per page view. No axe violations on either screen; at 390 px a
// long staff address wraps only at its dots and around its @.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fastSubmissions, postAppointment, validAppointment } from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  desktop,
  navigationWait,
  phone,
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

/** A member of staff whose address is longer than a phone's line. */
const longAddress = {
  email: "front.desk.morning-shift@physiotherapy-clinic.example.test",
  password: "long-address-pass-1",
  admin: true,
};

/**
 * Each address shown (`[data-email]`) as the lines it takes: the text of each line, read from
 * where the browser put each of its characters.
 */
function addressLines(page: Page): Promise<string[][]> {
  return page.locator("[data-email]").evaluateAll((nodes) =>
    nodes.map((node) => {
      const lines: { top: number; text: string }[] = [];
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const value = text.textContent ?? "";
        for (let i = 0; i < value.length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          const line = lines.find((known) => Math.abs(known.top - top) < 4);
          if (line) line.text += value[i];
          else lines.push({ top, text: value[i] ?? "" });
        }
      }
      return lines.sort((a, b) => a.top - b.top).map((line) => line.text);
    }),
  );
}

// Each block on a server of its own: the erasure's dashboard counts every request on it.
describe("the privacy-requests list", () => {
  const server = useStaffServer({ ...fastSubmissions }, [longAddress]);
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
    // Its own rows: the other test's erasure may be on this server's lists already.
    const open = page.locator("[data-open-requests] > li", { hasText: reference });
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
    const done = page.locator("[data-done-requests] > li", { hasText: reference });
    await expect.poll(() => done.count(), navigationWait).toBe(1);
    expect(await done.textContent()).toContain(`File sent by WhatsApp`);
    expect(await done.textContent()).toContain(`by ${admin.email}`);
    expect(await page.getByText("Nothing to answer.").count()).toBe(1);
  });

  it("takes a deletion by phone from the request's page to its erasure in one confirmed step; the log names it by reference, one row per page view", async () => {
    const caller = { ...validAppointment, name: "Quillon Vesper", phone: "98555 11442" };
    expect((await postAppointment(server.url(), caller)).status).toBe(303);
    await signedInAs(context(), server.url(), await signInCookie(server.url(), longAddress));
    const page = await context().newPage();
    await page.goto(`${server.url()}/admin?q=Vesper`);
    await waitForHydration(page);
    const row = page.locator("table tbody tr").first();
    await expect.poll(() => page.locator("table tbody tr").count(), navigationWait).toBe(1);
    const id = (await row.getAttribute("data-appointment")) ?? "";
    // 1. The request, from the list.
    await row.getByRole("link", { name: caller.name, exact: true }).click();
    await page.waitForURL(`${server.url()}/admin/appointments/${id}`, navigationWait);
    await waitForHydration(page);
    const reference = (await page.locator("h1 + div strong.font-mono").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^[2-9A-Z]{6}$/);
    // A note while on the phone: the page's data comes again, the same page view.
    await page.getByLabel(/^Add a note/).fill("Asked for deletion by phone");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Note added");

    // 2. To the privacy requests, the person's requests filled in.
    await page.getByRole("link", { name: "Record a privacy request from this person" }).click();
    await page.waitForURL(/\/admin\/privacy-requests\?request=/, navigationWait);
    await waitForHydration(page);
    expect(await page.getByLabel(/References of their requests/).inputValue()).toBe(reference);
    expect(await page.locator("[data-prefilled]").textContent()).toBe(
      `1 request from ${caller.name}'s number filled in.`,
    );
    // 3. What they asked for (the channel is a phone call already), 4. recorded.
    await page.getByLabel("What they asked for").selectOption("erasure");
    await page.getByRole("button", { name: "Record request" }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Privacy request recorded");
    const item = page.locator("[data-open-requests] > li", { hasText: reference });
    await expect.poll(() => item.count(), navigationWait).toBe(1);
    expect(await item.textContent()).toContain("Phone call");
    const link = item.getByRole("link", { name: `${reference} ${caller.name}` });
    expect(await link.getAttribute("href")).toBe(`/admin/appointments/${id}`);

    // 5. The erasure behind its confirmation, 6. confirmed: erased and answered in one step.
    const erase = item.getByRole("button", { name: "Erase 1 request and mark answered" });
    expect(await erase.isVisible()).toBe(false);
    await item.getByText("Erase their personal data now…").click();
    await erase.click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Erased, and marked as answered");
    const done = page.locator("[data-done-requests] > li", { hasText: reference });
    await expect.poll(() => done.count(), navigationWait).toBe(1);
    const answered = (await done.textContent()) ?? "";
    expect(answered).toContain(`Personal data erased: ${reference}`);
    expect(answered).toContain(`by ${longAddress.email}`);
    expect(answered).toContain("(erased)");
    expect(answered).not.toContain(caller.name);

    // The request's page reads erased.
    await done.getByRole("link", { name: reference }).click();
    await page.waitForURL(`${server.url()}/admin/appointments/${id}`, navigationWait);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toMatch(erasedLine);
    expect(await page.locator("main").textContent()).not.toContain("Vesper");

    // The access log: references, not ids; one row for each look at the request's page (two),
    // not one more for the reload its note caused; the erasure.
    await page.goto(
      `${server.url()}/admin/access-log?staff=${encodeURIComponent(longAddress.email)}`,
    );
    await waitForHydration(page);
    const table = (await page.locator("table").textContent()) ?? "";
    expect(table).not.toContain(id);
    const rows = await page.locator("table tbody tr").evaluateAll((nodes) =>
      nodes.map((node) => ({
        action: node.getAttribute("data-access"),
        references: [...node.querySelectorAll("[data-reference]")].map((a) => a.textContent),
        who: node.querySelector("[data-actor]")?.textContent,
      })),
    );
    const about = rows.filter((logged) => logged.references.includes(reference));
    // Newest first. (The list after the erasure names nobody: its row names no request.)
    expect(about.map((logged) => logged.action)).toEqual([
      "request",
      "erasure",
      "privacy-requests",
      "request",
      "search",
    ]);
    expect(new Set(rows.map((logged) => logged.who))).toEqual(new Set([longAddress.email]));
    expect(await axeViolations(page)).toEqual([]);

    // At 390 px the address wraps, and only after a dot or around the @.
    await page.setViewportSize(phone);
    await page.goto(`${server.url()}/admin/privacy-requests`);
    await waitForHydration(page);
    // Ours (recorded by, answered by), not the first test's shorter address.
    const lines = (await addressLines(page)).filter(
      (address) => address.join("") === longAddress.email,
    );
    expect(lines).toHaveLength(2);
    for (const address of lines) {
      expect(address.length).toBeGreaterThan(1);
      for (const line of address.slice(0, -1)) expect(line).toMatch(/[.@]$|^@$/);
      for (const line of address.slice(1)) expect(line).not.toMatch(/^\./);
    }
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

    // The other request from the number: erased too. The dashboard: the others only; the two
    // erased under their own filter, where nothing can be changed on them.
    await page.goto(`${server.url()}/admin/appointments/${ids[1]}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(erasedLine);
    await page.goto(`${server.url()}/admin?view=all`);
    await waitForHydration(page);
    const links = page.locator("table tbody tr td:nth-child(2) > a");
    await expect.poll(() => links.count(), navigationWait).toBe(2);
    expect((await links.allTextContents()).sort()).toEqual([asker.name, other.name].sort());
    await page.goto(`${server.url()}/admin?view=all&status=erased`);
    await waitForHydration(page);
    await expect.poll(() => links.count(), navigationWait).toBe(2);
    const names = await links.allTextContents();
    expect(names.filter((name) => erasedLine.test(name))).toHaveLength(2);
    expect(await page.getByRole("combobox", { name: "Status of an erased request" }).count()).toBe(
      0,
    );
    const table = (await page.locator("table").textContent()) ?? "";
    expect(table).not.toContain("Prabhleen");
    expect(table).not.toContain("Lotus Court");
  });
});
