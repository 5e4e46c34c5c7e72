// The payments for the accountant (decision 045; docs/payments.md): one row per receipt or
// refund made in a span of India days, oldest first, as CSV (csv.server.ts: formulas
// neutralised, the byte order mark for Excel). Dates are India's; amounts are rupees with two
// decimals, always positive, in a column for money received and one for money paid back (a
// minus sign would be read as a formula's start and neutralised).
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { csvRows } from "#app/domain/appointments/csv.server.ts";
import { rupeesDecimal } from "#app/domain/money/amounts.ts";
import { paymentMethodNames } from "#app/domain/money/money-texts.ts";
import { indiaDay, parseIndiaDay } from "#app/lib/dates.ts";
import { appointments, payments, therapists } from "#db/schema.ts";

const paymentColumns = [
  "Date",
  "Receipt number",
  "Kind",
  "Received from",
  "Request",
  "Method",
  "Reference",
  "Received (INR)",
  "Paid back (INR)",
  "Reason",
  "Paid on",
  "Recorded by",
  "Collected by",
] as const;

/** The payments recorded from `from` to `to` (India days, both included), as a CSV file's text. */
export async function paymentsCsv(
  db: Pick<Database, "select">,
  span: { from: string; to: string },
): Promise<{ text: string; rows: number }> {
  const start = parseIndiaDay(span.from);
  const end = parseIndiaDay(span.to);
  if (!start || !end) throw new Error("not India days");
  const rows = await db
    .select({
      recordedAt: payments.recordedAt,
      receiptNumber: payments.receiptNumber,
      direction: payments.direction,
      payerName: payments.payerName,
      reference: appointments.reference,
      method: payments.method,
      paymentReference: payments.reference,
      amountPaise: payments.amountPaise,
      reason: payments.reason,
      paidOn: payments.paidOn,
      recordedBy: payments.recordedByEmail,
      collectedBy: therapists.displayName,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(therapists, eq(therapists.userId, payments.collectedBy))
    .where(
      sql`${payments.recordedAt} >= ${start} and ${payments.recordedAt} < ${new Date(end.getTime() + 86_400_000)}`,
    )
    .orderBy(asc(payments.recordedAt), asc(payments.id));
  const text = csvRows(
    rows.map((row) => [
      indiaDay(row.recordedAt),
      row.receiptNumber ?? "",
      row.direction === "in" ? "Receipt" : "Refund",
      row.payerName,
      row.reference ?? "",
      paymentMethodNames[row.method],
      row.paymentReference,
      row.direction === "in" ? rupeesDecimal(row.amountPaise) : "",
      row.direction === "out" ? rupeesDecimal(row.amountPaise) : "",
      row.reason ?? "",
      row.paidOn,
      row.recordedBy,
      row.collectedBy ?? "",
    ]),
    paymentColumns,
  );
  return { text, rows: rows.length };
}
