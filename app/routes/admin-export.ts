// CSV of exactly what the dashboard's current filter, search and sort select (every page).
// Admins only; cells that a spreadsheet would run as a formula are neutralised.
import { parseDashboardQuery } from "~/domain/dashboard";
import { appointmentsCsv } from "~/domain/dashboard.server";
import { servicesContext } from "~/domain/services.server";
import { requireAdmin } from "~/lib/staff-session.server";
import type { Route } from "./+types/admin-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "data");
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  const csv = await appointmentsCsv(context.get(servicesContext).db, query);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="appointments-${day}.csv"`,
    },
  });
}
