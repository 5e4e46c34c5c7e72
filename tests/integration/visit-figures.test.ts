// The home visits' figures (docs/insights.md) on the real databases: requests and visits at known
// India times, read for last week as of a fixed time. Every expected figure is worked out here by
// hand from the rows below, not by the code.
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { computeInsights } from "#app/domain/insights/insights.server.ts";
import { insightsView } from "#app/domain/insights/insights-view.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import { weeklySummaryMail } from "#app/domain/insights/weekly-summary-mail.server.ts";
import { appointments, therapists, users, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

/** Tuesday 10 March 2026, noon in India. Last week is Monday 2 to Sunday 8 March. */
const now = new Date("2026-03-10T06:30:00.000Z");
const india = (local: string) => new Date(`${local}+05:30`);
const minute = 60_000;
const morning = [{ from: "09:00", to: "13:00" }];

async function seed(db: Database) {
  const team = [
    // Four hours each weekday, on leave on Wednesday 4 March: 4 × 240 = 960 minutes last week.
    {
      userId: "t-meera",
      displayName: "Meera Noida",
      hours: { "1": morning, "2": morning, "3": morning, "4": morning, "5": morning },
      leave: ["2026-03-04"],
    },
    // Saturdays 10:00–12:00: 120 minutes, and no visit.
    {
      userId: "t-arjun",
      displayName: "Arjun Gurugram",
      hours: { "6": [{ from: "10:00", to: "12:00" }] },
    },
    // No longer active, but with a visit last week: listed; no hours, no share.
    { userId: "t-zoya", displayName: "Zoya Away", active: false },
    // Not active and no visit: not listed.
    { userId: "t-gone", displayName: "Gone Before", active: false },
  ];
  for (const therapist of team) {
    await db.insert(users).values({
      id: therapist.userId,
      name: therapist.displayName,
      email: `${therapist.userId}@clinic.test`,
      emailVerified: true,
    });
    await db.insert(therapists).values(therapist);
  }
  const request = async (at: string, values: Partial<typeof appointments.$inferInsert> = {}) => {
    const [row] = await db
      .insert(appointments)
      .values({
        name: "Asha Rani",
        phone: "+919876543210",
        address: "H-12, Sector 43",
        pincode: "122002",
        status: "contacted",
        createdAt: india(at),
        ...values,
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error("not stored");
    return row.id;
  };
  // First visit 24 hours after: within 48 hours.
  const r1 = await request("2026-03-02T10:00:00");
  // Its cancelled visit does not count; the first one kept starts 72 hours after: not within.
  const r2 = await request("2026-03-02T12:00:00");
  // Pending, 48 hours old, no visit: judged, not within.
  await request("2026-03-04T09:00:00", { status: "pending" });
  // Younger than 48 hours: not judged yet. Completed without a visit, erased, junk: not judged.
  await request("2026-03-08T23:00:00");
  await request("2026-03-03T09:00:00", { status: "completed" });
  await request("2026-03-03T10:00:00", { erasedAt: new Date(), name: "", phone: "", address: "" });
  const junk = await request("2026-03-03T11:00:00", { junk: true });
  // The week before: first visit 4 hours after, within.
  const before = await request("2026-02-25T10:00:00");
  const visit = (
    appointmentId: string,
    therapistId: string,
    at: string,
    values: Partial<typeof visits.$inferInsert> = {},
  ) => {
    const start = india(at);
    return {
      appointmentId,
      therapistId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * minute),
      blockedUntil: new Date(start.getTime() + 90 * minute),
      kind: "treatment" as const,
      ...values,
    };
  };
  await db.insert(visits).values([
    visit(r1, "t-meera", "2026-03-03T10:00:00", { status: "done" }),
    visit(r1, "t-meera", "2026-03-05T10:00:00", { status: "no_show" }),
    visit(r2, "t-meera", "2026-03-03T09:00:00", { status: "cancelled", cancelledBy: "patient" }),
    visit(r2, "t-zoya", "2026-03-05T12:00:00"),
    visit(junk, "t-meera", "2026-03-06T10:00:00", { status: "done" }),
    // Monday 9 March: this week, not last.
    visit(r2, "t-meera", "2026-03-09T10:00:00"),
    visit(before, "t-meera", "2026-02-25T14:00:00", { status: "done" }),
  ]);
}

describeEachDatabase("the home visits' figures", (database) => {
  it("times the first visits, counts the visits per week and therapist, and the booked share", async () => {
    await seed(database.db);
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });
    // 24 h and 72 h: median 48 h, 90th percentile 24 + 0.9 × 48 = 67 h 12 min.
    expect(insights.visits.firstVisit).toEqual({
      booked: 2,
      medianMinutes: 2880,
      p90Minutes: 4032,
      within: 1,
      judged: 3,
    });
    expect(insights.previous?.firstVisit).toMatchObject({
      booked: 1,
      medianMinutes: 240,
      within: 1,
      judged: 1,
    });
    // The junk request's visit is a visit all the same: the therapist went.
    expect(insights.visits.perWeek).toEqual([
      { week: "2026-03-02", done: 2, noShow: 1, cancelled: 1, scheduled: 1 },
    ]);
    expect(insights.visits.perTherapist).toEqual([
      {
        therapistId: "t-arjun",
        name: "Arjun Gurugram",
        done: 0,
        noShow: 0,
        cancelled: 0,
        scheduled: 0,
        bookedMinutes: 0,
        workingMinutes: 120,
      },
      {
        therapistId: "t-meera",
        name: "Meera Noida",
        done: 2,
        noShow: 1,
        cancelled: 1,
        scheduled: 0,
        bookedMinutes: 180,
        workingMinutes: 960,
      },
      {
        therapistId: "t-zoya",
        name: "Zoya Away",
        done: 0,
        noShow: 0,
        cancelled: 0,
        scheduled: 1,
        bookedMinutes: 60,
        workingMinutes: 0,
      },
    ]);

    const view = insightsView(insights).visits;
    expect(view).toMatchObject({
      median: "2 d 00 h",
      p90: "2 d 19 h",
      within: "33%",
      withinText: "1 of 3 requests",
      compare: { median: "4 h 00 min the week before", within: "100% the week before" },
    });
    expect(view.therapists.map((row) => [row.name, row.booked, row.working, row.share])).toEqual([
      ["Arjun Gurugram", "0 h", "2 h", "0%"],
      ["Meera Noida", "3 h", "16 h", "19%"],
      ["Zoya Away", "1 h", "0 h", "—"],
    ]);

    const mail = weeklySummaryMail(insights, {
      siteName: "HomePhysio NCR",
      siteUrl: "https://homephysio.example",
      locate: districtOf,
    });
    expect(mail.text).toContain(
      "Median time from request to first visit: 2 d · 4 h the week before",
    );
    expect(mail.text).toContain("First visit within 48 hours: 1 of 3 (33%) · 100% the week before");
    expect(mail.text).toContain("Home visits: 2 done, 1 not home, 1 cancelled");
    expect(mail.text).toContain("Meera Noida: 2 done, 1 not home, 1 cancelled; booked 19% of 16 h");
  });

  it("reads a period without visits as zeros", async () => {
    const { period } = resolvePeriod({ period: "last-4-weeks" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });
    expect(insights.visits.firstVisit).toEqual({
      booked: 0,
      medianMinutes: null,
      p90Minutes: null,
      within: 0,
      judged: 0,
    });
    expect(insights.visits.perWeek.map((week) => week.done)).toEqual([0, 0, 0, 0, 0]);
    expect(insights.visits.perTherapist).toEqual([]);
  });
});
