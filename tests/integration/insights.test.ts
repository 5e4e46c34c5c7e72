// The owner's insights (issue 16) on the real databases: requests stored at known India times,
// with known sources, statuses and first contacts, read for last week as of a fixed time. Every
// expected figure is written here by hand, worked out from the rows below, not by the code.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import type { Channel } from "#app/domain/attribution/channels.ts";
import { computeInsights } from "#app/domain/insights/insights.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import { appointments, users } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";

/** Tuesday 10 March 2026, noon in India. Last week is Monday 2 to Sunday 8 March. */
const now = new Date("2026-03-10T06:30:00.000Z");
/** A time in India, written as India's clocks show it. */
const india = (local: string) => new Date(`${local}+05:30`);
const minutes = (n: number) => n * 60_000;

const admin = { id: "user-admin", email: "admin@clinic.test" };
const colleague = { id: "user-colleague", email: "colleague@clinic.test" };

interface Row {
  n: number;
  at: Date;
  pincode: string;
  status?: AppointmentStatus;
  channel?: Channel | null;
  landing?: string | null;
  junk?: boolean;
  contact?: { after: number; by: string };
}

const rows: Row[] = [
  // 00:10 on Monday in India is still Sunday in UTC: it belongs to Monday 2 March.
  {
    n: 1,
    at: india("2026-03-02T00:10:00"),
    pincode: "110017",
    status: "contacted",
    channel: "direct",
    landing: "/",
    contact: { after: minutes(30), by: admin.id },
  },
  {
    n: 2,
    at: india("2026-03-02T10:00:00"),
    pincode: "201301",
    status: "completed",
    channel: "search",
    landing: "/services/stroke-rehabilitation",
    contact: { after: minutes(120), by: colleague.id },
  },
  // Ghaziabad: outside the areas served. Still pending, and more than 24 hours old.
  {
    n: 3,
    at: india("2026-03-04T15:00:00"),
    pincode: "201010",
    channel: "ads",
    landing: "/services/stroke-rehabilitation",
  },
  {
    n: 4,
    at: india("2026-03-05T09:00:00"),
    pincode: "122002",
    status: "contacted",
    channel: "social",
    landing: "/service-areas/gurugram",
    contact: { after: minutes(30 * 60), by: admin.id },
  },
  // Before the source was recorded (no channel, no landing page).
  {
    n: 5,
    at: india("2026-03-08T23:50:00"),
    pincode: "121001",
    status: "contacted",
    contact: { after: minutes(10 * 60), by: admin.id },
  },
  // Junk: counted only as junk.
  { n: 6, at: india("2026-03-03T11:00:00"), pincode: "110017", junk: true, channel: "direct" },
  // Outside the week: 00:05 on Monday 9 March in India (8 March in UTC), 23:55 on Sunday 1 March.
  { n: 7, at: india("2026-03-09T00:05:00"), pincode: "110017", channel: "direct" },
  { n: 8, at: india("2026-03-01T23:55:00"), pincode: "110017", channel: "direct" },
  // Pending since February (overdue now), and two hours old (not yet).
  { n: 9, at: india("2026-02-20T10:00:00"), pincode: "122002" },
  { n: 10, at: india("2026-03-10T10:00:00"), pincode: "122002" },
];

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function insert(db: Database): Promise<void> {
  await db.insert(users).values([
    { id: admin.id, name: "Admin", email: admin.email },
    { id: colleague.id, name: "Colleague", email: colleague.email },
  ]);
  await db.insert(appointments).values(
    rows.map((row) => ({
      id: idOf(row.n),
      name: `Patient ${row.n}`,
      phone: `98110 ${String(row.n).padStart(5, "0")}`,
      address: "H-12, Sector 43",
      pincode: row.pincode,
      status: row.status ?? "pending",
      createdAt: row.at,
      junk: row.junk ?? false,
      channel: row.channel ?? null,
      landingPath: row.landing ?? null,
      firstContactAt: row.contact ? new Date(row.at.getTime() + row.contact.after) : null,
      firstContactBy: row.contact?.by ?? null,
    })),
  );
}

