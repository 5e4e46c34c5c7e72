// The access log for the admins (decision 033): who saw or took which requests' personal data, when
// and from where, newest first, filtered by member of staff, request (id or reference) and India
// dates by a GET form (it works without the JavaScript). Reading the log is itself recorded.
import { data } from "react-router";
import { StaffPageError } from "#app/components/admin/access-denied.tsx";
import { staffPageMeta } from "#app/components/admin/staff-page-meta.ts";
import { staffMembers } from "#app/domain/appointments/front-desk.server.ts";
import {
  accessBy,
  accessLogFilter,
  listAccessLog,
  parseAccessLogQuery,
  recordAccess,
} from "#app/domain/privacy/access-log.server.ts";
import { accessLogTexts } from "#app/domain/privacy/privacy-texts.ts";
import {
  requireAdmin,
  staffRouteHeaders,
  withCookies,
} from "#app/domain/staff/staff-session.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { AccessLogPage } from "#app/routes/admin/privacy/access-log-page.tsx";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-access-log";

export const meta: Route.MetaFunction = () => staffPageMeta(accessLogTexts.title);

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
