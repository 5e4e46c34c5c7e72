// The front desk's schedule (issue 28, item 7): a day or a week of visits, one column per active
// therapist, beside the requests that still need a therapist and the visits a therapist can't
// make. Admins only, as the dashboard; made for a 1280 px screen. Everything is in the address
// (`?view=day|week&date=YYYY-MM-DD&district=…`) and the page is whole in its HTML: the filter
// and the links work before, and without, the JavaScript.
import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { placeTexts } from "#app/domain/appointments/front-desk-texts.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import {
  daysOf,
  readDay,
  scheduleHref,
  scheduleQuerySchema,
  shiftDay,
} from "#app/domain/visits/schedule-clock.ts";
import { scheduleLayout } from "#app/domain/visits/schedule-layout.ts";
import { loadSchedule } from "#app/domain/visits/schedule-view.server.ts";
import { scheduleTexts } from "#app/domain/visits/visit-texts.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { SchedulePage } from "#app/routes/admin/visits/schedule-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-schedule";

export const meta: Route.MetaFunction = () => staffPageMeta(scheduleTexts.title);

export const headers: Route.HeadersFunction = staffRouteHeaders;

/** Where a PIN code is, as the front desk says it: "Gurugram", "Ghaziabad (outside our areas)". */
function placeOf(pincode: string): string | undefined {
  const place = districtOf(pincode);
  if (!place) return undefined;
  return place.area ? areaNames[place.area] : placeTexts.outside(place.district);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const params = new URL(request.url).searchParams;
  const query = scheduleQuerySchema.parse({
    view: params.get("view") ?? undefined,
    date: params.get("date") ?? undefined,
    district: params.get("district") ?? undefined,
  });
  const today = indiaDay(new Date());
  const asked = readDay(query.date);
  const date = asked ?? today;
  const days = daysOf(query.view, date);
  const { db } = context.get(servicesContext);
  const schedule = await loadSchedule(db, { days, district: query.district });
  const layout = scheduleLayout(schedule, { view: query.view, days, placeOf });
  // The patients named on the page: the blocks', the waiting requests', the can't-makes'.
  const named = new Set([
    ...schedule.visits.map((visit) => visit.appointmentId),
    ...schedule.needsTherapist.rows.map((row) => row.id),
    ...schedule.cantMake.map((row) => row.appointmentId),
  ]);
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "schedule",
    appointmentIds: [...named],
    detail: { view: query.view, date, ...(query.district ? { district: query.district } : {}) },
  });
  const step = query.view === "week" ? 7 : 1;
  const at = (day: string | undefined) =>
    scheduleHref({ view: query.view, date: day, district: query.district });
  return data(
    {
      layout,
      form: { view: query.view, date, district: query.district ?? "" },
      districts: schedule.districts,
      links: {
        previous: at(shiftDay(date, -step)),
        next: at(shiftDay(date, step)),
        today: at(undefined),
        day: scheduleHref({ view: "day", date, district: query.district }),
        week: scheduleHref({ view: "week", date, district: query.district }),
      },
      isToday: days.includes(today),
      error: query.date !== undefined && !asked ? scheduleTexts.badDate : undefined,
    },
    { headers: withCookies(staff.setCookies) },
  );
}

export default function AdminSchedule({ loaderData }: Route.ComponentProps) {
  return <SchedulePage {...loaderData} />;
}

export function ErrorBoundary() {
  return <StaffPageError title={scheduleTexts.title} message={scheduleTexts.loadFailed} />;
}
