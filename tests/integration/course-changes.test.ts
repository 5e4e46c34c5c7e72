// A course's rest moved or cancelled in one step with one reason (docs/visits.md), on the real
// databases: the sessions still scheduled from the one chosen on are cancelled together (those done,
// not home or cancelled before left as they are), with one entry on the timeline, the family's open
// asks settled, their waiting messages skipped and one message queued; moved by one shift with the
// booking's checks, all or nothing, a refusal naming the session that does not fit; an erased
// request refused. Looked at from fixed times: no test waits for the clock.

import { and, asc, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { queueFamilyMessage } from "#app/domain/messages/family-messages.server.ts";
import { markSentByHand } from "#app/domain/messages/messages-by-hand.server.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { askToChange } from "#app/domain/visits/family-asks.server.ts";
import type { VisitProblem } from "#app/domain/visits/visit-form.ts";
import { visitProblemMessage } from "#app/domain/visits/visit-texts.ts";
import {
  bookVisits,
  cancelCourse,
  cancelVisit,
  markVisit,
  moveCourse,
  VisitRefused,
  visitProblemStatus,
  visitsOf,
} from "#app/domain/visits/visits.server.ts";
import { familyAsks, therapists, users, visits } from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import {
  activityOf,
  admin,
  familyMessages,
  india,
  seedRequest,
  seedStaff,
  therapist,
} from "#tests/integration/family-visits.ts";
import { defaultMoney } from "#tests/integration/fixtures.ts";

/** Monday 30 November 2026, 05:30 in India: the front desk books from here. */
const now = new Date("2026-11-30T00:00:00.000Z");
/** Wednesday 2 December 2026, 8:30 PM in India: the first two sessions are behind. */
const wednesdayNight = new Date("2026-12-02T15:00:00.000Z");
const travelMinutes = 30;
const sen = { id: "t-sen", email: "sen@clinic.test" };

/** Asks for a refusal; its problem and the message a person reads. */
async function refusal(
  step: Promise<unknown>,
): Promise<{ problem: VisitProblem; message: string }> {
  const error = await step.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof VisitRefused)) throw new Error(`expected a refusal, got ${error}`);
  return { problem: error.problem, message: visitProblemMessage(error.problem) };
}

