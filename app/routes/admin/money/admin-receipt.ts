// A payment's receipt as a PDF, for staff (decision 045): admins only, from the request's
// Account section; each download is a row of the access log. The receipt of an erased request is
// still given: it is the tax law's record (docs/privacy.md).
import { getEnv } from "#app/config/env.server.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { receiptClinicOf, receiptHeaders, receiptOf } from "#app/domain/money/receipt.server.ts";
import { receiptPdf } from "#app/domain/money/receipt-pdf.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { requireAdmin } from "#app/domain/staff/staff-session.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-receipt";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "data");
  // A payment's id is a UUID, as a request's is.
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const { db } = context.get(servicesContext);
  const receipt = await receiptOf(db, params.id);
  if (!receipt) throw httpError("Not Found", 404);
  const pdf = await receiptPdf(receipt, receiptClinicOf(getEnv()));
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "money",
    appointmentIds: [receipt.appointmentId],
    detail: { receipt: receipt.number },
  });
  return new Response(pdf, { headers: receiptHeaders(receipt) });
}
