// An admin adds two therapists through /admin/therapists (decision 037): the accounts hold the
// therapist role (granted as `npm run admin -- grant <email> therapist` grants it, with an empty
// profile), and the admin fills in each profile — name, registration, languages, skills,
// districts, working hours, leave — as a person does, is refused a second window that overlaps
// the first (the message under it, what was typed kept), and reads both in the roster. On PGlite
// in a browser without JavaScript, and on PostgreSQL with it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  desktop,
  disableJavaScript,
  navigationWait,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { admin, type SeededAccount, signInCookie, useStaffServer } from "#tests/e2e/staff.ts";

const asha: SeededAccount = {
  email: "asha@clinic.test",
  password: "asha-pass-1",
  admin: false,
  therapist: true,
};
const ravi: SeededAccount = {
  email: "ravi@clinic.test",
  password: "ravi-pass-1",
  admin: false,
  therapist: true,
};

const day = 86_400_000;
/** The India day `days` from today, yyyy-mm-dd, and as the page writes it ("Dec 04, 2026"). */
function indiaDay(days: number) {
  const at = new Date(Date.now() + 330 * 60_000 + days * day);
  const iso = at.toISOString().slice(0, 10);
  const month = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ")[at.getUTCMonth()];
  return { iso, shown: `${month} ${iso.slice(8)}, ${iso.slice(0, 4)}` };
}

