// One request as a case the front desk works to the end: its details, call and WhatsApp, status,
// owner, call-back, junk mark, notes, the other requests from the same number, and its timeline.
// Admins only. Every change is a form post (it works before the JavaScript has loaded).

import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AccessDeniedScreen } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { getEnv } from "#app/config/env.server.ts";
import { getStaffSettings, getVisitSettings } from "#app/config/staff-settings.server.ts";
import { useSiteText } from "#app/config/use-site-config.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import {
  appointmentFor,
  originOf,
  repeatsOf,
  staffMembers,
  timelineOf,
} from "#app/domain/appointments/front-desk.server.ts";
import {
  type FrontDeskResult,
  frontDeskActionSchema,
} from "#app/domain/appointments/front-desk-form.ts";
import {
  dashboardTexts,
  frontDeskDone,
  frontDeskMessages,
  requestPageTexts,
} from "#app/domain/appointments/front-desk-texts.ts";
import {
  changeRequests,
  ErasedError,
  NotStaffError,
  type RequestChange,
} from "#app/domain/appointments/request-changes.server.ts";
import { visitsFamilySide } from "#app/domain/messages/visit-messages.server.ts";
import { accountOf } from "#app/domain/money/account.server.ts";
import { isMoneyIntent } from "#app/domain/money/money-form.ts";
import { getMoneySettings } from "#app/domain/money/prices.server.ts";
import { paymentLinksOf } from "#app/domain/money/razorpay.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { sameNumberCount } from "#app/domain/privacy/rights.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { suggestionsFor } from "#app/domain/visits/suggestions.server.ts";
import { bookingPrefill, isVisitIntent } from "#app/domain/visits/visit-form.ts";
import { bookableTherapists, visitsOf } from "#app/domain/visits/visits.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { moneyAction } from "#app/routes/admin/money/money-actions.server.ts";
import { AppointmentCase } from "#app/routes/admin/requests/appointment-case.tsx";
import { visitAction } from "#app/routes/admin/visits/visit-actions.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-appointment";

