// Matching on the need (decision 050) in Chromium, on PostgreSQL: a family on a 390 px phone
// sends the stroke page's request from Noida in English or in Hindi with "evenings" ticked; at
// 1280 px the desk reads the need on the request's page, marks Hindi as required, and the
// suggestions put the Hindi-speaking stroke therapist first, say "no Hindi" of the one without
// it, and offer only evening starts. A visit in Rohini booked 90 minutes after one in Gurugram is
// refused, naming the travel between them. The server's clock is the real one: the days of the
// starts are read as a pattern.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { openDatabase } from "#app/db.server.ts";
import { parseAppointment } from "#app/domain/appointments/appointment-form.ts";
import { staffMailFor } from "#app/domain/appointments/appointment-mail.server.ts";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { indiaDateOf } from "#app/domain/visits/schedule.ts";
import { appointments, therapists, users, visits } from "#db/schema.ts";
import { type RunningServer, startProductionServer } from "#scripts/production-server.ts";
import { fill, formLabels, openForm, send } from "#tests/e2e/appointment-page.ts";
import { createTestDatabase, fastSubmissions } from "#tests/e2e/appointments.ts";
import {
  desktop,
  phone,
  signedInAs,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";
import { testSite } from "#tests/e2e/sites.ts";
import { admin, seedStaff, signInCookie } from "#tests/e2e/staff.ts";
import { indiaAt } from "#tests/india-time.ts";

// Every day, from early to late: evening starts are free whenever the test runs.
const allDay = [{ from: "00:00", to: "23:45" }];
const hours = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, allDay]));

/** The words of the form's evening box and the family's confirmation, written out here. */
const evening = { en: "Evening (after 5 pm)", hi: "शाम (5 बजे के बाद)" } as const;