describe.each([
  { database: "PGlite", postgres: false, script: false },
  { database: "PostgreSQL", postgres: true, script: true },
])("therapists' profiles on $database (JavaScript: $script)", ({ postgres, script }) => {
  const server = useStaffServer({}, [asha, ravi], { postgres });
  const context = useBrowser(desktop);

  async function adminPage(): Promise<{ page: Page; errors: string[] }> {
    await signedInAs(context(), server.url(), await signInCookie(server.url(), admin));
    const page = await context().newPage();
    if (!script) await disableJavaScript(page);
    return { page, errors: watchErrors(page) };
  }

  /** Goes to a page; with JavaScript, waits until React owns it. */
  async function open(page: Page, path: string) {
    await page.goto(`${server.url()}${path}`);
    if (script) await waitForHydration(page);
  }

  /** Clicks a submit button; the answer's status when the browser posted the form itself. */
  async function submit(page: Page, name: string | RegExp): Promise<number | undefined> {
    const button = page.getByRole("button", { name, exact: typeof name === "string" });
    if (script) {
      await button.click();
      return undefined;
    }
    // The page the answer brings, loaded (waitForLoadState would return at once: the page
    // before it had loaded).
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.waitForEvent("load"),
      button.click(),
    ]);
    return response.status();
  }

  const rosterRow = (page: Page, name: string) =>
    page
      .getByRole("row", { name: new RegExp(name) })
      .locator("td")
      .allTextContents();

  it("adds two therapists with hours, districts and leave; refuses overlapping windows", async () => {
    const { page, errors } = await adminPage();
    if (script) {
      // The dashboard's link, beside Insights (the dashboard itself needs the JavaScript).
      await open(page, "/admin");
      await page.getByRole("link", { name: "Therapists", exact: true }).click();
      await expect.poll(() => page.url(), navigationWait).toBe(`${server.url()}/admin/therapists`);
    } else {
      await open(page, "/admin/therapists");
    }
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Therapists");
    // As granted: empty profiles named after the accounts, active.
    expect(await rosterRow(page, "^asha")).toEqual(["—", "—", "—", "Yes"]);
    expect(await rosterRow(page, "^ravi")).toEqual(["—", "—", "—", "Yes"]);

    // Asha: Noida, stroke, Hindi; Monday two windows, Wednesday one; three days of leave.
    await page.getByRole("link", { name: "asha", exact: true }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Therapist: asha");
    if (script) await waitForHydration(page);
    await page.getByLabel("Display name").fill("Dr Asha Verma");
    await page.getByLabel("Registration number").fill("UPSPC/2016/0912");
    await page.getByLabel("Years of practice").fill("9");
    for (const box of ["Hindi", "English", "Stroke Rehabilitation", "General Physiotherapy"]) {
      await page.getByRole("checkbox", { name: box, exact: true }).check();
    }
    await page
      .getByRole("checkbox", { name: "Gautam Buddha Nagar (Noida, Greater Noida)" })
      .check();
    const window = (weekday: string, n: "first" | "second", end: "from" | "to") =>
      page.getByLabel(`${weekday}, ${n} window, ${end}`, { exact: true });
    await window("Monday", "first", "from").fill("07:30");
    await window("Monday", "first", "to").fill("12:00");
    // Overlapping the first: refused.
    await window("Monday", "second", "from").fill("11:30");
    await window("Monday", "second", "to").fill("19:00");
    await window("Wednesday", "first", "from").fill("07:30");
    await window("Wednesday", "first", "to").fill("13:00");
    const leave = [indiaDay(3), indiaDay(4), indiaDay(5)];
    await page.getByLabel("Add leave from").fill(leave[0]?.iso ?? "");
    await page.getByLabel("To (optional, for several days)").fill(leave[2]?.iso ?? "");

    const refused = await submit(page, "Save profile");
    if (!script) expect(refused).toBe(400);
    await expect
      .poll(() => page.locator('[data-field-error="hours.1.1.from"]').textContent(), navigationWait)
      .toBe("The second window starts after the first one ends");
    expect(await page.locator('[data-profile-answer="refused"]').textContent()).toBe(
      "Some fields need your attention: see the messages under them.",
    );
    // What was typed is kept, to be put right.
    expect(await page.getByLabel("Display name").inputValue()).toBe("Dr Asha Verma");
    expect(await window("Monday", "second", "from").inputValue()).toBe("11:30");
    expect(await page.getByRole("checkbox", { name: "Hindi", exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel("Add leave from").inputValue()).toBe(leave[0]?.iso);
    // Nothing was saved.
    expect(
      await page.locator("[data-leave]").count(),
      "no day of leave stored by a refused save",
    ).toBe(0);

    await window("Monday", "second", "from").fill("16:00");
    expect(await submit(page, "Save profile")).toBe(script ? undefined : 200);
    await expect
      .poll(() => page.locator("[data-profile-answer]").textContent(), navigationWait)
      .toBe("Profile saved.");
    await expect
      .poll(() => page.locator("[data-leave] span").allTextContents(), navigationWait)
      .toEqual(leave.map((d) => d.shown));
    expect(await page.locator("[data-field-error]").count()).toBe(0);

    // A day of leave removed by its own button: the rest of the profile saved with it.
    expect(await submit(page, `Remove ${leave[1]?.shown}`)).toBe(script ? undefined : 200);
    await expect
      .poll(() => page.locator("[data-leave] span").allTextContents(), navigationWait)
      .toEqual([leave[0]?.shown, leave[2]?.shown]);

    // Read again from the server: what was stored.
    await page.goto(page.url());
    if (script) await waitForHydration(page);
    expect(await page.getByLabel("Display name").inputValue()).toBe("Dr Asha Verma");
    expect(await page.getByLabel("Registration number").inputValue()).toBe("UPSPC/2016/0912");
    expect(await window("Monday", "second", "from").inputValue()).toBe("16:00");
    expect(await window("Wednesday", "first", "to").inputValue()).toBe("13:00");
    expect(await window("Tuesday", "first", "from").inputValue()).toBe("");

    // Ravi: South Delhi, sports injuries, Punjabi and Hindi; Tuesday and Thursday.
    await page.getByRole("link", { name: "Back to therapists" }).click();
    await page.getByRole("link", { name: "ravi", exact: true }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), navigationWait)
      .toBe("Therapist: ravi");
    if (script) await waitForHydration(page);
    await page.getByLabel("Display name").fill("Ravi Kumar");
    for (const box of ["Punjabi", "Hindi", "Sports Injury Physiotherapy"]) {
      await page.getByRole("checkbox", { name: box, exact: true }).check();
    }
    await page.getByRole("checkbox", { name: "South Delhi (Delhi)" }).check();
    for (const weekday of ["Tuesday", "Thursday"]) {
      await window(weekday, "first", "from").fill("09:00");
      await window(weekday, "first", "to").fill("17:00");
    }
    expect(await submit(page, "Save profile")).toBe(script ? undefined : 200);
    await expect
      .poll(() => page.locator("[data-profile-answer]").textContent(), navigationWait)
      .toBe("Profile saved.");

    await open(page, "/admin/therapists");
    expect(await rosterRow(page, "^Dr Asha Verma")).toEqual([
      "Gautam Buddha Nagar",
      "Stroke Rehabilitation, General Physiotherapy",
      "English, Hindi",
      "Yes",
    ]);
    expect(await rosterRow(page, "^Ravi Kumar")).toEqual([
      "South Delhi",
      "Sports Injury Physiotherapy",
      "Hindi, Punjabi",
      "Yes",
    ]);
    // The browser reports the refusal's own 400 as an error; nothing else.
    expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
  });
});
