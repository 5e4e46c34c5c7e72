// Text in a PDF in English and Hindi (decision 045): PDFKit, whose font engine (fontkit) shapes
// Devanagari — conjuncts, the reph, vowel signs before their consonant — as a browser does. The
// font is Noto Sans Devanagari (SIL Open Font License, from the kept @fontsource package), whose
// files come in two parts: Devanagari (with ₹) and Latin. Each line is drawn as runs, each in the
// part that has its letters; a space stays with the run it is in. The receipts and the discharge
// summary are drawn with it.
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";

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

export type Doc = PDFKit.PDFDocument;

/** One paragraph, its runs chained on the same lines (PDFKit's `continued`). */
export function write(
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

/** A new document with the fonts registered, and its bytes once ended. */
export async function startPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: Doc; bytes: () => Promise<Uint8Array<ArrayBuffer>> }> {
  // Loaded when a document is first made, not at every server start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument(options);
  for (const [name, file] of Object.entries(fonts)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  return {
    doc,
    async bytes() {
      doc.end();
      await ended;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
