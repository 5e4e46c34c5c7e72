// A receipt as the law and the family read it (decision 045; docs/payments.md): the clinic's
// name, address, registration and GSTIN, the receipt's number and date, who paid, what for (with
// its accounting code and why no GST is charged), the amount in figures and in words, how it was
// paid. Read from the payment as it was recorded: the name it was made out to stays on it (an
// erasure keeps it, as the tax law's record), and the clinic's details are today's settings. A
// credit note (decision 046) is read the same way, with the receipt it corrects and why.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db.server.ts";
import { formatPaise } from "#app/domain/money/amounts.ts";
import type { Lang } from "#app/lib/lang.ts";
import type { PaymentMethod } from "#db/enums.ts";
import { appointments, creditNotes, payments } from "#db/schema.ts";

export interface ReceiptClinic {
  name: string;
  address: string;
  phone: string;
  email: string;
  registration: string | undefined;
  gstin: string | undefined;
  sac: string;
  taxNote: string;
}

export function receiptClinicOf(env: Env): ReceiptClinic {
  return {
    name: env.BUSINESS_NAME,
    address: [
      env.BUSINESS_STREET,
      env.BUSINESS_LOCALITY,
      env.BUSINESS_REGION,
      env.BUSINESS_POSTAL_CODE,
    ].join(", "),
    phone: env.BUSINESS_PHONE,
    email: env.BUSINESS_EMAIL,
    registration: env.CLINIC_REGISTRATION,
    gstin: env.CLINIC_GSTIN,
    sac: env.RECEIPT_SAC,
    taxNote: env.RECEIPT_TAX_NOTE,
  };
}

export interface Receipt {
  kind: "receipt";
  /** The payment's id. */
  id: string;
  appointmentId: string;
  number: string;
  recordedAt: Date;
  lang: Lang;
  payerName: string;
  reference: string;
  amountPaise: number;
  method: PaymentMethod;
  paymentReference: string;
  /** The request's personal data was erased: the receipt stays, as the tax law's record. */
  erased: boolean;
}

/** A credit note: what it takes back of which receipt, and why. */
export interface CreditNote {
  kind: "credit_note";
  id: string;
  appointmentId: string;
  number: string;
  recordedAt: Date;
  lang: Lang;
  payerName: string;
  reference: string;
  amountPaise: number;
  receiptNumber: string;
  receiptAt: Date;
  reason: string;
  erased: boolean;
}

/** A receipt or a credit note: a numbered document the family and the accountant keep. */
export type MoneyDocument = Receipt | CreditNote;

/** The receipt of a payment received; undefined for a refund or no such payment. */
export async function receiptOf(
  db: Pick<Database, "select">,
  paymentId: string,
): Promise<Receipt | undefined> {
  const [row] = await db
    .select({
      id: payments.id,
      appointmentId: payments.appointmentId,
      number: payments.receiptNumber,
      recordedAt: payments.recordedAt,
      lang: payments.language,
      payerName: payments.payerName,
      reference: appointments.reference,
      amountPaise: payments.amountPaise,
      method: payments.method,
      paymentReference: payments.reference,
      erasedAt: appointments.erasedAt,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(and(eq(payments.id, paymentId), isNotNull(payments.receiptNumber)));
  if (!row?.number) return undefined;
  const { erasedAt, ...rest } = row;
  return {
    kind: "receipt",
    ...rest,
    number: row.number,
    reference: row.reference ?? "",
    erased: erasedAt !== null,
  };
}

/** A credit note with the receipt it corrects; undefined for no such credit note. */
export async function creditNoteOf(
  db: Pick<Database, "select">,
  creditNoteId: string,
): Promise<CreditNote | undefined> {
  const [row] = await db
    .select({
      id: creditNotes.id,
      appointmentId: creditNotes.appointmentId,
      number: creditNotes.number,
      recordedAt: creditNotes.recordedAt,
      lang: creditNotes.language,
      payerName: creditNotes.payerName,
      reference: appointments.reference,
      amountPaise: creditNotes.amountPaise,
      receiptNumber: payments.receiptNumber,
      receiptAt: payments.recordedAt,
      reason: creditNotes.reason,
      erasedAt: appointments.erasedAt,
    })
    .from(creditNotes)
    .innerJoin(payments, eq(payments.id, creditNotes.paymentId))
    .innerJoin(appointments, eq(appointments.id, creditNotes.appointmentId))
    .where(eq(creditNotes.id, creditNoteId));
  if (!row) return undefined;
  const { erasedAt, ...rest } = row;
  return {
    kind: "credit_note",
    ...rest,
    reference: row.reference ?? "",
    receiptNumber: row.receiptNumber ?? "",
    erased: erasedAt !== null,
  };
}

/**
 * The number-to-words library of each language, loaded when a receipt is first made: it holds
 * every locale it knows, which a server start need not read (about 0.3 CPU s).
 */
const toWords = new Map<
  Lang,
  Promise<{ convert(value: number, options: { currency: boolean }): string }>
>();

function wordsOf(lang: Lang) {
  let loaded = toWords.get(lang);
  if (!loaded) {
    loaded = import("to-words").then(
      ({ ToWords }) => new ToWords({ localeCode: lang === "hi" ? "hi-IN" : "en-IN" }),
    );
    toWords.set(lang, loaded);
  }
  return loaded;
}

/** "Twelve Hundred Rupees Only" as India writes amounts (lakh and crore), in the language. */
export async function amountInWords(paise: number, lang: Lang): Promise<string> {
  return (await wordsOf(lang)).convert(paise / 100, { currency: true });
}

/** The amount as the receipt prints it in figures. */
export const amountInFigures = formatPaise;

/** How a document's PDF is answered: shown in the browser (never cached: server/app.ts). */
export function documentHeaders(document: MoneyDocument): HeadersInit {
  const name = document.kind === "receipt" ? "receipt" : "credit-note";
  return {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${name}-${document.number.replaceAll("/", "-")}.pdf"`,
  };
}
