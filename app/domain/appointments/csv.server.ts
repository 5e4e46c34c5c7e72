// CSV for staff exports, written by csv-stringify with its formula escaping on: a cell that a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return, or
// their full-width forms) gets a leading apostrophe, as OWASP advises. A spreadsheet that splits
// a cell on `;` or `,` (or meets a tab or a line break in it) would see a new cell start there,
// so a formula sign after one of those is neutralised too. The byte order mark tells Excel the
// file is UTF-8 (names in Devanagari).
import { stringify } from "csv-stringify/sync";

/** A formula sign right after a separator (and any spaces), where a split cell would start. */
const formulaAfterSeparator = /([,;\t\r\n\uff0c\uff1b]\s*)([=+\-@\uff1d\uff0b\uff0d\uff20])/g;

function neutraliseFormulas(cell: string): string {
  return cell.replace(formulaAfterSeparator, "$1'$2");
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
