// A receipt as a PDF for the family (decision 045), from their status page: only a receipt of the
// request their look-up (the status cookie) names, and not of an erased one; anything else is a
// 404, which says nothing of whether the receipt exists. In the language the receipt was made in.
import { getEnv } from "#app/config/env.server.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { statusCookie } from "#app/domain/messages/status-page.server.ts";
import { receiptClinicOf, receiptHeaders, receiptOf } from "#app/domain/money/receipt.server.ts";
import { receiptPdf } from "#app/domain/money/receipt-pdf.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/status-receipt";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const env = getEnv();
  const lookedUp = await statusCookie(services.secret, env.SITE_URL.startsWith("https://")).read(
    request,
  );
  if (!lookedUp || !isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const receipt = await receiptOf(services.db, params.id);
  if (!receipt || receipt.appointmentId !== lookedUp || receipt.erased) {
    throw httpError("Not Found", 404);
  }
  return new Response(await receiptPdf(receipt, receiptClinicOf(env)), {
    headers: receiptHeaders(receipt),
  });
}