describeEachDatabase("insights", (database) => {
  it("counts last week's requests by day, area, page, channel and status, in India's calendar", async () => {
    await insert(database.db);
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });

    expect(insights.total).toBe(5);
    expect(insights.junk).toBe(1);
    expect(insights.perBucket).toEqual([
      { key: "2026-03-02", count: 2 },
      { key: "2026-03-03", count: 0 },
      { key: "2026-03-04", count: 1 },
      { key: "2026-03-05", count: 1 },
      { key: "2026-03-06", count: 0 },
      { key: "2026-03-07", count: 0 },
      { key: "2026-03-08", count: 1 },
    ]);
    expect(insights.byArea).toEqual([
      { key: { area: "delhi", district: null }, count: 1 },
      { key: { area: "faridabad", district: null }, count: 1 },
      { key: { area: "gurugram", district: null }, count: 1 },
      { key: { area: "noida", district: null }, count: 1 },
      { key: { area: null, district: "Ghaziabad" }, count: 1 },
    ]);
    expect(insights.byLanding).toEqual([
      { key: "/services/stroke-rehabilitation", count: 2 },
      { key: "/", count: 1 },
      { key: "/service-areas/gurugram", count: 1 },
      { key: null, count: 1 },
    ]);
    expect(insights.byChannel).toEqual([
      { key: "ads", count: 1 },
      { key: "direct", count: 1 },
      { key: "search", count: 1 },
      { key: "social", count: 1 },
      { key: null, count: 1 },
    ]);
    expect(insights.byStatus).toEqual([
      { key: "pending", count: 1 },
      { key: "contacted", count: 3 },
      { key: "completed", count: 1 },
    ]);
    // Pending for more than 24 hours, whatever the period: requests 3 (4 March), 7 (9 March,
    // 36 hours ago), 8 (1 March) and 9 (February); not 10, two hours old, nor 6, junk.
    expect(insights.overdueNow).toBe(4);
  });

  it("times the first contact: median, 90th percentile and the share within 24 hours, overall and per member of staff", async () => {
    await insert(database.db);
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });

    // Contacted after 30, 120, 600 and 1,800 minutes; request 3 not at all, and 24 hours have
    // passed: it counts against the promise.
    expect(insights.contact).toEqual({
      requests: 5,
      contacted: 4,
      medianMinutes: 360,
      p90Minutes: 1440,
      withinPromise: 3,
      judged: 5,
    });
    expect(insights.contactByStaff).toEqual([
      {
        staff: admin.email,
        requests: 3,
        contacted: 3,
        medianMinutes: 600,
        p90Minutes: 1560,
        withinPromise: 2,
        judged: 3,
      },
      {
        staff: colleague.email,
        requests: 1,
        contacted: 1,
        medianMinutes: 120,
        p90Minutes: 120,
        withinPromise: 1,
        judged: 1,
      },
    ]);
  });

  it("reads an empty period as zeros, every day listed", async () => {
    const { period } = resolvePeriod(
      { period: "dates", from: "2025-01-06", to: "2025-01-08" },
      now,
    );
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });
    expect(insights.perBucket).toEqual([
      { key: "2025-01-06", count: 0 },
      { key: "2025-01-07", count: 0 },
      { key: "2025-01-08", count: 0 },
    ]);
    expect(insights.contact).toEqual({
      requests: 0,
      contacted: 0,
      medianMinutes: null,
      p90Minutes: null,
      withinPromise: 0,
      judged: 0,
    });
    expect(insights.contactByStaff).toEqual([]);
    expect(insights.byArea).toEqual([]);
  });

  it("groups a long period by week, from the Monday on or before its first day", async () => {
    await insert(database.db);
    const { period } = resolvePeriod(
      { period: "dates", from: "2026-02-04", to: "2026-03-08" },
      now,
    );
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });
    expect(period.bucket).toBe("week");
    expect(insights.perBucket).toEqual([
      { key: "2026-02-02", count: 0 },
      { key: "2026-02-09", count: 0 },
      { key: "2026-02-16", count: 1 },
      // Request 8: 23:55 on Sunday 1 March in India, the week of 23 February.
      { key: "2026-02-23", count: 1 },
      { key: "2026-03-02", count: 5 },
    ]);
  });

  it("records the first contact with the first change away from pending, once", async () => {
    await insert(database.db);
    await database.db
      .insert(users)
      .values({ id: "user-third", name: "Third", email: "third@clinic.test" });
    const change = (status: AppointmentStatus, by: { id: string; email: string }) =>
      changeRequest(database.db, {
        appointmentId: idOf(10),
        by,
        change: { kind: "status", status },
      });
    const firstContact = async () => {
      const [row] = await database.db
        .select({ at: appointments.firstContactAt, by: appointments.firstContactBy })
        .from(appointments)
        .where(eq(appointments.id, idOf(10)));
      return row;
    };
    expect(await firstContact()).toEqual({ at: null, by: null });
    await change("contacted", colleague);
    const first = await firstContact();
    expect(first?.by).toBe(colleague.id);
    expect(Math.abs((first?.at?.getTime() ?? 0) - Date.now())).toBeLessThan(minutes(1));
    // Back to pending and on again: the family was first reached then, by them.
    await change("pending", admin);
    await change("completed", { id: "user-third", email: "third@clinic.test" });
    expect(await firstContact()).toEqual(first);
  });
});
