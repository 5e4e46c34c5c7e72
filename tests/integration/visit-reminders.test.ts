// The evening reminder (decision 038) on the real databases: once India time is past
// VISIT_REMINDER_AT (18:00 here) on a day, every visit of the next day whose family wants updates
// gets one "family_visit_reminder" message, once: two instances (two pools on one PostgreSQL; on
// PGlite, one handle) checking at the same moment, several times over, never both take a visit.
// Not before the time, not for other days, not without consent (or stopped, or junk), not for a
// cancelled visit, not for a visit booked after the reminder time (its confirmation serves); a
// visit moved after its reminder gets one for its new day. Every time is a fixed India time handed
// to the schedulers' clock, never the machine's.
import { eq, sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { familyOnStatusPage } from "#app/domain/messages/origins.ts";
import { stopUpdates } from "#app/domain/messages/updates-consent.server.ts";
import {
  queueVisitReminders,
  reminderWindow,
  startVisitReminders,
} from "#app/domain/messages/visit-reminders.server.ts";
import { bookVisits, cancelVisit, moveVisit } from "#app/domain/visits/visits.server.ts";
import { appointments, notifications } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import {
  admin,
  familyMessages,
  india,
  reminderQueuedAt,
  seedRequest,
  seedStaff,
  therapist,
} from "#tests/integration/family-visits.ts";
import { captureLog } from "#tests/integration/fixtures.ts";

/** Monday 30 November 2026, 05:30 in India: the visits are booked from here. */
const monday = india("2026-11-30T05:30");
const reminderAt = "18:00";

it("finds the reminder time of an India day and the next India day's bounds", () => {
  // 23:50 UTC on the 30th is already 1 December in India.
  const window = reminderWindow(new Date("2026-11-30T23:50:00Z"), "18:00");
  expect(window).toEqual({
    dueAt: india("2026-12-01T18:00"),
    from: india("2026-12-02T00:00"),
    until: india("2026-12-03T00:00"),
  });
});

describeEachDatabase("the evening reminder", (database) => {
  const book = async (appointmentId: string, start: string, now = monday) => {
    const [id] = await bookVisits(
      database.db,
      admin,
      {
        appointmentId,
        therapistId: therapist.id,
        start: india(start),
        minutes: 60,
        kind: "treatment",
      },
      { travelMinutes: 30, now },
    );
    if (!id) throw new Error("no visit booked");
    return id;
  };

  const reminders = async () =>
    (await familyMessages(database.db)).filter((row) => row.kind === "family_visit_reminder");

  /** How many reminders each visit has. */
  const perVisit = async () => {
    const counts: Record<string, number> = {};
    for (const row of await reminders()) {
      counts[row.visitId ?? ""] = (counts[row.visitId ?? ""] ?? 0) + 1;
    }
    return counts;
  };

  const person = (n: number, consent = true) =>
    seedRequest(database.db, {
      name: `Patient ${n}`,
      phone: `98100 1${String(n).padStart(4, "0")}`,
      consent,
    });

  it("queues each of tomorrow's reminders once, with two instances checking at the same moment", async () => {
    const { db } = database;
    await seedStaff(db);
    // Tuesday's visits: six whose families want updates, one without consent.
    const starts = ["07:00", "08:30", "10:00", "11:30", "13:00", "14:30"];
    const wanted: string[] = [];
    for (const [index, start] of starts.entries()) {
      wanted.push(await book(await person(index + 1), `2026-12-01T${start}`));
    }
    const noConsent = await book(await person(7, false), "2026-12-01T16:00");
    // Wednesday's: not tomorrow's.
    const wednesday = await book(await person(8), "2026-12-02T07:00");

    // Monday 17:59: not yet.
    expect(
      await queueVisitReminders(db, {
        now: india("2026-11-30T17:59"),
        reminderAt,
        mode: "by_hand",
      }),
    ).toBe(0);
    expect(await reminders()).toEqual([]);

    // 18:02 on two instances, each checking twice at once.
    const second = await database.openInstance();
    const { log } = captureLog();
    const clock = () => india("2026-11-30T18:02");
    let woken = 0;
    const schedulers = [database.db, second.db].map((handle) =>
      startVisitReminders(handle, {
        reminderAt,
        mode: "api",
        log,
        now: clock,
        checkMs: 3_600_000,
        messageQueued: () => woken++,
      }),
    );
    onTestFinished(async () => {
      for (const scheduler of schedulers) await scheduler.stop();
    });
    // Each scheduler checked as it started; now both check twice more, all at once.
    await Promise.all([...schedulers, ...schedulers].map((scheduler) => scheduler.check()));
    expect(await perVisit()).toEqual(Object.fromEntries(wanted.map((id) => [id, 1])));
    expect((await reminders()).every((row) => row.state === "queued")).toBe(true);
    expect(woken).toBeGreaterThanOrEqual(1);
    for (const id of wanted) expect(await reminderQueuedAt(db, id)).toEqual(clock());
    expect(await reminderQueuedAt(db, noConsent)).toBeNull();
    expect(await reminderQueuedAt(db, wednesday)).toBeNull();

    // Later that evening, and after midnight: nothing more for Tuesday's visits.
    for (const at of ["2026-11-30T22:00", "2026-12-01T09:00"]) {
      expect(await queueVisitReminders(db, { now: india(at), reminderAt, mode: "api" })).toBe(0);
    }
    expect(await reminders()).toHaveLength(wanted.length);
  });

  it("leaves out a cancelled visit, a junk request, stopped updates and a visit booked after the time", async () => {
    const { db } = database;
    await seedStaff(db);
    const reminded = await book(await person(1), "2026-12-01T07:00");
    const cancelled = await book(await person(2), "2026-12-01T08:30");
    await cancelVisit(db, admin, cancelled, { by: "patient", reason: "Away" });
    const junkRequest = await person(3);
    const junk = await book(junkRequest, "2026-12-01T10:00");
    await db.update(appointments).set({ junk: true }).where(eq(appointments.id, junkRequest));
    const stoppedRequest = await person(4);
    const stopped = await book(stoppedRequest, "2026-12-01T11:30");
    await stopUpdates(db, { appointmentId: stoppedRequest }, familyOnStatusPage);
    // Booked on Monday at 19:00, after the reminder time: the booking's message says it all.
    const late = await book(await person(5), "2026-12-01T13:00", india("2026-11-30T19:00"));
    await db
      .update(notifications)
      .set({ createdAt: india("2026-11-30T19:00") })
      .where(eq(notifications.visitId, late));

    expect(
      await queueVisitReminders(db, {
        now: india("2026-11-30T19:05"),
        reminderAt,
        mode: "by_hand",
      }),
    ).toBe(1);
    expect(await perVisit()).toEqual({ [reminded]: 1 });
    expect((await reminders())[0]?.state).toBe("by_hand");
    for (const id of [cancelled, junk, stopped, late]) {
      expect(await reminderQueuedAt(db, id)).toBeNull();
    }
  });

  it("reminds a visit moved after its reminder again, for its new day", async () => {
    const { db } = database;
    await seedStaff(db);
    const visit = await book(await person(1), "2026-12-01T07:00");
    const monday18 = india("2026-11-30T18:30");
    expect(await queueVisitReminders(db, { now: monday18, reminderAt, mode: "by_hand" })).toBe(1);
    // Moved on Monday evening to Thursday: Wednesday evening reminds it again.
    await moveVisit(
      db,
      admin,
      visit,
      { therapistId: therapist.id, start: india("2026-12-03T09:00") },
      { travelMinutes: 30, now: india("2026-11-30T20:00") },
    );
    expect(await reminderQueuedAt(db, visit)).toBeNull();
    for (const at of ["2026-12-01T18:30", "2026-12-02T17:00"]) {
      expect(await queueVisitReminders(db, { now: india(at), reminderAt, mode: "by_hand" })).toBe(
        0,
      );
    }
    expect(
      await queueVisitReminders(db, {
        now: india("2026-12-02T18:00"),
        reminderAt,
        mode: "by_hand",
      }),
    ).toBe(1);
    const states = (await reminders()).map((row) => [row.visitId, row.state]);
    // The first reminder, not sent yet when the visit moved, gave way to the move's message.
    expect(states).toEqual([
      [visit, "skipped"],
      [visit, "by_hand"],
    ]);
    // The booking's own message had not been sent either: the move is told as the booking, at
    // its new day (visits.server.ts, toldOfBooking), never as a move of a visit they never heard of.
    const told = await db
      .select({ kind: notifications.kind, state: notifications.state })
      .from(notifications)
      .where(sql`${notifications.kind} in ('family_visit_booked', 'family_visit_moved')`)
      .orderBy(notifications.createdAt);
    expect(told.map((row) => [row.kind, row.state])).toEqual([
      ["family_visit_booked", "skipped"],
      ["family_visit_booked", "by_hand"],
    ]);
  });
});
