// A therapist's calendar feed (/visits/calendar/<token>.ics): no session, the token is the key
// (issued on /visits, stored hashed). An unknown token and a revoked one answer the same 404.
// Never cached anywhere on the way: the server marks every answer rendered per request no-store
// (server/security-headers.ts; set here too, it would be sent twice). Each read is in the access log (the same calendar reading
// again soon after adds no row), as the therapist.
import { getEnv } from "#app/config/env.server.ts";
import { getStaffSettings } from "#app/config/staff-settings.server.ts";
import { recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { calendarFeed, calendarOwner } from "#app/domain/visits/calendar-feed.server.ts";
import { calendarFeedTexts } from "#app/domain/visits/visit-texts.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/calendar-feed";

const notFound = () =>
  new Response(calendarFeedTexts.notFound, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const file = params.file ?? "";
  if (!file.endsWith(".ics")) return notFound();
  const { db } = context.get(servicesContext);
  const owner = await calendarOwner(db, file.slice(0, -".ics".length));
  if (!owner) return notFound();
  const feed = await calendarFeed(db, owner.id, {
    clinic: getStaffSettings().clinic,
    siteUrl: getEnv().SITE_URL,
  });
  await recordAccess(db, {
    actor: owner,
    action: "calendar-feed",
    appointmentIds: feed.appointmentIds,
    detail: { total: feed.appointmentIds.length },
    address: context.get(requestInfo).clientAddress,
  });
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": 'inline; filename="visits.ics"',
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(feed.body, { headers });
}
