// CSV for staff exports, written by csv-stringify with its formula escaping on: a cell that a
// spreadsheet would run as a formula gets an apostrophe before its sign, as OWASP advises.
// csv-stringify looks only at the first character and knows only = + - @ (and their full-width
// forms), a tab and a carriage return; a spreadsheet may also skip leading spaces and invisible
// format characters (a zero-width space, a byte order mark), or fold look-alike signs (U+FE66
// SMALL EQUALS SIGN, U+FF0B FULLWIDTH PLUS SIGN …) into the ASCII ones, as Unicode NFKC does. So
// a cell whose first visible character is, after NFKC, one of = + - @ is neutralised here first
// (its own characters kept: NFKC only detects), and csv-stringify, meeting the apostrophe, adds
// no second one. A spreadsheet that splits a cell on `;` or `,` (or meets a tab or a line break
// in it) would see a new cell start there, so the same holds after one of those. The byte order
// mark tells Excel the file is UTF-8 (names in Devanagari).
import { stringify } from "csv-stringify/sync";

/**
 * Where a cell, or a part a spreadsheet might split off, starts (the start, or after a separator
 * or its full-width or small form), then spaces and format characters (\p{Cf}: zero-width
 * characters, the byte order mark), then its first visible character: a separator there starts
 * the next part instead.
 */
const partStart =
  /(^|[,;\t\r\n\uff0c\uff1b\ufe50\ufe54])([\s\p{Cf}]*)([^\s\p{Cf},;\uff0c\uff1b\ufe50\ufe54])/gu;

const formulaSigns = new Set(["=", "+", "-", "@"]);

function startsFormula(char: string): boolean {
  return formulaSigns.has(char.normalize("NFKC").charAt(0));
}

/**
 * The apostrophe goes right before the sign, after any spaces and format characters: text
 * whether a spreadsheet drops those or keeps them, and whether it splits the cell at a line
 * break among them or not.
 */
function neutraliseFormulas(cell: string): string {
  return cell.replace(partStart, (part, separator: string, gap: string, first: string) =>
    startsFormula(first) ? `${separator}${gap}'${first}` : part,
  );
}

/**
 * Rows as CSV text; with `header`, the byte order mark and the header line first (the start of
 * a file), without, more rows of the same file.
 */
export function csvRows(rows: string[][], header?: readonly string[]): string {
  return stringify(rows, {
    header: Boolean(header),
    columns: header ? [...header] : undefined,
    bom: Boolean(header),
    escape_formulas: true,
    cast: { string: neutraliseFormulas },
  });
}

/** How a CSV download is answered: saved under `filename` (never cached: server/app.ts). */
export function csvHeaders(filename: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
  };
}
