// A therapist's day (/visits, issue 28 point 5): their own visits of today and the next six days,
// made for a phone, with Directions, Call and WhatsApp; the marks Done, Patient not home and
// Can't make it; and their calendar link. Therapists only (an admin who is not one is refused).
// Every page view is in the access log; every mark is on the request's timeline. Plain forms: it
// works before (and without) the JavaScript.
import { data } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { getStaffSettings, getVisitSettings } from "#app/config/staff-settings.server.ts";
import type { Database } from "#app/db.server.ts";
import { ErasedError } from "#app/domain/appointments/request-changes.server.ts";
import { duesOf, recordPayment } from "#app/domain/money/account.server.ts";
import { formatPaise, rupeesDecimal } from "#app/domain/money/amounts.ts";
import { getMoneySettings } from "#app/domain/money/prices.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireTherapist,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import {
  hasCalendarToken,
  issueCalendarToken,
  revokeCalendarToken,
} from "#app/domain/visits/calendar-feed.server.ts";
import {
  type DayVisit,
  indiaDayStart,
  ownVisitInReach,
  therapistNameOf,
  therapistWeek,
} from "#app/domain/visits/therapist-day.server.ts";
import { type VisitDayResult, visitDayActionSchema } from "#app/domain/visits/visit-mark-form.ts";
import {
  sessionOf,
  therapistDayTexts as texts,
  visitProblemMessage,
  visitWhatsappTexts,
} from "#app/domain/visits/visit-texts.ts";
import { type FamilyMessaging, markVisit, VisitRefused } from "#app/domain/visits/visits.server.ts";
import {
  formatDate,
  formatDateIn,
  formatDateTime,
  formatTime,
  formatWeekday,
  indiaDay,
} from "#app/lib/dates.ts";
import { directionsLink } from "#app/lib/directions-link.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { telHref, whatsappHref } from "#app/lib/indian-phone.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { setRetryAfter } from "#app/lib/route-headers.ts";
import {
  TherapistDayError,
  TherapistDayPage,
  type VisitCard,
} from "#app/routes/admin/visits/therapist-day-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/therapist-day";

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

/** A visit as the page shows it: its words and links made here, none of the phone library sent. */
function cardOf(
  visit: DayVisit,
  values: {
    therapist: string;
    clinic: string;
    tomorrow: Date;
    dues: Map<string, number>;
    codeRequired: boolean;
  },
): VisitCard {
  const { patient } = visit;
  const when = `${formatDateIn(patient.language, visit.startsAt)}, ${formatTime(visit.startsAt)}`;
  const message = visitWhatsappTexts[patient.language]({
    patient: patient.name,
    therapist: values.therapist,
    clinic: values.clinic,
    when,
  });
  return {
    id: visit.id,
    startsAt: visit.startsAt.getTime(),
    time: texts.time(formatTime(visit.startsAt), formatTime(visit.endsAt)),
    kind: visit.kind,
    status: visit.status,
    course: visit.course ? sessionOf(visit.course.index, visit.course.size) : null,
    erased: patient.erased,
    name: patient.name,
    address: patient.address,
    pincode: patient.pincode,
    locality: visit.locality,
    directions: patient.erased ? null : directionsLink(patient.address, patient.pincode),
    tel: patient.erased ? null : telHref(patient.phone),
    whatsapp: patient.erased ? null : whatsappHref(patient.phone, message),
    notes: visit.notes.map((note) => ({
      body: note.body,
      by: texts.noteBy(note.by, formatDateTime(note.at)),
    })),
    cantMakeReason: visit.cantMakeReason,
    note: visit.note,
    pain:
      visit.painBefore === null && visit.painAfter === null
        ? null
        : texts.pain(
            visit.painBefore?.toString() ?? texts.painUnknown,
            visit.painAfter?.toString() ?? texts.painUnknown,
          ),
    // Done and not home from the visit's day on; can't make it before it starts.
    canMark: visit.status === "scheduled" && visit.startsAt < values.tomorrow,
    codeRequired: values.codeRequired,
    canSayCantMake:
      visit.status === "scheduled" && visit.cantMakeReason === null && visit.startsAt > new Date(),
    // What the family owes, to collect at the door: from the visit's day on, while it is owed.
    collect: collectOf(visit, values),
  };
}

