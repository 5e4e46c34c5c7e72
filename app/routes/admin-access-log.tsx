// The access log for the admins (issue 18): who saw or took which requests' personal data, when
// and from where, newest first, filtered by member of staff, request (id or reference) and India
// dates by a GET form (it works without the JavaScript). Reading the log is itself recorded.
import { data } from "react-router";
import { StaffPageError } from "~/components/admin/access-denied";
import { AccessLogPage } from "~/components/admin/access-log-page";
import { staffMembers } from "~/domain/appointments/front-desk.server";
import { dashboardTexts } from "~/domain/appointments/front-desk-texts";
import {
  accessBy,
  accessLogFilter,
  listAccessLog,
  parseAccessLogQuery,
  recordAccess,
} from "~/domain/privacy/access-log.server";
import { accessLogTexts } from "~/domain/privacy/privacy-texts";
import { requireAdmin, staffRouteHeaders, withCookies } from "~/domain/staff/staff-session.server";
import { indiaDay } from "~/lib/dates";
import { requestInfo } from "~/lib/request-info";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/admin-access-log";

export const meta: Route.MetaFunction = () => [
  { title: dashboardTexts.titleOf(accessLogTexts.title) },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = staffRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "page");
  const query = parseAccessLogQuery(new URL(request.url).searchParams);
  const { db } = context.get(servicesContext);
  const [log, members] = await Promise.all([listAccessLog(db, query), staffMembers(db)]);
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "access-log",
    detail: accessLogFilter(query),
  });
  return data(
    {
      log: {
        ...log,
        rows: log.rows.map((row) => ({ ...row, at: row.at.getTime() })),
      },
      query,
      staffEmails: members.map((member) => member.email),
      today: indiaDay(new Date()),
    },
    { headers: withCookies(staff.setCookies) },
  );
}

export default function AdminAccessLog({ loaderData }: Route.ComponentProps) {
  return <AccessLogPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <StaffPageError title={accessLogTexts.title} message={accessLogTexts.loadFailed} />;
}
