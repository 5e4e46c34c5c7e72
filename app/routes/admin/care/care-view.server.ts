// A care record as the staff pages show it (decision 051): dates in India time, measures with
// their change from the first and whether it counts, notes with their amendments under them.
import { type CareRecord, seriesOf } from "#app/domain/care/care.server.ts";
import { bodyRegionTexts, redFlagTexts } from "#app/domain/care/care-texts.ts";
import { measureBandTexts, measureStaffTexts } from "#app/domain/care/measure-texts.ts";
import { bandOf, changeOf, measures } from "#app/domain/care/measures.ts";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";

export function careRecordView(record: CareRecord, exerciseNames: ReadonlyMap<string, string>) {
  const [latest, ...earlier] = record.assessments;
  const assessmentOf = (row: NonNullable<typeof latest>) => ({
    id: row.id,
    by: row.authorName,
    at: formatDateTime(row.createdAt),
    problem: row.problem,
    since: row.since,
    history: row.history,
    redFlags: row.redFlags.map((flag) => ({
      key: flag,
      label: redFlagTexts[flag as keyof typeof redFlagTexts]?.label ?? flag,
      action: redFlagTexts[flag as keyof typeof redFlagTexts]?.action ?? "",
    })),
    regions: row.regions.map((region) => ({
      label: bodyRegionTexts[region.region as keyof typeof bodyRegionTexts] ?? region.region,
      pain: region.pain,
    })),
    goals: row.goals,
    corrects: row.supersedesId !== null,
  });
  const originals = record.notes.filter((note) => note.amendsId === null);
  return {
    assessment: latest ? assessmentOf(latest) : null,
    earlierAssessments: earlier.map(assessmentOf),
    measures: [...seriesOf(record.measures.filter((point) => !point.struck))].map(
      ([measure, points]) => {
        const first = points[0]?.score ?? 0;
        return {
          measure,
          name: measureStaffTexts[measure].name,
          max: measures[measure].max,
          points: points.map((point) => {
            const change = changeOf(measure, first, point.score);
            const band = bandOf(measure, point.score);
            return {
              id: point.id,
              at: formatDate(point.at),
              occasion: point.occasion,
              score: point.score,
              difference: change.difference,
              important: change.important,
              better: change.better,
              band: band ? measureBandTexts.en[band] : null,
            };
          }),
        };
      },
    ),
    /** Struck out as recorded in error (decision 053): readable, counted nowhere. */
    struck: record.measures.flatMap((point) =>
      point.struck
        ? [
            {
              id: point.id,
              name: measureStaffTexts[point.measure].name,
              at: formatDate(point.at),
              score: point.score,
              max: measures[point.measure].max,
              by: point.struck.by,
              struckAt: formatDateTime(point.struck.at),
              reason: point.struck.reason,
            },
          ]
        : [],
    ),
    notes: originals.map((note) => ({
      id: note.id,
      visitId: note.visitId,
      by: note.authorName,
      at: formatDateTime(note.signedAt ?? note.updatedAt),
      signed: note.signedAt !== null,
      parts: {
        subjective: note.subjective,
        objective: note.objective,
        assessment: note.assessment,
        plan: note.plan,
      },
      amendments: record.notes
        .filter((amendment) => amendment.amendsId === note.id)
        .map((amendment) => ({
          id: amendment.id,
          by: amendment.authorName,
          at: formatDateTime(amendment.createdAt),
          parts: {
            subjective: amendment.subjective,
            objective: amendment.objective,
            assessment: amendment.assessment,
            plan: amendment.plan,
          },
        })),
    })),
    programme: record.programme
      ? {
          since: record.programme.startsOn,
          items: record.programme.items.map((item) => ({
            ...item,
            name: exerciseNames.get(item.exercise) ?? item.exercise,
            doneToday: record.adherence?.today.includes(item.exercise) ?? false,
          })),
          adherence: record.adherence
            ? {
                percent: record.adherence.percent,
                days: record.adherence.days,
                ticked: record.adherence.ticked,
              }
            : null,
        }
      : null,
    sessions: record.sessions,
  };
}

export type CareRecordView = ReturnType<typeof careRecordView>;