describe("matching on the need", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: RunningServer | undefined;
  let cookie = "";
  const ids = { gurugram: "", rohini: "" };
  const url = () => server?.url ?? "";

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedStaff({ databaseUrl: database.url });
    const handle = await openDatabase({ dataDir: "", databaseUrl: database.url, poolSize: 1 });
    try {
      const { db } = handle;
      const profiles = [
        { id: "m-kiran", name: "Kiran Rao", skills: ["stroke"], languages: ["English", "Telugu"] },
        { id: "m-sunil", name: "Sunil Sharma", skills: ["stroke"], languages: ["Hindi"] },
        { id: "m-ravi", name: "Ravi Kumar", skills: ["general"], languages: ["Hindi"] },
      ];
      for (const p of profiles) {
        await db.insert(users).values({ id: p.id, name: p.name, email: `${p.id}@clinic.test` });
        await db.insert(therapists).values({
          userId: p.id,
          displayName: p.name,
          skills: p.skills,
          languages: p.languages,
          districts: ["Gautam Buddha Nagar"],
          hours,
        });
      }
      const staffMail = staffMailFor(
        toSiteConfig(parseEnv(testSite.settings)),
        "staff@clinic.test",
      );
      const request = async (name: string, pincode: string, address: string) => {
        const parsed = parseAppointment({
          name,
          phone: "98110 22334",
          address,
          pincode,
          message: "",
        });
        if (!parsed.ok) throw new Error("invalid request");
        return (await createAppointment(db, parsed.appointment, staffMail)).appointment.id;
      };
      ids.gurugram = await request("Meera Gupta", "122002", "H-12, Sector 43");
      ids.rohini = await request("Harish Jain", "110085", "B-4, Sector 7, Rohini");
      // Sunil is in Gurugram tomorrow 9:00 to 10:00.
      const start = indiaAt(1, 9);
      await db.insert(visits).values({
        appointmentId: ids.gurugram,
        therapistId: "m-sunil",
        startsAt: start,
        endsAt: new Date(start.getTime() + 60 * 60_000),
        blockedUntil: new Date(start.getTime() + 90 * 60_000),
        kind: "assessment",
      });
    } finally {
      await handle.close();
    }
    server = await startProductionServer({
      ...testSite.settings,
      ...fastSubmissions,
      DATABASE_URL: database.url,
    });
    cookie = await signInCookie(server.url, admin);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  const family = useBrowser(phone);
  const desk = useBrowser(desktop);

  /** The request the family sent from their phone, by the reference they were shown. */
  async function sentFromPhone(lang: "en" | "hi"): Promise<string> {
    const page = await family().newPage();
    const errors = watchErrors(page);
    const prefix = lang === "hi" ? "/hi" : "";
    // They came to the stroke page first: the request is for stroke rehabilitation.
    await page.goto(`${url()}${prefix}/stroke-rehabilitation-at-home`);
    await openForm(page, `${url()}${prefix}`);
    await fill(page, {
      name: lang === "hi" ? "सुमन देवी" : "Suman Devi",
      phone: "98110 22334",
      address: "C-5, Sector 62",
      pincode: "201301",
    });
    await page.getByRole("checkbox", { name: evening[lang] }).check();
    await send(page, formLabels[lang]);
    const reference = page.locator("[data-reference]");
    await expect.poll(() => reference.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const shown = (await reference.first().textContent()) ?? "";
    expect(errors).toEqual([]);
    const handle = await openDatabase({ dataDir: "", databaseUrl: database?.url, poolSize: 1 });
    try {
      const [row] = await handle.db
        .select({ id: appointments.id, preferredTimes: appointments.preferredTimes })
        .from(appointments)
        .where(eq(appointments.reference, shown));
      expect(row?.preferredTimes).toEqual(["evening"]);
      return row?.id ?? "";
    } finally {
      await handle.close();
    }
  }

  /** A free start's link text, "Tue 1 Dec, 5:15 PM": whether it is at 5 pm or later. */
  const inTheEvening = (text: string) => {
    const match = /, (\d{1,2}):\d{2} (AM|PM)$/.exec(text);
    return match?.[2] === "PM" && Number(match[1]) >= 5 && Number(match[1]) < 12;
  };

  it.each(["hi", "en"] as const)(
    "a %s request for evenings from Noida: the need on the desk's page, evening starts, the required language first",
    async (lang) => {
      const id = await sentFromPhone(lang);
      await signedInAs(desk(), url(), cookie);
      const page = await desk().newPage();
      const errors = watchErrors(page);
      await page.goto(`${url()}/admin/appointments/${id}`);
      await waitForHydration(page);
      // The desk's WhatsApp link opens in the family's language.
      const chat = decodeURIComponent(
        (await page.locator('a[href^="https://wa.me/"]').first().getAttribute("href")) ?? "",
      );
      expect(chat).toContain(
        lang === "hi" ? "?text=नमस्ते सुमन देवी जी, हम " : "?text=Hello Suman Devi, this is ",
      );
      const panel = page.getByRole("region", { name: "Suggested therapists" });
      expect(await panel.locator("[data-need]").textContent()).toBe(
        "Stroke Rehabilitation · Evening (after 5 pm)",
      );
      // The desk marks Hindi as a must (the family's note: "Papa speaks only Hindi").
      if (lang === "hi") {
        await panel.locator("summary").click();
        await panel.getByLabel("The therapist must speak").selectOption("Hindi");
        await panel.getByRole("button", { name: "Save the need" }).click();
        await expect
          .poll(() => panel.locator("[data-need]").textContent(), { timeout: 15_000 })
          .toBe("Stroke Rehabilitation · Evening (after 5 pm) · must speak Hindi");
      }
      const items = panel.locator("li[data-therapist]");
      const order = await items.evaluateAll((els) =>
        els.map((el) => el.getAttribute("data-therapist")),
      );
      // Hindi required: Sunil (stroke, Hindi), Ravi (Hindi, general), Kiran (stroke, no Hindi).
      // English: Kiran (stroke, English), Sunil (stroke), Ravi (general).
      expect(order).toEqual(
        lang === "hi" ? ["m-sunil", "m-ravi", "m-kiran"] : ["m-kiran", "m-sunil", "m-ravi"],
      );
      if (lang === "hi") {
        expect(await items.nth(2).locator("[data-reasons]").textContent()).toMatch(
          /^Noida · no Hindi · stroke · free /,
        );
      }
      // Every start offered is in the evening.
      const starts = await panel.locator("li[data-therapist] ul a").allTextContents();
      expect(starts.length).toBe(9);
      expect(starts.filter((text) => !inTheEvening(text))).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it("refuses a Rohini visit 90 minutes after one in Gurugram, naming the travel", async () => {
    await signedInAs(desk(), url(), cookie);
    const page = await desk().newPage();
    await page.goto(`${url()}/admin/appointments/${ids.rohini}`);
    await waitForHydration(page);
    const form = page.locator("form#book");
    await form.getByLabel("Therapist").selectOption("m-sunil");
    await form.getByLabel("Day (first visit)").fill(indiaDateOf(indiaAt(1, 9)));
    await form.getByLabel("Start (India time)").fill("10:30");
    await form.getByLabel("Length").selectOption("60");
    await form.getByRole("button", { name: "Book" }).click();
    await expect
      .poll(() => form.locator("[data-visit-error]").first().textContent(), { timeout: 15_000 })
      .toMatch(
        /^Sunil Sharma has a visit in Gurugram on \w{3} \d{1,2} \w{3} at 9:00 AM \(Meera\): the travel from Gurugram to North West Delhi takes 60 minutes\.$/,
      );
    // 11:00 leaves the hour: booked.
    await form.getByLabel("Start (India time)").fill("11:00");
    await form.getByRole("button", { name: "Book" }).click();
    const list = page.getByRole("list", { name: "The request's visits" });
    await expect.poll(() => list.locator("[data-visit]").count(), { timeout: 15_000 }).toBe(1);
  });
});
