// CSV of exactly what the dashboard's current filter, search and sort select (every page),
// streamed from the database. Admins only, from the dashboard itself (its Export CSV button
// posts the query), one export at a time per member of staff (app/domain/staff/staff-download.server.ts).
// Each export is in the access log with its filter and row count, known when the stream ends: the
// row is written before the file's last byte is sent (or, when the download is abandoned, then).
// A HEAD gets the same checks and the headers, and starts nothing.
import { appointmentsCsvStream } from "#app/domain/appointments/appointments-export.server.ts";
import { csvHeaders } from "#app/domain/appointments/csv.server.ts";
import { parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { accessBy, dashboardFilter, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  answerDownloadHead,
  downloadParams,
  startStaffDownload,
} from "#app/domain/staff/staff-download.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-export";

const fileHeaders = () => csvHeaders(`appointments-${indiaDay(new Date())}.csv`);

async function exportCsv(request: Request, context: Route.LoaderArgs["context"]) {
  const head = await answerDownloadHead(request, context, fileHeaders);
  if (head) return head;
  const { staff, release } = await startStaffDownload(request, context);
  try {
    // No view named is everything (the dashboard's own form always names the one it shows).
    const asked = parseDashboardQuery(await downloadParams(request));
    const query = { ...asked, view: asked.view ?? "all" };
    const viewer = { userId: staff.user.id, now: new Date() };
    const { db } = context.get(servicesContext);
    let recorded: Promise<void> = Promise.resolve();
    const csv = appointmentsCsvStream(db, query, viewer, {
      onEnd: ({ rows, complete }) => {
        release();
        recorded = recordAccess(db, {
          ...accessBy(staff, context.get(requestInfo).clientAddress),
          action: "export",
          detail: { ...dashboardFilter(query), rows, complete },
        }).catch((error) => getLogger().error({ err: error }, "access log: export not recorded"));
      },
      signal: request.signal,
    });
    // The file ends only once its row is in the log.
    const body = csv.pipeThrough(new TransformStream({ flush: () => recorded }));
    return new Response(body, { headers: fileHeaders() });
  } catch (error) {
    release();
    throw error;
  }
}

export const loader = ({ request, context }: Route.LoaderArgs) => exportCsv(request, context);
export const action = ({ request, context }: Route.ActionArgs) => exportCsv(request, context);
