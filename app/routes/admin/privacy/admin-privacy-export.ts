// What is held about a person, as a plain-text file to give them (DPDP Act s. 11): this request,
// or (?scope=number) every request with its phone number. Admins only, started from the request's
// own page (a link from another site is refused), one download at a time per member of staff;
// written in the access log as a "rights-export". A HEAD gets the same checks and the headers,
// and reads nothing (not even whether the request exists).
import { getStaffSettings } from "#app/config/staff-settings.server.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { personalDataOf, requestsInScope } from "#app/domain/privacy/rights.server.ts";
import { answerDownloadHead, startStaffDownload } from "#app/domain/staff/staff-download.server.ts";
import { indiaDay } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-privacy-export";

/** As its GET answers: the name is personalDataOf's, which a HEAD does not call. */
const fileHeaders = (filename = `personal-data-${indiaDay(new Date())}.txt`): HeadersInit => ({
  "Content-Type": "text/plain; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const head = await answerDownloadHead(request, context, fileHeaders);
  if (head) {
    if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
    return head;
  }
  const { staff, release } = await startStaffDownload(request, context);
  try {
    if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
    const scope = new URL(request.url).searchParams.get("scope") === "number" ? "number" : "one";
    const { db } = context.get(servicesContext);
    const ids = await requestsInScope(db, params.id, scope);
    if (ids.length === 0) throw httpError("Not Found", 404);
    const file = await personalDataOf(
      db,
      ids,
      {
        id: staff.user.id,
        email: staff.user.email,
        address: context.get(requestInfo).clientAddress,
      },
      { clinic: getStaffSettings().clinic },
    );
    // The byte order mark: an old Notepad then reads the Devanagari of a Hindi name as such.
    return new Response(`\uFEFF${file.text}`, { headers: fileHeaders(file.filename) });
  } finally {
    release();
  }
}
