// The discharge summary for the family (decision 051), from the status page: only for the request
// the look-up's cookie names (or its family's request that holds the care record).
import { getEnv } from "#app/config/env.server.ts";
import { toSiteConfig } from "#app/config/site-config.ts";
import { dischargePdf } from "#app/domain/care/discharge-pdf.server.ts";
import { careRequestOf } from "#app/domain/care/family-care.server.ts";
import { statusCookie } from "#app/domain/messages/status-page.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/status-discharge";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const env = getEnv();
  const lookedUp = await statusCookie(services.secret, env.SITE_URL.startsWith("https://")).read(
    request,
  );
  if (!lookedUp) throw httpError("Not Found", 404);
  const found = await dischargePdf(services.db, await careRequestOf(services.db, lookedUp), {
    name: env.BUSINESS_NAME,
    phone: toSiteConfig(env).phone.display,
  });
  if (!found) throw httpError("Not Found", 404);
  return new Response(found.pdf, { headers: dischargeHeaders(found.reference) });
}

/** Shown in the browser; like every answer of ours that is not a public page, never cached. */
export const dischargeHeaders = (reference: string): HeadersInit => ({
  "Content-Type": "application/pdf",
  "Content-Disposition": `inline; filename="discharge-summary-${reference.replace(/[^A-Z0-9]/gi, "")}.pdf"`,
});
