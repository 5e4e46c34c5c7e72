// Home visits booked and lived (docs/visits.md) on the real databases: each refusal with the words
// a person reads (the past, more than 90 days ahead, leave, outside the hours, a clash named by its
// day, time and patient's first name) and nothing stored; a course of 10 stored all or nothing;
// the exclusion constraint's own refusal (a booking that raced another) answered with the same
// clash; moves with the same checks, their history on the timeline; done, not home, can't make
// and cancel; a pending request contacted with its first visit, in the same step. Looked at from
// a fixed time: no test waits for the clock.
import { and, asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { listAppointments } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { timelineOf } from "#app/domain/appointments/front-desk.server.ts";
import { courseFinished, type VisitProblem } from "#app/domain/visits/visit-form.ts";
import { visitProblemMessage } from "#app/domain/visits/visit-texts.ts";
import {
  bookVisits,
  cancelVisit,
  markVisit,
  moveVisit,
  VisitRefused,
  visitProblemStatus,
  visitsOf,
} from "#app/domain/visits/visits.server.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";
import {
  appointmentActivity,
  appointmentStatusChanges,
  appointments,
  therapists,
  users,
  visits,
  type WeeklyHours,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { appointmentInput, defaultMoney, staffMail } from "#tests/integration/fixtures.ts";

/** Monday 30 November 2026, 05:30 in India: the front desk books from here. */
const now = new Date("2026-11-30T00:00:00.000Z");
const travelMinutes = 30;
const settings = { travelMinutes, now };

const india = (value: string) => {
  const at = parseIndiaDateTime(value);
  if (!at) throw new Error(`not a time: ${value}`);
  return at;
};

const admin = { id: "user-admin", email: "admin@clinic.test", isAdmin: true };
const rao = { id: "t-rao", email: "rao@clinic.test", isAdmin: false };
const sen = { id: "t-sen", email: "sen@clinic.test", isAdmin: false };

/** Monday to Saturday 07:00–13:00 and 16:00–20:00. */
const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6"].map((day) => [
    day,
    [
      { from: "07:00", to: "13:00" },
      { from: "16:00", to: "20:00" },
    ],
  ]),
);

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

