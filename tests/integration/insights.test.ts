// The owner's insights (docs/insights.md, decision 032) on the real databases: requests stored at
// known India times, with known sources, statuses, owners over time (the owner_changed entries of
// their trail), first contacts and erasures, read for last week as of a fixed time. Every expected
// figure is written here by hand, worked out from the rows below, not by the code. And the
// WhatsApp messages to families with what the reminders did (decision 038).
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#app/db.server.ts";
import { changeRequest } from "#app/domain/appointments/request-changes.server.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import type { Channel } from "#app/domain/attribution/channels.ts";
import { computeInsights } from "#app/domain/insights/insights.server.ts";
import { insightsView } from "#app/domain/insights/insights-view.server.ts";
import { resolvePeriod } from "#app/domain/insights/period.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import {
  appointmentActivity,
  appointments,
  notifications,
  therapists,
  users,
  visits,
} from "#db/schema.ts";
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
  /** Hand-overs: this many minutes after it arrived, to this address (null: to nobody). */
  owners?: { after: number; to: string | null }[];
  /** Its owner now, with no hand-over recorded (a row from before the trail). */
  ownerId?: string;
  erased?: boolean;
}

const rows: Row[] = [
  // 00:10 on Monday in India is still Sunday in UTC: it belongs to Monday 2 March.
  // Taken by the admin as they contacted it (the hand-over in the same transaction, at the same
  // time): theirs, within 24 hours.
  {
    n: 1,
    at: india("2026-03-02T00:10:00"),
    pincode: "110017",
    status: "contacted",
    channel: "direct",
    landing: "/",
    contact: { after: minutes(30), by: admin.id },
    owners: [{ after: minutes(30), to: admin.email }],
  },
  // The admin's when the colleague contacted it: the admin's, within 24 hours.
  {
    n: 2,
    at: india("2026-03-02T10:00:00"),
    pincode: "201301",
    status: "completed",
    channel: "search",
    landing: "/services/stroke-rehabilitation",
    contact: { after: minutes(120), by: colleague.id },
    owners: [{ after: minutes(5), to: admin.email }],
  },
  // Ghaziabad: outside the areas served. Still pending, more than 24 hours old, owned by no one:
  // against nobody, still waiting.
  {
    n: 3,
    at: india("2026-03-04T15:00:00"),
    pincode: "201010",
    channel: "ads",
    landing: "/services/stroke-rehabilitation",
  },
  // The colleague's at its 24-hour mark; handed to the admin after, who contacted it at 30 hours:
  // against the colleague, not the admin who cleared it.
  {
    n: 4,
    at: india("2026-03-05T09:00:00"),
    pincode: "122002",
    status: "contacted",
    channel: "social",
    landing: "/service-areas/gurugram",
    contact: { after: minutes(30 * 60), by: admin.id },
    owners: [
      { after: minutes(60), to: colleague.email },
      { after: minutes(29 * 60), to: admin.email },
    ],
  },
  // Before the source was recorded (no channel, no landing page), and owned by the admin with no
  // hand-over recorded: the admin's.
  {
    n: 5,
    at: india("2026-03-08T23:50:00"),
    pincode: "121001",
    status: "contacted",
    contact: { after: minutes(10 * 60), by: admin.id },
    ownerId: admin.id,
  },
  // Erased while pending and the colleague's: no one's work any more, judged on no one; still a
  // request of 6 March, from Delhi, by search.
  {
    n: 11,
    at: india("2026-03-06T12:00:00"),
    pincode: "110017",
    channel: "search",
    landing: "/",
    owners: [{ after: minutes(60), to: colleague.email }],
    erased: true,
  },
  // Nobody's at its 24-hour mark; the colleague took it as they contacted it 48 hours in:
  // against nobody.
  {
    n: 12,
    at: india("2026-03-07T10:00:00"),
    pincode: "122002",
    status: "contacted",
    channel: "direct",
    landing: "/",
    contact: { after: minutes(48 * 60), by: colleague.id },
    owners: [{ after: minutes(48 * 60), to: colleague.email }],
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
      // An erased request keeps none of its personal data (migration 0012's check allows it).
      name: row.erased ? "" : `Patient ${row.n}`,
      phone: row.erased ? "" : `98110 ${String(row.n).padStart(5, "0")}`,
      address: row.erased ? "" : "H-12, Sector 43",
      erasedAt: row.erased ? now : null,
      ownerId: row.ownerId ?? null,
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
  await db.insert(appointmentActivity).values(
    rows.flatMap((row) =>
      (row.owners ?? []).map((owner) => ({
        appointmentId: idOf(row.n),
        kind: "owner_changed" as const,
        byEmail: admin.email,
        ownerEmail: owner.to,
        createdAt: new Date(row.at.getTime() + owner.after),
      })),
    ),
  );
}

describeEachDatabase("insights", (database) => {
  it("counts last week's requests by day, area, page, channel and status, in India's calendar", async () => {
    await insert(database.db);
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });

    // Requests 1, 2, 3, 4, 5, 11 (erased: it keeps its place in these figures) and 12.
    expect(insights.total).toBe(7);
    expect(insights.junk).toBe(1);
    expect(insights.perBucket).toEqual([
      { key: "2026-03-02", count: 2 },
      { key: "2026-03-03", count: 0 },
      { key: "2026-03-04", count: 1 },
      { key: "2026-03-05", count: 1 },
      { key: "2026-03-06", count: 1 },
      { key: "2026-03-07", count: 1 },
      { key: "2026-03-08", count: 1 },
    ]);
    expect(insights.byArea).toEqual([
      { key: { area: "delhi", district: null }, count: 2 },
      { key: { area: "gurugram", district: null }, count: 2 },
      { key: { area: "faridabad", district: null }, count: 1 },
      { key: { area: "noida", district: null }, count: 1 },
      { key: { area: null, district: "Ghaziabad" }, count: 1 },
    ]);
    expect(insights.byLanding).toEqual([
      { key: "/", count: 3 },
      { key: "/services/stroke-rehabilitation", count: 2 },
      { key: "/service-areas/gurugram", count: 1 },
      { key: null, count: 1 },
    ]);
    expect(insights.byChannel).toEqual([
      { key: "direct", count: 2 },
      { key: "search", count: 2 },
      { key: "ads", count: 1 },
      { key: "social", count: 1 },
      { key: null, count: 1 },
    ]);
    expect(insights.byStatus).toEqual([
      { key: "pending", count: 2 },
      { key: "contacted", count: 4 },
      { key: "completed", count: 1 },
    ]);
    // Pending for more than 24 hours, whatever the period: requests 3 (4 March), 7 (9 March,
    // 36 hours ago), 8 (1 March) and 9 (February); not 10, two hours old, nor 6, junk, nor 11,
    // erased.
    expect(insights.overdueNow).toBe(4);
  });

  it("times the first contact overall, and charges each judged request to its owner when judged", async () => {
    await insert(database.db);
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });

    // Contacted after 30, 120, 600, 1,800 and 2,880 minutes; request 3 not at all, and 24 hours
    // have passed: it counts against the promise. Request 11, erased unreached, is not judged.
    expect(insights.contact).toEqual({
      requests: 7,
      contacted: 5,
      medianMinutes: 600,
      p90Minutes: 2448,
      withinPromise: 3,
      judged: 6,
    });
    expect(insights.contactByOwner).toEqual([
      // Requests 3 (still waiting) and 12 (48 hours): no one owned them at their 24-hour mark.
      {
        owner: null,
        requests: 2,
        contacted: 1,
        medianMinutes: 2880,
        p90Minutes: 2880,
        withinPromise: 0,
        judged: 2,
        waiting: 1,
      },
      // Requests 1 (taken as contacted), 2 (contacted by the colleague) and 5 (owned, no trail).
      {
        owner: admin.email,
        requests: 3,
        contacted: 3,
        medianMinutes: 120,
        p90Minutes: 504,
        withinPromise: 3,
        judged: 3,
        waiting: 0,
      },
      // Request 4: the colleague's at its 24-hour mark, though the admin contacted it.
      {
        owner: colleague.email,
        requests: 1,
        contacted: 1,
        medianMinutes: 1800,
        p90Minutes: 1800,
        withinPromise: 0,
        judged: 1,
        waiting: 0,
      },
    ]);
  });

  it("sets the period beside the same span before: last week's week before, and on a Monday morning this week's first hours and the last 7 days", async () => {
    await insert(database.db);
    const lastWeek = resolvePeriod({ period: "last-week" }, now).period;
    // 23 February to 1 March: request 8 (1 March, 23:55), pending and overdue.
    expect(
      (await computeInsights(database.db, lastWeek, { now, locate: districtOf })).previous,
    ).toEqual({
      start: new Date(lastWeek.start.getTime() - 7 * 86_400_000),
      end: lastWeek.start,
      total: 1,
      contact: { withinPromise: 0, judged: 1, medianMinutes: null },
      // No visits here (tests/integration/visit-figures.test.ts has them): request 8 waits for one.
      firstVisit: { booked: 0, medianMinutes: null, p90Minutes: null, within: 0, judged: 1 },
    });

    const monday = india("2026-03-09T09:00:00");
    const read = async (kind: "this-week" | "last-7-days") => {
      const { period } = resolvePeriod({ period: kind }, monday);
      const figures = await computeInsights(database.db, period, {
        now: monday,
        locate: districtOf,
      });
      return { total: figures.total, previous: figures.previous };
    };
    // This week so far: request 7 (00:05); by this time last week (Monday 2 March, 00:00 to
    // 9:00): request 1, contacted in 30 minutes; not 2 (10:00).
    expect(await read("this-week")).toEqual({
      total: 1,
      previous: {
        start: india("2026-03-02T00:00:00"),
        end: india("2026-03-02T09:00:00"),
        total: 1,
        contact: { withinPromise: 1, judged: 1, medianMinutes: 30 },
        firstVisit: { booked: 0, medianMinutes: null, p90Minutes: null, within: 0, judged: 1 },
      },
    });
    // The 7 days to Monday 9:00: requests 2, 3, 4, 5, 11, 12 and 7; the 7 days before: 8 and 1.
    expect(await read("last-7-days")).toEqual({
      total: 7,
      previous: {
        start: india("2026-02-23T09:00:00"),
        end: india("2026-03-02T09:00:00"),
        total: 2,
        contact: { withinPromise: 1, judged: 2, medianMinutes: 30 },
        firstVisit: { booked: 0, medianMinutes: null, p90Minutes: null, within: 0, judged: 2 },
      },
    });
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
    expect(insights.contactByOwner).toEqual([]);
    expect(insights.previous).toBeUndefined();
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
      { key: "2026-03-02", count: 7 },
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

/**
 * The WhatsApp messages to families and the reminders (decision 038): a request with visits
 * last week, its messages queued at known times, and each visit's reply and reminder.
 */
async function insertMessages(db: Database) {
  await db.insert(users).values([
    { id: admin.id, name: "Admin", email: admin.email },
    { id: "t-meera", name: "Meera", email: "meera@clinic.test" },
  ]);
  await db.insert(therapists).values({ userId: "t-meera", displayName: "Meera Noida" });
  const [request] = await db
    .insert(appointments)
    .values({
      name: "Asha Rani",
      phone: "+919876543210",
      address: "H-12, Sector 43",
      pincode: "122002",
      status: "contacted",
      createdAt: india("2026-02-27T10:00:00"),
      whatsappConsentAt: india("2026-02-27T10:00:00"),
    })
    .returning({ id: appointments.id });
  const appointmentId = request?.id ?? "";
  const visit = (at: string, values: Partial<typeof visits.$inferInsert> = {}) => ({
    appointmentId,
    therapistId: "t-meera",
    startsAt: india(at),
    endsAt: new Date(india(at).getTime() + minutes(60)),
    blockedUntil: new Date(india(at).getTime() + minutes(90)),
    kind: "treatment" as const,
    ...values,
  });
  const reminded = (day: string) => ({ reminderQueuedAt: india(`${day}T18:00:00`) });
  const stored = await db
    .insert(visits)
    .values([
      // Reminded the evening before: two confirmed by a reply; one done, two not home.
      visit("2026-03-02T10:00:00", {
        status: "done",
        ...reminded("2026-03-01"),
        confirmedAt: india("2026-03-01T18:30:00"),
      }),
      visit("2026-03-03T10:00:00", {
        status: "no_show",
        ...reminded("2026-03-02"),
        confirmedAt: india("2026-03-02T19:00:00"),
      }),
      visit("2026-03-04T10:00:00", { status: "no_show", ...reminded("2026-03-03") }),
      // Reminded, still scheduled: counts for the confirmations, not for "not home".
      visit("2026-03-08T10:00:00", { ...reminded("2026-03-07") }),
      // Reminded, then cancelled: left out.
      visit("2026-03-06T10:00:00", {
        status: "cancelled",
        cancelledBy: "patient",
        ...reminded("2026-03-05"),
        confirmedAt: india("2026-03-05T20:00:00"),
      }),
      // Without a reminder: three done (two with the family's code), one not home.
      visit("2026-03-05T10:00:00", {
        status: "done",
        codeConfirmedAt: india("2026-03-05T11:00:00"),
      }),
      visit("2026-03-05T12:00:00", {
        status: "done",
        codeConfirmedAt: india("2026-03-05T13:00:00"),
      }),
      visit("2026-03-07T10:00:00", { status: "done" }),
      visit("2026-03-07T12:00:00", { status: "no_show" }),
      // This week's, reminded and confirmed: not last week's.
      visit("2026-03-09T10:00:00", {
        status: "no_show",
        ...reminded("2026-03-08"),
        confirmedAt: india("2026-03-08T18:10:00"),
      }),
    ])
    .returning({ id: visits.id });
  const visitId = stored[0]?.id ?? null;
  const message = (at: string, values: Partial<typeof notifications.$inferInsert>) => ({
    channel: "whatsapp" as const,
    appointmentId,
    visitId,
    kind: "family_visit_reminder",
    recipient: "",
    createdAt: india(at),
    ...values,
  });
  await db.insert(notifications).values([
    // Through the API: two delivered, one not (yet); one refused for good.
    message("2026-03-02T09:00:00", {
      state: "sent",
      sentAt: india("2026-03-02T09:00:01"),
      deliveredAt: india("2026-03-02T09:00:05"),
      externalId: "wamid.one",
    }),
    message("2026-03-03T18:00:00", {
      state: "sent",
      sentAt: india("2026-03-03T18:00:01"),
      deliveredAt: india("2026-03-03T18:01:00"),
      externalId: "wamid.two",
    }),
    message("2026-03-04T18:00:00", {
      state: "sent",
      sentAt: india("2026-03-04T18:00:01"),
      externalId: "wamid.three",
    }),
    message("2026-03-05T18:00:00", { state: "failed", lastError: "131026" }),
    // By hand, from a chat link: sent by a member of staff.
    message("2026-03-06T18:00:00", {
      state: "sent",
      sentAt: india("2026-03-06T18:20:00"),
      sentBy: admin.id,
    }),
    // Waiting (for the sender, for staff) or skipped: not counted.
    message("2026-03-07T18:00:00", { state: "queued" }),
    message("2026-03-07T18:05:00", { state: "by_hand" }),
    message("2026-03-07T18:10:00", { state: "skipped" }),
    // Queued this week (sent and delivered), and one queued last week is an e-mail: not counted.
    message("2026-03-09T09:00:00", {
      state: "sent",
      sentAt: india("2026-03-09T09:00:01"),
      deliveredAt: india("2026-03-09T09:00:03"),
      externalId: "wamid.four",
    }),
    {
      appointmentId,
      kind: "appointment-staff",
      recipient: "staff@clinic.test",
      state: "failed" as const,
      createdAt: india("2026-03-04T10:00:00"),
    },
  ]);
}

describeEachDatabase("insights: messages to families", (database) => {
  it("counts last week's WhatsApp messages, the visits confirmed by reply, and not home with and without a reminder", async () => {
    await insertMessages(database.db);
    const { period } = resolvePeriod({ period: "last-week" }, now);
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });
    expect(insights.visits.messages).toEqual({
      sent: 4,
      byHand: 1,
      delivered: 2,
      failed: 1,
      // Of the four visits reminded and not cancelled, two confirmed.
      confirmed: 2,
      reminded: 4,
      // Four done, two with the family's code.
      done: 4,
      codeConfirmed: 2,
      notHome: {
        withReminder: { noShow: 2, judged: 3 },
        withoutReminder: { noShow: 1, judged: 4 },
      },
    });
    expect(insightsView(insights).visits.messages).toEqual({
      sent: 4,
      sentText: "1 of them by hand, from a chat link",
      delivered: 2,
      failed: 1,
      confirmed: "50%",
      confirmedText: "2 of 4 visits reminded",
      codeConfirmed: "50%",
      codeConfirmedText: "2 of 4 visits done",
      notHomeReminded: "67%",
      notHomeRemindedText: "2 of 3 visits",
      notHomeNotReminded: "25%",
      notHomeNotRemindedText: "1 of 4 visits",
    });
  });

  it("reads a period without messages or visits as zeros, and says so", async () => {
    const { period } = resolvePeriod(
      { period: "dates", from: "2025-01-06", to: "2025-01-08" },
      now,
    );
    const insights = await computeInsights(database.db, period, { now, locate: districtOf });
    expect(insightsView(insights).visits.messages).toEqual({
      sent: 0,
      sentText: "None by hand",
      delivered: 0,
      failed: 0,
      confirmed: "—",
      confirmedText: "No reminder sent",
      codeConfirmed: "—",
      codeConfirmedText: "No visit done yet",
      notHomeReminded: "—",
      notHomeRemindedText: "No visit done yet",
      notHomeNotReminded: "—",
      notHomeNotRemindedText: "No visit done yet",
    });
  });
});
