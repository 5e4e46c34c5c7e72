// CSV of the newsletter's confirmed subscribers (Email, Confirmed at), for sending an issue.
// Admins only; cells that a spreadsheet would run as a formula are neutralised.
import { confirmedSubscribers, subscribersCsv } from "~/domain/newsletter.server";
import { servicesContext } from "~/domain/services.server";
import { requireAdmin } from "~/lib/staff-session.server";
import type { Route } from "./+types/admin-newsletter";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "data");
  const csv = subscribersCsv(await confirmedSubscribers(context.get(servicesContext).db));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
