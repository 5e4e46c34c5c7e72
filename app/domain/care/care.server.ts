// The care record (decision 051; docs/care.md): a request's assessment, outcome measures, visit
// notes and home programme, with the family's ticks. Who may write and read is checked here as
// well as by the routes: a therapist only for the patients of their own visits. Every write is
// one transaction with its line on the request's timeline (that it was written, never what).
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { type Database, queryRows } from "#app/db.server.ts";
import { type Actor, recordChange } from "#app/domain/appointments/request-changes.server.ts";
import type { AssessmentInput, SoapNote } from "#app/domain/care/care-form.ts";
import { careFormTexts, careTimeline } from "#app/domain/care/care-texts.ts";
import { measureStaffTexts } from "#app/domain/care/measure-texts.ts";
import { type MeasureKey, measures, type Scored } from "#app/domain/care/measures.ts";
import { indiaDay } from "#app/lib/dates.ts";
import {
  appointments,
  assessments,
  exercises,
  exerciseTicks,
  type MeasureOccasion,
  measureResults,
  type ProgrammeItem,
  programmes,
  visitNotes,
  visits,
} from "#db/schema.ts";

/** Refused with words for the person (care-texts.ts) and a 4xx. */
export class CareRefused extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(message: string, status: number, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export interface CareActor extends Actor {
  name: string;
}

/** A visit of this therapist, with its request: undefined when the visit is someone else's. */
export async function therapistVisit(db: Database, visitId: string, therapistId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(visitId)) return undefined;
  const [row] = await db
    .select({
      visitId: visits.id,
      appointmentId: visits.appointmentId,
      kind: visits.kind,
      status: visits.status,
      startsAt: visits.startsAt,
      courseIndex: visits.courseIndex,
      courseSize: visits.courseSize,
      name: appointments.name,
      condition: appointments.condition,
      language: appointments.language,
      erasedAt: appointments.erasedAt,
    })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.id, visitId),
        eq(visits.therapistId, therapistId),
        ne(visits.status, "cancelled"),
      ),
    );
  return row;
}

async function writable(tx: Pick<Database, "select">, appointmentId: string): Promise<void> {
  const [request] = await tx
    .select({ erasedAt: appointments.erasedAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for("update");
  if (!request) throw new CareRefused(careFormTexts.notYours, 404);
  if (request.erasedAt !== null) throw new CareRefused(careFormTexts.erased, 409);
}

export async function recordAssessment(
  db: Database,
  actor: CareActor,
  at: { appointmentId: string; visitId: string | null; supersedesId?: string | null },
  input: AssessmentInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    await writable(tx, at.appointmentId);
    let handled: { at: Date; by: string | null } | undefined;
    if (at.supersedesId) {
      const [earlier] = await tx
        .select({
          id: assessments.id,
          redFlags: assessments.redFlags,
          handledAt: assessments.flagsHandledAt,
          handledBy: assessments.flagsHandledBy,
        })
        .from(assessments)
        .where(
          and(eq(assessments.id, at.supersedesId), eq(assessments.appointmentId, at.appointmentId)),
        );
      if (!earlier) throw new CareRefused(careFormTexts.failed, 400);
      // A correction that raises no new red flag keeps the desk's handling of the earlier ones.
      if (earlier.handledAt && input.redFlags.every((flag) => earlier.redFlags.includes(flag))) {
        handled = { at: earlier.handledAt, by: earlier.handledBy };
      }
    }
    const [row] = await tx
      .insert(assessments)
      .values({
        appointmentId: at.appointmentId,
        visitId: at.visitId,
        authorId: actor.id,
        authorName: actor.name.slice(0, 100),
        problem: input.problem,
        since: input.since,
        history: input.history,
        redFlags: input.redFlags,
        regions: input.regions,
        goals: input.goals,
        supersedesId: at.supersedesId ?? null,
        ...(handled ? { flagsHandledAt: handled.at, flagsHandledBy: handled.by } : {}),
      })
      .returning({ id: assessments.id });
    await recordChange(tx, at.appointmentId, actor, {
      kind: "assessment_recorded",
      body: careTimeline.assessmentRecorded(input.redFlags.length),
      visitId: at.visitId ?? undefined,
    });
    return (row as { id: string }).id;
  });
}

export async function recordMeasure(
  db: Database,
  actor: CareActor,
  at: { appointmentId: string; visitId: string | null },
  measure: MeasureKey,
  occasion: MeasureOccasion,
  scored: Extract<Scored, { ok: true }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await writable(tx, at.appointmentId);
    await tx.insert(measureResults).values({
      appointmentId: at.appointmentId,
      visitId: at.visitId,
      authorId: actor.id,
      measure,
      occasion,
      scoreTenths: Math.round(scored.score * 10),
      entry: scored.entry,
    });
    await recordChange(tx, at.appointmentId, actor, {
      kind: "measure_recorded",
      body: careTimeline.measureRecorded(measureStaffTexts[measure].name),
      visitId: at.visitId ?? undefined,
    });
  });
}

