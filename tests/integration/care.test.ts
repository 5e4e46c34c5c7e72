// The care record (decision 051; docs/care.md) on the real databases: an assessment with a red flag
// in the desk's Needs attention until handled, corrected by a new row with the original kept; a
// measure stored as scored and read by the family as "start → now" with its change; a note saved as
// a draft, signed, refused a change (by the code and by the database's trigger) and amended with
// both versions kept; a programme refused with an unknown exercise and nothing stored, ticked by the
// family, its adherence counted and, below half for three days, in Needs attention; bad input
// refused with nothing stored; and the whole record gone with an erasure. Looked at from fixed
// times: no test waits for the clock.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { listAppointments } from "#app/domain/appointments/dashboard.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { timelineOf } from "#app/domain/appointments/front-desk.server.ts";
import {
  adherenceOf,
  amendNote,
  CareRefused,
  careRecordOf,
  currentProgramme,
  handleRedFlags,
  recordAssessment,
  recordMeasure,
  saveNote,
  setProgramme,
  therapistVisit,
  tickExercise,
} from "#app/domain/care/care.server.ts";
import { careFormTexts } from "#app/domain/care/care-texts.ts";
import { familyCareView } from "#app/domain/care/family-care.server.ts";
import { scoreMeasure } from "#app/domain/care/measures.ts";
import { eraseAppointments } from "#app/domain/privacy/erasure.server.ts";
import { personalDataOf } from "#app/domain/privacy/rights.server.ts";
import { bookVisits } from "#app/domain/visits/visits.server.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";
import { careAction } from "#app/routes/admin/care/care-actions.server.ts";
import {
  assessments,
  exerciseTicks,
  measureResults,
  programmes,
  therapists,
  users,
  visitNotes,
} from "#db/schema.ts";
import { describeEachDatabase } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

/** Monday 30 November 2026, 05:30 in India. */
const now = new Date("2026-11-30T00:00:00.000Z");
const admin = { id: "user-admin", email: "admin@clinic.test", isAdmin: true };
const rao = { id: "t-rao", email: "rao@clinic.test", name: "Dr. Rao" };
const sen = { id: "t-sen", email: "sen@clinic.test", name: "Dr. Sen" };
const hours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

/** A Berg Balance Scale of 14 items adding up to `total` (each 0–4). */
function berg(total: number) {
  const items: Record<string, number> = {};
  let left = total;
  for (let n = 1; n <= 14; n++) {
    const value = Math.min(4, left);
    items[`b${n}`] = value;
    left -= value;
  }
  const scored = scoreMeasure("berg", { items });
  if (!scored.ok) throw new Error(JSON.stringify(scored.errors));
  return scored;
}

const assessment = {
  problem: "Weak right side after a stroke in October.",
  since: "6 weeks",
  history: "Hypertension; lives with son.",
  redFlags: [] as ("calf-swelling" | "chest-pain")[],
  regions: [{ region: "shoulder-right", pain: 4 }],
  goals: ["Walk to the balcony alone", "Eat with the right hand"],
};

const note = {
  subjective: "Feels steadier.",
  objective: "Sit to stand ×5 unaided.",
  assessment: "Improving.",
  plan: "Progress walking.",
};

