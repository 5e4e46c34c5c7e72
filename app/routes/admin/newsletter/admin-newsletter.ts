// CSV of the newsletter's confirmed subscribers (Email, Confirmed at), for sending an issue.
// Admins only, from the site's own pages, one export at a time per member of staff
// (app/domain/staff/staff-download.server.ts); cells that a spreadsheet would run as a formula are
// neutralised. Each export is in the access log with its row count; a HEAD gets the same checks and
// the headers, and reads nothing.
import { csvHeaders } from "#app/domain/appointments/csv.server.ts";
import { confirmedSubscribers, subscribersCsv } from "#app/domain/newsletter/newsletter.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { answerDownloadHead, startStaffDownload } from "#app/domain/staff/staff-download.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-newsletter";

const fileHeaders = () => csvHeaders(`newsletter-subscribers-${indiaDay(new Date())}.csv`);

async function exportCsv(request: Request, context: Route.LoaderArgs["context"]) {
  const head = await answerDownloadHead(request, context, fileHeaders);
  if (head) return head;
  const { staff, release } = await startStaffDownload(request, context);
  try {
    const { db } = context.get(servicesContext);
    const subscribers = await confirmedSubscribers(db);
    await recordAccess(db, {
      ...accessBy(staff, context.get(requestInfo).clientAddress),
      action: "newsletter-export",
      detail: { rows: subscribers.length },
    });
    return new Response(subscribersCsv(subscribers), { headers: fileHeaders() });
  } finally {
    release();
  }
}

export const loader = ({ request, context }: Route.LoaderArgs) => exportCsv(request, context);
export const action = ({ request, context }: Route.ActionArgs) => exportCsv(request, context);