export const meta: Route.MetaFunction = () => staffPageMeta(requestPageTexts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const { db, razorpay } = context.get(servicesContext);
  const viewer = { userId: staff.user.id, now: new Date() };
  const settings = getStaffSettings();
  const visitSettings = getVisitSettings();
  const { prices } = getMoneySettings();
  const [
    appointment,
    timeline,
    repeats,
    staffList,
    origin,
    suggestions,
    visits,
    therapists,
    family,
    account,
  ] = await Promise.all([
    appointmentFor(db, params.id, viewer),
    timelineOf(db, params.id),
    repeatsOf(db, params.id),
    staffMembers(db),
    originOf(db, params.id),
    suggestionsFor(db, params.id, {
      now: viewer.now,
      minutes: visitSettings.visitMinutes,
      travelMinutes: visitSettings.travelMinutes,
    }),
    visitsOf(db, params.id),
    bookableTherapists(db),
    visitsFamilySide(db, params.id),
    accountOf(db, params.id),
  ]);
  if (!appointment) throw httpError("Not Found", 404);
  // One row for the page: the request with its timeline, and the repeats it links to.
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "request",
    appointmentIds: [appointment.id, ...repeats.map((repeat) => repeat.id)],
    detail: { timeline: timeline.length, repeats: repeats.length },
  });
  return data(
    {
      appointment,
      timeline,
      repeats,
      origin,
      staff: staffList,
      me: staff.user.id,
      now: viewer.now.getTime(),
      clinic: settings.clinic,
      greeting: { en: settings.whatsappGreeting, hi: settings.whatsappGreetingHi },
      sameNumber: await sameNumberCount(db, appointment.id),
      suggestions,
      visits: {
        rows: visits,
        therapists,
        family,
        // The suggestions' links (?book=<therapist>&day=&start=) fill in the booking form.
        prefill: bookingPrefill(new URL(request.url).searchParams, visitSettings.visitMinutes),
      },
      account: {
        account,
        receiptMessages: family.receiptMessages,
        online: razorpay ? { links: await paymentLinksOf(db, params.id) } : null,
        offer: { sessions: prices.packageSessions, pricePaise: prices.packagePricePaise },
        today: indiaDay(viewer.now),
      },
    },
    { headers: withCookies(staff.setCookies) },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const failed = (intent: unknown) =>
    intent === "status" ? dashboardTexts.statusFailed : frontDeskMessages.failed;
  const form = await request.formData().catch(() => undefined);
  if (form && isVisitIntent(form.get("intent")) && isAppointmentId(params.id)) {
    const { db, familyMessages } = context.get(servicesContext);
    return visitAction(form, {
      db,
      actor: { id: staff.user.id, email: staff.user.email, isAdmin: true },
      appointmentId: params.id,
      settings: {
        travelMinutes: getVisitSettings().travelMinutes,
        // Through the Cloud API's sender, woken once the change has committed; or by hand.
        messages: familyMessages.mode,
        messageQueued: () => familyMessages.kick(),
      },
      headers: withCookies(staff.setCookies),
    });
  }
  if (form && isMoneyIntent(form.get("intent")) && isAppointmentId(params.id)) {
    const { db, familyMessages, razorpay } = context.get(servicesContext);
    return moneyAction(form, {
      db,
      actor: { id: staff.user.id, email: staff.user.email },
      address: context.get(requestInfo).clientAddress ?? null,
      appointmentId: params.id,
      money: getMoneySettings(),
      headers: withCookies(staff.setCookies),
      messaging: { messages: familyMessages.mode, messageQueued: () => familyMessages.kick() },
      online: { razorpay, siteUrl: getEnv().SITE_URL },
    });
  }
  const parsed = frontDeskActionSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!isAppointmentId(params.id) || !parsed.success) {
    const issue = parsed.error?.issues[0];
    const field = issue?.path[0];
    return data<FrontDeskResult>(
      {
        ok: false,
        message: issue && field !== "intent" ? issue.message : failed(form?.get("intent")),
        ...(field === "body" || field === "at" || field === "ownerId" ? { field } : {}),
      },
      400,
    );
  }
  const change = parsed.data;
  const { db } = context.get(servicesContext);
  const by = { id: staff.user.id, email: staff.user.email };
  const appointmentId = params.id;
  try {
    const requested: RequestChange = (() => {
      switch (change.intent) {
        case "note":
          return { kind: "note", body: change.body };
        case "callback":
          return { kind: "callback", at: change.at };
        case "clear-callback":
          return { kind: "callback", at: null };
        case "take":
          return { kind: "owner", ownerId: by.id };
        case "hand":
          return { kind: "owner", ownerId: change.ownerId };
        case "release":
          return { kind: "owner", ownerId: null };
        case "junk":
        case "not-junk":
          return { kind: "junk", junk: change.intent === "junk" };
        case "status":
          return { kind: "status", status: change.status };
      }
    })();
    // A status or junk mark may be given to the family's open repeats in the same step.
    const withRepeats = "repeats" in change && change.repeats === "on";
    const alsoIds = withRepeats
      ? (await repeatsOf(db, appointmentId)).map((repeat) => repeat.id)
      : [];
    const found = await changeRequests(db, { appointmentId, alsoIds, by, change: requested });
    if (!found) {
      return data<FrontDeskResult>({ ok: false, message: failed(change.intent) }, 404);
    }
    const also = found.also.length;
    return data<FrontDeskResult>(
      {
        ok: true,
        message: frontDeskDone[change.intent],
        ...(also > 0 ? { detail: requestPageTexts.alsoDone(also) } : {}),
      },
      { headers: withCookies(staff.setCookies) },
    );
  } catch (error) {
    if (error instanceof ErasedError) {
      return data<FrontDeskResult>({ ok: false, message: frontDeskMessages.erased }, 409);
    }
    if (error instanceof NotStaffError) {
      return data<FrontDeskResult>(
        { ok: false, message: frontDeskMessages.notStaff, field: "ownerId" },
        400,
      );
    }
    getLogger().error({ err: error }, "front desk action failed");
    return data<FrontDeskResult>({ ok: false, message: failed(change.intent) }, 500);
  }
}

export default function AdminAppointment({ loaderData }: Route.ComponentProps) {
  return <AppointmentCase {...loaderData} />;
}

/**
 * A member of staff who is not an admin reads Access Denied here too, as on the dashboard (not
 * the site's "Something went wrong"); an unknown request is a 404 with the way back to the list.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { notFound } = useSiteText();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403) {
    return <AccessDeniedScreen />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {status === 404 ? "404" : requestPageTexts.somethingWrong}
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        {status === 404 ? notFound.page : requestPageTexts.tryAgain}
      </p>
      <Link
        to="/admin"
        className="mt-6 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
      >
        {requestPageTexts.allRequests}
      </Link>
    </div>
  );
}