describeEachDatabase("home visits", (database) => {
  async function seed() {
    const { db } = database;
    for (const person of [admin, rao, sen]) {
      await db
        .insert(users)
        .values({ id: person.id, name: person.id, email: person.email, emailVerified: true });
    }
    await db.insert(therapists).values([
      { userId: rao.id, displayName: "Dr. Rao", hours, leave: ["2026-12-04"] },
      { userId: sen.id, displayName: "Dr. Sen", hours },
    ]);
    const asha = await createAppointment(db, appointmentInput({ name: "Asha Rani" }), staffMail);
    const vikram = await createAppointment(
      db,
      appointmentInput({ name: "Vikram Singh", phone: "98111 22233" }),
      staffMail,
    );
    // Stored three days before the tests' `now`, whatever the day the tests run: a pending
    // request is overdue by then, as the dashboard's tests expect.
    await db
      .update(appointments)
      .set({ createdAt: new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000) });
    return { asha: asha.appointment.id, vikram: vikram.appointment.id };
  }

  const book = (
    appointmentId: string,
    start: string,
    extra: Partial<Parameters<typeof bookVisits>[2]> = {},
  ) =>
    bookVisits(
      database.db,
      admin,
      {
        appointmentId,
        therapistId: rao.id,
        start: india(start),
        minutes: 60,
        kind: "treatment",
        ...extra,
      },
      settings,
    );

  const count = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(visits))[0]?.n;

  it("books a visit, makes the pending request contacted and puts both on its timeline", async () => {
    const { asha } = await seed();
    const [id] = await book(asha, "2026-12-01T07:30");
    const [stored] = await database.db
      .select()
      .from(visits)
      .where(eq(visits.id, id ?? ""));
    expect(stored?.startsAt).toEqual(india("2026-12-01T07:30"));
    expect(stored?.endsAt).toEqual(india("2026-12-01T08:30"));
    expect(stored?.blockedUntil).toEqual(india("2026-12-01T09:00"));
    expect(stored?.status).toBe("scheduled");
    const [request] = await database.db
      .select({ status: appointments.status, firstContactBy: appointments.firstContactBy })
      .from(appointments)
      .where(eq(appointments.id, asha));
    expect(request).toEqual({ status: "contacted", firstContactBy: admin.id });
    const changes = await database.db
      .select()
      .from(appointmentStatusChanges)
      .where(eq(appointmentStatusChanges.appointmentId, asha));
    expect(changes.map((row) => [row.fromStatus, row.toStatus, row.changedByEmail])).toEqual([
      ["pending", "contacted", admin.email],
    ]);
    const [entry] = await database.db
      .select()
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "visit_booked"));
    expect(entry).toMatchObject({
      appointmentId: asha,
      visitId: id,
      byEmail: admin.email,
      body: "Treatment booked for Tue 1 Dec 7:30 AM (60 min) with Dr. Rao.",
    });
    // A second visit leaves the contacted request as it is: one status change.
    await book(asha, "2026-12-02T07:30");
    const after = await database.db
      .select()
      .from(appointmentStatusChanges)
      .where(eq(appointmentStatusChanges.appointmentId, asha));
    expect(after).toHaveLength(1);
  });

  it("refuses the past, more than 90 days ahead, leave and outside the hours, storing nothing", async () => {
    const { asha } = await seed();
    const past = await refusal(book(asha, "2026-11-30T05:00"));
    expect(past.message).toBe("Mon 30 Nov 5:00 AM has already passed: choose a later start.");
    const far = await refusal(book(asha, "2027-03-02T07:30"));
    expect(far.message).toBe(
      "Tue 2 Mar 7:30 AM is more than 90 days ahead: visits are booked at most 90 days ahead.",
    );
    const leave = await refusal(book(asha, "2026-12-04T07:30"));
    expect(leave.message).toBe("Dr. Rao is on leave on Fri 4 Dec.");
    // 12:30 for 60 minutes ends past the morning window; Sunday has none.
    for (const start of ["2026-12-01T12:30", "2026-12-06T09:00", "2026-12-01T14:00"]) {
      const outside = await refusal(book(asha, start));
      expect(outside.problem.kind).toBe("outside_hours");
      expect(visitProblemStatus(outside.problem)).toBe(400);
    }
    expect((await refusal(book(asha, "2026-12-01T12:30"))).message).toBe(
      "Tue 1 Dec 12:30 PM is outside Dr. Rao's working hours (the whole visit must fit in one of their windows).",
    );
    expect(await count()).toBe(0);
    const [request] = await database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, asha));
    expect(request?.status).toBe("pending");
  });

  it("refuses a visit within the travel time of another, naming its day, time and patient", async () => {
    const { asha, vikram } = await seed();
    await book(asha, "2026-12-01T07:30");
    // 07:30–08:30 and 30 minutes of travel: 08:45 clashes, 09:00 is free.
    const clash = await refusal(book(vikram, "2026-12-01T08:45"));
    expect(clash.message).toBe(
      "Dr. Rao already has a visit on Tue 1 Dec at 7:30 AM (Asha): visits need 30 minutes of travel between them.",
    );
    expect(visitProblemStatus(clash.problem)).toBe(409);
    // Before it too: 07:00 + 60 minutes + 30 of travel reaches past 07:30.
    expect((await refusal(book(vikram, "2026-12-01T07:00"))).message).toBe(clash.message);
    await book(vikram, "2026-12-01T09:00");
    // Another therapist is free at the same time.
    await bookVisits(
      database.db,
      admin,
      {
        appointmentId: vikram,
        therapistId: sen.id,
        start: india("2026-12-01T07:30"),
        minutes: 60,
        kind: "assessment",
      },
      settings,
    );
    expect(await count()).toBe(3);
  });

  it("refuses two visits in far districts closer than the travel between them, naming the travel", async () => {
    const { asha, vikram } = await seed();
    // Asha in Gurugram, Vikram in Rohini (North West Delhi): 60 minutes apart by the
    // migration's table (Delhi and Gurugram), twice the flat 30.
    await database.db
      .update(appointments)
      .set({ pincode: "122001" })
      .where(eq(appointments.id, asha));
    await database.db
      .update(appointments)
      .set({ pincode: "110085" })
      .where(eq(appointments.id, vikram));
    await book(asha, "2026-12-01T09:00");
    const after = await refusal(book(vikram, "2026-12-01T10:30"));
    expect(after.problem).toMatchObject({ kind: "travel", minutes: 60, toNext: false });
    expect(after.message).toBe(
      "Dr. Rao has a visit in Gurugram on Tue 1 Dec at 9:00 AM (Asha): the travel from Gurugram to North West Delhi takes 60 minutes.",
    );
    expect(visitProblemStatus(after.problem)).toBe(409);
    // Before it too: Rohini 7:30–8:30, then 60 minutes to Gurugram reaches past 9:00.
    const before = await refusal(book(vikram, "2026-12-01T07:30"));
    expect(before.message).toBe(
      "Dr. Rao has a visit in Gurugram on Tue 1 Dec at 9:00 AM (Asha): the travel from North West Delhi to Gurugram takes 60 minutes.",
    );
    // A move is checked the same way.
    const [moved] = await book(vikram, "2026-12-01T11:00");
    const move = await refusal(
      moveVisit(
        database.db,
        admin,
        moved ?? "",
        { therapistId: rao.id, start: india("2026-12-01T10:30") },
        settings,
      ),
    );
    expect(move.problem.kind).toBe("travel");
    expect(await count()).toBe(2);
    // The clinic's table is the rule: 45 minutes from Gurugram to Delhi lets 10:45 through.
    await database.db.execute(
      sql`UPDATE travel_times SET minutes = 45 WHERE place_a = 'delhi' AND place_b = 'gurugram'`,
    );
    await moveVisit(
      database.db,
      admin,
      moved ?? "",
      { therapistId: rao.id, start: india("2026-12-01T10:45") },
      settings,
    );
  });

  it("books a course of 10 on Mon, Wed and Fri across the month's end, and refuses all 10 for one clash", async () => {
    const { asha, vikram } = await seed();
    // Dr. Sen (no leave): from Mon 30 Nov, 10 sessions Mon/Wed/Fri at 16:00.
    const ids = await bookVisits(
      database.db,
      admin,
      {
        appointmentId: asha,
        therapistId: sen.id,
        start: india("2026-11-30T16:00"),
        minutes: 60,
        kind: "treatment",
        course: { sessions: 10, weekdays: [1, 3, 5] },
      },
      settings,
    );
    expect(ids).toHaveLength(10);
    const rows = await visitsOf(database.db, asha);
    expect(rows.map((row) => row.course)).toEqual(
      Array.from({ length: 10 }, (_, index) => ({ index: index + 1, size: 10 })),
    );
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual(
      [
        "2026-11-30",
        "2026-12-02",
        "2026-12-04",
        "2026-12-07",
        "2026-12-09",
        "2026-12-11",
        "2026-12-14",
        "2026-12-16",
        "2026-12-18",
        "2026-12-21",
      ].map((day) => india(`${day}T16:00`).toISOString()),
    );
    const [entry] = await database.db
      .select({ body: appointmentActivity.body, visitId: appointmentActivity.visitId })
      .from(appointmentActivity)
      .where(eq(appointmentActivity.kind, "visit_booked"));
    expect(entry).toEqual({
      visitId: ids[0],
      body: "Course of 10 treatment sessions booked with Dr. Sen, Mon, Wed, Fri at 4:00 PM (60 min), from Mon 30 Nov to Mon 21 Dec.",
    });
    // A second course, Mondays and Tuesdays at 17:00 from Tue 1 Dec, meets the first's 4th session
    // with its own 2nd (Mon 7 Dec 16:00, held until 17:30): none of its 10 is stored.
    await bookVisits(
      database.db,
      admin,
      {
        appointmentId: vikram,
        therapistId: sen.id,
        start: india("2026-12-02T18:30"),
        minutes: 45,
        kind: "treatment",
      },
      settings,
    );
    const refused = await refusal(
      bookVisits(
        database.db,
        admin,
        {
          appointmentId: vikram,
          therapistId: sen.id,
          start: india("2026-12-01T17:00"),
          minutes: 60,
          kind: "treatment",
          course: { sessions: 10, weekdays: [1, 2] },
        },
        settings,
      ),
    );
    expect(refused.message).toBe(
      "Session 2 of 10: Dr. Sen already has a visit on Mon 7 Dec at 4:00 PM (Asha): visits need 30 minutes of travel between them. None of the 10 sessions was booked.",
    );
    expect(await count()).toBe(11);
  });

  it("answers the constraint's own refusal, when another booking raced it, with the same clash", async () => {
    const { asha, vikram } = await seed();
    if (database.kind === "pglite") {
      // One connection: bookings take turns, and the check sees the earlier one's visit.
      await book(asha, "2026-12-01T07:30");
      const clash = await refusal(book(vikram, "2026-12-01T07:30"));
      expect(clash.problem.kind).toBe("clash");
      return;
    }
    // On PostgreSQL, another instance holds an uncommitted visit at the same time: the booking's
    // check cannot see it, its insert waits for it, and the constraint refuses it once it commits.
    const other = await database.openInstance();
    let racing: Promise<unknown> | undefined;
    await other.db.transaction(async (tx) => {
      await tx.insert(visits).values({
        appointmentId: asha,
        therapistId: rao.id,
        startsAt: india("2026-12-01T07:30"),
        endsAt: india("2026-12-01T08:30"),
        blockedUntil: india("2026-12-01T09:00"),
        kind: "treatment",
      });
      racing = book(vikram, "2026-12-01T08:00").then(
        () => undefined,
        (error: unknown) => error,
      );
      // Until the booking waits on the uncommitted row (its lock shows in pg_locks).
      const start = Date.now();
      for (;;) {
        const waiting = await database.db.execute(
          sql`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) break;
        if (Date.now() - start > 10_000) throw new Error("the booking never waited");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const error = await racing;
    expect(error).toBeInstanceOf(VisitRefused);
    const problem = (error as VisitRefused).problem;
    expect(visitProblemMessage(problem)).toBe(
      "Dr. Rao already has a visit on Tue 1 Dec at 7:30 AM (Asha): visits need 30 minutes of travel between them.",
    );
    expect(await count()).toBe(1);
    // Rolled back whole: Vikram's request is still pending, with nothing on its timeline.
    const [request] = await database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, vikram));
    expect(request?.status).toBe("pending");
  });

  it("moves a visit with the same checks and keeps its history on the timeline", async () => {
    const { asha, vikram } = await seed();
    const [first] = await book(asha, "2026-12-01T07:30");
    await book(vikram, "2026-12-01T10:00");
    const id = first ?? "";
    const clash = await refusal(
      moveVisit(
        database.db,
        admin,
        id,
        { therapistId: rao.id, start: india("2026-12-01T09:30") },
        settings,
      ),
    );
    expect(clash.message).toBe(
      "Dr. Rao already has a visit on Tue 1 Dec at 10:00 AM (Vikram): visits need 30 minutes of travel between them.",
    );
    // Moved within its own held time: it does not clash with itself.
    await moveVisit(
      database.db,
      admin,
      id,
      { therapistId: rao.id, start: india("2026-12-01T08:00") },
      settings,
    );
    await moveVisit(
      database.db,
      admin,
      id,
      { therapistId: sen.id, start: india("2026-12-02T16:00") },
      settings,
    );
    const [moved] = await database.db.select().from(visits).where(eq(visits.id, id));
    expect(moved).toMatchObject({
      therapistId: sen.id,
      startsAt: india("2026-12-02T16:00"),
      endsAt: india("2026-12-02T17:00"),
      blockedUntil: india("2026-12-02T17:30"),
    });
    const entries = await database.db
      .select({ body: appointmentActivity.body, visitId: appointmentActivity.visitId })
      .from(appointmentActivity)
      .where(and(eq(appointmentActivity.kind, "visit_moved")))
      .orderBy(asc(appointmentActivity.createdAt));
    expect(entries).toEqual([
      { visitId: id, body: "Moved from Tue 1 Dec 7:30 AM to Tue 1 Dec 8:00 AM (Dr. Rao)." },
      {
        visitId: id,
        body: "Moved from Tue 1 Dec 8:00 AM (Dr. Rao) to Wed 2 Dec 4:00 PM (Dr. Sen).",
      },
    ]);
    // The freed time can be booked again.
    await book(vikram, "2026-12-01T07:30");
    const timeline = await timelineOf(database.db, asha);
    expect(timeline.filter((entry) => entry.kind === "visit_moved")).toHaveLength(2);
  });

  it("marks visits done, not home and can't make; refuses another's visit; cancels with a reason", async () => {
    const { asha } = await seed();
    const ids = await bookVisits(
      database.db,
      admin,
      {
        appointmentId: asha,
        therapistId: rao.id,
        start: india("2026-11-30T16:00"),
        minutes: 60,
        kind: "treatment",
        course: { sessions: 3, weekdays: [1, 2, 3] },
      },
      settings,
    );
    const [monday = "", tuesday = "", wednesday = ""] = ids;
    const later = new Date("2026-12-02T15:00:00.000Z");
    const notYours = await refusal(
      markVisit(database.db, sen, monday, { kind: "no_show" }, defaultMoney, later),
    );
    expect(notYours.message).toBe("That visit is not yours.");
    expect(visitProblemStatus(notYours.problem)).toBe(403);
    const early = await refusal(
      markVisit(database.db, rao, wednesday, { kind: "no_show" }, defaultMoney, now),
    );
    expect(early.message).toBe("That visit is on Wed 2 Dec: it can be marked on the day or after.");
    await markVisit(
      database.db,
      rao,
      monday,
      { kind: "done", note: "Gait training, 20 minutes.", painBefore: 6, painAfter: 4 },
      defaultMoney,
      later,
    );
    await markVisit(database.db, rao, tuesday, { kind: "no_show" }, defaultMoney, later);
    await markVisit(
      database.db,
      rao,
      wednesday,
      { kind: "cant_make", reason: "Fever" },
      defaultMoney,
      now,
    );
    const again = await refusal(
      markVisit(database.db, rao, monday, { kind: "no_show" }, defaultMoney, later),
    );
    expect(again.message).toBe("That visit is no longer scheduled (it is done).");
    let rows = await visitsOf(database.db, asha);
    expect(
      rows.map((row) => [row.status, row.note, row.painBefore, row.painAfter, row.cantMakeReason]),
    ).toEqual([
      ["done", "Gait training, 20 minutes.", 6, 4, null],
      ["no_show", null, null, null, null],
      ["scheduled", null, null, null, "Fever"],
    ]);
    expect(courseFinished(rows)).toBe(false);
    await cancelVisit(database.db, admin, wednesday, { by: "patient", reason: "Travelling" });
    rows = await visitsOf(database.db, asha);
    expect(rows[2]).toMatchObject({
      status: "cancelled",
      cancelledBy: "patient",
      reason: "Travelling",
    });
    const entries = await database.db
      .select({
        kind: appointmentActivity.kind,
        body: appointmentActivity.body,
        by: appointmentActivity.byEmail,
      })
      .from(appointmentActivity)
      .where(
        sql`${appointmentActivity.kind} <> 'visit_booked' AND ${appointmentActivity.kind} LIKE 'visit_%'`,
      )
      .orderBy(asc(appointmentActivity.createdAt));
    expect(entries).toEqual([
      {
        kind: "visit_done",
        by: rao.email,
        body: "Visit of Mon 30 Nov 4:00 PM done. Pain 6 → 4 of 10.",
      },
      {
        kind: "visit_no_show",
        by: rao.email,
        body: "Patient not home for the visit of Tue 1 Dec 4:00 PM.",
      },
      {
        kind: "visit_cant_make",
        by: rao.email,
        body: "Dr. Rao can't make the visit of Wed 2 Dec 4:00 PM: Fever",
      },
      {
        kind: "visit_cancelled",
        by: admin.email,
        body: "Visit of Wed 2 Dec 4:00 PM cancelled by the patient: Travelling",
      },
    ]);
  });

  it("offers Mark completed once a course's last session is done", async () => {
    const { asha } = await seed();
    const ids = await bookVisits(
      database.db,
      admin,
      {
        appointmentId: asha,
        therapistId: sen.id,
        start: india("2026-11-30T16:00"),
        minutes: 45,
        kind: "treatment",
        course: { sessions: 2, weekdays: [1, 2] },
      },
      settings,
    );
    const later = new Date("2026-12-02T00:00:00.000Z");
    await markVisit(database.db, sen, ids[0] ?? "", { kind: "done" }, defaultMoney, later);
    expect(courseFinished(await visitsOf(database.db, asha))).toBe(false);
    await markVisit(database.db, sen, ids[1] ?? "", { kind: "done" }, defaultMoney, later);
    expect(courseFinished(await visitsOf(database.db, asha))).toBe(true);
  });

  it("puts a request whose visit the therapist can't make in Needs attention until it is moved", async () => {
    const { asha, vikram } = await seed();
    const [id = ""] = await book(asha, "2026-12-01T07:30");
    const viewer = { userId: admin.id, now };
    const attention = async () =>
      (
        await listAppointments(
          database.db,
          parseDashboardQuery(new URLSearchParams("view=attention")),
          viewer,
        )
      ).rows.map((row) => row.id);
    // Contacted by its booking: it waits no more (Vikram's, pending, does).
    expect(await attention()).toEqual([vikram]);
    await markVisit(
      database.db,
      rao,
      id,
      { kind: "cant_make", reason: "Car broke down" },
      defaultMoney,
      now,
    );
    // After the overdue pending request (stored days before `now`), with the due call-backs.
    expect(await attention()).toEqual([vikram, asha]);
    await moveVisit(
      database.db,
      admin,
      id,
      { therapistId: sen.id, start: india("2026-12-01T07:30") },
      settings,
    );
    expect(await attention()).toEqual([vikram]);
  });
});