/** Saves the visit's note as a draft, or signs it; a signed note is refused (amend it instead). */
export async function saveNote(
  db: Database,
  actor: CareActor,
  at: { appointmentId: string; visitId: string },
  note: SoapNote,
  sign: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await writable(tx, at.appointmentId);
    const [existing] = await tx
      .select({ id: visitNotes.id, signedAt: visitNotes.signedAt })
      .from(visitNotes)
      .where(and(eq(visitNotes.visitId, at.visitId), isNull(visitNotes.amendsId)))
      .for("update");
    if (existing?.signedAt) throw new CareRefused(careFormTexts.noteSigned, 409);
    const values = {
      ...note,
      authorId: actor.id,
      authorName: actor.name.slice(0, 100),
      signedAt: sign ? sql`now()` : null,
      updatedAt: sql`now()`,
    };
    if (existing) {
      await tx.update(visitNotes).set(values).where(eq(visitNotes.id, existing.id));
    } else {
      await tx
        .insert(visitNotes)
        .values({ appointmentId: at.appointmentId, visitId: at.visitId, ...values });
    }
    if (sign) {
      await recordChange(tx, at.appointmentId, actor, {
        kind: "note_signed",
        body: careTimeline.noteSigned,
        visitId: at.visitId,
      });
    }
  });
}

/** An amendment to a signed note: a new signed row naming it; the original is kept as it was. */
export async function amendNote(
  db: Database,
  actor: CareActor,
  at: { appointmentId: string; noteId: string },
  note: SoapNote,
): Promise<void> {
  await db.transaction(async (tx) => {
    await writable(tx, at.appointmentId);
    const [original] = await tx
      .select({ id: visitNotes.id, visitId: visitNotes.visitId, signedAt: visitNotes.signedAt })
      .from(visitNotes)
      .where(
        and(
          eq(visitNotes.id, at.noteId),
          eq(visitNotes.appointmentId, at.appointmentId),
          isNull(visitNotes.amendsId),
        ),
      );
    if (!original) throw new CareRefused(careFormTexts.noNote, 404);
    if (!original.signedAt) throw new CareRefused(careFormTexts.noteNotSigned, 409);
    await tx.insert(visitNotes).values({
      appointmentId: at.appointmentId,
      visitId: original.visitId,
      authorId: actor.id,
      authorName: actor.name.slice(0, 100),
      ...note,
      signedAt: sql`now()`,
      amendsId: original.id,
    });
    await recordChange(tx, at.appointmentId, actor, {
      kind: "note_amended",
      body: careTimeline.noteAmended,
      visitId: original.visitId,
    });
  });
}

/**
 * Strikes out a measure recorded in error (decision 053): once, with the reason and who struck it;
 * the score stays as it was taken, readable in the record, and counts in no progress, chart or
 * summary from then on. Refused when the measure is not this request's, or already struck.
 */
export async function strikeMeasure(
  db: Database,
  actor: CareActor,
  at: { appointmentId: string; measureId: string },
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await writable(tx, at.appointmentId);
    const [row] = await tx
      .update(measureResults)
      .set({
        struckAt: sql`now()`,
        struckBy: actor.id,
        struckByName: actor.name.slice(0, 100),
        struckReason: reason,
      })
      .where(
        and(
          eq(measureResults.id, at.measureId),
          eq(measureResults.appointmentId, at.appointmentId),
          isNull(measureResults.struckAt),
        ),
      )
      .returning({ measure: measureResults.measure, visitId: measureResults.visitId });
    if (!row) throw new CareRefused(careFormTexts.noMeasure, 404);
    await recordChange(tx, at.appointmentId, actor, {
      kind: "measure_struck",
      body: careTimeline.measureStruck(
        measureStaffTexts[row.measure as MeasureKey]?.name ?? row.measure,
      ),
      visitId: row.visitId ?? undefined,
    });
  });
}

/** The library's active exercises with their numbers, for reading a programme's form. */
export async function exerciseNumbers(
  db: Database,
): Promise<Map<string, Omit<ProgrammeItem, "exercise">>> {
  const rows = await db
    .select({
      key: exercises.key,
      sets: exercises.sets,
      reps: exercises.reps,
      holdSeconds: exercises.holdSeconds,
      timesPerDay: exercises.timesPerDay,
    })
    .from(exercises)
    .where(eq(exercises.active, true));
  return new Map(rows.map(({ key, ...numbers }) => [key, numbers]));
}

export async function libraryExercises(db: Database) {
  return db
    .select()
    .from(exercises)
    .where(eq(exercises.active, true))
    .orderBy(asc(exercises.nameEn));
}

