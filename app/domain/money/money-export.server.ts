// The payments for the accountant (decisions 045, 046; docs/payments.md): one row per receipt,
// refund or credit note made in a span of India days, oldest first, as CSV (csv.server.ts: formulas
// neutralised, the byte order mark for Excel). Dates are India's; amounts are rupees with two
// decimals, always positive, in a column for money received, one for money paid back and one for
// a credit note's amount (a minus sign would be read as a formula's start and neutralised); a
// credit note names the receipt it corrects.
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { csvRows } from "#app/domain/appointments/csv.server.ts";
import { rupeesDecimal } from "#app/domain/money/amounts.ts";
import { paymentMethodNames } from "#app/domain/money/money-texts.ts";
import { indiaDay, parseIndiaDay } from "#app/lib/dates.ts";
import { appointments, creditNotes, payments, therapists } from "#db/schema.ts";

const paymentColumns = [
  "Date",
  "Number",
  "Kind",
  "Received from",
  "Request",
  "Method",
  "Reference",
  "Received (INR)",
  "Paid back (INR)",
  "Credited (INR)",
  "Corrects receipt",
  "Reason",
  "Paid on",
  "Recorded by",
  "Collected by",
] as const;

/**
 * The payments and credit notes recorded from `from` to `to` (India days, both included), as a
 * CSV file's text.
 */
export async function paymentsCsv(
  db: Pick<Database, "select">,
  span: { from: string; to: string },
): Promise<{ text: string; rows: number }> {
  const start = parseIndiaDay(span.from);
  const end = parseIndiaDay(span.to);
  if (!start || !end) throw new Error("not India days");
  const until = new Date(end.getTime() + 86_400_000);
  const paymentRows = db
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
    .where(sql`${payments.recordedAt} >= ${start} and ${payments.recordedAt} < ${until}`)
    .orderBy(asc(payments.recordedAt), asc(payments.id));
  const creditRows = db
    .select({
      recordedAt: creditNotes.recordedAt,
      number: creditNotes.number,
      payerName: creditNotes.payerName,
      reference: appointments.reference,
      method: payments.method,
      amountPaise: creditNotes.amountPaise,
      receiptNumber: payments.receiptNumber,
      reason: creditNotes.reason,
      paidOn: payments.paidOn,
      recordedBy: creditNotes.recordedByEmail,
      collectedBy: therapists.displayName,
    })
    .from(creditNotes)
    .innerJoin(payments, eq(payments.id, creditNotes.paymentId))
    .innerJoin(appointments, eq(appointments.id, creditNotes.appointmentId))
    .leftJoin(therapists, eq(therapists.userId, payments.collectedBy))
    .where(sql`${creditNotes.recordedAt} >= ${start} and ${creditNotes.recordedAt} < ${until}`);
  const [received, credited] = await Promise.all([paymentRows, creditRows]);
  const lines = [
    ...received.map((row) => ({
      at: row.recordedAt,
      cells: [
        indiaDay(row.recordedAt),
        row.receiptNumber ?? "",
        row.direction === "in" ? "Receipt" : "Refund",
        row.payerName,
        row.reference ?? "",
        paymentMethodNames[row.method],
        row.paymentReference,
        row.direction === "in" ? rupeesDecimal(row.amountPaise) : "",
        row.direction === "out" ? rupeesDecimal(row.amountPaise) : "",
        "",
        "",
        row.reason ?? "",
        row.paidOn,
        row.recordedBy,
        row.collectedBy ?? "",
      ],
    })),
    ...credited.map((row) => ({
      at: row.recordedAt,
      cells: [
        indiaDay(row.recordedAt),
        row.number,
        "Credit note",
        row.payerName,
        row.reference ?? "",
        paymentMethodNames[row.method],
        "",
        "",
        "",
        rupeesDecimal(row.amountPaise),
        row.receiptNumber ?? "",
        row.reason,
        row.paidOn,
        row.recordedBy,
        row.collectedBy ?? "",
      ],
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const text = csvRows(
    lines.map((line) => line.cells),
    paymentColumns,
  );
  return { text, rows: lines.length };
}