describeEachDatabase("a course's rest moved or cancelled in one step", (database) => {
  async function seed(consent = true) {
    const { db } = database;
    await seedStaff(db);
    await db.insert(users).values({ id: sen.id, name: sen.id, email: sen.email });
    await db.insert(therapists).values({
      userId: sen.id,
      displayName: "Dr. Sen",
      hours: Object.fromEntries(
        ["1", "2", "3", "4", "5", "6"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
      ),
    });
    return seedRequest(db, { name: "Asha Rani", phone: "98100 12345", consent });
  }

  /**
   * A course of 6 with Dr. Rao, Mon, Wed and Fri at 4:00 PM from Mon 30 Nov: its ids in order.
   * The family is told of it (its message sent by hand), so its changes are told as changes.
   */
  const bookCourse = async (appointmentId: string, first = "2026-11-30T16:00") => {
    const ids = await bookVisits(
      database.db,
      admin,
      {
        appointmentId,
        therapistId: therapist.id,
        start: india(first),
        minutes: 60,
        kind: "treatment",
        course: { sessions: 6, weekdays: [1, 3, 5] },
      },
      { travelMinutes, now },
    );
    for (const message of await familyMessages(database.db)) {
      if (message.kind === "family_visit_booked" && message.state === "by_hand") {
        await markSentByHand(database.db, admin, message.id);
      }
    }
    return ids;
  };

  const done = (visitId: string, at = wednesdayNight) =>
    markVisit(database.db, admin, visitId, { kind: "done" }, defaultMoney, at);

  const rows = async (appointmentId: string) =>
    (await visitsOf(database.db, appointmentId)).map((row) => ({
      session: row.course?.index,
      status: row.status,
      reason: row.reason,
      startsAt: row.startsAt.toISOString(),
      therapist: row.therapist,
    }));

  const entries = async (appointmentId: string, kind: "visit_cancelled" | "visit_moved") =>
    (await activityOf(database.db, appointmentId)).filter((entry) => entry.kind === kind);

  it("cancels sessions 3 to 6 of 6 with one reason: one entry, asks settled, one message", async () => {
    const asha = await seed();
    const ids = await bookCourse(asha);
    const [first = "", second = "", third = "", fourth = "", fifth = ""] = ids;
    await done(first);
    await done(second);
    // The family asked to cancel the fifth, and session 4's reminder waits to be sent by hand.
    await askToChange(
      database.db,
      {
        appointmentId: asha,
        visitId: fifth,
        kind: "cancel",
        reason: "Going to Pune",
        preferredTime: "",
        via: "status_page",
      },
      wednesdayNight,
    );
    await queueFamilyMessage(
      database.db,
      { appointmentId: asha, visitId: fourth, kind: "family_visit_reminder" },
      "by_hand",
    );
    let woken = 0;
    await cancelCourse(
      database.db,
      admin,
      { visitId: third, by: "clinic", reason: "Family moving to Pune", scope: "rest" },
      { messageQueued: () => void woken++ },
    );

    expect((await rows(asha)).map((row) => [row.session, row.status, row.reason])).toEqual([
      [1, "done", null],
      [2, "done", null],
      [3, "cancelled", "Family moving to Pune"],
      [4, "cancelled", "Family moving to Pune"],
      [5, "cancelled", "Family moving to Pune"],
      [6, "cancelled", "Family moving to Pune"],
    ]);
    expect(await entries(asha, "visit_cancelled")).toEqual([
      {
        kind: "visit_cancelled",
        by: admin.email,
        visitId: third,
        body: "Course cancelled: sessions 3 to 6 of 6 (4 visits) with Dr. Rao, by the clinic: Family moving to Pune.",
      },
    ]);
    const [ask] = await database.db
      .select({ handledBy: familyAsks.handledBy })
      .from(familyAsks)
      .where(eq(familyAsks.visitId, fifth));
    expect(ask?.handledBy).toBe(admin.id);
    // One message about the cancel, about its first session; the reminder gave way.
    const messages = await familyMessages(database.db);
    expect(messages.filter((message) => message.kind === "family_visit_cancelled")).toEqual([
      expect.objectContaining({ visitId: third, state: "by_hand" }),
    ]);
    expect(messages.find((message) => message.kind === "family_visit_reminder")?.state).toBe(
      "skipped",
    );
    expect(woken).toBe(1);
    // Nothing is left to cancel from there.
    const again = await refusal(
      cancelCourse(database.db, admin, {
        visitId: third,
        by: "clinic",
        reason: "Twice",
        scope: "rest",
      }),
    );
    expect(again.message).toBe("That visit is no longer scheduled (it is cancelled).");
  });

  it("leaves a session done or cancelled between them as it is, and queues nothing without consent", async () => {
    const asha = await seed(false);
    const ids = await bookCourse(asha);
    const [, , third = "", fourth = "", fifth = ""] = ids;
    // Session 4 (Mon 7 Dec) was done before session 3 was marked; session 5 cancelled on its own.
    await done(fourth, new Date("2026-12-07T15:00:00.000Z"));
    await cancelVisit(database.db, admin, fifth, { by: "patient", reason: "A wedding" });
    await cancelCourse(database.db, admin, {
      visitId: third,
      by: "patient",
      reason: "Feeling better",
      scope: "rest",
    });
    expect((await rows(asha)).map((row) => [row.session, row.status, row.reason])).toEqual([
      [1, "scheduled", null],
      [2, "scheduled", null],
      [3, "cancelled", "Feeling better"],
      [4, "done", null],
      [5, "cancelled", "A wedding"],
      [6, "cancelled", "Feeling better"],
    ]);
    expect((await entries(asha, "visit_cancelled")).map((entry) => entry.body)).toEqual([
      "Visit of Wed 9 Dec 4:00 PM cancelled by the patient: A wedding",
      "Course cancelled: sessions 3 to 6 of 6 (2 visits) with Dr. Rao, by the patient: Feeling better.",
    ]);
    expect(await familyMessages(database.db)).toEqual([]);
  });

  it("moves the rest of a course by a week, and back, and to another therapist, one entry each", async () => {
    const asha = await seed();
    const ids = await bookCourse(asha);
    const [first = "", second = "", third = "", fourth = ""] = ids;
    await done(first);
    await done(second);
    // Dr. Rao can't make session 4: moved with the rest, it is settled.
    await markVisit(
      database.db,
      { ...therapist, isAdmin: false },
      fourth,
      { kind: "cant_make", reason: "Fever" },
      defaultMoney,
      now,
    );
    const settings = { travelMinutes, now: wednesdayNight };
    // Fri 4 Dec to Fri 11 Dec: session 3 lands where session 6 was, which moves on first.
    await moveCourse(
      database.db,
      admin,
      { visitId: third, therapistId: therapist.id, start: india("2026-12-11T16:00") },
      settings,
    );
    const week = [
      "2026-11-30",
      "2026-12-02",
      "2026-12-11",
      "2026-12-14",
      "2026-12-16",
      "2026-12-18",
    ];
    expect((await rows(asha)).map((row) => row.startsAt)).toEqual(
      week.map((day) => india(`${day}T16:00`).toISOString()),
    );
    const [moved] = await database.db
      .select({ endsAt: visits.endsAt, blockedUntil: visits.blockedUntil })
      .from(visits)
      .where(eq(visits.id, third));
    expect(moved).toEqual({
      endsAt: india("2026-12-11T17:00"),
      blockedUntil: india("2026-12-11T17:30"),
    });
    const [settled] = await database.db
      .select({ cantMakeReason: visits.cantMakeReason })
      .from(visits)
      .where(eq(visits.id, fourth));
    expect(settled?.cantMakeReason).toBeNull();
    // And back a week: now the first of them moves first.
    await moveCourse(
      database.db,
      admin,
      { visitId: third, therapistId: therapist.id, start: india("2026-12-04T16:00") },
      settings,
    );
    // From session 5, an hour later with Dr. Sen.
    await moveCourse(
      database.db,
      admin,
      { visitId: ids[4] ?? "", therapistId: sen.id, start: india("2026-12-09T17:00") },
      settings,
    );
    expect((await rows(asha)).map((row) => [row.startsAt, row.therapist])).toEqual([
      [india("2026-11-30T16:00").toISOString(), "Dr. Rao"],
      [india("2026-12-02T16:00").toISOString(), "Dr. Rao"],
      [india("2026-12-04T16:00").toISOString(), "Dr. Rao"],
      [india("2026-12-07T16:00").toISOString(), "Dr. Rao"],
      [india("2026-12-09T17:00").toISOString(), "Dr. Sen"],
      [india("2026-12-11T17:00").toISOString(), "Dr. Sen"],
    ]);
    expect(
      (await entries(asha, "visit_moved")).map((entry) => [entry.visitId, entry.body]),
    ).toEqual([
      [
        third,
        "Course moved: sessions 3 to 6 of 6 (4 visits), 7 days later: session 3 from Fri 4 Dec 4:00 PM to Fri 11 Dec 4:00 PM (Dr. Rao).",
      ],
      [
        third,
        "Course moved: sessions 3 to 6 of 6 (4 visits), 7 days earlier: session 3 from Fri 11 Dec 4:00 PM to Fri 4 Dec 4:00 PM (Dr. Rao).",
      ],
      [
        ids[4],
        "Course moved: sessions 5 to 6 of 6 (2 visits), 1 hour later: session 5 from Wed 9 Dec 4:00 PM (Dr. Rao) to Wed 9 Dec 5:00 PM (Dr. Sen).",
      ],
    ]);
    // One message for each move, about its first session.
    const messages = await familyMessages(database.db);
    expect(
      messages
        .filter((message) => message.kind === "family_visit_moved")
        .map((message) => [message.visitId, message.state]),
    ).toEqual([
      [third, "skipped"],
      [third, "by_hand"],
      [ids[4], "by_hand"],
    ]);
  });

  it("refuses a move when one session does not fit, naming it, and stores nothing", async () => {
    const asha = await seed();
    const vikram = await seedRequest(database.db, {
      name: "Vikram Singh",
      phone: "98111 22233",
      consent: true,
    });
    const ids = await bookCourse(asha);
    const third = ids[2] ?? "";
    // Vikram's visit on Wed 16 Dec at 4:30 PM: where session 5 would be, a week on.
    await bookVisits(
      database.db,
      admin,
      {
        appointmentId: vikram,
        therapistId: therapist.id,
        start: india("2026-12-16T16:30"),
        minutes: 60,
        kind: "treatment",
      },
      { travelMinutes, now },
    );
    const before = await rows(asha);
    const messagesBefore = await familyMessages(database.db);
    const clash = await refusal(
      moveCourse(
        database.db,
        admin,
        { visitId: third, therapistId: therapist.id, start: india("2026-12-11T16:00") },
        { travelMinutes, now },
      ),
    );
    expect(clash.message).toBe(
      "Session 5 of 6: Dr. Rao already has a visit on Wed 16 Dec at 4:30 PM (Vikram): visits need 30 minutes of travel between them. None of the 4 sessions was moved.",
    );
    expect(visitProblemStatus(clash.problem)).toBe(409);
    // The last session has no later one: its rest is itself, refused as a move of one visit.
    const late = await refusal(
      moveCourse(
        database.db,
        admin,
        { visitId: ids[5] ?? "", therapistId: therapist.id, start: india("2026-12-11T19:30") },
        { travelMinutes, now },
      ),
    );
    expect(late.message).toBe(
      "Fri 11 Dec 7:30 PM is outside Dr. Rao's working hours (the whole visit must fit in one of their windows).",
    );
    // Into the past: session 3 is the one refused.
    const past = await refusal(
      moveCourse(
        database.db,
        admin,
        { visitId: third, therapistId: therapist.id, start: india("2026-11-27T16:00") },
        { travelMinutes, now },
      ),
    );
    expect(past.message).toBe(
      "Session 3 of 6: Fri 27 Nov 4:00 PM has already passed: choose a later start. None of the 4 sessions was moved.",
    );
    expect(await rows(asha)).toEqual(before);
    expect(await entries(asha, "visit_moved")).toEqual([]);
    expect(await familyMessages(database.db)).toEqual(messagesBefore);
  });

  it("refuses to move or cancel the rest of a course of an erased request", async () => {
    const asha = await seed();
    const ids = await bookCourse(asha);
    const third = ids[2] ?? "";
    await eraseAppointments(database.db, [asha], { reason: "request", by: admin.email });
    const cancelled = await refusal(
      cancelCourse(database.db, admin, {
        visitId: third,
        by: "clinic",
        reason: "Erased",
        scope: "rest",
      }),
    );
    expect(cancelled.message).toBe(
      "This request's personal data was erased: no visit can be booked or changed.",
    );
    expect(visitProblemStatus(cancelled.problem)).toBe(409);
    const moved = await refusal(
      moveCourse(
        database.db,
        admin,
        { visitId: third, therapistId: therapist.id, start: india("2026-12-11T16:00") },
        { travelMinutes, now },
      ),
    );
    expect(moved.problem.kind).toBe("erased");
    const stored = await database.db
      .select({ status: visits.status, startsAt: visits.startsAt })
      .from(visits)
      .where(and(eq(visits.appointmentId, asha), inArray(visits.id, ids)))
      .orderBy(asc(visits.startsAt));
    expect(stored.map((row) => row.status)).toEqual(Array(6).fill("scheduled"));
    expect(stored[2]?.startsAt).toEqual(india("2026-12-04T16:00"));
  });
});
