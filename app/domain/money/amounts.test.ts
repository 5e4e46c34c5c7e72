import { describe, expect, it } from "vitest";
import { formatPaise, parseRupees, rupeesDecimal } from "#app/domain/money/amounts.ts";
import { financialYearOf, receiptNumber } from "#app/domain/money/financial-year.ts";
import { parseIndiaDateTime } from "#app/lib/dates.ts";

describe("parseRupees", () => {
  it.each([
    ["1200", 120_000],
    ["1,200", 120_000],
    ["1,23,456", 12_345_600],
    ["1200.5", 120_050],
    ["1200.05", 120_005],
    ["₹ 1,200", 120_000],
    ["Rs. 1200", 120_000],
    ["INR 1200", 120_000],
    ["१२००", 120_000],
    ["0.01", 1],
    ["1000000", 100_000_000],
  ])("reads %s as %i paise", (typed, paise) => {
    expect(parseRupees(typed)).toEqual({ paise });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["-1200", "not_positive"],
    ["0", "not_positive"],
    ["0.00", "not_positive"],
    ["12.345", "too_many_decimals"],
    ["1000000.01", "too_large"],
    ["12345678901234567890", "too_large"],
    ["1e3", "not_a_number"],
    ["$1200", "not_a_number"],
    ["1200 USD", "not_a_number"],
    ["twelve", "not_a_number"],
    ["1,2,00", "not_a_number"],
    ["1200.", "not_a_number"],
    ["NaN", "not_a_number"],
    ["Infinity", "not_a_number"],
  ])("refuses %j (%s)", (typed, problem) => {
    expect(parseRupees(typed)).toEqual({ problem });
  });
});

describe("formatPaise and rupeesDecimal", () => {
  it.each([
    [120_000, "₹1,200", "1200.00"],
    [123_456_700, "₹12,34,567", "1234567.00"],
    [120_050, "₹1,200.50", "1200.50"],
    [1, "₹0.01", "0.01"],
    [0, "₹0", "0.00"],
    [-50_050, "−₹500.50", "-500.50"],
  ])("%i paise is %s, %s", (paise, shown, decimal) => {
    expect([formatPaise(paise), rupeesDecimal(paise)]).toEqual([shown, decimal]);
  });
});

describe("financialYearOf", () => {
  const india = (value: string) => parseIndiaDateTime(value) ?? new Date(Number.NaN);
  it.each([
    ["2026-04-01T00:00", "26-27"],
    ["2027-03-31T23:59", "26-27"],
    ["2027-04-01T00:00", "27-28"],
    ["2099-12-31T12:00", "99-00"],
  ])("%s in India is in %s", (at, year) => {
    expect(financialYearOf(india(at))).toBe(year);
  });

  it("numbers a receipt in at most 16 characters", () => {
    expect(receiptNumber("ABC", "26-27", 999_999)).toBe("ABC/26-27/999999");
    expect(receiptNumber("HP", "26-27", 123)).toBe("HP/26-27/000123");
  });
});