describeEachDatabase("the care record", (database) => {
  async function seed() {
    const { db } = database;
    for (const person of [admin, rao, sen]) {
      await db
        .insert(users)
        .values({ id: person.id, name: person.id, email: person.email, emailVerified: true });
    }
    await db.insert(therapists).values([
      { userId: rao.id, displayName: rao.name, hours },
      { userId: sen.id, displayName: sen.name, hours },
    ]);
    const asha = await createAppointment(db, appointmentInput({ name: "Asha Rani" }), staffMail);
    const appointmentId = asha.appointment.id;
    const [visitId = ""] = await bookVisits(
      db,
      admin,
      {
        appointmentId,
        therapistId: rao.id,
        start: parseIndiaDateTime("2026-12-01T09:00") as Date,
        minutes: 60,
        kind: "assessment",
      },
      { travelMinutes: 30, now },
    );
    return { appointmentId, visitId };
  }

  const attention = async (at: Date) =>
    (
      await listAppointments(
        database.db,
        parseDashboardQuery(new URLSearchParams("view=attention")),
        { userId: admin.id, now: at },
      )
    ).rows;

  it("lets a therapist at their own visit only, and names nothing of another's", async () => {
    const { visitId, appointmentId } = await seed();
    expect((await therapistVisit(database.db, visitId, rao.id))?.appointmentId).toBe(appointmentId);
    expect(await therapistVisit(database.db, visitId, sen.id)).toBeUndefined();
    expect(await therapistVisit(database.db, "not-a-uuid", rao.id)).toBeUndefined();
  });

  it("puts an assessment's red flag in Needs attention until the desk handles it, and keeps a corrected assessment", async () => {
    const { appointmentId, visitId } = await seed();
    // Booking contacted the request: only the red flag brings it back.
    const first = await recordAssessment(
      database.db,
      rao,
      { appointmentId, visitId },
      { ...assessment, redFlags: ["calf-swelling"] },
    );
    const row = (await attention(now)).find((found) => found.id === appointmentId);
    expect(row?.redFlags?.count).toBe(1);
    const timeline = await timelineOf(database.db, appointmentId);
    expect(timeline.map((entry) => ("body" in entry ? entry.body : null))).toContain(
      "Assessment recorded, with 1 red flag",
    );
    // Corrected: a new row naming the first, which stays as it was.
    await recordAssessment(
      database.db,
      rao,
      { appointmentId, visitId, supersedesId: first },
      {
        ...assessment,
        problem: "Weak right side after a stroke on 12 October.",
        redFlags: ["calf-swelling"],
      },
    );
    const record = await careRecordOf(database.db, appointmentId);
    expect(record.assessments.map((row) => row.problem)).toEqual([
      "Weak right side after a stroke on 12 October.",
      assessment.problem,
    ]);
    // The database refuses a change of what was written.
    await expect(
      database.db
        .update(assessments)
        .set({ problem: "rewritten" })
        .where(eq(assessments.id, first)),
    ).rejects.toThrow();
    // Handled, each: off the list.
    for (const row of record.assessments) {
      await handleRedFlags(database.db, admin, appointmentId, row.id);
    }
    expect((await attention(now)).some((found) => found.id === appointmentId)).toBe(false);
  });

  it("stores a measure as scored and tells the family its start and now, with the change", async () => {
    const { appointmentId, visitId } = await seed();
    await recordMeasure(database.db, rao, { appointmentId, visitId }, "berg", "start", berg(38));
    await recordMeasure(database.db, rao, { appointmentId, visitId }, "berg", "interval", berg(47));
    const stored = await database.db
      .select({ score: measureResults.scoreTenths })
      .from(measureResults)
      .where(eq(measureResults.appointmentId, appointmentId));
    expect(stored.map((row) => row.score).sort()).toEqual([380, 470]);
    const en = await familyCareView(database.db, appointmentId, "en");
    const line = en?.measures.find((measure) => measure.measure === "berg");
    expect(line?.line).toBe("Balance score (Berg Balance Scale): 38 → 47 of 56");
    expect(line?.words).toBe("Better; no longer: high risk of a fall");
    expect(line?.chart.scores).toEqual([38, 47]);
    const hi = await familyCareView(database.db, appointmentId, "hi");
    expect(hi?.measures[0]?.line).toBe("संतुलन का स्कोर (बर्ग स्केल): 38 → 47 (56 में से)");
    // A score out of its range is refused by the database too.
    await expect(
      database.db.insert(measureResults).values({
        appointmentId,
        measure: "berg",
        occasion: "start",
        scoreTenths: 570,
        entry: { items: {} },
      }),
    ).rejects.toThrow();
  });

  it("strikes out a measure recorded in error, once and with its reason: the family's progress leaves it out, the record keeps it", async () => {
    const { appointmentId, visitId } = await seed();
    await recordMeasure(database.db, rao, { appointmentId, visitId }, "berg", "start", berg(38));
    await recordMeasure(database.db, rao, { appointmentId, visitId }, "berg", "interval", berg(12));
    const [wrong] = await database.db
      .select({ id: measureResults.id })
      .from(measureResults)
      .where(sql`${measureResults.appointmentId} = ${appointmentId} AND score_tenths = 120`);
    const strike = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const answer: unknown = await careAction(form, {
        db: database.db,
        actor: rao,
        visit: { visitId, appointmentId },
        page: `/visits/${visitId}/care`,
        headers: new Headers(),
      });
      if (answer instanceof Response) return { status: answer.status, message: undefined };
      const refused = answer as {
        init?: { status?: number };
        data?: { care: { message: string } };
      };
      return { status: refused.init?.status, message: refused.data?.care.message };
    };
    // No reason, or another request's measure: refused, nothing struck.
    expect(
      await strike({ intent: "measure-strike", measureId: wrong?.id ?? "", reason: "x" }),
    ).toEqual({ status: 400, message: careFormTexts.strikeReason });
    expect(
      await strike({
        intent: "measure-strike",
        measureId: "00000000-0000-4000-8000-000000000000",
        reason: "Entered for the wrong patient",
      }),
    ).toEqual({ status: 404, message: careFormTexts.noMeasure });
    expect((await familyCareView(database.db, appointmentId, "en"))?.measures[0]?.line).toBe(
      "Balance score (Berg Balance Scale): 38 → 12 of 56",
    );
    expect(
      await strike({
        intent: "measure-strike",
        measureId: wrong?.id ?? "",
        reason: "Entered for the wrong patient",
      }),
    ).toEqual({ status: 303, message: undefined });
    // The family reads the one that counts; the record keeps the struck one, with who and why.
    expect((await familyCareView(database.db, appointmentId, "en"))?.measures[0]?.line).toBe(
      "Balance score (Berg Balance Scale): 38 of 56",
    );
    const record = await careRecordOf(database.db, appointmentId);
    expect(record.measures.map((point) => [point.score, point.struck?.reason ?? null])).toEqual([
      [38, null],
      [12, "Entered for the wrong patient"],
    ]);
    expect(record.measures[1]?.struck?.by).toBe("Dr. Rao");
    // Once: a second strike is refused, and the database keeps the strike as it was made.
    expect(
      await strike({ intent: "measure-strike", measureId: wrong?.id ?? "", reason: "Again" }),
    ).toEqual({ status: 404, message: careFormTexts.noMeasure });
    await expect(
      database.db
        .update(measureResults)
        .set({ struckAt: null, struckReason: null, struckByName: null })
        .where(eq(measureResults.id, wrong?.id ?? "")),
    ).rejects.toThrow();
    await expect(
      database.db
        .update(measureResults)
        .set({ scoreTenths: 400 })
        .where(eq(measureResults.id, wrong?.id ?? "")),
    ).rejects.toThrow();
    const timeline = await timelineOf(database.db, appointmentId);
    expect(timeline.map((entry) => ("body" in entry ? entry.body : ""))).toContain(
      "Measure struck out as recorded in error: Berg Balance Scale",
    );
  });

  it("saves a note as a draft, signs it, refuses to change it and keeps an amendment beside it", async () => {
    const { appointmentId, visitId } = await seed();
    const at = { appointmentId, visitId };
    await saveNote(database.db, rao, at, { ...note, plan: "" }, false);
    await saveNote(database.db, rao, at, note, true);
    const refused = await saveNote(
      database.db,
      rao,
      at,
      { ...note, plan: "Changed." },
      false,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CareRefused);
    expect((refused as CareRefused).message).toBe(careFormTexts.noteSigned);
    const [original] = await database.db.select().from(visitNotes);
    await expect(
      database.db
        .update(visitNotes)
        .set({ plan: "Changed behind its back." })
        .where(eq(visitNotes.id, original?.id ?? "")),
    ).rejects.toSatisfy((error: Error) =>
      /amended, never changed/.test(String((error.cause as Error | undefined)?.message)),
    );
    await amendNote(
      database.db,
      sen,
      { appointmentId, noteId: original?.id ?? "" },
      {
        ...note,
        objective: "Sit to stand ×5 unaided; 10 m walk 14 s.",
      },
    );
    const notes = (await careRecordOf(database.db, appointmentId)).notes;
    expect(notes.map((row) => [row.authorName, row.objective, row.amendsId === null])).toEqual([
      ["Dr. Rao", "Sit to stand ×5 unaided.", true],
      ["Dr. Sen", "Sit to stand ×5 unaided; 10 m walk 14 s.", false],
    ]);
  });

  it("refuses a programme with an unknown exercise, storing nothing; counts the family's ticks; lists three days below half", async () => {
    const { appointmentId } = await seed();
    const item = (exercise: string) => ({
      exercise,
      sets: 2,
      reps: 10,
      holdSeconds: null,
      timesPerDay: 2,
    });
    const refused = await setProgramme(database.db, rao, appointmentId, [
      item("sit-to-stand"),
      item("levitation"),
    ]).catch((error: unknown) => error);
    expect((refused as CareRefused).message).toBe("1 exercise chosen is not in the library.");
    expect(await database.db.select().from(programmes)).toEqual([]);

    await setProgramme(
      database.db,
      rao,
      appointmentId,
      ["sit-to-stand", "bridging", "heel-raises", "ankle-pumps"].map(item),
      now,
    );
    const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
    expect(await tickExercise(database.db, appointmentId, "bridging", true, now)).toBe(true);
    expect(await tickExercise(database.db, appointmentId, "levitation", true, now)).toBe(false);
    await tickExercise(database.db, appointmentId, "sit-to-stand", true, day(1));
    const programme = await currentProgramme(database.db, appointmentId);
    if (!programme) throw new Error("no programme");
    const adherence = await adherenceOf(database.db, programme, day(1));
    expect(adherence).toMatchObject({
      days: 2,
      ticked: 2,
      expected: 8,
      percent: 25,
      today: ["sit-to-stand"],
    });
    // Untick: gone.
    await tickExercise(database.db, appointmentId, "sit-to-stand", false, day(1));
    expect((await adherenceOf(database.db, programme, day(1))).ticked).toBe(1);
    // Three full days later, 1 of 12 ticked: the desk sees it.
    const row = (await attention(day(3))).find((found) => found.id === appointmentId);
    expect(row?.lowAdherence).toBe(8);
    // Half and more over those three days: not.
    for (const n of [0, 1, 2]) {
      for (const exercise of ["sit-to-stand", "bridging"]) {
        await tickExercise(database.db, appointmentId, exercise, true, day(n));
      }
    }
    expect((await attention(day(3))).some((found) => found.id === appointmentId)).toBe(false);
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const { appointmentId, visitId } = await seed();
    const post = async (fields: Record<string, string | string[]>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        for (const one of [value].flat()) form.append(name, one);
      }
      const answer = await careAction(form, {
        db: database.db,
        actor: rao,
        visit: { visitId, appointmentId },
        page: `/visits/${visitId}/care`,
        headers: new Headers(),
      });
      const found = answer as unknown as {
        init?: { status?: number };
        data?: { care: { message: string } };
      };
      return { status: found.init?.status, message: found.data?.care.message };
    };
    const cases: [Record<string, string | string[]>, string][] = [
      [
        { intent: "measure", measure: "berg", occasion: "start", "item:b1": "5" },
        "berg item above 4",
      ],
      [
        { intent: "measure", measure: "berg", occasion: "start", "item:b1": "3" },
        "berg items missing",
      ],
      [
        { intent: "measure", measure: "nprs", occasion: "start", "item:pain": "11" },
        "nprs above 10",
      ],
      [{ intent: "measure", measure: "magic", occasion: "start" }, "unknown measure"],
      [{ intent: "note-sign", subjective: "x".repeat(4001) }, "oversized note"],
      [{ intent: "note-sign" }, "empty note"],
      [{ intent: "assessment", problem: "", goal1: "Walk" }, "no problem"],
      [{ intent: "assessment", problem: "Pain", goal1: "" }, "no goal"],
      [{ intent: "assessment", problem: "Pain", goal1: "Walk", "pain:knee-left": "11" }, "pain 11"],
      [
        { intent: "assessment", problem: "Pain", goal1: "Walk", redFlag: "made-up" },
        "unknown flag",
      ],
      [{ intent: "programme", exercise: ["sit-to-stand", "levitation"] }, "unknown exercise"],
      [{ intent: "programme" }, "no exercise"],
      [{ intent: "programme", exercise: "sit-to-stand", "sets:sit-to-stand": "99" }, "sets 99"],
    ];
    for (const [fields, what] of cases) {
      const answer = await post(fields);
      expect(answer.status, what).toBe(400);
      expect(answer.message, what).toMatch(/\w/);
    }
    for (const table of [assessments, measureResults, visitNotes, programmes]) {
      expect(await database.db.select().from(table)).toEqual([]);
    }
  });

  it("is in the person's data file: the assessment, the measures, the note and its amendment, the programme", async () => {
    const { appointmentId, visitId } = await seed();
    await recordAssessment(
      database.db,
      rao,
      { appointmentId, visitId },
      { ...assessment, redFlags: ["chest-pain"] },
    );
    await recordMeasure(database.db, rao, { appointmentId, visitId }, "berg", "start", berg(41));
    await saveNote(database.db, rao, { appointmentId, visitId }, note, true);
    const [original] = await database.db.select().from(visitNotes);
    await amendNote(
      database.db,
      sen,
      { appointmentId, noteId: original?.id ?? "" },
      { ...note, plan: "Stairs next time." },
    );
    await setProgramme(database.db, rao, appointmentId, [
      { exercise: "bridging", sets: 2, reps: 10, holdSeconds: 5, timesPerDay: 2 },
    ]);
    const file = await personalDataOf(database.db, [appointmentId], admin, {
      clinic: "Clinic",
      now,
    });
    for (const expected of [
      `Problem: ${assessment.problem}`,
      "Red flag: Chest pain, or breathlessness at rest",
      "Goal: Walk to the balcony alone",
      "Pain in Right shoulder: 4 of 10",
      "Berg Balance Scale",
      "(start): 41",
      "Visit note, signed by Dr. Rao",
      "Amendment by Dr. Sen",
      "Plan: Stairs next time.",
      "bridging: 2 × 10, hold 5 s, 2 a day",
    ]) {
      expect(file.text).toContain(expected);
    }
  });

  it("goes whole with the request's erasure, its timeline keeping only that each was written", async () => {
    const { appointmentId, visitId } = await seed();
    await recordAssessment(database.db, rao, { appointmentId, visitId }, assessment);
    await recordMeasure(database.db, rao, { appointmentId, visitId }, "berg", "start", berg(40));
    await saveNote(database.db, rao, { appointmentId, visitId }, note, true);
    await setProgramme(database.db, rao, appointmentId, [
      { exercise: "bridging", sets: 2, reps: 10, holdSeconds: 5, timesPerDay: 2 },
    ]);
    await tickExercise(database.db, appointmentId, "bridging", true);
    await eraseAppointments(database.db, [appointmentId], { reason: "request", by: admin.email });
    for (const table of [assessments, measureResults, visitNotes, programmes, exerciseTicks]) {
      expect(await database.db.select().from(table)).toEqual([]);
    }
    const kinds = await database.db.execute(
      sql`SELECT kind FROM appointment_activity WHERE appointment_id = ${appointmentId} ORDER BY kind`,
    );
    expect(JSON.stringify(kinds)).toContain("note_signed");
  });
});
