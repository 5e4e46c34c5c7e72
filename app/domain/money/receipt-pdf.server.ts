// A receipt as a PDF (decision 045), drawn in the receipt's language by app/lib/pdf-text.server.ts;
// the choice of PDFKit was made by rendering a Hindi receipt to an image and looking at it, and the
// test app/domain/money/receipt-pdf.server.test.ts compares that picture.
import { familyDate } from "#app/domain/money/family-money.server.ts";
import {
  amountInFigures,
  amountInWords,
  type MoneyDocument,
  type ReceiptClinic,
} from "#app/domain/money/receipt.server.ts";
import { receiptText } from "#app/domain/money/receipt-texts.ts";
import { fillText } from "#app/lib/fill-text.ts";
import { startPdf, write } from "#app/lib/pdf-text.server.ts";

/** A receipt's or a credit note's PDF, in its language, as bytes. */
export async function receiptPdf(
  receipt: MoneyDocument,
  clinic: ReceiptClinic,
): Promise<Uint8Array<ArrayBuffer>> {
  const t = receiptText[receipt.lang];
  const credit = receipt.kind === "credit_note" ? t.creditNote : undefined;
  const inWords = await amountInWords(receipt.amountPaise, receipt.lang);
  const { doc, bytes } = await startPdf({
    size: "A5",
    margin: 40,
    info: { Title: `${credit?.title ?? t.title} ${receipt.number}`, Author: clinic.name },
  });

  write(doc, clinic.name, { size: 16, bold: true, gap: 0.2 });
  write(doc, clinic.address, { size: 9, gap: 0.1 });
  write(doc, `${t.phone}: ${clinic.phone} · ${clinic.email}`, { size: 9, gap: 0.1 });
  const ids = [
    clinic.registration ? `${t.registration}: ${clinic.registration}` : null,
    clinic.gstin ? `${t.gstin}: ${clinic.gstin}` : null,
  ].filter((line): line is string => line !== null);
  if (ids.length > 0) write(doc, ids.join(" · "), { size: 9, gap: 0.1 });
  doc.moveDown(0.8);
  write(doc, credit?.title ?? t.title, { size: 14, bold: true, gap: 0.6 });
  const line = (label: string, value: string, bold = false) =>
    write(doc, `${label}: ${value}`, { bold });
  line(credit?.number ?? t.number, receipt.number, true);
  line(t.date, familyDate(receipt.recordedAt, receipt.lang));
  if (receipt.kind === "credit_note" && credit) {
    write(
      doc,
      fillText(credit.against, {
        receipt: receipt.receiptNumber,
        date: familyDate(receipt.receiptAt, receipt.lang),
      }),
      { bold: true },
    );
  }
  line(credit?.issuedTo ?? t.receivedFrom, receipt.payerName);
  line(t.request, receipt.reference);
  write(doc, `${t.description} · ${t.sac} ${clinic.sac}`);
  line(credit?.amount ?? t.amount, amountInFigures(receipt.amountPaise), true);
  line(t.inWords, inWords);
  if (receipt.kind === "receipt") {
    line(
      t.method,
      receipt.paymentReference
        ? `${t.methods[receipt.method]} · ${t.reference}: ${receipt.paymentReference}`
        : t.methods[receipt.method],
    );
    doc.moveDown(0.6);
    write(doc, t.thanks);
  } else if (credit && receipt.reason) {
    line(credit.reason, receipt.reason);
    doc.moveDown(0.6);
  }
  write(doc, fillText(credit?.signature ?? t.signature, { clinic: clinic.name }), { size: 9 });
  doc.moveDown(0.6);
  write(doc, clinic.taxNote, { size: 8 });
  return bytes();
}
