// The receipt's PDF, read back: its text by a kept parser (unpdf), and its Hindi page as a picture.
// PDFKit and the font were chosen by rendering a Hindi receipt to an image and looking at it
// (conjuncts, the reph, vowel signs before their consonant, in place); that picture is
// receipt-hi.png here, and the test renders the same receipt again (pdf.js through unpdf, on the
// kept @napi-rs/canvas) and compares the two pixel by pixel. A library or font that drew
// Devanagari letter by letter would change the picture: the control test draws one Hindi line so
// and shows the comparison tells it apart.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import { extractText, renderPageAsImage } from "unpdf";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/config/env.server.ts";
import {
  type CreditNote,
  type Receipt,
  receiptClinicOf,
} from "#app/domain/money/receipt.server.ts";
import { receiptPdf } from "#app/domain/money/receipt-pdf.server.ts";
import { fontRuns } from "#app/lib/pdf-text.server.ts";

const clinic = receiptClinicOf(
  parseEnv({ CLINIC_REGISTRATION: "DL/CE/2024/00123", CLINIC_GSTIN: "07ABCDE1234F1Z5" }),
);

const receipt = (lang: "en" | "hi"): Receipt => ({
  kind: "receipt",
  id: "00000000-0000-4000-8000-000000000001",
  appointmentId: "00000000-0000-4000-8000-000000000002",
  number: "HP/26-27/000123",
  recordedAt: new Date("2026-12-02T05:00:00Z"),
  lang,
  payerName: lang === "hi" ? "कमला देवी शर्मा" : "Kamla Devi Sharma",
  reference: "K7M2QX",
  amountPaise: 1_234_550,
  method: "upi",
  paymentReference: "UPI 433512345678",
  erased: false,
});

const creditNote = (lang: "en" | "hi"): CreditNote => ({
  kind: "credit_note",
  id: "00000000-0000-4000-8000-000000000003",
  appointmentId: "00000000-0000-4000-8000-000000000002",
  number: "HP/26-27/C00007",
  recordedAt: new Date("2026-12-05T05:00:00Z"),
  lang,
  payerName: lang === "hi" ? "कमला देवी शर्मा" : "Kamla Devi Sharma",
  reference: "K7M2QX",
  amountPaise: 1_080_000,
  receiptNumber: "HP/26-27/000123",
  receiptAt: new Date("2026-12-02T05:00:00Z"),
  reason: "Recorded as ₹12,000 instead of ₹1,200",
  erased: false,
});

const devanagariFont = createRequire(import.meta.url).resolve(
  "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff",
);

const pictureFile = fileURLToPath(new URL("receipt-hi.png", import.meta.url));

async function picture(pdf: Uint8Array): Promise<PNG> {
  const png = await renderPageAsImage(new Uint8Array(pdf), 1, {
    canvasImport: () => import("@napi-rs/canvas"),
    scale: 1.5,
  });
  return PNG.sync.read(Buffer.from(png));
}

/** The share of pixels that differ between two pictures of one size. */
function difference(a: PNG, b: PNG): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const changed = pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1 });
  return changed / (a.width * a.height);
}

describe("a receipt's PDF", () => {
  it("holds the number, the amount in figures and in words, and the clinic's details", async () => {
    const { text } = await extractText(await receiptPdf(receipt("en"), clinic), {
      mergePages: true,
    });
    for (const expected of [
      "HP/26-27/000123",
      "₹12,345.50",
      "Twelve Thousand Three Hundred Forty Five Rupees And Fifty Paise Only",
      "HomePhysio NCR",
      "Coworking centre, Golf Course Road, Sector 43, Gurugram, Haryana, 122002",
      "Registration: DL/CE/2024/00123",
      "GSTIN: 07ABCDE1234F1Z5",
      "SAC 999314",
      "exempt from GST",
      "Kamla Devi Sharma",
      "2 December 2026",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(expected);
    }
  });

  it("says the same in Hindi, the amount in Hindi words", async () => {
    const { text } = await extractText(await receiptPdf(receipt("hi"), clinic), {
      mergePages: true,
    });
    // A PDF's text is read back in the order its glyphs are drawn: a word with a vowel sign drawn
    // before its consonant (ि) or a reph (र्) comes back reordered, so only words without them are
    // looked for here; the picture below is what shows those drawn right.
    for (const expected of [
      "रसीद नंबर: HP/26-27/000123",
      "कमला देवी",
      "₹12,345.50",
      "बारह हज़ार तीन सौ पैंतालीस",
      "भुगतान का तरीका: UPI",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(expected);
    }
  });

  it("makes a credit note that names the receipt it corrects, in both languages", async () => {
    const read = async (lang: "en" | "hi") =>
      (
        await extractText(await receiptPdf(creditNote(lang), clinic), { mergePages: true })
      ).text.replace(/\s+/g, " ");
    const english = await read("en");
    for (const expected of [
      "Credit note",
      "Credit note number: HP/26-27/C00007",
      "Against receipt HP/26-27/000123 of 2 December 2026",
      "Amount credited: ₹10,800",
      "Ten Thousand Eight Hundred Rupees Only",
      "Reason: Recorded as ₹12,000 instead of ₹1,200",
      "Registration: DL/CE/2024/00123",
      "5 December 2026",
    ]) {
      expect(english).toContain(expected);
    }
    expect(english).not.toContain("Received with thanks");
    const hindi = await read("hi");
    // Words without a reph or a vowel sign drawn first (see the Hindi receipt's test above).
    for (const expected of [
      "नोट नंबर: HP/26-27/C00007",
      "की रसीद HP/26-27/000123 के बदले",
      "वापस जमा",
      "₹10,800",
      "दस हज़ार आठ सौ",
    ]) {
      expect(hindi).toContain(expected);
    }
  });

  it("draws the Hindi receipt as the picture that was checked by eye", async () => {
    const drawn = await picture(await receiptPdf(receipt("hi"), clinic));
    if (process.env.UPDATE_RECEIPT_PICTURE === "1")
      writeFileSync(pictureFile, PNG.sync.write(drawn));
    const checked = PNG.sync.read(readFileSync(pictureFile));
    expect(difference(drawn, checked)).toBeLessThan(0.002);
  });

  it("tells a Hindi line drawn letter by letter from one shaped (the control)", async () => {
    const line = "भुगतान करने वाले: कमला देवी शर्मा, स्वास्थ्य सेवा, हिंदी";
    const draw = async (letterByLetter: boolean) => {
      const doc = new PDFDocument({ size: "A5", margin: 40 });
      const chunks: Buffer[] = [];
      doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve) => doc.on("end", resolve));
      doc.font(devanagariFont).fontSize(14);
      const parts = letterByLetter ? [...line] : [line];
      parts.forEach((part, index) => {
        doc.text(part, { continued: index < parts.length - 1 });
      });
      doc.end();
      await ended;
      return picture(new Uint8Array(Buffer.concat(chunks)));
    };
    expect(difference(await draw(false), await draw(true))).toBeGreaterThan(0.002);
  });

  it("cuts a line into runs of the font's two parts, spaces staying in their run", () => {
    expect(fontRuns("रसीद नंबर: HP/26 ₹1,200")).toEqual([
      { devanagari: true, text: "रसीद नंबर" },
      { devanagari: false, text: ": HP/26 " },
      { devanagari: true, text: "₹" },
      { devanagari: false, text: "1,200" },
    ]);
  });
});
