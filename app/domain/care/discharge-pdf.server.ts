// The discharge summary (decision 051): what was found, what was done, the measures before and
// after, and advice, as a PDF in the family's language, drawn by app/lib/pdf-text.server.ts (its
// Devanagari shaped as a browser does). The clinicians' words (the problem, the plan) are as they
// wrote them; everything else is in the family's language.
import { and, asc, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { measuresOf, scoreText, seriesOf, sessionsDone } from "#app/domain/care/care.server.ts";
import { dischargeTexts } from "#app/domain/care/care-texts.ts";
import { measureChangeTexts, measureFamilyTexts } from "#app/domain/care/measure-texts.ts";
import { changeWordOf, measures } from "#app/domain/care/measures.ts";
import { familyDate } from "#app/domain/money/family-money.server.ts";
import type { Lang } from "#app/lib/lang.ts";
import { startPdf, write } from "#app/lib/pdf-text.server.ts";
import {
  appointments,
  assessments,
  exercises,
  programmes,
  therapists,
  visitNotes,
  visits,
} from "#db/schema.ts";

/** The summary's PDF for a request, in its language; undefined when there is no such request. */
export async function dischargePdf(
  db: Database,
  appointmentId: string,
  clinic: { name: string; phone: string },
): Promise<{ pdf: Uint8Array<ArrayBuffer>; lang: Lang; reference: string } | undefined> {
  const [request] = await db
    .select({
      name: appointments.name,
      reference: appointments.reference,
      language: appointments.language,
      erasedAt: appointments.erasedAt,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!request || request.erasedAt !== null) return undefined;
  const lang: Lang = request.language === "hi" ? "hi" : "en";
  const t = dischargeTexts[lang];
  const [latest] = await db
    .select()
    .from(assessments)
    .where(eq(assessments.appointmentId, appointmentId))
    .orderBy(desc(assessments.createdAt))
    .limit(1);
  const [points, sessions, doneVisits, [plan], [programme]] = await Promise.all([
    measuresOf(db, appointmentId),
    sessionsDone(db, appointmentId),
    db
      .select({ startsAt: visits.startsAt, therapist: therapists.displayName })
      .from(visits)
      .innerJoin(therapists, eq(therapists.userId, visits.therapistId))
      .where(and(eq(visits.appointmentId, appointmentId), eq(visits.status, "done")))
      .orderBy(asc(visits.startsAt)),
    db
      .select({ plan: visitNotes.plan })
      .from(visitNotes)
      .where(
        and(
          eq(visitNotes.appointmentId, appointmentId),
          isNotNull(visitNotes.signedAt),
          ne(visitNotes.plan, ""),
        ),
      )
      .orderBy(desc(visitNotes.createdAt))
      .limit(1),
    db
      .select({ items: programmes.items })
      .from(programmes)
      .where(eq(programmes.appointmentId, appointmentId))
      .orderBy(desc(programmes.createdAt))
      .limit(1),
  ]);
  const exerciseNames = new Map(
    (
      await db
        .select({ key: exercises.key, en: exercises.nameEn, hi: exercises.nameHi })
        .from(exercises)
    ).map((row) => [row.key, lang === "hi" ? row.hi : row.en]),
  );

  const { doc, bytes } = await startPdf({
    size: "A4",
    margin: 50,
    info: { Title: `${t.title} ${request.reference ?? ""}`, Author: clinic.name },
  });
  write(doc, clinic.name, { size: 16, bold: true, gap: 0.1 });
  write(doc, clinic.phone, { size: 9, gap: 0.6 });
  write(doc, t.title, { size: 14, bold: true, gap: 0.5 });
  write(doc, `${t.patient}: ${request.name}`);
  write(doc, `${t.reference}: ${request.reference ?? ""}`);
  const first = doneVisits[0];
  const last = doneVisits.at(-1);
  if (first && last) {
    write(doc, t.period(familyDate(first.startsAt, lang), familyDate(last.startsAt, lang)));
  }
  const names = [...new Set(doneVisits.map((visit) => visit.therapist))];
  if (names.length > 0) write(doc, `${t.therapists}: ${names.join(", ")}`);
  doc.moveDown(0.5);

  write(doc, t.found, { size: 12, bold: true });
  write(doc, latest ? latest.problem : t.none);
  if (latest && latest.goals.length > 0) {
    write(doc, t.goals, { bold: true });
    for (const goal of latest.goals) write(doc, `• ${goal}`, { gap: 0.1 });
    doc.moveDown(0.3);
  }

  write(doc, t.done, { size: 12, bold: true });
  write(doc, t.sessions(sessions));
  if (programme) {
    write(doc, t.exercises, { bold: true });
    for (const item of programme.items) {
      write(doc, `• ${exerciseNames.get(item.exercise) ?? item.exercise}`, { gap: 0.1 });
    }
    doc.moveDown(0.3);
  }

  write(doc, t.measures, { size: 12, bold: true });
  const series = seriesOf(points);
  if (series.size === 0) write(doc, t.none);
  for (const [measure, measured] of series) {
    const scores = measured.map((point) => point.score);
    const name = measureFamilyTexts[lang][measure].name;
    const max = scoreText(measures[measure].max);
    const before = scores[0] ?? 0;
    const after = scores.at(-1) ?? 0;
    write(
      doc,
      scores.length > 1
        ? t.measure(
            name,
            scoreText(before),
            scoreText(after),
            max,
            measureChangeTexts[lang][changeWordOf(measure, before, after)],
          )
        : t.measureOnce(name, scoreText(after), max),
    );
  }
  doc.moveDown(0.3);
  write(doc, t.advice, { size: 12, bold: true });
  write(doc, plan?.plan ? plan.plan : t.adviceDefault);
  return { pdf: await bytes(), lang, reference: request.reference ?? "" };
}
