// A receipt's or a credit note's PDF as a response (decisions 045, 046), for staff and for the
// family. Staff: admins only, each download a row of the access log, an erased request's
// documents still given (they are the tax law's record: docs/privacy.md). The family: only a
// document of the request their look-up (the status cookie) names, and not of an erased one;
// anything else is a 404, which says nothing of whether the document exists. The link in a
// receipt's WhatsApp message carries the request's key (status-link.server.ts): it sets the
// cookie as the status page's link does, and a 303 takes the key out of the address; a key no
// longer good goes to the status page, which says so. Each in the language it was made in.
import { type RouterContextProvider, redirect } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import type { Database } from "#app/db.server.ts";
import { isAppointmentId } from "#app/domain/appointments/dashboard.ts";
import { readStatusLinkKey } from "#app/domain/messages/status-link.server.ts";
import { statusCookie } from "#app/domain/messages/status-page.server.ts";
import {
  documentHeaders,
  type MoneyDocument,
  receiptClinicOf,
} from "#app/domain/money/receipt.server.ts";
import { receiptPdf } from "#app/domain/money/receipt-pdf.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { requireAdmin } from "#app/domain/staff/staff-session.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";

type Find = (db: Database, id: string) => Promise<MoneyDocument | undefined>;

interface DocumentRequest {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The document's id (a UUID, as a request's is). */
  id: string;
}

/** The document for staff. */
export async function staffDocument({ request, context, id }: DocumentRequest, find: Find) {
  const staff = await requireAdmin(request, context, "data");
  if (!isAppointmentId(id)) throw httpError("Not Found", 404);
  const { db } = context.get(servicesContext);
  const document = await find(db, id);
  if (!document) throw httpError("Not Found", 404);
  const pdf = await receiptPdf(document, receiptClinicOf(getEnv()));
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "money",
    appointmentIds: [document.appointmentId],
    detail: { [document.kind === "receipt" ? "receipt" : "creditNote"]: document.number },
  });
  return new Response(pdf, { headers: documentHeaders(document) });
}

/** The document for the family, from their status page. */
export async function familyDocument({ request, context, id }: DocumentRequest, find: Find) {
  const services = context.get(servicesContext);
  const env = getEnv();
  const cookie = statusCookie(services.secret, env.SITE_URL.startsWith("https://"));
  const url = new URL(request.url);
  const key = url.searchParams.get("key");
  if (key !== null) {
    const named = readStatusLinkKey(services.secret, key);
    if (!named) throw redirect(`/status?key=${encodeURIComponent(key)}`, 303);
    throw redirect(url.pathname, {
      status: 303,
      headers: { "Set-Cookie": await cookie.set(named) },
    });
  }
  const lookedUp = await cookie.read(request);
  if (!lookedUp || !isAppointmentId(id)) throw httpError("Not Found", 404);
  const document = await find(services.db, id);
  if (!document || document.appointmentId !== lookedUp || document.erased) {
    throw httpError("Not Found", 404);
  }
  return new Response(await receiptPdf(document, receiptClinicOf(env)), {
    headers: documentHeaders(document),
  });
}
