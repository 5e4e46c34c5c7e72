// CSV of exactly what the dashboard's current filter, search and sort select (every page),
// streamed from the database. Admins only, from the dashboard itself (its Export CSV button
// posts the query), one export at a time per member of staff (app/domain/staff/staff-download.server.ts).
import { appointmentsCsvStream } from "~/domain/appointments/appointments-export.server";
import { csvHeaders } from "~/domain/appointments/csv.server";
import { parseDashboardQuery } from "~/domain/appointments/dashboard";
import { downloadParams, startStaffDownload } from "~/domain/staff/staff-download.server";
import { indiaDay } from "~/lib/dates";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/admin-export";

async function exportCsv(request: Request, context: Route.LoaderArgs["context"]) {
  const { staff, release } = await startStaffDownload(request, context);
  try {
    const query = parseDashboardQuery(await downloadParams(request));
    const viewer = { userId: staff.user.id, now: new Date() };
    const body = appointmentsCsvStream(context.get(servicesContext).db, query, viewer, {
      onEnd: release,
      signal: request.signal,
    });
    return new Response(body, { headers: csvHeaders(`appointments-${indiaDay(new Date())}.csv`) });
  } catch (error) {
    release();
    throw error;
  }
}

export const loader = ({ request, context }: Route.LoaderArgs) => exportCsv(request, context);
export const action = ({ request, context }: Route.ActionArgs) => exportCsv(request, context);
