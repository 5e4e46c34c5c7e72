// Money as the clinic counts it (decision 045): integer paise from the form to the database and
// back, never a floating-point number. What a person types is read here (rupees, with at most
// two decimals: "1200", "1,200", "1200.50", "₹1,200"); what a page shows is written here, as India
// writes rupees ("₹1,200", "₹12,345.50"). No server code: the forms and the status page share it.
import { asciiDigits } from "#app/lib/typed-text.ts";

/** The most one payment may be: ₹10,00,000 (ten lakh rupees). */
const maxPaymentPaise = 100_000_000;

/** Why a typed amount is refused (the words: moneyFormMessages in money-texts.ts). */
export type AmountProblem =
  | "empty"
  | "not_a_number"
  | "not_positive"
  | "too_many_decimals"
  | "too_large";

/**
 * Paise from rupees as typed: digits with Indian or Western thousands commas, an optional ₹ or
 * "Rs", at most two decimals. Anything else (a minus sign, a letter, a third decimal, another
 * currency's sign, more than `maxPaymentPaise`) is a problem, never a rounded number.
 */
export function parseRupees(typed: string): { paise: number } | { problem: AmountProblem } {
  const text = asciiDigits(typed)
    .trim()
    .replace(/^(?:₹|rs\.?|inr)\s*/i, "");
  if (text === "") return { problem: "empty" };
  if (/^-/.test(text)) return { problem: "not_positive" };
  const match = /^(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { problem: "not_a_number" };
  const [, whole = "", decimals = ""] = match;
  if (decimals.length > 2) return { problem: "too_many_decimals" };
  const digits = whole.replaceAll(",", "");
  if (digits.length > 9) return { problem: "too_large" };
  const paise = Number(digits) * 100 + Number(decimals.padEnd(2, "0"));
  if (paise <= 0) return { problem: "not_positive" };
  if (paise > maxPaymentPaise) return { problem: "too_large" };
  return { paise };
}

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat("en-IN", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₹1,200", "₹12,34,567.50", "−₹500": paise as India writes rupees (Western digits). */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? "−" : "";
  const amount = Math.abs(paise);
  const text =
    amount % 100 === 0
      ? wholeRupees.format(amount / 100)
      : withPaise.format(Math.trunc(amount / 100) + (amount % 100) / 100);
  return `${sign}₹${text}`;
}

/** Rupees with two decimals, as an accountant's spreadsheet reads them: "1200.00", "-500.50". */
export function rupeesDecimal(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const amount = Math.abs(paise);
  return `${sign}${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
}
