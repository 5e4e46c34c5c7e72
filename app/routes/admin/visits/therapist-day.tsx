// A therapist's day (/visits, issue 28 point 5): their own visits of today and the next six days,
// made for a phone, with Directions, Call and WhatsApp; the marks Done, Patient not home and
// Can't make it; and their calendar link. Therapists only (an admin who is not one is refused).
// Every page view is in the access log; every mark is on the request's timeline. Plain forms: it
// works before (and without) the JavaScript.

import { useMemo } from "react";
import { data } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { getStaffSettings, getVisitSettings } from "#app/config/staff-settings.server.ts";
import { duesOf } from "#app/domain/money/account.server.ts";
import { formatPaise, rupeesDecimal } from "#app/domain/money/amounts.ts";
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
import { applyDayChange, type DayOutcome } from "#app/domain/visits/day-changes.server.ts";
import {
  type DayVisit,
  indiaDayStart,
  therapistNameOf,
  therapistWeek,
} from "#app/domain/visits/therapist-day.server.ts";
import { readDayForm, type VisitDayResult } from "#app/domain/visits/visit-mark-form.ts";
import {
  therapistAppTexts as appTexts,
  sessionOf,
  therapistDayTexts as texts,
  visitWhatsappTexts,
} from "#app/domain/visits/visit-texts.ts";
import {
  formatDate,
  formatDateIn,
  formatDateTime,
  formatTime,
  formatWeekday,
} from "#app/lib/dates.ts";
import { directionsLink } from "#app/lib/directions-link.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { telHref, whatsappHref } from "#app/lib/indian-phone.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { setRetryAfter } from "#app/lib/route-headers.ts";
import {
  type DayOfWork,
  TherapistDayError,
  TherapistDayPage,
  TherapistDayShell,
  type VisitCard,
} from "#app/routes/admin/visits/therapist-day-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import { useDayApp } from "#app/therapist-app/use-day-app.ts";
import type { Route } from "./+types/therapist-day";

export const meta: Route.MetaFunction = () => [
  { title: texts.title },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

/** The app's manifest, from this page only (decision 049). */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/visits/manifest.webmanifest" },
];

/** "Pain 6 → 3" (a score not given is "–"); null when neither was given. */
function painOf(scores: { painBefore: number | null; painAfter: number | null }): string | null {
  if (scores.painBefore === null && scores.painAfter === null) return null;
  return texts.pain(
    scores.painBefore?.toString() ?? texts.painUnknown,
    scores.painAfter?.toString() ?? texts.painUnknown,
  );
}

/** A visit as the page shows it: its words and links made here, none of the phone library sent. */
function cardOf(
  visit: DayVisit,
  values: {
    therapist: string;
    clinic: string;
    today: Date;
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
    // A visit of an earlier day says its day.
    time:
      visit.startsAt < values.today
        ? texts.timeOn(
            formatDate(visit.startsAt),
            formatTime(visit.startsAt),
            formatTime(visit.endsAt),
          )
        : texts.time(formatTime(visit.startsAt), formatTime(visit.endsAt)),
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
    message: patient.message,
    earlier: visit.earlier.map((session) => ({
      when: formatDateTime(session.startsAt),
      note: session.note,
      pain: painOf(session),
    })),
    notes: visit.notes.map((note) => ({
      body: note.body,
      by: texts.noteBy(note.by, formatDateTime(note.at)),
    })),
    cantMakeReason: visit.cantMakeReason,
    note: visit.note,
    pain: painOf(visit),
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

/**
 * The address of the app's shell (decision 049): the page with no one's day in it, kept by the
 * service worker and opened when /visits gets no answer; it reads the day kept on the phone.
 */
export const shellAddress = "/visits?app=shell";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.get("app") === "shell") {
    return data({ shell: true as const }, { headers: { "Cache-Control": "no-store" } });
  }
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
    today: indiaDayStart(now),
    tomorrow: indiaDayStart(now, 1),
    dues,
    codeRequired: getVisitSettings().codeRequired,
  };
  return data(
    {
      shell: false as const,
      /** Whose day it is, for the copy kept on the phone (never shown). */
      account: staff.user.id,
      asOf: now.getTime(),
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
  const parsed = readDayForm(form);
  if (!parsed.ok) return data<VisitDayResult>(parsed.refusal, 400);
  const change = parsed.change;
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
  const outcome = await applyDayChange(
    db,
    {
      id: staff.user.id,
      email: staff.user.email,
      address: context.get(requestInfo).clientAddress ?? null,
    },
    change,
    { familyMessages, limits },
  ).catch((error: unknown): DayOutcome => {
    getLogger().error({ err: error }, "visit mark failed");
    return { status: 500, body: { ok: false, message: texts.failed, visitId: change.visitId } };
  });
  if ("forbidden" in outcome) throw httpError("Forbidden", 403);
  if (outcome.retryAfterSeconds) setRetryAfter(headers, outcome.retryAfterSeconds);
  return data<VisitDayResult>(outcome.body, { status: outcome.status, headers });
}

/** Without an answer (the signal gone), the page keeps what it shows and says it is offline. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof TypeError) return { shell: true as const };
    throw error;
  }
}

export default function TherapistDay({ loaderData, actionData }: Route.ComponentProps) {
  const live = useMemo(
    () =>
      loaderData.shell
        ? null
        : {
            account: loaderData.account,
            asOf: loaderData.asOf,
            day: { days: loaderData.days, toMark: loaderData.toMark },
          },
    [loaderData],
  );
  const app = useDayApp<DayOfWork>(live);
  if (!loaderData.shell) {
    return <TherapistDayPage {...loaderData} result={actionData} app={{ ...app, keptAt: null }} />;
  }
  if (!app.kept) {
    return (
      <TherapistDayShell message={app.kept === null ? appTexts.offlineNoCopy : appTexts.opening} />
    );
  }
  return (
    <TherapistDayPage
      {...app.kept.day}
      calendarOn={null}
      result={undefined}
      app={{ ...app, keptAt: app.kept.savedAt }}
    />
  );
}

export function ErrorBoundary() {
  return <TherapistDayError />;
}