/** Gives the programme: the one before ends (its ticks stay), this one starts today (India). */
export async function setProgramme(
  db: Database,
  actor: CareActor,
  appointmentId: string,
  items: ProgrammeItem[],
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await writable(tx, appointmentId);
    const known = await tx
      .select({ key: exercises.key })
      .from(exercises)
      .where(
        and(
          inArray(
            exercises.key,
            items.map((item) => item.exercise),
          ),
          eq(exercises.active, true),
        ),
      );
    const unknown = items.length - known.length;
    if (unknown > 0) {
      throw new CareRefused(careFormTexts.programmeUnknown(unknown), 400, "exercise");
    }
    await tx
      .update(programmes)
      .set({ endedAt: sql`now()` })
      .where(and(eq(programmes.appointmentId, appointmentId), isNull(programmes.endedAt)));
    await tx.insert(programmes).values({
      appointmentId,
      authorId: actor.id,
      items,
      startsOn: indiaDay(now),
    });
    await recordChange(tx, appointmentId, actor, {
      kind: "programme_set",
      body: careTimeline.programmeSet(items.length),
    });
  });
}

/** The family ticks (or unticks) an exercise of the current programme for today (India). */
export async function tickExercise(
  db: Database,
  appointmentId: string,
  exercise: string,
  done: boolean,
  now = new Date(),
): Promise<boolean> {
  const programme = await currentProgramme(db, appointmentId);
  if (!programme?.items.some((item) => item.exercise === exercise)) return false;
  const day = indiaDay(now);
  if (done) {
    await db
      .insert(exerciseTicks)
      .values({ programmeId: programme.id, day, exercise })
      .onConflictDoNothing();
  } else {
    await db
      .delete(exerciseTicks)
      .where(
        and(
          eq(exerciseTicks.programmeId, programme.id),
          eq(exerciseTicks.day, day),
          eq(exerciseTicks.exercise, exercise),
        ),
      );
  }
  return true;
}

export async function currentProgramme(db: Pick<Database, "select">, appointmentId: string) {
  const [programme] = await db
    .select()
    .from(programmes)
    .where(and(eq(programmes.appointmentId, appointmentId), isNull(programmes.endedAt)));
  return programme;
}

export interface Adherence {
  /** Days counted: from the programme's start to today, at most the last 14. */
  days: number;
  /** Exercises ticked over those days, against the exercises × days. */
  ticked: number;
  expected: number;
  percent: number;
  /** Today's ticks. */
  today: string[];
}

/** How much of the programme was ticked, day by day, up to today (India). */
export async function adherenceOf(
  db: Database,
  programme: { id: string; items: ProgrammeItem[]; startsOn: string },
  now = new Date(),
  window = 14,
): Promise<Adherence> {
  const today = indiaDay(now);
  const rows = await queryRows<{ days: number; ticked: number; today: string[] }>(
    db,
    sql`SELECT (${today}::date - greatest(${programme.startsOn}::date, ${today}::date - ${window - 1}::int) + 1)::int AS days,
        count(*) FILTER (WHERE t.day >= greatest(${programme.startsOn}::date, ${today}::date - ${window - 1}::int))::int AS ticked,
        coalesce(array_agg(t.exercise) FILTER (WHERE t.day = ${today}::date), '{}') AS today
      FROM (SELECT 1) one LEFT JOIN exercise_ticks t ON t.programme_id = ${programme.id}`,
  );
  const row = rows[0] ?? { days: 0, ticked: 0, today: [] };
  const days = Math.max(0, row.days);
  const expected = days * programme.items.length;
  return {
    days,
    ticked: row.ticked,
    expected,
    percent: expected === 0 ? 0 : Math.round((row.ticked / expected) * 100),
    today: row.today,
  };
}

/** Whether a measure was recorded at this visit. */
export async function visitHasMeasure(db: Database, visitId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: measureResults.id })
    .from(measureResults)
    .where(and(eq(measureResults.visitId, visitId), isNull(measureResults.struckAt)))
    .limit(1);
  return row !== undefined;
}

export interface MeasurePoint {
  id: string;
  measure: MeasureKey;
  score: number;
  occasion: MeasureOccasion;
  at: Date;
  /** Struck out as recorded in error (decision 053): by whom, when and why. */
  struck?: { at: Date; by: string; reason: string };
}

/**
 * A request's measures in time order: those that count (progress, charts, the discharge
 * summary), or `withStruck`, the struck-out ones too (the record as its readers see it).
 */
