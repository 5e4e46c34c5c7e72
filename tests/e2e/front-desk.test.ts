// The front desk in Chromium (decision 015): notes and call-backs on a
// request's timeline; taking a request and handing it to another admin ("Mine", the owner
// filter); overdue and due markers, the header's counts and the "Needs attention" order, with
// requests stored at known past times; repeats linked both ways; search by five spellings of a
// number and by a word of an address; junk hidden, found under its filter, and undone; a status
// dropdown arrowed with the keyboard saves nothing until Save; ten rows fit at 1280 × 800 with no
// header or badge broken inside a word, and the opt-in browser notification of a new request while
// the dashboard is hidden. On PostgreSQL, whose rows a test can read while the server runs (what
// the keyboard saved, or did not); the same work on both databases is the integration tests'
// (tests/integration/front-desk.test.ts, dashboard.test.ts), as the browser adds nothing there.
//
// The requests are stored before the server starts (PGlite allows one process per folder). The
// tests of a block share them but each changes only requests of its own (its seed), so that they
// pass in any order and alone (checked with --sequence.shuffle and -t): one that changes what
// another counts puts it back (the junk test undoes its mark, the reference test completes the
// request it sends), and the notification test, which sends new requests, has its own server.
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { phoneKey } from "#app/lib/indian-phone.ts";
import { appointments } from "#db/schema.ts";
import {
  freshDataDir,
  type RunningServer,
  startProductionServer,
} from "#scripts/production-server.ts";
import {
  createTestDatabase,
  fastSubmissions,
  postAppointment,
  useSmtpServer,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import {
  desktop,
  navigationWait,
  phone,
  signedInAs,
  toastTitles,
  useBrowser,
  waitForHydration,
} from "#tests/e2e/browser.ts";
import { dataTemplate, testSite } from "#tests/e2e/sites.ts";
import { admin, searchDashboard, seedStaff, signInCookie } from "#tests/e2e/staff.ts";

const secondAdmin = { email: "frontdesk2@clinic.test", password: "desk-pass-2" };
/**
 * Works the requests of the tests that are not about owners (notes, the keyboard, the reference):
 * working a request nobody owns takes it, and the owner tests count the first two's "Mine".
 */
const thirdAdmin = { email: "frontdesk3@clinic.test", password: "desk-pass-3" };

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

interface Seed {
  name: string;
  phone: string;
  address: string;
  status: "pending" | "contacted" | "completed";
  /** How long before the seeding it was received. */
  age: number;
  /** A call-back this long before (negative) or after the seeding. */
  callback?: number;
  junk?: boolean;
  message?: string;
  pincode?: string;
  language?: "en" | "hi";
  /** Erased (as on a data principal's request) before the server starts. */
  erased?: boolean;
}

/** The requests every block starts with, by the test that uses them. */
const seeds = {
  // Needs attention: overdue (oldest first), the due call-back, then new (oldest first).
  overdue30: { name: "Overdue Thirty", phone: "9811000030", status: "pending", age: 30 * hour },
  overdue25: { name: "Overdue Twentyfive", phone: "9811000025", status: "pending", age: 25 * hour },
  callbackDue: {
    name: "Callback Due",
    phone: "9811000001",
    status: "contacted",
    age: 20 * hour,
    callback: -hour,
  },
  junkCase: { name: "Asdfg Test", phone: "9811000003", status: "pending", age: 3 * hour },
  fresh2: { name: "Fresh Two", phone: "9811000002", status: "pending", age: 2 * hour },
  fresh10: { name: "Fresh Ten", phone: "9811000010", status: "pending", age: 10 * minute },
  // Not in "Needs attention": a completed request's past call-back, a junk request.
  completedCallback: {
    name: "Completed Callback",
    phone: "9811000004",
    status: "completed",
    age: 26 * hour,
    callback: -2 * hour,
  },
  junkSeeded: {
    name: "Junk Seeded",
    phone: "9811000040",
    status: "pending",
    age: 40 * hour,
    junk: true,
  },
  notes: { name: "Note Patient", phone: "9811000005", status: "contacted", age: 5 * hour },
  owner: { name: "Owner Patient", phone: "9811000006", status: "contacted", age: 6 * hour },
  keyboard: { name: "Keyboard Kumar", phone: "9811000007", status: "contacted", age: 7 * hour },
  // One number written two ways, three days apart; and once more 40 days ago (outside 30 days).
  repeatFirst: {
    name: "Repeat First",
    phone: "+91 98100 12345",
    status: "contacted",
    age: 4 * day,
  },
  repeatSecond: {
    name: "Repeat Second",
    phone: "098100-12345",
    status: "contacted",
    age: 1 * day,
  },
  repeatOld: { name: "Repeat Old", phone: "9810012345", status: "completed", age: 40 * day },
  search: {
    name: "Search Sharma",
    phone: "9811122334",
    address: "B-14, Sector 62, Noida",
    status: "contacted",
    age: 8 * hour,
  },
} satisfies Record<string, Omit<Seed, "address"> & { address?: string }>;

type SeedKey = keyof typeof seeds;

/** Stores the seeds (with their phone keys, as the form would) and returns their ids. */
async function storeSeeds<K extends string>(
  where: { dataDir?: string; databaseUrl?: string },
  toStore: Record<K, Seed | (Omit<Seed, "address"> & { address?: string })>,
): Promise<Record<K, string>> {
  const database = await openDatabase({
    dataDir: where.dataDir ?? "",
    databaseUrl: where.databaseUrl,
    poolSize: 1,
  });
  try {
    const now = Date.now();
    const ids: Partial<Record<K, string>> = {};
    for (const [key, seed] of Object.entries(toStore) as [K, Seed & { address?: string }][]) {
      const [row] = await database.db
        .insert(appointments)
        .values({
          name: seed.name,
          phone: seed.phone,
          phoneKey: phoneKey(seed.phone),
          address: seed.address ?? `H-${seed.phone.slice(-2)}, Sector 21, Gurugram`,
          reference: sql`next_appointment_reference()`,
          pincode: seed.pincode ?? "122016",
          language: seed.language ?? "en",
          message: seed.message ?? "Knee pain after a fall; please call in the evening.",
          status: seed.status,
          createdAt: new Date(now - seed.age),
          callbackAt: seed.callback === undefined ? null : new Date(now + seed.callback),
          junk: seed.junk ?? false,
        })
        .returning({ id: appointments.id });
      if (!row) throw new Error(`${seed.name} was not stored`);
      ids[key] = row.id;
      if (seed.erased) {
        await eraseAppointments(database.db, [row.id], { reason: "request", by: admin.email });
      }
    }
    return ids as Record<K, string>;
  } finally {
    await database.close();
  }
}

interface FrontDesk<K extends string = SeedKey> {
  url(): string;
  ids(): Record<K, string>;
  /** The signed-in cookies of the three admins. */
  cookies(): { admin: string; second: string; third: string };
  /** On PostgreSQL, a request's stored status read from the database; undefined on PGlite. */
  storedStatus(id: string): Promise<string | undefined>;
}

/**
 * A server on `kind` holding the two staff accounts, a second admin and the seeds (`seeds`, or
 * others), with the settings given besides (read when it starts).
 */
function useFrontDesk<K extends string = SeedKey>(
  kind: "pglite" | "postgres",
  toStore: Record<K, Seed | (Omit<Seed, "address"> & { address?: string })> = seeds as never,
  moreSettings: () => Record<string, string> = () => ({}),
): FrontDesk<K> {
  let server: RunningServer | undefined;
  let ids: Record<K, string> | undefined;
  let databaseUrl: string | undefined;
  let cleanUp = async () => {};
  const cookies = { admin: "", second: "", third: "" };
  beforeAll(async () => {
    const settings = { ...testSite.settings, ...fastSubmissions, ...moreSettings() };
    const more = [
      { ...secondAdmin, admin: true },
      { ...thirdAdmin, admin: true },
    ];
    if (kind === "pglite") {
      const dataDir = freshDataDir(dataTemplate);
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
      await seedStaff({ dataDir }, more);
      ids = await storeSeeds({ dataDir }, toStore);
      server = await startProductionServer({ ...settings, DATA_DIR: dataDir });
    } else {
      const database = await createTestDatabase();
      cleanUp = database.drop;
      databaseUrl = database.url;
      await seedStaff({ databaseUrl }, more);
      ids = await storeSeeds({ databaseUrl }, toStore);
      server = await startProductionServer({ ...settings, DATABASE_URL: databaseUrl });
    }
    cookies.admin = await signInCookie(server.url, admin);
    cookies.second = await signInCookie(server.url, secondAdmin);
    cookies.third = await signInCookie(server.url, thirdAdmin);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanUp();
  });
  return {
    url() {
      if (!server) throw new Error("the server is started in beforeAll");
      return server.url;
    },
    ids() {
      if (!ids) throw new Error("the requests are stored in beforeAll");
      return ids;
    },
    cookies: () => cookies,
    async storedStatus(id) {
      if (!databaseUrl) return undefined;
      const database = await openDatabase({ dataDir: "", databaseUrl, poolSize: 1 });
      try {
        const [row] = await database.db
          .select({ status: appointments.status })
          .from(appointments)
          .where(eq(appointments.id, id));
        return row?.status;
      } finally {
        await database.close();
      }
    },
  };
}

/** The names the table lists, in order. */
const tableNames = (page: Page) =>
  page.locator("table tbody tr td:nth-child(2) > a").allTextContents();

const tableRow = (page: Page, id: string) => page.locator(`table tr[data-appointment="${id}"]`);

/**
 * The dashboard (with `search`), its data shown and its script in charge: "All requests" unless
 * the search names a view (with none, the dashboard would choose by its counts).
 */
async function openDashboard(page: Page, url: string, search = "") {
  const params = new URLSearchParams(search);
  if (!params.has("view")) params.set("view", "all");
  await page.goto(`${url}/admin?${params}`);
  await waitForHydration(page);
  await expect
    .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
    .toBe("Appointment Dashboard");
}

async function openCase(page: Page, url: string, id: string) {
  await page.goto(`${url}/admin/appointments/${id}`);
  await waitForHydration(page);
}

const timeline = (page: Page) => page.getByRole("list", { name: "Timeline, newest first" });

/** The timeline's entries, newest first: kind and text. */
const timelineEntries = (page: Page) =>
  timeline(page)
    .locator(":scope > li")
    .evaluateAll((items) =>
      items.map((item) => ({
        kind: item.getAttribute("data-timeline"),
        text: item.textContent ?? "",
      })),
    );

const counts = async (page: Page) => ({
  overdue: await page.locator('[data-count="overdue"]').textContent(),
  callbacksDue: await page.locator('[data-count="callbacks-due"]').textContent(),
  fresh: await page.locator('[data-count="new"]').textContent(),
  attention: await page
    .getByRole("navigation", { name: "Views" })
    .getByRole("link", { name: /^Needs attention/ })
    .textContent(),
});

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

describe("the front desk (postgres)", () => {
  const desk = useFrontDesk("postgres");
  // The full Chromium: the desk's notifications, and ten whole rows in its screen's height.
  const context = useBrowser(desktop, { full: true });

  it("marks overdue and due requests, counts them, and lists what needs attention in order", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url());

    // The header counts what waits, junk and completed requests left out.
    expect(await counts(page)).toEqual({
      overdue: "2 overdue",
      callbacksDue: "1 call-backs due",
      fresh: "3 new",
      attention: "Needs attention (6)",
    });

    // Markers: overdue past 24 hours while pending; a call-back due unless completed.
    const markers = (id: string) =>
      tableRow(page, id)
        .locator("[data-marker]")
        .evaluateAll((nodes) => nodes.map((node) => node.textContent));
    expect(await markers(ids.overdue30)).toEqual(["Overdue"]);
    expect(await markers(ids.overdue25)).toEqual(["Overdue"]);
    expect(await markers(ids.callbackDue)).toEqual(["Call back now"]);
    expect(await markers(ids.fresh2)).toEqual([]);
    expect(await markers(ids.completedCallback)).toEqual([]);
    // The date cell: the spec's date, the time in India, and the age.
    const received = (id: string) => tableRow(page, id).locator("td:first-child").textContent();
    expect(await received(ids.overdue30)).toMatch(
      /^[A-Z][a-z]{2} \d{2}, \d{4}\d{1,2}:\d{2} [AP]M · 30 h ago$/,
    );
    expect(await received(ids.fresh2)).toMatch(/ · 2 h ago$/);
    // Junk is not listed by default.
    expect(await tableRow(page, ids.junkSeeded).count()).toBe(0);

    await page
      .getByRole("navigation", { name: "Views" })
      .getByRole("link", { name: /^Needs attention/ })
      .click();
    await page.waitForURL(/view=attention/, navigationWait);
    await expect
      .poll(() => tableNames(page), navigationWait)
      .toEqual([
        "Overdue Thirty",
        "Overdue Twentyfive",
        "Callback Due",
        "Asdfg Test",
        "Fresh Two",
        "Fresh Ten",
      ]);
    expect(
      await page
        .getByRole("navigation", { name: "Views" })
        .getByRole("link", { name: /^Needs attention/ })
        .getAttribute("aria-current"),
    ).toBe("page");
  });

  it("adds a note and sets a call-back, newest first on the timeline, kept after a reload", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().third);
    const page = await context().newPage();
    await openCase(page, desk.url(), ids.notes);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Note Patient");
    expect(await timelineEntries(page)).toEqual([
      { kind: "received", text: expect.stringContaining("Request received") },
    ]);

    const note = "Called, no answer. Call back Tuesday after 5 pm.";
    await page.getByLabel("Add a note").fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Note added");
    await expect
      .poll(async () => (await timelineEntries(page))[0]?.kind, navigationWait)
      .toBe("note");
    expect((await timelineEntries(page))[0]?.text).toContain(`Note by ${thirdAdmin.email}${note}`);
    // The box is empty for the next note.
    expect(await page.getByLabel("Add a note").inputValue()).toBe("");

    // Tomorrow at 10:30 in India.
    const tomorrow = new Date(Date.now() + 5.5 * hour + day);
    const at = `${tomorrow.toISOString().slice(0, 10)}T10:30`;
    const shown = `${months[tomorrow.getUTCMonth()]} ${String(tomorrow.getUTCDate()).padStart(2, "0")}, ${tomorrow.getUTCFullYear()}, 10:30 AM`;
    await page.getByLabel("Call back at (India time)").fill(at);
    await page.getByRole("button", { name: "Set call-back" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Call-back set");
    // The first note took the request, nobody's until then: "Taken by" just before it.
    await expect
      .poll(() => timelineEntries(page), navigationWait)
      .toEqual([
        {
          kind: "callback_set",
          text: expect.stringContaining(`Call-back set for ${shown} by ${thirdAdmin.email}`),
        },
        { kind: "note", text: expect.stringContaining(note) },
        { kind: "owner_changed", text: expect.stringContaining(`Taken by ${thirdAdmin.email}`) },
        { kind: "received", text: expect.stringContaining("Request received") },
      ]);
    expect(await page.locator("[data-callback]").textContent()).toBe(`Call back ${shown}`);

    // Both are stored: a reload shows them.
    await page.reload();
    await waitForHydration(page);
    expect((await timelineEntries(page)).map((entry) => entry.kind)).toEqual([
      "callback_set",
      "note",
      "owner_changed",
      "received",
    ]);
    expect(await timeline(page).textContent()).toContain(note);

    // Cleared, the call-back leaves its own entry.
    await page.getByRole("button", { name: "Clear call-back" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Call-back cleared");
    await expect
      .poll(async () => (await timelineEntries(page)).map((entry) => entry.kind), navigationWait)
      .toEqual(["callback_cleared", "callback_set", "note", "owner_changed", "received"]);
    expect(await page.locator("[data-callback]").textContent()).toBe("No call-back planned.");
  });

  it("takes a request (Mine) and hands it to another admin, whose own it then is", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openCase(page, desk.url(), ids.owner);
    expect(await page.locator("[data-owner]").textContent()).toBe(
      "Open: nobody has taken this request.",
    );
    await page.getByRole("button", { name: "Take it" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("The request is yours");
    await expect
      .poll(() => page.locator("[data-owner]").textContent(), navigationWait)
      .toBe("Yours.");

    // The list: "Mine" on the row, and the owner filter.
    await openDashboard(page, desk.url());
    expect(await tableRow(page, ids.owner).locator('[data-marker="owner"]').textContent()).toBe(
      "Mine",
    );
    await page.getByLabel("Owner", { exact: true }).selectOption("mine");
    await page.waitForURL(/owner=mine/, navigationWait);
    await expect.poll(() => tableNames(page), navigationWait).toEqual(["Owner Patient"]);
    await page.getByLabel("Owner", { exact: true }).selectOption("unassigned");
    await page.waitForURL(/owner=unassigned/, navigationWait);
    await expect.poll(() => tableNames(page), navigationWait).toContain("Fresh Ten");
    expect(await tableNames(page)).not.toContain("Owner Patient");

    // Handed over to the second admin.
    await openCase(page, desk.url(), ids.owner);
    await page.getByLabel("Hand to").selectOption({ label: secondAdmin.email });
    await page.getByRole("button", { name: "Hand over" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Request handed over");
    await expect
      .poll(() => page.locator("[data-owner]").textContent(), navigationWait)
      .toBe(`Taken by ${secondAdmin.email}.`);
    expect(
      (await timelineEntries(page))
        .filter((entry) => entry.kind === "owner_changed")
        .map((entry) => entry.text),
    ).toEqual([
      expect.stringContaining(`Taken by ${secondAdmin.email} (handed over by ${admin.email})`),
      expect.stringContaining(`Taken by ${admin.email}`),
    ]);
    await openDashboard(page, desk.url(), "?owner=mine");
    await expect
      .poll(() => page.getByText("No appointments match this search").count(), navigationWait)
      .toBe(1);
    await openDashboard(page, desk.url());
    expect(await tableRow(page, ids.owner).locator('[data-marker="owner"]').textContent()).toBe(
      secondAdmin.email,
    );

    // The second admin's own list holds it, as theirs.
    await signedInAs(context(), desk.url(), desk.cookies().second);
    await openDashboard(page, desk.url(), "?owner=mine");
    await expect.poll(() => tableNames(page), navigationWait).toEqual(["Owner Patient"]);
    expect(await tableRow(page, ids.owner).locator('[data-marker="owner"]').textContent()).toBe(
      "Mine",
    );
  });

  it("links a repeat both ways: the marker on each, the search it opens, each page to the other", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url());
    const repeatMarker = (id: string) => tableRow(page, id).locator('[data-marker="repeat"]');
    expect(await repeatMarker(ids.repeatFirst).textContent()).toBe("Repeat ×1");
    expect(await repeatMarker(ids.repeatSecond).textContent()).toBe("Repeat ×1");
    // 36 days before the first: not a repeat of either.
    expect(await repeatMarker(ids.repeatOld).count()).toBe(0);

    // Each marker opens the search by its own spelling of the number: every request from it.
    for (const [id, phone] of [
      [ids.repeatSecond, seeds.repeatSecond.phone],
      [ids.repeatFirst, seeds.repeatFirst.phone],
    ] as const) {
      await openDashboard(page, desk.url());
      await repeatMarker(id).click();
      await page.waitForURL((address) => address.searchParams.get("q") === phone, navigationWait);
      await expect
        .poll(() => tableNames(page), navigationWait)
        .toEqual(["Repeat Second", "Repeat First", "Repeat Old"]);
    }

    // Each request's page links to the other (the one from 40 days ago is out of the window).
    const sameNumber = () =>
      page
        .getByRole("list", { name: "Other requests from this number" })
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    await openCase(page, desk.url(), ids.repeatFirst);
    expect(await sameNumber()).toEqual([`/admin/appointments/${ids.repeatSecond}`]);
    await page
      .getByRole("list", { name: "Other requests from this number" })
      .getByRole("link")
      .click();
    await page.waitForURL(`${desk.url()}/admin/appointments/${ids.repeatSecond}`, navigationWait);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Repeat Second");
    expect(await sameNumber()).toEqual([`/admin/appointments/${ids.repeatFirst}`]);
  });

  it("finds one request by five spellings of its number and by a word of its address", async () => {
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url());
    // Stored as "9811122334".
    for (const q of [
      "9811122334",
      "+91 98111 22334",
      "098111 22334",
      "91-98111-22334",
      "+91 (0) 98111 22334",
      "Sector 62",
    ]) {
      await searchDashboard(page, q);
      await expect.poll(() => tableNames(page), navigationWait).toEqual(["Search Sharma"]);
    }
  });

  it("finds a request by the reference its sender was given, however it is read out", async () => {
    const sent = await postAppointment(desk.url(), {
      ...validAppointment,
      name: "Reference Caller",
      phone: "9822233344",
    });
    expect(sent.status).toBe(303);
    const reference = new URL(sent.headers.get("location") ?? "", desk.url()).searchParams.get(
      "ref",
    );
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    await signedInAs(context(), desk.url(), desk.cookies().third);
    const page = await context().newPage();
    await openDashboard(page, desk.url());
    // As a caller reads it out and the front desk types it: lower case, in two halves.
    const typed = `${reference?.slice(0, 3).toLowerCase()} ${reference?.slice(3).toLowerCase()}`;
    await page.getByLabel("Search name, phone, address or pincode").fill(typed);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((address) => address.searchParams.get("q") === typed, navigationWait);
    await expect.poll(() => tableNames(page), navigationWait).toEqual(["Reference Caller"]);
    // Its page shows the same reference.
    await page.getByRole("link", { name: "Reference Caller" }).click();
    await page.waitForURL(/\/admin\/appointments\//, navigationWait);
    await expect
      .poll(() => page.locator("main").textContent(), navigationWait)
      .toContain(`Reference ${reference}`);
    // Worked to the end, so that it counts as none of the waiting ones the other tests count.
    await waitForHydration(page);
    await page.locator('main select[name="status"]').selectOption("completed");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Status updated successfully");
  });

  it("hides a request marked as junk from the list and the counts, finds it under Junk, and undoes it", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url());
    const before = await counts(page);
    expect(before.fresh).toBe("3 new");
    expect(await tableRow(page, ids.junkCase).count()).toBe(1);

    await openCase(page, desk.url(), ids.junkCase);
    await page.getByRole("button", { name: "Mark as junk" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Marked as junk");
    await expect
      .poll(() => page.getByRole("button", { name: "Not junk" }).count(), navigationWait)
      .toBe(1);
    expect(await page.locator('[data-marker="junk"]').count()).toBe(1);

    await openDashboard(page, desk.url());
    expect(await tableRow(page, ids.junkCase).count()).toBe(0);
    expect(await counts(page)).toEqual({
      ...before,
      fresh: "2 new",
      attention: "Needs attention (5)",
    });
    await page.getByLabel("Status", { exact: true }).selectOption("junk");
    await page.waitForURL(/status=junk/, navigationWait);
    await expect
      .poll(() => tableNames(page), navigationWait)
      .toEqual(["Asdfg Test", "Junk Seeded"]);
    expect(await tableRow(page, ids.junkCase).locator('[data-marker="junk"]').count()).toBe(1);

    // Undone: back in the list and the counts; both changes on the timeline.
    await openCase(page, desk.url(), ids.junkCase);
    await page.getByRole("button", { name: "Not junk" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("No longer junk");
    await expect
      .poll(async () => (await timelineEntries(page)).map((entry) => entry.kind), navigationWait)
      .toEqual(["junk_cleared", "junk_marked", "received"]);
    await openDashboard(page, desk.url());
    expect(await tableRow(page, ids.junkCase).count()).toBe(1);
    expect(await counts(page)).toEqual(before);
  });

  it("saves no status when the dropdown is arrowed with the keyboard; Save does, focus staying on it", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().third);
    const page = await context().newPage();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.postData() ?? "");
    });
    await openDashboard(page, desk.url());
    const select = page.getByRole("combobox", { name: "Status of Keyboard Kumar's request" });
    const save = page.getByRole("button", { name: "Save status of Keyboard Kumar's request" });
    const badge = tableRow(page, ids.keyboard).locator("[data-status]");
    expect(await select.inputValue()).toBe("contacted");

    await select.focus();
    await page.keyboard.press("ArrowDown");
    expect(await select.inputValue()).toBe("completed");
    await page.keyboard.press("ArrowUp");
    expect(await select.inputValue()).toBe("contacted");
    await page.keyboard.press("ArrowDown");
    expect(await select.inputValue()).toBe("completed");
    // Chosen, not saved: nothing sent, nothing said, nothing changed.
    expect(posts).toEqual([]);
    expect(await toastTitles(page)).toEqual([]);
    expect(await badge.textContent()).toBe("contacted");
    expect(await desk.storedStatus(ids.keyboard)).toBe("contacted");

    // The explicit choice: Tab to Save, Enter.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Save status of Keyboard Kumar's request",
    );
    await page.keyboard.press("Enter");
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toEqual(["Status updated successfully"]);
    await expect.poll(() => badge.textContent(), navigationWait).toBe("completed");
    // One request was sent, Save's: had an arrow key saved, it would have gone first.
    expect(posts).toHaveLength(1);
    expect(new URLSearchParams(posts[0]).get("status")).toBe("completed");
    expect(await save.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await desk.storedStatus(ids.keyboard)).toBe("completed");

    // The request's timeline holds that one change.
    await openCase(page, desk.url(), ids.keyboard);
    expect(
      (await timelineEntries(page))
        .filter((entry) => entry.kind === "status")
        .map((entry) => entry.text),
    ).toEqual([expect.stringContaining(`Status contacted → completed by ${thirdAdmin.email}`)]);
  });

  it("shows ten requests at 1280 × 800, with no header or badge broken inside a word", async () => {
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url());
    await expect
      .poll(() => page.locator("table tbody tr").count(), navigationWait)
      .toBeGreaterThanOrEqual(10);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Whole rows: inside the screen's height, and its width (no sideways scrolling to Save).
    const rows = await page.locator("table tbody tr").evaluateAll((rows) =>
      rows.map((row) => {
        const box = row.getBoundingClientRect();
        const save = row.querySelector("button[aria-label^='Save status']");
        return {
          bottom: box.bottom,
          right: Math.max(box.right, save?.getBoundingClientRect().right ?? 0),
        };
      }),
    );
    const whole = rows.filter((row) => row.bottom <= desktop.height && row.right <= desktop.width);
    expect(whole.length).toBeGreaterThanOrEqual(10);
    expect(
      await page.locator("table").evaluate((table) => {
        const scroller = table.parentElement as HTMLElement;
        return scroller.scrollWidth - scroller.clientWidth;
      }),
    ).toBe(0);

    // Each header cell, badge, Save and WhatsApp is one line: every piece of its text starts
    // on the first line (the site's body may break inside a word; the table must not).
    const lines = (selector: string) =>
      page.locator(selector).evaluateAll((nodes) =>
        nodes.map((node) => {
          const rects: DOMRect[] = [];
          const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          for (let text = texts.nextNode(); text; text = texts.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            rects.push(...range.getClientRects());
          }
          const first = rects[0];
          const below = rects.filter((rect) => first && rect.top > first.top + first.height / 2);
          return `${node.textContent}: ${first ? 1 + below.length : 0}`;
        }),
      );
    for (const selector of [
      "table thead th",
      "table [data-status]",
      "table [data-marker]",
      "table button[aria-label^='Save status']",
      "table a[href^='https://wa.me/']",
    ]) {
      const found = await lines(selector);
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter((line) => !line.endsWith(": 1"))).toEqual([]);
    }
  });

  it("shows each request on a 390 px phone as a compact card, call and WhatsApp at its foot", async () => {
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await page.setViewportSize(phone);
    await openDashboard(page, desk.url());
    const cards = page.locator("[data-appointment-card]");
    await expect.poll(() => cards.count(), navigationWait).toBeGreaterThanOrEqual(5);
    const measured = await cards.evaluateAll((nodes) =>
      nodes.map((card) => {
        const box = card.getBoundingClientRect();
        const links = [...card.querySelectorAll("a[href^='tel:'], a[href^='https://wa.me/']")];
        return {
          height: box.height,
          links: links.length,
          // How far down the card each link's middle is, 0 (top) to 1 (foot).
          depth: links.map((link) => {
            const rect = link.getBoundingClientRect();
            return (rect.top + rect.height / 2 - box.top) / box.height;
          }),
        };
      }),
    );
    for (const card of measured) {
      // Was about 300 px a card before the front desk: now a screen holds four or more.
      expect(card.height).toBeLessThanOrEqual(190);
      expect(card.links).toBe(2);
      for (const depth of card.depth) expect(depth).toBeGreaterThan(0.6);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  // Its own server and requests: the new requests it sends would change what the tests
  // above count, and theirs what it counts.
  describe("as new requests arrive", () => {
    const arrivals = useFrontDesk("pglite");

    it("notifies of a new request while hidden only when turned on, and asks only then", async () => {
      await signedInAs(context(), arrivals.url(), arrivals.cookies().admin);
      await context().grantPermissions(["notifications"], { origin: arrivals.url() });
      const page = await context().newPage();
      // Every notification and permission request is recorded, then made as it would be.
      await page.addInitScript(() => {
        const Real = window.Notification;
        const record = { shown: [] as { title: string; body: string }[], asked: 0 };
        (window as unknown as { notifications: typeof record }).notifications = record;
        class Recorded extends Real {
          constructor(title: string, options?: NotificationOptions) {
            record.shown.push({ title, body: options?.body ?? "" });
            super(title, options);
          }
          static override requestPermission(...args: []) {
            record.asked++;
            return Real.requestPermission(...args);
          }
        }
        window.Notification = Recorded;
      });
      const recorded = () =>
        page.evaluate(
          () =>
            (
              window as unknown as {
                notifications: { shown: { title: string; body: string }[]; asked: number };
              }
            ).notifications,
        );
      const setVisibility = (state: "hidden" | "visible") =>
        page.evaluate((state) => {
          Object.defineProperty(document, "visibilityState", {
            configurable: true,
            get: () => state,
          });
          Object.defineProperty(document, "hidden", {
            configurable: true,
            get: () => state === "hidden",
          });
          document.dispatchEvent(new Event("visibilitychange"));
        }, state);
      const arrive = async (name: string) => {
        const sent = await postAppointment(arrivals.url(), { ...validAppointment, name });
        expect(sent.status).toBe(303);
        await expect
          .poll(() => page.locator("table tr", { hasText: name }).count(), navigationWait)
          .toBe(1);
      };

      await openDashboard(page, arrivals.url());
      await expect
        .poll(
          () => page.getByText("Live: new requests appear here by themselves").count(),
          navigationWait,
        )
        .toBe(1);
      const toggle = page.getByRole("button", { name: "Notify me of new requests" });
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      expect(await recorded()).toEqual({ shown: [], asked: 0 });

      // Off, hidden: the tab's title counts it, nothing else.
      await setVisibility("hidden");
      await arrive("Quiet Arrival");
      expect(await page.title()).toBe("(6) Appointment Dashboard");
      expect((await recorded()).shown).toEqual([]);

      // Turned on: the browser is asked then, and a new request while hidden is announced
      // without naming the patient.
      await toggle.click();
      await expect
        .poll(
          () =>
            page
              .getByRole("button", { name: "Notifications on (turn off)" })
              .getAttribute("aria-pressed"),
          navigationWait,
        )
        .toBe("true");
      expect((await recorded()).asked).toBe(1);
      await arrive("Loud Arrival");
      await expect
        .poll(async () => (await recorded()).shown, navigationWait)
        .toEqual([
          {
            title: "New appointment request",
            body: "Open the Appointment Dashboard to see it.",
          },
        ]);

      // On, but the dashboard is in front: no notification.
      await setVisibility("visible");
      await arrive("Seen Arrival");
      expect((await recorded()).shown).toHaveLength(1);

      // Turned off again, hidden: none.
      await setVisibility("hidden");
      await page.getByRole("button", { name: "Notifications on (turn off)" }).click();
      await expect.poll(() => toggle.getAttribute("aria-pressed"), navigationWait).toBe("false");
      await arrive("Off Arrival");
      expect((await recorded()).shown).toHaveLength(1);
      expect((await recorded()).asked).toBe(1);
    });
  });
});

/**
 * The second pass's requests (decision 035): its own server, so that the counts above stay theirs.
 */
const secondPass = {
  // Erased on request: in no list and no count, though pending and two days old.
  erasedOverdue: {
    name: "Erased Overdue",
    phone: "9811000050",
    status: "pending",
    age: 50 * hour,
    erased: true,
  },
  overdue: {
    name: "Overdue Sunita",
    phone: "9811000051",
    address: "B-1, Sector 62, Noida",
    pincode: "201301",
    status: "pending",
    age: 30 * hour,
  },
  // Ghaziabad is not one of the five areas; sent from the Hindi form.
  outside: {
    name: "Ghaziabad Gupta",
    phone: "9811000052",
    pincode: "201001",
    language: "hi",
    status: "pending",
    age: 3 * hour,
  },
  callbackLater: {
    name: "Later Lata",
    phone: "9811000053",
    status: "contacted",
    age: 5 * hour,
    callback: 2 * day,
  },
  takeMe: { name: "Take Me", phone: "9811000054", status: "pending", age: 2 * hour },
  // One family, twice: the second "nobody called yet".
  familyFirst: { name: "Family First", phone: "9811000055", status: "pending", age: 6 * hour },
  familySecond: { name: "Family Second", phone: "98110 00055", status: "pending", age: 4 * hour },
} satisfies Record<string, Omit<Seed, "address"> & { address?: string }>;

describe("the front desk, second pass (pglite)", () => {
  const smtp = useSmtpServer();
  const desk = useFrontDesk("pglite", secondPass, () => ({
    SMTP_URL: smtp().url,
    MAIL_POLL_SECONDS: "0.5",
  }));
  const context = useBrowser(desktop);
  const attentionTab = (page: Page) =>
    page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: /^Needs attention/ });

  it("opens on Needs attention, leaves an erased request out of it and of the counts, and links the overdue count", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    // As after signing in: no view named. A request is overdue, so it opens on it, first.
    await page.goto(`${desk.url()}/admin`);
    await waitForHydration(page);
    await expect
      .poll(() => attentionTab(page).getAttribute("aria-current"), navigationWait)
      .toBe("page");
    expect((await tableNames(page))[0]).toBe("Overdue Sunita");
    expect(await tableRow(page, ids.erasedOverdue).count()).toBe(0);
    // Pending and two days old, but erased: not counted.
    expect(await page.locator('[data-count="overdue"]').textContent()).toBe("1 overdue");

    // Nor is it in everything; only under its own filter, where nothing can be done on it.
    await openDashboard(page, desk.url());
    await expect.poll(() => tableNames(page), navigationWait).toContain("Take Me");
    expect(await tableRow(page, ids.erasedOverdue).count()).toBe(0);
    await openDashboard(page, desk.url(), "?status=erased");
    await expect.poll(() => page.locator("table tbody tr").count(), navigationWait).toBe(1);
    expect(await tableRow(page, ids.erasedOverdue).locator("select").count()).toBe(0);

    // The count is a link to the overdue requests, first in Needs attention.
    await openDashboard(page, desk.url());
    await page.locator('[data-count="overdue"]').click();
    await page.waitForURL(/view=attention/, navigationWait);
    await expect
      .poll(async () => (await tableNames(page))[0], navigationWait)
      .toBe("Overdue Sunita");
  });

  it("shows on each row its call-back, its area or the district outside our areas, and its language", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url());
    const pincodeCell = (id: string) => tableRow(page, id).locator("td:nth-child(5)");
    const marker = (id: string, name: string) =>
      tableRow(page, id).locator(`[data-marker="${name}"]`).textContent();
    await expect
      .poll(() => pincodeCell(ids.outside).textContent(), navigationWait)
      .toBe("201001Ghaziabad · Outside our areas");
    expect(await pincodeCell(ids.overdue).textContent()).toBe("201301Noida");
    // Hindi is marked (call back in Hindi); English, the desk's own, is not.
    expect(await marker(ids.outside, "language")).toBe("Hindi");
    expect(await tableRow(page, ids.overdue).locator('[data-marker="language"]').count()).toBe(0);
    // Two days on, in India time: the day.
    const day2 = new Date(Date.now() + 2 * day + 5.5 * hour);
    expect(await marker(ids.callbackLater, "callback")).toBe(
      `Call back ${months[day2.getUTCMonth()]} ${String(day2.getUTCDate()).padStart(2, "0")}`,
    );
  });

  it("goes back from a request to the view, search and page it was opened from", async () => {
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openDashboard(page, desk.url(), "?view=attention");
    await page.getByLabel("Search name, phone, address or pincode").fill("Sector 62");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(
      (address) => address.searchParams.get("q") === "Sector 62",
      navigationWait,
    );
    await expect.poll(() => tableNames(page), navigationWait).toEqual(["Overdue Sunita"]);

    await page.getByRole("link", { name: "Overdue Sunita" }).click();
    await page.waitForURL(/\/admin\/appointments\//, navigationWait);
    // The search's words are not in the request's address.
    expect(page.url()).not.toContain("Sector");
    await page.getByRole("link", { name: "← All requests" }).click();
    await page.waitForURL(
      (address) =>
        address.pathname === "/admin" &&
        address.searchParams.get("view") === "attention" &&
        address.searchParams.get("q") === "Sector 62",
      navigationWait,
    );
    await expect.poll(() => tableNames(page), navigationWait).toEqual(["Overdue Sunita"]);
    expect(await attentionTab(page).getAttribute("aria-current")).toBe("page");
    expect(await page.getByLabel("Search name, phone, address or pincode").inputValue()).toBe(
      "Sector 62",
    );
  });

  it("lets a first note take the request, and e-mails the member of staff it is handed to", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openCase(page, desk.url(), ids.takeMe);
    expect(await page.locator("[data-owner]").textContent()).toBe(
      "Open: nobody has taken this request.",
    );
    await page.getByLabel("Add a note").fill("Spoke to the son; visit on Friday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Note added");
    await expect
      .poll(() => page.locator("[data-owner]").textContent(), navigationWait)
      .toBe("Yours.");
    expect((await timelineEntries(page)).map((entry) => entry.kind)).toEqual([
      "note",
      "owner_changed",
      "received",
    ]);

    // Nobody is chosen to hand it to until someone is.
    const handTo = page.getByLabel("Hand to");
    expect(await handTo.inputValue()).toBe("");
    await handTo.selectOption({ label: secondAdmin.email });
    await page.getByRole("button", { name: "Hand over" }).click();
    await expect.poll(() => toastTitles(page), navigationWait).toContain("Request handed over");
    const reference = (await page.locator("main strong.font-mono").textContent()) ?? "";
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);

    // The e-mail, as the SMTP server received it: to the new owner, with the link to the request.
    await expect
      .poll(
        () => smtp().messages.filter((message) => message.includes(`handed to you`)).length,
        navigationWait,
      )
      .toBe(1);
    const mail = await simpleParser(
      smtp().messages.find((message) => message.includes("handed to you")) ?? "",
    );
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(secondAdmin.email);
    expect(mail.subject).toBe(`Request ${reference} was handed to you`);
    expect(mail.text).toContain(`${admin.email} handed you a home-visit request`);
    expect(mail.text).toContain(`/admin/appointments/${ids.takeMe}`);

    // In the new owner's "Mine", marked as handed to them.
    await signedInAs(context(), desk.url(), desk.cookies().second);
    await openDashboard(page, desk.url(), "?owner=mine");
    await expect.poll(() => tableNames(page), navigationWait).toEqual(["Take Me"]);
    expect(await tableRow(page, ids.takeMe).locator('[data-marker="handed"]').textContent()).toBe(
      "Handed to you",
    );
  });

  it("gives Contacted to the family's other open request in the same step, on each timeline", async () => {
    const ids = desk.ids();
    await signedInAs(context(), desk.url(), desk.cookies().admin);
    const page = await context().newPage();
    await openCase(page, desk.url(), ids.familyFirst);
    await page.locator('main select[name="status"]').selectOption("contacted");
    const also = page.getByLabel("Also the other open request from this number", { exact: true });
    expect(await also.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save status" }).click();
    await expect
      .poll(() => toastTitles(page), navigationWait)
      .toContain("Status updated successfully");
    expect(await page.locator("[data-toast]").first().textContent()).toContain(
      "1 other request from this number too",
    );

    await openCase(page, desk.url(), ids.familySecond);
    expect(await page.locator("main [data-status]").first().textContent()).toBe("contacted");
    expect(
      (await timelineEntries(page))
        .filter((entry) => entry.kind === "status")
        .map((entry) => entry.text),
    ).toEqual([expect.stringContaining(`Status pending → contacted by ${admin.email}`)]);
    // Neither is overdue any longer.
    await openDashboard(page, desk.url(), "?view=attention");
    await expect.poll(() => tableNames(page), navigationWait).not.toContain("Family Second");
    expect(await tableNames(page)).not.toContain("Family First");
  });
});
