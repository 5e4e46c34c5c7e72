// The care record as the family reads it on the status page (decision 051), in their language:
// the goals, each measure at the start and now in plain words with its chart, the sessions done,
// and the home programme to tick day by day. Never the notes, the history or the red flags: those
// are the clinicians' record; the family gets them in their data file (docs/privacy.md).
import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import {
  adherenceOf,
  currentProgramme,
  measuresOf,
  scoreText,
  seriesOf,
  sessionsDone,
} from "#app/domain/care/care.server.ts";
import { careFamilyTexts } from "#app/domain/care/care-texts.ts";
import {
  measureBandTexts,
  measureChangeTexts,
  measureFamilyTexts,
} from "#app/domain/care/measure-texts.ts";
import { bandOf, changeWordOf, measures } from "#app/domain/care/measures.ts";
import { familyRequestIds } from "#app/domain/messages/status-page.server.ts";
import type { Lang } from "#app/lib/lang.ts";
import { assessments, exercises, measureResults, programmes } from "#db/schema.ts";

/** The family's request that holds the care record: the newest of theirs with any of it. */
export async function careRequestOf(db: Database, appointmentId: string): Promise<string> {
  const ids = await familyRequestIds(db, appointmentId);
  if (ids.length <= 1) return appointmentId;
  for (const table of [programmes, assessments, measureResults] as const) {
    const [row] = await db
      .select({ id: table.appointmentId })
      .from(table)
      .where(inArray(table.appointmentId, ids))
      .orderBy(desc(table.createdAt))
      .limit(1);
    if (row) return row.id;
  }
  return appointmentId;
}

export async function familyCareView(db: Database, appointmentId: string, lang: Lang) {
  const t = careFamilyTexts[lang];
  const [latest] = await db
    .select({ goals: assessments.goals })
    .from(assessments)
    .where(eq(assessments.appointmentId, appointmentId))
    .orderBy(desc(assessments.createdAt))
    .limit(1);
  const [points, programme, sessions] = await Promise.all([
    measuresOf(db, appointmentId),
    currentProgramme(db, appointmentId),
    sessionsDone(db, appointmentId),
  ]);
  const measureLines = [...seriesOf(points)].map(([measure, measured]) => {
    const scores = measured.map((point) => point.score);
    const definition = measures[measure];
    const name = measureFamilyTexts[lang][measure].name;
    const first = scores[0] ?? 0;
    const now = scores[scores.length - 1] ?? 0;
    const max = scoreText(definition.max);
    const bandNow = bandOf(measure, now);
    const bandFirst = bandOf(measure, first);
    const words: string[] = [];
    if (scores.length > 1) {
      words.push(measureChangeTexts[lang][changeWordOf(measure, first, now)]);
      if (bandFirst && bandFirst !== bandNow)
        words.push(t.noLonger(measureBandTexts[lang][bandFirst]));
    }
    if (bandNow) words.push(measureBandTexts[lang][bandNow]);
    return {
      measure,
      name,
      what: measureFamilyTexts[lang][measure].what,
      line:
        scores.length > 1
          ? t.measure(name, scoreText(first), scoreText(now), max)
          : t.measureOnce(name, scoreText(now), max),
      words: words.join("; "),
      chart: { scores, min: definition.min, max: definition.max, label: t.chartLabel(name) },
    };
  });
  let programmeView = null;
  if (programme) {
    const keys = programme.items.map((item) => item.exercise);
    const rows = await db
      .select()
      .from(exercises)
      .where(inArray(exercises.key, keys.length > 0 ? keys : [""]));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const adherence = await adherenceOf(db, programme);
    programmeView = {
      items: programme.items.flatMap((item) => {
        const row = byKey.get(item.exercise);
        if (!row) return [];
        return [
          {
            key: item.exercise,
            name: lang === "hi" ? row.nameHi : row.nameEn,
            purpose: lang === "hi" ? row.purposeHi : row.purposeEn,
            how: lang === "hi" ? row.howHi : row.howEn,
            dose: t.howOften(item.sets, item.reps, item.holdSeconds, item.timesPerDay),
            stopIf: lang === "hi" ? row.stopIfHi : row.stopIfEn,
            done: adherence.today.includes(item.exercise),
          },
        ];
      }),
    };
  }
  if (!latest && measureLines.length === 0 && !programmeView) return null;
  return {
    goals: latest?.goals ?? [],
    sessions: t.sessions(sessions),
    measures: measureLines,
    programme: programmeView,
    // Once the discharge measures are taken, the summary is the family's to keep.
    discharged: points.some((point) => point.occasion === "discharge"),
  };
}

export type FamilyCareView = NonNullable<Awaited<ReturnType<typeof familyCareView>>>;
