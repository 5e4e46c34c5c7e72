// The therapist's posts on a visit's care record (decision 051): the assessment, a measure, the
// visit's note (a draft, or signed), an amendment, the home programme. Plain form posts: done,
// back to the page (303) with what was saved named; refused, the page again with the words under
// the field and a 4xx, and nothing stored.
import { data, redirect } from "react-router";
import type { Database } from "#app/db.server.ts";
import {
  amendNote,
  type CareActor,
  CareRefused,
  exerciseNumbers,
  recordAssessment,
  recordMeasure,
  saveNote,
  setProgramme,
  strikeMeasure,
} from "#app/domain/care/care.server.ts";
import {
  readAssessmentForm,
  readNoteForm,
  readOccasion,
  readProgrammeForm,
} from "#app/domain/care/care-form.ts";
import { careFormTexts } from "#app/domain/care/care-texts.ts";
import { type MeasureKey, measureKeys, readMeasureForm } from "#app/domain/care/measures.ts";
import { isDatabaseBusy } from "#app/lib/database-error.ts";
import { getLogger } from "#app/lib/logger.server.ts";

export interface CareFormError {
  care: { intent: string; field?: string; message: string; fields?: Record<string, string> };
}

export async function careAction(
  form: FormData,
  context: {
    db: Database;
    actor: CareActor;
    visit: { visitId: string; appointmentId: string };
    page: string;
    headers: Headers;
  },
) {
  const { db, actor, visit, headers } = context;
  const intent = String(form.get("intent") ?? "");
  const refuse = (
    message: string,
    status: number,
    field?: string,
    fields?: Record<string, string>,
  ) =>
    data<CareFormError>(
      { care: { intent, message, ...(field ? { field } : {}), ...(fields ? { fields } : {}) } },
      { status, headers },
    );
  const done = (what: string) =>
    redirect(`${context.page}?saved=${what}#care-${what}`, { status: 303, headers });
  try {
    switch (intent) {
      case "assessment": {
        const read = readAssessmentForm(form);
        if (!read.ok) return refuse(read.message, 400, read.field);
        const supersedes = String(form.get("supersedes") ?? "");
        await recordAssessment(
          db,
          actor,
          {
            appointmentId: visit.appointmentId,
            visitId: visit.visitId,
            supersedesId: /^[0-9a-f-]{36}$/i.test(supersedes) ? supersedes : null,
          },
          read.value,
        );
        return done("assessment");
      }
      case "measure": {
        const key = String(form.get("measure") ?? "");
        if (!(measureKeys as readonly string[]).includes(key)) {
          return refuse(careFormTexts.measure, 400, "measure");
        }
        const occasion = readOccasion(form);
        if (!occasion.ok) return refuse(occasion.message, 400, occasion.field);
        const scored = readMeasureForm(key as MeasureKey, form);
        if (!scored.ok) {
          const [field, message] = Object.entries(scored.errors)[0] ?? [
            "form",
            careFormTexts.failed,
          ];
          return refuse(message, 400, `item:${field}`, scored.errors);
        }
        await recordMeasure(db, actor, visit, key as MeasureKey, occasion.value, scored);
        return done("measures");
      }
      case "note-save":
      case "note-sign": {
        const read = readNoteForm(form);
        if (!read.ok) return refuse(read.message, 400, read.field);
        await saveNote(db, actor, visit, read.value, intent === "note-sign");
        return done("notes");
      }
      case "note-amend": {
        const read = readNoteForm(form);
        if (!read.ok) return refuse(read.message, 400, read.field);
        const noteId = String(form.get("noteId") ?? "");
        if (!/^[0-9a-f-]{36}$/i.test(noteId)) return refuse(careFormTexts.noNote, 404);
        await amendNote(db, actor, { appointmentId: visit.appointmentId, noteId }, read.value);
        return done("notes");
      }
      case "measure-strike": {
        const measureId = String(form.get("measureId") ?? "");
        if (!/^[0-9a-f-]{36}$/i.test(measureId)) return refuse(careFormTexts.noMeasure, 404);
        const reason = String(form.get("reason") ?? "").trim();
        if (reason.length < 3 || reason.length > 500) {
          return refuse(careFormTexts.strikeReason, 400, "reason");
        }
        await strikeMeasure(db, actor, { appointmentId: visit.appointmentId, measureId }, reason);
        return done("measures");
      }
      case "programme": {
        const read = readProgrammeForm(form, await exerciseNumbers(db));
        if (!read.ok) return refuse(read.message, 400, read.field);
        await setProgramme(db, actor, visit.appointmentId, read.value);
        return done("programme");
      }
      default:
        return refuse(careFormTexts.failed, 400);
    }
  } catch (error) {
    if (error instanceof CareRefused) return refuse(error.message, error.status, error.field);
    if (isDatabaseBusy(error)) {
      getLogger().warn({ err: error, intent }, "care action: the database was busy");
      return refuse(careFormTexts.failed, 503);
    }
    getLogger().error({ err: error, intent }, "care action failed");
    return refuse(careFormTexts.failed, 500);
  }
}