function collectOf(
  visit: DayVisit,
  values: { tomorrow: Date; dues: Map<string, number> },
): VisitCard["collect"] {
  const due = values.dues.get(visit.appointmentId);
  if (!due || visit.patient.erased || visit.startsAt >= values.tomorrow) return null;
  return { text: texts.collect(formatPaise(due)), amount: rupeesDecimal(due) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireTherapist(request, context, "page");
  const { db } = context.get(servicesContext);
  const now = new Date();
  const [week, calendarOn, therapist] = await Promise.all([
    therapistWeek(db, staff.user.id, now),
    hasCalendarToken(db, staff.user.id),
    therapistNameOf(db, staff.user.id),
  ]);
  const shown = [...week.toMark, ...week.days.flatMap((day) => day.visits)];
  const dues = await duesOf(db, [...new Set(shown.map((visit) => visit.appointmentId))]);
  // One row for the page: the requests whose patients it shows.
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "visits",
    appointmentIds: [...new Set(shown.map((visit) => visit.appointmentId))],
    detail: { total: shown.length },
  });
  const values = {
    therapist: therapist ?? staff.user.email.split("@")[0] ?? "",
    clinic: getStaffSettings().clinic,
    tomorrow: indiaDayStart(now, 1),
    dues,
    codeRequired: getVisitSettings().codeRequired,
  };
  return data(
    {
      days: week.days.map((day, offset) => ({
        day: day.day,
        label: texts.dayHeading(
          offset === 0 ? texts.today : offset === 1 ? texts.tomorrow : formatWeekday(day.start),
          formatDate(day.start),
        ),
        visits: day.visits.map((visit) => cardOf(visit, values)),
      })),
      toMark: week.toMark.map((visit) => cardOf(visit, values)),
      calendarOn,
    },
    { headers: withCookies(staff.setCookies) },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireTherapist(request, context, "data");
  const { db, familyMessages, limits } = context.get(servicesContext);
  const form = await request.formData().catch(() => undefined);
  const parsed = visitDayActionSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) {
    const visitId = form?.get("visitId");
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return data<VisitDayResult>(
      {
        ok: false,
        message: issue && field !== "intent" ? issue.message : texts.failed,
        ...(typeof visitId === "string" ? { visitId } : {}),
        ...(typeof field === "string" ? { field } : {}),
      },
      400,
    );
  }
  const change = parsed.data;
  const headers = withCookies(staff.setCookies);
  if (change.intent === "calendar-issue") {
    const token = await issueCalendarToken(db, staff.user.id);
    const feedUrl = `${getEnv().SITE_URL}/visits/calendar/${token}.ics`;
    return data<VisitDayResult>({ ok: true, intent: change.intent, feedUrl }, { headers });
  }
  if (change.intent === "calendar-revoke") {
    await revokeCalendarToken(db, staff.user.id);
    return data<VisitDayResult>({ ok: true, intent: change.intent }, { headers });
  }
  // Another therapist's visit, or one out of reach: refused as the page refuses, with nothing of it.
  const visit = await ownVisitInReach(db, staff.user.id, change.visitId, new Date());
  if (!visit) throw httpError("Forbidden", 403);
  // As a therapist, even when the account is an admin too: on this page, only their own visits.
  const by = { id: staff.user.id, email: staff.user.email, isAdmin: false };
  if (change.intent === "collect") {
    return collectAtTheDoor(db, by, visit, change, {
      headers,
      address: context.get(requestInfo).clientAddress ?? null,
      messaging: { messages: familyMessages.mode, messageQueued: () => familyMessages.kick() },
    });
  }
  // The family's code (decision 048): wrong codes for a visit are limited; once used up, the
  // code is refused for the rest of the period (the visit can still be marked without it).
  const code = change.intent === "done" ? change.code : undefined;
  const codeKey = `${staff.user.id}:${visit.id}`;
  const blocked = code ? await limits.visitCode.peek(codeKey) : undefined;
  if (blocked) {
    setRetryAfter(headers, blocked.retryAfterSeconds);
    return data<VisitDayResult>(
      { ok: false, message: texts.codeLimited, visitId: visit.id, field: "code" },
      { status: 429, headers },
    );
  }
  try {
    await markVisit(
      db,
      by,
      visit.id,
      change.intent === "done"
        ? {
            kind: "done",
            note: change.note,
            painBefore: change.painBefore,
            painAfter: change.painAfter,
            code,
            codeRequired: getVisitSettings().codeRequired,
          }
        : change.intent === "no_show"
          ? { kind: "no_show" }
          : { kind: "cant_make", reason: change.reason },
      getMoneySettings(),
    );
  } catch (error) {
    if (error instanceof VisitRefused) {
      const { problem } = error;
      if (problem.kind === "not_yours" || problem.kind === "no_visit") {
        throw httpError("Forbidden", 403);
      }
      if (problem.kind === "wrong_code" || problem.kind === "code_required") {
        if (problem.kind === "wrong_code") await limits.visitCode.hit(codeKey);
        return data<VisitDayResult>(
          { ok: false, message: visitProblemMessage(problem), visitId: visit.id, field: "code" },
          { status: 422, headers },
        );
      }
      return data<VisitDayResult>(
        { ok: false, message: visitProblemMessage(problem), visitId: visit.id },
        { status: 409, headers },
      );
    }
    getLogger().error({ err: error }, "visit mark failed");
    return data<VisitDayResult>(
      { ok: false, message: texts.failed, visitId: visit.id },
      { status: 500, headers },
    );
  }
  return data<VisitDayResult>({ ok: true, intent: change.intent, visitId: visit.id }, { headers });
}

