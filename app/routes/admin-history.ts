// One request's status changes (who, when, from, to), newest first, for the dashboard. Admins only.
import { data } from "react-router";
import { isAppointmentId } from "~/domain/appointments/dashboard";
import { statusHistory } from "~/domain/appointments/dashboard.server";
import { requireAdmin } from "~/domain/staff/staff-session.server";
import { httpError } from "~/lib/http-error.server";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/admin-history";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "data");
  if (!isAppointmentId(params.id)) throw httpError("Not Found", 404);
  const history = await statusHistory(context.get(servicesContext).db, params.id);
  // no-store, like everything rendered per request (server/security-headers.ts).
  return data({
    history: history.map((change) => ({
      by: change.changedByEmail,
      at: change.changedAt.toISOString(),
      from: change.fromStatus,
      to: change.toStatus,
    })),
  });
}
