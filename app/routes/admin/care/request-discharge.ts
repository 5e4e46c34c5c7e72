// The discharge summary of a request for the desk to send (decision 051): admins only; reading it
// is reading the care record, so it goes to the access log.
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { dischargePdf } from "#app/domain/care/discharge-pdf.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { requireAdmin } from "#app/domain/staff/staff-session.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { dischargeHeaders } from "#app/routes/status-discharge.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/request-discharge";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "data");
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const { db } = context.get(servicesContext);
  const env = getEnv();
  const found = await dischargePdf(db, params.id, {
    name: env.BUSINESS_NAME,
    phone: toSiteConfig(env).phone.display,
  });
  if (!found) throw httpError("Not Found", 404);
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "care-record",
    appointmentIds: [params.id],
    detail: { reason: "discharge summary" },
  });
  return new Response(found.pdf, { headers: dischargeHeaders(found.reference) });
}