/**
 * Money the family handed the therapist at the door (decision 045): recorded as a payment to the
 * visit's request with its receipt, the therapist as who collected it (cash is theirs to hand in).
 */
async function collectAtTheDoor(
  db: Database,
  by: { id: string; email: string },
  visit: { id: string; appointmentId: string },
  change: { amount: number; method: "cash" | "upi" },
  answer: { headers: Headers; address: string | null; messaging: FamilyMessaging },
) {
  const { headers } = answer;
  try {
    const { receiptNumber } = await recordPayment(
      db,
      by,
      visit.appointmentId,
      {
        method: change.method,
        amountPaise: change.amount,
        paidOn: indiaDay(new Date()),
        reference: "",
        collectedBy: by.id,
      },
      getMoneySettings(),
      new Date(),
      answer.messaging,
    );
    await recordAccess(db, {
      actor: by,
      address: answer.address,
      action: "money",
      appointmentIds: [visit.appointmentId],
      detail: { change: "collected", amountPaise: change.amount, receipt: receiptNumber },
    });
    return data<VisitDayResult>(
      {
        ok: true,
        intent: "collect",
        visitId: visit.id,
        message: texts.collected(formatPaise(change.amount), receiptNumber),
      },
      { headers },
    );
  } catch (error) {
    if (error instanceof ErasedError) {
      return data<VisitDayResult>(
        { ok: false, message: texts.erased, visitId: visit.id },
        { status: 409, headers },
      );
    }
    getLogger().error({ err: error }, "collect at the door failed");
    return data<VisitDayResult>(
      { ok: false, message: texts.failed, visitId: visit.id },
      { status: 500, headers },
    );
  }
}

export default function TherapistDay({ loaderData, actionData }: Route.ComponentProps) {
  return <TherapistDayPage {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <TherapistDayError />;
}
