// The "Visits" section's posts on a request's page (admins only: the page's action has checked):
// book a visit or a course, mark one done or not home, cancel, move (a visit, or a course's session
// with its later ones: the visit-course-* intents, docs/visits.md). Plain form posts that work
// without JavaScript: done, the browser is sent back to the page's Visits section (303); refused,
// the page comes back with the words under the field and a 4xx (a clash is a 409), never a 5xx.
import { data, redirect } from "react-router";
import type { Database } from "#app/db.server.ts";
import { visitMessagesTexts } from "#app/domain/messages/family-desk-texts.ts";
import { stopUpdates } from "#app/domain/messages/updates-consent.server.ts";
import { getMoneySettings } from "#app/domain/money/prices.server.ts";
import { recordNeed } from "#app/domain/visits/need.server.ts";
import {
  bookingProblem,
  type VisitAction,
  type VisitFormError,
  visitActionSchema,
} from "#app/domain/visits/visit-form.ts";
import { visitFormMessages, visitProblemMessage } from "#app/domain/visits/visit-texts.ts";
import {
  AskNotOpen,
  bookVisits,
  cancelCourse,
  cancelVisit,
  type FamilyMessaging,
  handleAsk,
  markVisit,
  moveCourse,
  moveVisit,
  type VisitActor,
  VisitRefused,
  visitProblemStatus,
} from "#app/domain/visits/visits.server.ts";
import { isDatabaseBusy } from "#app/lib/database-error.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";
import { getLogger } from "#app/lib/logger.server.ts";

/** What was typed in the booking form, to fill it again when refused. */
function typedValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const name of ["therapistId", "day", "start", "minutes", "kind", "sessions"]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 100);
  }
  values.weekdays = form.getAll("weekdays").map(String).slice(0, 7);
  return values;
}

/** The field a refusal's words go under. */
function fieldOf(problem: VisitRefused["problem"]): string | undefined {
  switch (problem.kind) {
    case "no_therapist":
    case "inactive":
      return "therapistId";
    case "past":
    case "too_far":
    case "leave":
    case "outside_hours":
    case "clash":
    case "travel":
      return "start";
    default:
      return undefined;
  }
}

export async function visitAction(
  form: FormData,
  context: {
    db: Database;
    actor: VisitActor;
    appointmentId: string;
    /** The travel between visits, and how the family's messages go (visits.server.ts). */
    settings: FamilyMessaging & { travelMinutes: number };
    headers: Headers;
  },
) {
  const { db, actor, appointmentId, settings } = context;
  const messaging: FamilyMessaging = {
    ...(settings.messages ? { messages: settings.messages } : {}),
    ...(settings.messageQueued ? { messageQueued: settings.messageQueued } : {}),
  };
  const intent = String(form.get("intent") ?? "");
  const rawVisitId = form.get("visitId");
  const visitId = typeof rawVisitId === "string" ? rawVisitId.slice(0, 40) : undefined;
  const refuse = (message: string, status: number, field?: string) =>
    data<VisitFormError>(
      {
        visitForm: {
          intent,
          ...(visitId ? { visitId } : {}),
          message,
          ...(field ? { field } : {}),
          ...(intent === "visit-book" ? { values: typedValues(form) } : {}),
        },
      },
      { status, headers: context.headers },
    );
  const parsed = visitActionSchema.safeParse({
    ...Object.fromEntries(form),
    weekdays: form.getAll("weekdays"),
    preferredTimes: form.getAll("preferredTimes"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return refuse(
      issue && field !== "intent" ? issue.message : visitFormMessages.failed,
      400,
      typeof field === "string" ? field : undefined,
    );
  }
  const action: VisitAction = parsed.data;
  const startOf = (day: string, start: string) => parseIndiaDateTime(`${day}T${start}`);
  try {
    switch (action.intent) {
      case "visit-book": {
        const problem = bookingProblem(action);
        if (problem) return refuse(problem.message, 400, problem.field);
        const start = startOf(action.day, action.start);
        if (!start) return refuse(visitFormMessages.day, 400, "day");
        await bookVisits(
          db,
          actor,
          {
            appointmentId,
            therapistId: action.therapistId,
            start,
            minutes: action.minutes,
            kind: action.kind,
            ...(action.sessions > 1
              ? { course: { sessions: action.sessions, weekdays: action.weekdays } }
              : {}),
          },
          settings,
        );
        break;
      }
      case "visit-done":
        await markVisit(
          db,
          actor,
          action.visitId,
          {
            kind: "done",
            ...(action.note ? { note: action.note } : {}),
            ...(action.painBefore !== undefined ? { painBefore: action.painBefore } : {}),
            ...(action.painAfter !== undefined ? { painAfter: action.painAfter } : {}),
          },
          getMoneySettings(),
        );
        break;
      case "visit-no-show":
        await markVisit(db, actor, action.visitId, { kind: "no_show" }, getMoneySettings());
        break;
      case "visit-cancel":
        await cancelVisit(
          db,
          actor,
          action.visitId,
          { by: action.cancelledBy, reason: action.reason },
          messaging,
        );
        break;
      case "visit-course-cancel":
        await cancelCourse(
          db,
          actor,
          {
            visitId: action.visitId,
            by: action.cancelledBy,
            reason: action.reason,
            scope: "rest",
          },
          messaging,
        );
        break;
      case "visit-move":
      case "visit-course-move": {
        const start = startOf(action.day, action.start);
        if (!start) return refuse(visitFormMessages.day, 400, "day");
        const to = { therapistId: action.therapistId, start };
        if (action.intent === "visit-move") {
          await moveVisit(db, actor, action.visitId, to, settings);
        } else {
          await moveCourse(db, actor, { visitId: action.visitId, ...to }, settings);
        }
        break;
      }
      case "visit-ask-handled":
        await handleAsk(db, actor, action.askId);
        break;
      case "messages-stop":
        await stopUpdates(db, { appointmentId }, actor);
        break;
      case "visit-need":
        await recordNeed(db, actor, appointmentId, {
          condition: action.condition,
          preferredTimes: action.preferredTimes,
          requiredLanguage: action.requiredLanguage,
        });
        return redirect(`/admin/appointments/${appointmentId}#suggested-therapists`, {
          status: 303,
          headers: context.headers,
        });
    }
  } catch (error) {
    if (error instanceof AskNotOpen) return refuse(visitMessagesTexts.askNotOpen, 409);
    if (error instanceof VisitRefused) {
      return refuse(
        visitProblemMessage(error.problem),
        visitProblemStatus(error.problem),
        fieldOf(error.problem),
      );
    }
    // A busy or unreachable database is no fault of ours or the desk's: say so, as a 503.
    if (isDatabaseBusy(error)) {
      getLogger().warn({ err: error, intent }, "visit action: the database was busy");
      return refuse(visitFormMessages.busy, 503);
    }
    getLogger().error({ err: error, intent }, "visit action failed");
    return refuse(visitFormMessages.failed, 500);
  }
  return redirect(`/admin/appointments/${appointmentId}#visits`, {
    status: 303,
    headers: context.headers,
  });
}
