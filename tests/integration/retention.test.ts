// The daily retention job (docs/privacy.md) on the real databases, with a clock the test holds:
// rows a minute either side of each limit, and what the next day's run takes; two instances at the
// same moment run it once, a restart later that day not again, the next day again. Every stored row
// is compared with what it was: only the expired ones changed. Times are India's, written as its
// clocks show them.
import { sql } from "drizzle-orm";
import { beforeEach, expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db.server.ts";
import { staffMailKind } from "#app/domain/appointments/appointments.server.ts";
import { newsletterConfirmKind } from "#app/domain/newsletter/newsletter-mail.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import {
  type RetentionResult,
  type RetentionScheduler,
  runRetention,
  startRetention,
} from "#app/domain/privacy/retention.server.ts";
import {
  accountConfirmationKind,
  passwordResetKind,
} from "#app/domain/staff/account-mail.server.ts";
import type { AppointmentStatus } from "#db/enums.ts";
import {
  accessLog,
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  erasures,
  newsletterSubscriptions,
  notifications,
  rateLimits,
  retentionRuns,
  sessions,
  therapistChanges,
  users,
  verifications,
  whatsappInbound,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { captureLog } from "#tests/integration/fixtures.ts";

/** A time in India, written as India's clocks show it. */
const india = (local: string) => new Date(`${local}+05:30`);
const minute = 60_000;
const day = 24 * 60 * minute;
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

const settings = { retentionMonths: 24, newsletterPendingDays: 7 };

// Day 1: 2:00 on Sunday 1 March 2026 in India, still 28 February in UTC. Its limits, on India's
// calendar: completed or junk before 1 March 2024 2:00 (a month count in UTC would say 29 February
// 2:00, and keep the requests of the minute before); newsletter addresses, delivered e-mails'
// content and sessions expired before 22 February 2026 2:00; access-log rows before 1 March 2025.
const day1 = india("2026-03-01T02:00:00");
const requestsBefore1 = india("2024-03-01T02:00:00");
const weekBefore1 = india("2026-02-22T02:00:00");
const yearBefore1 = india("2025-03-01T02:00:00");
// The WhatsApp webhook's delivery ids: 30 days, before 30 January 2026 2:00.
const monthBefore1 = india("2026-01-30T02:00:00");
// Day 2: 0:30 the next morning, 22.5 hours later; every limit moves as far.
const day2 = india("2026-03-02T00:30:00");

/** Run on day 1, on day 2, or never. */
type Expiry = 1 | 2 | null;

interface Request {
  name: string;
  status: AppointmentStatus;
  junk?: boolean;
  createdAt?: Date;
  /** Status changes, in order: to what, when (each from the one before, pending first). */
  changes?: [AppointmentStatus, Date][];
  /** Junk marks set and cleared, in order. */
  marks?: ["junk_marked" | "junk_cleared", Date][];
  erased: Expiry;
}

const longAgo = plus(requestsBefore1, -400 * day);
const requests: Request[] = [
  {
    name: "Completed outside",
    status: "completed",
    changes: [["completed", plus(requestsBefore1, -minute)]],
    erased: 1,
  },
  {
    name: "Completed inside",
    status: "completed",
    changes: [["completed", plus(requestsBefore1, minute)]],
    erased: 2,
  },
  {
    name: "Reopened",
    status: "contacted",
    changes: [
      ["completed", plus(requestsBefore1, -365 * day)],
      ["contacted", plus(requestsBefore1, -200 * day)],
    ],
    erased: null,
  },
  {
    name: "Completed again",
    status: "completed",
    changes: [
      ["completed", plus(requestsBefore1, -365 * day)],
      ["contacted", plus(requestsBefore1, -300 * day)],
      ["completed", plus(requestsBefore1, day)],
    ],
    erased: null,
  },
  {
    name: "Junk outside",
    status: "pending",
    junk: true,
    marks: [["junk_marked", plus(requestsBefore1, -minute)]],
    erased: 1,
  },
  {
    name: "Junk inside",
    status: "pending",
    junk: true,
    marks: [["junk_marked", plus(requestsBefore1, minute)]],
    erased: 2,
  },
  {
    name: "Unjunked",
    status: "pending",
    marks: [
      ["junk_marked", plus(requestsBefore1, -365 * day)],
      ["junk_cleared", plus(requestsBefore1, -300 * day)],
    ],
    erased: null,
  },
  {
    name: "Junk again",
    status: "pending",
    junk: true,
    marks: [
      ["junk_marked", plus(requestsBefore1, -365 * day)],
      ["junk_cleared", plus(requestsBefore1, -300 * day)],
      ["junk_marked", plus(requestsBefore1, day)],
    ],
    erased: null,
  },
  {
    // Both: it waits for the later of the two.
    name: "Completed then junk",
    status: "completed",
    junk: true,
    changes: [["completed", plus(requestsBefore1, -365 * day)]],
    marks: [["junk_marked", plus(requestsBefore1, day)]],
    erased: null,
  },
  {
    name: "Pending for years",
    status: "pending",
    createdAt: plus(longAgo, -600 * day),
    erased: null,
  },
  {
    name: "Contacted long ago",
    status: "contacted",
    changes: [["contacted", plus(requestsBefore1, -365 * day)]],
    erased: null,
  },
  // Completed with no record of when: counted from its arrival.
  {
    name: "Unrecorded outside",
    status: "completed",
    createdAt: plus(requestsBefore1, -minute),
    erased: 1,
  },
  {
    name: "Unrecorded inside",
    status: "completed",
    createdAt: plus(requestsBefore1, minute),
    erased: 2,
  },
];

const staff = { id: "staff-1", email: "asha@clinic.test" };

async function insertRequests(db: Database) {
  await db.insert(users).values({ id: staff.id, name: "Asha", email: staff.email });
  const ids = new Map<string, string>();
  for (const [i, request] of requests.entries()) {
    const createdAt = request.createdAt ?? longAgo;
    const [row] = await db
      .insert(appointments)
      .values({
        name: `Patient ${request.name}`,
        phone: `98110 ${String(i + 1).padStart(5, "0")}`,
        phoneKey: `9198110${String(i + 1).padStart(5, "0")}`,
        address: `H-${i + 1}, Sector 43, Gurugram`,
        pincode: "122002",
        message: `Knee pain of ${request.name}`,
        status: request.status,
        junk: request.junk ?? false,
        createdAt,
        clickIdParam: "gclid",
        clickId: `click-${i}`,
        channel: "ads",
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error("not stored");
    ids.set(request.name, row.id);
    let from: AppointmentStatus = "pending";
    for (const [to, changedAt] of request.changes ?? []) {
      await db.insert(appointmentStatusChanges).values({
        appointmentId: row.id,
        changedBy: staff.id,
        changedByEmail: staff.email,
        fromStatus: from,
        toStatus: to,
        changedAt,
      });
      from = to;
    }
    for (const [kind, at] of request.marks ?? []) {
      await db.insert(appointmentActivity).values({
        appointmentId: row.id,
        kind,
        byUserId: staff.id,
        byEmail: staff.email,
        createdAt: at,
      });
    }
    await db.insert(appointmentActivity).values({
      appointmentId: row.id,
      kind: "note",
      byEmail: staff.email,
      body: `Spoke to the son of ${request.name}`,
      createdAt: plus(createdAt, 60 * minute),
    });
    await db.insert(notifications).values({
      appointmentId: row.id,
      kind: staffMailKind,
      recipient: "staff@clinic.test",
      state: "sent",
      attempts: 1,
      createdAt,
      sentAt: plus(createdAt, 2_000),
    });
  }
  return ids;
}

/** Everything else the job looks at, a minute either side of each limit. */
async function insertOthers(db: Database) {
  const pending = (email: string, sentAt: Date, createdAt = sentAt) => ({
    email,
    mailbox: email,
    confirmTokenHash: `confirm-${email}`,
    unsubscribeTokenHash: `unsubscribe-${email}`,
    confirmationSentAt: sentAt,
    createdAt,
  });
  await db.insert(newsletterSubscriptions).values([
    pending("old@example.com", plus(weekBefore1, -minute)),
    // Signed up long ago, sent a new confirmation within the week: it counts from then.
    pending("resent@example.com", plus(weekBefore1, minute), plus(weekBefore1, -30 * day)),
    pending("fresh@example.com", plus(day1, -day)),
    {
      ...pending("confirmed@example.com", plus(weekBefore1, -100 * day)),
      state: "confirmed",
      confirmedAt: plus(weekBefore1, -99 * day),
    },
    {
      ...pending("left@example.com", plus(weekBefore1, -100 * day)),
      state: "unsubscribed",
      unsubscribedAt: plus(weekBefore1, -50 * day),
    },
  ]);
  const links = (email: string) => ({
    confirmUrl: `https://homephysio.example/newsletter/confirm?token=c-${email}`,
    unsubscribeUrl: `https://homephysio.example/newsletter/unsubscribe?token=u-${email}`,
  });
  const mail = (kind: string, recipient: string, sentAt: Date | null, payload: unknown) => ({
    kind,
    recipient,
    payload,
    state: sentAt ? ("sent" as const) : ("queued" as const),
    attempts: sentAt ? 1 : 0,
    createdAt: plus(sentAt ?? weekBefore1, -60 * minute),
    sentAt,
  });
  await db.insert(notifications).values([
    mail(newsletterConfirmKind, "old@example.com", plus(weekBefore1, -minute), links("old")),
    mail(newsletterConfirmKind, "resent@example.com", plus(weekBefore1, minute), links("resent")),
    mail(newsletterConfirmKind, "confirmed@example.com", plus(weekBefore1, -100 * day), null),
    mail(passwordResetKind, staff.email, plus(weekBefore1, -minute), { url: "https://r/1" }),
    mail(accountConfirmationKind, staff.email, plus(weekBefore1, minute), { url: "https://r/2" }),
    mail("weekly-summary", "owner@clinic.test", plus(day1, -day), { from: "a", to: "b" }),
    // Not delivered: kept as it is.
    mail(passwordResetKind, staff.email, null, { url: "https://r/3" }),
    {
      ...mail(passwordResetKind, staff.email, null, { url: "https://r/4" }),
      state: "failed" as const,
      attempts: 10,
      lastError: "550 no such mailbox",
    },
  ]);
  const auth = (id: string, expiresAt: Date) => ({
    id,
    expiresAt,
    createdAt: plus(expiresAt, -day),
  });
  await db.insert(sessions).values(
    [
      auth("s-outside", plus(weekBefore1, -minute)),
      auth("s-inside", plus(weekBefore1, minute)),
      auth("s-live", plus(day2, day)),
    ].map((row) => ({
      ...row,
      token: `token-${row.id}`,
      userId: staff.id,
      ipAddress: "10.0.0.1",
    })),
  );
  await db
    .insert(verifications)
    .values(
      [
        auth("v-outside", plus(weekBefore1, -minute)),
        auth("v-inside", plus(weekBefore1, minute)),
        auth("v-live", plus(day2, day)),
      ].map((row) => ({ ...row, identifier: `reset:${row.id}`, value: staff.id })),
    );
  await db.insert(rateLimits).values([
    { key: "appointment:10.0.0.1", points: 3, expire: plus(day1, -1_000) },
    { key: "sign-in-client:10.0.0.1", points: 1, expire: plus(day1, 60 * minute) },
    { key: "newsletter-site:all", points: 5, expire: plus(day2, 60 * minute) },
    { key: "never", points: 1, expire: null },
  ]);
  await db.insert(accessLog).values(
    [plus(yearBefore1, -minute), plus(yearBefore1, minute), plus(yearBefore1, day)].map((at) => ({
      at,
      actorId: staff.id,
      actorEmail: staff.email,
      action: "dashboard" as const,
    })),
  );
  await db.insert(whatsappInbound).values([
    { id: "wamid.outside", receivedAt: plus(monthBefore1, -minute) },
    { id: "wamid.inside", receivedAt: plus(monthBefore1, minute) },
    { id: "wamid.live", receivedAt: plus(day1, -day) },
  ]);
  await db.insert(therapistChanges).values(
    [
      ["00000000-0000-4000-8000-000000000001", plus(monthBefore1, -minute)],
      ["00000000-0000-4000-8000-000000000002", plus(monthBefore1, minute)],
      ["00000000-0000-4000-8000-000000000003", plus(day1, -day)],
    ].map(([key, receivedAt]) => ({
      key: key as string,
      therapistId: staff.id,
      intent: "no_show",
      status: 200,
      answer: { ok: true },
      receivedAt: receivedAt as Date,
    })),
  );
}

/** Every row the job may touch, in a stable order. */
async function stored(db: Database) {
  return {
    appointments: await db.select().from(appointments).orderBy(appointments.id),
    activity: await db.select().from(appointmentActivity).orderBy(appointmentActivity.id),
    statusChanges: await db
      .select()
      .from(appointmentStatusChanges)
      .orderBy(appointmentStatusChanges.id),
    notifications: await db.select().from(notifications).orderBy(notifications.id),
    newsletter: await db
      .select()
      .from(newsletterSubscriptions)
      .orderBy(newsletterSubscriptions.email),
    sessions: await db.select().from(sessions).orderBy(sessions.id),
    verifications: await db.select().from(verifications).orderBy(verifications.id),
    rateLimits: await db.select().from(rateLimits).orderBy(rateLimits.key),
    accessLog: await db.select().from(accessLog).orderBy(accessLog.id),
    whatsappInbound: await db.select().from(whatsappInbound).orderBy(whatsappInbound.id),
    therapistChanges: await db.select().from(therapistChanges).orderBy(therapistChanges.key),
    users: await db.select().from(users),
  };
}
type Stored = Awaited<ReturnType<typeof stored>>;

/**
 * What the tables should hold after a run that expired these requests (by id), newsletter
 * addresses, e-mail contents, session and verification ids, rate-limit keys and access-log ids:
 * `before`, with only those changed.
 */
function expectedAfter(
  before: Stored,
  expired: {
    requests: string[];
    newsletter: string[];
    mailContent: string[];
    sessions: string[];
    verifications: string[];
    rateLimits: string[];
    accessLog: number[];
    whatsappInbound: string[];
    therapistChanges: string[];
  },
): Stored {
  const erased = new Set(expired.requests);
  const gone = new Set(expired.newsletter);
  return {
    ...before,
    appointments: before.appointments.map((row) =>
      erased.has(row.id)
        ? {
            ...row,
            name: "",
            phone: "",
            address: "",
            message: null,
            phoneKey: null,
            searchReading: "",
            clickId: null,
            erasedAt: expect.any(Date),
          }
        : row,
    ),
    activity: before.activity.map((row) =>
      erased.has(row.appointmentId) && row.body !== null ? { ...row, body: "(erased)" } : row,
    ),
    notifications: before.notifications
      .filter((row) => !(row.kind === newsletterConfirmKind && gone.has(row.recipient)))
      .map((row) =>
        expired.mailContent.includes(row.id) || (row.appointmentId && erased.has(row.appointmentId))
          ? { ...row, payload: null }
          : row,
      ),
    newsletter: before.newsletter.filter((row) => !gone.has(row.email)),
    sessions: before.sessions.filter((row) => !expired.sessions.includes(row.id)),
    verifications: before.verifications.filter((row) => !expired.verifications.includes(row.id)),
    rateLimits: before.rateLimits.filter((row) => !expired.rateLimits.includes(row.key)),
    accessLog: before.accessLog.filter((row) => !expired.accessLog.includes(row.id)),
    whatsappInbound: before.whatsappInbound.filter(
      (row) => !expired.whatsappInbound.includes(row.id),
    ),
    therapistChanges: before.therapistChanges.filter(
      (row) => !expired.therapistChanges.includes(row.key),
    ),
  };
}

/** The e-mails whose payload holds this link. */
const mailWith = (rows: Stored["notifications"], url: string) =>
  rows.filter((row) => (row.payload as { url?: string } | null)?.url === url).map((row) => row.id);

describeEachDatabase("the retention job", (database) => {
  beforeEach(async () => {
    // Not emptied by databases.ts: no foreign key ties it to the users emptied there.
    await database.db.execute(sql`TRUNCATE verifications`);
  });

  it("erases and deletes exactly what has expired, and the next day what expired since", async () => {
    const { db } = database;
    const ids = await insertRequests(db);
    await insertOthers(db);
    // Erased on a data principal's request before: the job neither counts it nor re-enters it.
    const requested = ids.get("Reopened") ?? "";
    await eraseAppointments(db, [requested], { reason: "request", by: staff.email });
    const idsOf = (on: Expiry) =>
      requests.filter((request) => request.erased === on).map((r) => ids.get(r.name) ?? "");

    const before = await stored(db);
    // What takes the old values off the disk is handed the ids once the run has committed: seen
    // from another instance's connection, the erasures are there.
    const other = await database.openInstance();
    const scrubbed: string[][] = [];
    const afterErasure = async (erasedIds: string[]) => {
      const seen = await other.db.select().from(erasures);
      expect(erasedIds.every((id) => seen.some((row) => row.appointmentId === id))).toBe(true);
      scrubbed.push(erasedIds.toSorted());
    };
    const result1 = await runRetention(db, { ...settings, now: day1, afterErasure });
    expect(scrubbed).toEqual([idsOf(1).toSorted()]);
    expect(result1).toEqual({
      appointments: 3,
      newsletter: 1,
      newsletterMail: 1,
      mailContent: 1,
      sessions: 1,
      verifications: 1,
      rateLimits: 1,
      accessLog: 1,
      whatsappInbound: 1,
      therapistChanges: 1,
    } satisfies RetentionResult);
    const after1 = await stored(db);
    expect(after1).toEqual(
      expectedAfter(before, {
        requests: idsOf(1),
        newsletter: ["old@example.com"],
        mailContent: mailWith(before.notifications, "https://r/1"),
        sessions: ["s-outside"],
        verifications: ["v-outside"],
        rateLimits: ["appointment:10.0.0.1"],
        accessLog: before.accessLog.slice(0, 1).map((row) => row.id),
        whatsappInbound: ["wamid.outside"],
        therapistChanges: ["00000000-0000-4000-8000-000000000001"],
      }),
    );
    // The erased rows keep what is not personal; their patients' words are nowhere.
    const erasedRows = after1.appointments.filter((row) => row.erasedAt !== null);
    expect(erasedRows.map((row) => [row.id, row.status, row.junk, row.pincode])).toEqual(
      before.appointments
        .filter((row) => [...idsOf(1), requested].includes(row.id))
        .map((row) => [row.id, row.status, row.junk, row.pincode]),
    );
    const text = JSON.stringify(after1);
    for (const request of requests.filter((r) => r.erased === 1 || r.name === "Reopened")) {
      expect(text).not.toContain(request.name);
    }
    expect(
      await db.select().from(erasures).orderBy(erasures.reason, erasures.appointmentId),
    ).toEqual([
      {
        appointmentId: requested,
        reason: "request",
        erasedBy: staff.email,
        erasedAt: expect.any(Date),
      },
      ...idsOf(1)
        .sort()
        .map((id) => ({
          appointmentId: id,
          reason: "retention",
          erasedBy: "retention",
          erasedAt: expect.any(Date),
        })),
    ]);

    // Later the same day: the day's run is done, whatever has expired meanwhile.
    expect(await runRetention(db, { ...settings, now: india("2026-03-01T23:59:59") })).toBeNull();
    expect(await stored(db)).toEqual(after1);

    // The next day: what expired in the 22.5 hours since, and nothing else.
    const result2 = await runRetention(db, { ...settings, now: day2, afterErasure });
    expect(scrubbed).toEqual([idsOf(1).toSorted(), idsOf(2).toSorted()]);
    expect(result2).toEqual({
      appointments: 3,
      newsletter: 1,
      newsletterMail: 1,
      mailContent: 1,
      sessions: 1,
      verifications: 1,
      rateLimits: 1,
      accessLog: 1,
      whatsappInbound: 1,
      therapistChanges: 1,
    } satisfies RetentionResult);
    expect(await stored(db)).toEqual(
      expectedAfter(after1, {
        requests: idsOf(2),
        newsletter: ["resent@example.com"],
        mailContent: mailWith(before.notifications, "https://r/2"),
        sessions: ["s-inside"],
        verifications: ["v-inside"],
        rateLimits: ["sign-in-client:10.0.0.1"],
        accessLog: before.accessLog.slice(1, 2).map((row) => row.id),
        whatsappInbound: ["wamid.inside"],
        therapistChanges: ["00000000-0000-4000-8000-000000000002"],
      }),
    );
    expect(
      (await db.select().from(retentionRuns).orderBy(retentionRuns.day)).map((run) => [
        run.day,
        run.ranAt,
        run.result,
      ]),
    ).toEqual([
      ["2026-03-01", day1, result1],
      ["2026-03-02", day2, result2],
    ]);
  });

  it("runs once a day across instances: at the same moment, at start, every check", async () => {
    const { db } = database;
    await insertRequests(db);
    const second = await database.openInstance();
    const none: RetentionResult = {
      appointments: 0,
      newsletter: 0,
      newsletterMail: 0,
      mailContent: 0,
      sessions: 0,
      verifications: 0,
      rateLimits: 0,
      accessLog: 0,
      whatsappInbound: 0,
      therapistChanges: 0,
    };

    // Two instances at the same moment: one runs the day, the other finds it done.
    const both = await Promise.all([
      runRetention(db, { ...settings, now: day1 }),
      runRetention(second.db, { ...settings, now: day1 }),
    ]);
    expect(both.filter((result) => result !== null)).toEqual([{ ...none, appointments: 3 }]);

    // Both restart in the evening: their checks at start, and later ones, run nothing.
    let now = india("2026-03-01T20:00:00");
    const clock = () => now;
    const logs = [captureLog(), captureLog()];
    const schedulers: RetentionScheduler[] = [db, second.db].map((instance, i) =>
      startRetention(instance, { ...settings, log: (logs[i] ?? captureLog()).log, now: clock }),
    );
    onTestFinished(async () => {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    });
    const [a, b] = schedulers as [RetentionScheduler, RetentionScheduler];
    expect(await Promise.all([a.check(), b.check()])).toEqual([null, null]);

    // Past midnight in India (18:30 in UTC, still the day before there): the next day's run, once.
    now = india("2026-03-02T00:00:00");
    const next = await Promise.all([a.check(), b.check()]);
    expect(next.filter((result) => result !== null)).toEqual([{ ...none, appointments: 3 }]);
    expect(await Promise.all([a.check(), b.check()])).toEqual([null, null]);

    expect(
      (await db.select().from(retentionRuns).orderBy(retentionRuns.day)).map((run) => run.day),
    ).toEqual(["2026-03-01", "2026-03-02"]);
    const lines = logs.flatMap((log) => log.lines());
    const runs = lines.filter((line) => line.includes('"msg":"retention run"'));
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0] ?? "{}")).toMatchObject({ day: "2026-03-02", appointments: 3 });
    for (const line of lines) expect(line).not.toMatch(/Patient|98110|Sector 43/);
  });

  it("leaves nothing of a run that fails, and runs the day at the next check", async () => {
    const { db } = database;
    await insertRequests(db);
    await insertOthers(db);
    const before = await stored(db);
    // A real failure halfway through the run (after the erasures): the database refuses it.
    await db.execute(sql`CREATE FUNCTION refuse_in_test() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_in_test BEFORE DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION refuse_in_test()`);
    onTestFinished(async () => {
      await db.execute(sql`DROP TRIGGER IF EXISTS refuse_in_test ON sessions`);
      await db.execute(sql`DROP FUNCTION IF EXISTS refuse_in_test()`);
    });
    const { log, lines } = captureLog();
    const scheduler = startRetention(db, { ...settings, log, now: () => day1 });
    onTestFinished(() => scheduler.stop());

    expect(await scheduler.check()).toBeNull();
    expect(await db.select().from(retentionRuns)).toEqual([]);
    expect(await db.select().from(erasures)).toEqual([]);
    expect(await stored(db)).toEqual(before);
    const failures = lines().filter((line) => line.includes('"msg":"retention run failed"'));
    // The check at start and this one.
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain("DELETE FROM sessions");

    await db.execute(sql`DROP TRIGGER refuse_in_test ON sessions`);
    expect(await scheduler.check()).toMatchObject({ appointments: 3, sessions: 1 });
    expect((await db.select().from(retentionRuns)).map((run) => run.day)).toEqual(["2026-03-01"]);
  });
});
