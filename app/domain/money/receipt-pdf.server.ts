// A receipt as a PDF (decision 045): drawn by PDFKit, whose font engine (fontkit) shapes
// Devanagari — conjuncts, the reph, vowel signs before their consonant — as a browser does; the
// choice was made by rendering a Hindi receipt to an image and looking at it, and the test
// app/domain/money/receipt-pdf.server.test.ts compares that picture. The font is Noto Sans
// Devanagari (SIL Open Font License, from the kept @fontsource package), whose files come in two
// parts: Devanagari (with ₹) and Latin. Each line is drawn as runs, each in the part that has its
// letters; a space stays with the run it is in.
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";
import { familyDate } from "#app/domain/money/family-money.server.ts";
import {
  amountInFigures,
  amountInWords,
  type MoneyDocument,
  type ReceiptClinic,
} from "#app/domain/money/receipt.server.ts";
import { receiptText } from "#app/domain/money/receipt-texts.ts";
import { fillText } from "#app/lib/fill-text.ts";

const require = createRequire(import.meta.url);
const fontFile = (subset: "devanagari" | "latin", weight: 400 | 700) =>
  require.resolve(
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`,
  );

const fonts = {
  devanagari: fontFile("devanagari", 400),
  devanagariBold: fontFile("devanagari", 700),
  latin: fontFile("latin", 400),
  latinBold: fontFile("latin", 700),
};

/** Letters the Devanagari part of the font holds: the script, its extensions, ₹, the dotted circle. */
const devanagariLetter = /[\u0900-\u097f\u1cd0-\u1cff\ua8e0-\ua8ff\u20b9\u25cc]/u;
/** Belongs to whichever run it is in: spaces and the joiners. */
const neutral = /[\s\u200c\u200d]/u;

/** The text cut into runs, each to be drawn in the part of the font that has its letters. */
export function fontRuns(text: string): { devanagari: boolean; text: string }[] {
  const runs: { devanagari: boolean; text: string }[] = [];
  for (const letter of text) {
    const last = runs.at(-1);
    const devanagari = neutral.test(letter)
      ? (last?.devanagari ?? false)
      : devanagariLetter.test(letter);
    if (last && last.devanagari === devanagari) last.text += letter;
    else runs.push({ devanagari, text: letter });
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;

/** One paragraph, its runs chained on the same lines (PDFKit's `continued`). */
function write(
  doc: Doc,
  text: string,
  options: { size?: number; bold?: boolean; gap?: number } = {},
) {
  const runs = fontRuns(text);
  doc.fontSize(options.size ?? 11);
  runs.forEach((run, index) => {
    const font = run.devanagari
      ? options.bold
        ? "devanagariBold"
        : "devanagari"
      : options.bold
        ? "latinBold"
        : "latin";
    doc.font(font).text(run.text, { continued: index < runs.length - 1 });
  });
  doc.moveDown(options.gap ?? 0.4);
}

/** A receipt's or a credit note's PDF, in its language, as bytes. */
export async function receiptPdf(
  receipt: MoneyDocument,
  clinic: ReceiptClinic,
): Promise<Uint8Array<ArrayBuffer>> {
  const t = receiptText[receipt.lang];
  const credit = receipt.kind === "credit_note" ? t.creditNote : undefined;
  // Loaded when a receipt is first made, not at every server start.
  const { default: PDFDocument } = await import("pdfkit");
  const inWords = await amountInWords(receipt.amountPaise, receipt.lang);
  const doc = new PDFDocument({
    size: "A5",
    margin: 40,
    info: { Title: `${credit?.title ?? t.title} ${receipt.number}`, Author: clinic.name },
  });
  for (const [name, file] of Object.entries(fonts)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
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
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
