// "Suggested therapists" read from the database (decision 037): the request's district, language
// and service page, the active therapists serving the district, and the time their visits hold (not
// cancelled), on PGlite and PostgreSQL.

import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { recordNeed } from "#app/domain/visits/need.server.ts";
import { suggestionsFor } from "#app/domain/visits/suggestions.server.ts";
import { appointmentActivity, therapists, users, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const minute = 60_000;
/** An India wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}:00+05:30`);
// Sunday 29 November 2026, 20:00 in India.
const now = ist("2026-11-29T20:00");
const options = { now, minutes: 60, travelMinutes: 30 };
const weekdays = [{ from: "07:30", to: "10:00" }];
const hours = { "1": weekdays, "2": weekdays, "3": weekdays, "4": weekdays, "5": weekdays };

describeEachDatabase("suggested therapists", (database) => {
  async function therapist(
    id: string,
    profile: Partial<typeof therapists.$inferInsert> & { displayName: string },
  ) {
    const { db } = database;
    await db
      .insert(users)
      .values({ id, name: id, email: `${id}@clinic.test`, emailVerified: true });
    await db.insert(therapists).values({ userId: id, hours, ...profile });
  }

  /** A Hindi request from the stroke page, with a Noida PIN code (Gautam Buddha Nagar). */
  async function strokeRequest(pincode = "201301") {
    const { appointment } = await createAppointment(
      database.db,
      appointmentInput({ pincode, address: "C-5, Sector 62, Noida" }),
      staffMail,
      {
        source: {
          landingPath: "/hi",
          sentFromPath: "/hi/stroke-rehabilitation-at-home",
          referrerHost: null,
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
          clickIdParam: null,
          clickId: null,
          channel: "direct",
          language: "hi",
        },
      },
    );
    return appointment.id;
  }

  async function visit(
    appointmentId: string,
    therapistId: string,
    start: Date,
    status = "scheduled",
  ) {
    await database.db.insert(visits).values({
      appointmentId,
      therapistId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * minute),
      blockedUntil: new Date(start.getTime() + 90 * minute),
      kind: "treatment",
      status: status as "scheduled" | "cancelled",
      ...(status === "cancelled" ? { cancelledBy: "clinic" as const, reason: "moved" } : {}),
    });
  }

  it("ranks the Noida stroke therapist who speaks Hindi first, with the reasons and free starts", async () => {
    await therapist("t-general", {
      displayName: "Ravi",
      languages: ["English", "Hindi"],
      skills: ["general"],
      districts: ["Gautam Buddha Nagar"],
    });
    await therapist("t-stroke", {
      displayName: "Asha",
      yearsOfPractice: 8,
      languages: ["English", "Hindi"],
      skills: ["stroke", "senior"],
      districts: ["Gautam Buddha Nagar", "Ghaziabad"],
    });
    // Not suggested: another district, and one inactive.
    await therapist("t-gurugram", {
      displayName: "Meena",
      skills: ["stroke"],
      languages: ["Hindi"],
      districts: ["Gurugram"],
    });
    await therapist("t-away", {
      displayName: "Kiran",
      skills: ["stroke"],
      languages: ["Hindi"],
      districts: ["Gautam Buddha Nagar"],
      active: false,
    });
    const id = await strokeRequest();
    // Asha is held Monday 07:30 (until 09:00); a cancelled visit holds nothing.
    await visit(id, "t-stroke", ist("2026-11-30T07:30"));
    await visit(id, "t-stroke", ist("2026-11-30T09:00"), "cancelled");

    const found = await suggestionsFor(database.db, id, options);
    expect(found).toEqual({
      place: "Noida",
      district: "Gautam Buddha Nagar",
      service: "stroke",
      none: null,
      nearest: [],
      condition: null,
      preferredTimes: [],
      requiredLanguage: null,
      suggestions: [
        {
          therapistId: "t-stroke",
          name: "Asha",
          yearsOfPractice: 8,
          skill: "stroke",
          language: "Hindi",
          lacksLanguage: null,
          fitsTimes: null,
          firstFree: ist("2026-11-30T09:00").getTime(),
          visitsInWeek: 1,
          starts: [
            ist("2026-11-30T09:00").getTime(),
            ist("2026-12-01T07:30").getTime(),
            ist("2026-12-01T07:45").getTime(),
          ],
        },
        {
          therapistId: "t-general",
          name: "Ravi",
          yearsOfPractice: 0,
          skill: "general",
          language: "Hindi",
          lacksLanguage: null,
          fitsTimes: null,
          firstFree: ist("2026-11-30T07:30").getTime(),
          visitsInWeek: 0,
          starts: [
            ist("2026-11-30T07:30").getTime(),
            ist("2026-11-30T07:45").getTime(),
            ist("2026-11-30T08:00").getTime(),
          ],
        },
      ],
    });
  });

  it("says why no one is suggested: a district nobody serves, or a PIN code outside the directory", async () => {
    await therapist("t-gurugram", { displayName: "Meena", districts: ["Gurugram"] });
    const noida = await strokeRequest("201301");
    // The migration's table: Noida to Gurugram 90 minutes.
    expect(await suggestionsFor(database.db, noida, options)).toEqual({
      place: "Noida",
      district: "Gautam Buddha Nagar",
      service: "stroke",
      none: "no_one_serves",
      nearest: [{ therapistId: "t-gurugram", name: "Meena", district: "Gurugram", minutes: 90 }],
      condition: null,
      preferredTimes: [],
      requiredLanguage: null,
      suggestions: [],
    });
    const unknown = await strokeRequest("999999");
    expect(await suggestionsFor(database.db, unknown, options)).toMatchObject({
      place: null,
      none: "no_district",
    });
  });

  it("offers nothing for an erased request, or one that does not exist", async () => {
    await therapist("t-stroke", {
      displayName: "Asha",
      skills: ["stroke"],
      districts: ["Gautam Buddha Nagar"],
    });
    const id = await strokeRequest();
    expect((await suggestionsFor(database.db, id, options))?.suggestions).toHaveLength(1);
    await eraseAppointments(database.db, [id], { reason: "request", by: "staff@clinic.test" });
    expect(await suggestionsFor(database.db, id, options)).toBeNull();
    expect(
      await suggestionsFor(database.db, "00000000-0000-4000-8000-000000000000", options),
    ).toBeNull();
  });

  it("matches on the need the desk recorded: a language required, the condition, evening starts", async () => {
    const evenings = [{ from: "08:00", to: "20:00" }];
    const long = { "1": evenings, "2": evenings, "3": evenings, "4": evenings, "5": evenings };
    await therapist("t-telugu", {
      displayName: "Kiran",
      languages: ["English", "Telugu"],
      skills: ["stroke"],
      districts: ["Gautam Buddha Nagar"],
      hours: long,
    });
    await therapist("t-hindi", {
      displayName: "Sunil",
      languages: ["Hindi"],
      skills: ["stroke"],
      districts: ["Gautam Buddha Nagar"],
      hours: long,
    });
    const id = await strokeRequest();
    const admin = { id: "desk", email: "desk@clinic.test" };
    await database.db
      .insert(users)
      .values({ id: "desk", name: "Desk", email: admin.email, emailVerified: true });
    await recordNeed(database.db, admin, id, {
      condition: "stroke",
      preferredTimes: ["evening"],
      requiredLanguage: "Hindi",
    });
    const found = await suggestionsFor(database.db, id, options);
    expect(found).toMatchObject({
      condition: "stroke",
      preferredTimes: ["evening"],
      requiredLanguage: "Hindi",
    });
    expect(
      found?.suggestions.map((s) => [s.name, s.lacksLanguage, s.fitsTimes, s.starts[0]]),
    ).toEqual([
      ["Sunil", null, true, ist("2026-11-30T17:00").getTime()],
      ["Kiran", "Hindi", true, ist("2026-11-30T17:00").getTime()],
    ]);
    // On the request's timeline, in the desk's words.
    const [entry] = await database.db
      .select({ kind: appointmentActivity.kind, body: appointmentActivity.body })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.appointmentId, id));
    expect(entry).toEqual({
      kind: "need_recorded",
      body: "Need recorded: Stroke Rehabilitation · Evening (after 5 pm) · must speak Hindi.",
    });
  });
});
