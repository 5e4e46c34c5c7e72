// The payments for the accountant as CSV (decision 045): admins only; `from` and `to` are India
// days (by default the financial year so far). Each download is a row of the access log.
import { csvHeaders } from "#app/domain/appointments/csv.server.ts";
import { financialYearStart } from "#app/domain/money/financial-year.ts";
import { paymentsCsv } from "#app/domain/money/money-export.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { requireAdmin } from "#app/domain/staff/staff-session.server.ts";
import { indiaDay, parseIndiaDay } from "#app/lib/dates.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { requestInfo } from "#app/lib/request-info.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-money-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireAdmin(request, context, "data");
  const query = new URL(request.url).searchParams;
  const now = new Date();
  const from = query.get("from") || financialYearStart(now);
  const to = query.get("to") || indiaDay(now);
  if (!parseIndiaDay(from) || !parseIndiaDay(to) || from > to) {
    throw httpError("Bad Request", 400);
  }
  const { db } = context.get(servicesContext);
  const file = await paymentsCsv(db, { from, to });
  await recordAccess(db, {
    ...accessBy(staff, context.get(requestInfo).clientAddress),
    action: "money",
    detail: { export: "payments", from, to, rows: file.rows },
  });
  return new Response(file.text, { headers: csvHeaders(`payments-${from}-to-${to}.csv`) });
}
