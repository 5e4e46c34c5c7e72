// India's financial year runs from 1 April to 31 March, in India time: the receipts' series
// restart with it (decision 045). "26-27" is the year from 1 April 2026.
import { indiaDay } from "#app/lib/dates.ts";

/** The financial year a moment falls in, in India: "26-27". */
export function financialYearOf(moment: Date): string {
  const [year = 0, month = 0] = indiaDay(moment).split("-").map(Number);
  const start = month >= 4 ? year : year - 1;
  const two = (value: number) => String(value % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

/** A receipt's number: "HP/26-27/000123" (at most 16 characters with a prefix of up to 3). */
export function receiptNumber(prefix: string, financialYear: string, seq: number): string {
  return `${prefix}/${financialYear}/${String(seq).padStart(6, "0")}`;
}

/**
 * A credit note's number: "HP/26-27/C00012", its own series beside the receipts' (at most 16
 * characters with a prefix of up to 3).
 */
export function creditNoteNumber(prefix: string, financialYear: string, seq: number): string {
  return `${prefix}/${financialYear}/C${String(seq).padStart(5, "0")}`;
}

/** The first day of the financial year a moment falls in, in India: "2026-04-01". */
export function financialYearStart(moment: Date): string {
  const [year = 0, month = 0] = indiaDay(moment).split("-").map(Number);
  return `${month >= 4 ? year : year - 1}-04-01`;
}
