import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { Spinner } from "#app/components/admin/spinner.tsx";
import { getStaffSettings } from "#app/config/staff-settings.server.ts";
import { listAppointments } from "#app/domain/appointments/dashboard.server.ts";
import { isAppointmentId, parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { dashboardTexts } from "#app/domain/appointments/front-desk-texts.ts";
import { changeRequest, ErasedError } from "#app/domain/appointments/request-changes.server.ts";
import { countToSend } from "#app/domain/messages/messages-by-hand.server.ts";
import { openIncidents } from "#app/domain/operations/alerts.server.ts";
import { accessBy, dashboardAccess, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { AppointmentDashboard } from "#app/routes/admin/requests/appointment-dashboard.tsx";
import { servicesContext } from "#app/services.server.ts";
import { appointmentStatuses } from "#db/enums.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const pending = loaderData?.list.pendingTotal ?? 0;
  return [
    // The count of requests waiting, in the tab: seen from another tab or the task switcher.
    { title: pending > 0 ? dashboardTexts.titleWithPending(pending) : dashboardTexts.title },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

/** The session's refreshed cookie goes back with the page and its data. */
export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  const now = new Date();
  const { db } = context.get(servicesContext);
  const [list, toSend, alerts] = await Promise.all([
    listAppointments(db, query, { userId: staff.user.id, now }),
    countToSend(db),
    // The owner's alerts still open (decision 039): a broken mail server is told here.
    openIncidents(db),
  ]);
  // The view shown: the one asked for, or the one the dashboard chose (Needs attention when
  // anything is overdue or due); the page's links and forms name it from then on.
  const shown = { ...query, view: list.view };
  // Every list shown, the live updates' refreshes too: which requests, under what filter.
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    ...dashboardAccess(shown, list),
  });
  const settings = getStaffSettings();
  return data(
    {
      list,
      query: shown,
      me: staff.user.id,
      now: now.getTime(),
      clinic: settings.clinic,
      greeting: { en: settings.whatsappGreeting, hi: settings.whatsappGreetingHi },
      toSend,
      alerts,
    },
    { headers: withCookies(staff.setCookies) },
  );
}

// The guard's spinner: the page's HTML is the spinner, and the dashboard appears once its
// JavaScript has taken the session's answer (the server has already checked it: a visitor who
// is not signed in never gets this far, a non-admin gets the 403 below).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverLoader();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label={dashboardTexts.loading} />
    </div>
  );
}

export type StatusActionData = { ok: true } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdmin(request, context, "data");
  const form = await request.formData().catch(() => undefined);
  const id = String(form?.get("id") ?? "");
  const status = String(form?.get("status") ?? "");
  if (form?.get("intent") !== "status" || !isAppointmentId(id)) {
    return data<StatusActionData>({ ok: false, message: dashboardTexts.statusFailed }, 400);
  }
  if (!(appointmentStatuses as readonly string[]).includes(status)) {
    return data<StatusActionData>({ ok: false, message: dashboardTexts.statusFailed }, 400);
  }
  try {
    const changed = await changeRequest(context.get(servicesContext).db, {
      appointmentId: id,
      by: { id: staff.user.id, email: staff.user.email },
      change: { kind: "status", status: status as (typeof appointmentStatuses)[number] },
    });
    if (!changed) {
      return data<StatusActionData>({ ok: false, message: dashboardTexts.statusFailed }, 404);
    }
    return data<StatusActionData>({ ok: true }, { headers: withCookies(staff.setCookies) });
  } catch (error) {
    // A row left on the screen from before its request was erased.
    if (error instanceof ErasedError) {
      return data<StatusActionData>({ ok: false, message: dashboardTexts.statusFailed }, 409);
    }
    getLogger().error({ err: error }, "status update failed");
    return data<StatusActionData>({ ok: false, message: dashboardTexts.statusFailed }, 500);
  }
}

/** A failure on the way (the network, a proxy's error page) is a failed update, not a broken page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false, message: dashboardTexts.statusFailed } satisfies StatusActionData;
  }
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AppointmentDashboard {...loaderData} />;
}

export function ErrorBoundary() {
  return <StaffPageError title={dashboardTexts.title} message={dashboardTexts.loadFailed} />;
}