export async function measuresOf(
  db: Pick<Database, "select">,
  appointmentId: string,
  { withStruck = false } = {},
): Promise<MeasurePoint[]> {
  const rows = await db
    .select({
      id: measureResults.id,
      measure: measureResults.measure,
      scoreTenths: measureResults.scoreTenths,
      occasion: measureResults.occasion,
      at: measureResults.createdAt,
      struckAt: measureResults.struckAt,
      struckBy: measureResults.struckByName,
      struckReason: measureResults.struckReason,
    })
    .from(measureResults)
    .where(
      and(
        eq(measureResults.appointmentId, appointmentId),
        withStruck ? undefined : isNull(measureResults.struckAt),
      ),
    )
    .orderBy(asc(measureResults.createdAt));
  return rows
    .filter((row) => row.measure in measures)
    .map((row) => ({
      id: row.id,
      measure: row.measure as MeasureKey,
      score: row.scoreTenths / 10,
      occasion: row.occasion,
      at: row.at,
      ...(row.struckAt
        ? {
            struck: {
              at: row.struckAt,
              by: row.struckBy ?? "",
              reason: row.struckReason ?? "",
            },
          }
        : {}),
    }));
}

/** The points of each measure, in time order (as measuresOf reads them), by measure. */
export function seriesOf(points: readonly MeasurePoint[]): Map<MeasureKey, MeasurePoint[]> {
  const series = new Map<MeasureKey, MeasurePoint[]>();
  for (const point of points)
    series.set(point.measure, [...(series.get(point.measure) ?? []), point]);
  return series;
}

/** A score as people read it: whole, or to its one decimal (PSFS, TUG). */
export const scoreText = (value: number) =>
  Number.isInteger(value) ? String(value) : value.toFixed(1);

/** The whole record of a request, for its therapist, or staff who gave a reason. */
export async function careRecordOf(db: Database, appointmentId: string) {
  const [assessmentRows, noteRows, measurePoints, programme, sessions] = await Promise.all([
    db
      .select()
      .from(assessments)
      .where(eq(assessments.appointmentId, appointmentId))
      .orderBy(desc(assessments.createdAt)),
    db
      .select()
      .from(visitNotes)
      .where(eq(visitNotes.appointmentId, appointmentId))
      .orderBy(asc(visitNotes.createdAt)),
    measuresOf(db, appointmentId, { withStruck: true }),
    currentProgramme(db, appointmentId),
    sessionsDone(db, appointmentId),
  ]);
  const adherence = programme ? await adherenceOf(db, programme) : undefined;
  return {
    assessments: assessmentRows,
    notes: noteRows,
    measures: measurePoints,
    programme,
    adherence,
    sessions,
  };
}

export type CareRecord = Awaited<ReturnType<typeof careRecordOf>>;

export async function sessionsDone(db: Pick<Database, "select">, appointmentId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .where(and(eq(visits.appointmentId, appointmentId), eq(visits.status, "done")));
  return row?.n ?? 0;
}

/** What the desk sees without a reason: that a record exists, and the red flags to handle. */
export async function careSummaryOf(db: Database, appointmentId: string) {
  const [row] = await queryRows<{
    assessments: number;
    notes: number;
    measures: number;
    programme: boolean;
  }>(
    db,
    sql`SELECT (SELECT count(*) FROM assessments WHERE appointment_id = ${appointmentId})::int AS assessments,
        (SELECT count(*) FROM visit_notes WHERE appointment_id = ${appointmentId} AND signed_at IS NOT NULL)::int AS notes,
        (SELECT count(*) FROM measure_results WHERE appointment_id = ${appointmentId}
          AND struck_at IS NULL)::int AS measures,
        EXISTS (SELECT 1 FROM programmes WHERE appointment_id = ${appointmentId} AND ended_at IS NULL) AS programme`,
  );
  const flags = await db
    .select({
      id: assessments.id,
      redFlags: assessments.redFlags,
      handledAt: assessments.flagsHandledAt,
      handledBy: assessments.flagsHandledBy,
      at: assessments.createdAt,
    })
    .from(assessments)
    .where(and(eq(assessments.appointmentId, appointmentId), sql`${assessments.redFlags} <> '{}'`))
    .orderBy(desc(assessments.createdAt));
  return { ...(row ?? { assessments: 0, notes: 0, measures: 0, programme: false }), flags };
}

/** The desk handled an assessment's red flags: off Needs attention, on the timeline. */
export async function handleRedFlags(
  db: Database,
  actor: Actor,
  appointmentId: string,
  assessmentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const handled = await tx
      .update(assessments)
      .set({ flagsHandledAt: sql`now()`, flagsHandledBy: actor.email })
      .where(
        and(
          eq(assessments.id, assessmentId),
          eq(assessments.appointmentId, appointmentId),
          isNull(assessments.flagsHandledAt),
        ),
      )
      .returning({ id: assessments.id });
    if (handled.length === 0) return;
    await recordChange(tx, appointmentId, actor, {
      kind: "red_flags_handled",
      body: careTimeline.redFlagsHandled,
    });
  });
}
