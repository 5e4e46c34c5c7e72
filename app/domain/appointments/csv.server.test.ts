import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvRows } from "#app/domain/appointments/csv.server.ts";

/** The one cell of a one-row, one-column file, as a spreadsheet reads it back. */
function written(cell: string): string {
  const rows: string[][] = parse(csvRows([[cell]]));
  expect(rows).toHaveLength(1);
  return rows[0]?.[0] ?? "";
}

describe("CSV cells a spreadsheet would run as formulas", () => {
  it.each([
    ["=", "=1+1"],
    ["+", "+91 98100 12345"],
    ["-", "-2+3"],
    ["@", "@SUM(A1:A2)"],
    ["U+FE66 SMALL EQUALS SIGN", "\ufe661+1"],
    ["U+FF1D FULLWIDTH EQUALS SIGN", "\uff1d1+1"],
    ["U+FE62 SMALL PLUS SIGN", "\ufe621+1"],
    ["U+FF0B FULLWIDTH PLUS SIGN", "\uff0b1+1"],
    ["U+FE63 SMALL HYPHEN-MINUS", "\ufe631+1"],
    ["U+FF0D FULLWIDTH HYPHEN-MINUS", "\uff0d1+1"],
    ["U+FF20 FULLWIDTH COMMERCIAL AT", "\uff20SUM(A1)"],
    ["U+FE6B SMALL COMMERCIAL AT", "\ufe6bSUM(A1)"],
    ["U+207C SUPERSCRIPT EQUALS SIGN", "\u207c1+1"],
  ])("starting with %s get an apostrophe before it", (_sign, cell) => {
    expect(written(cell)).toBe(`'${cell}`);
  });

  it.each([
    ["a zero-width space", "\u200b", "=1+1"],
    ["a zero-width joiner", "\u200d", "\uff1d1+1"],
    ["a byte order mark", "\ufeff", "\ufe661+1"],
    ["a word joiner and a soft hyphen", "\u2060\u00ad", "@SUM(A1)"],
    ["spaces", "  ", "=1+1"],
    ["a no-break space and an ideographic space", "\u00a0\u3000", "\uff0b1"],
    ["a zero-width space and a line break", "\u200b\n", "=1+1"],
  ])("after %s, get it before the sign, those characters kept", (_what, before, rest) => {
    expect(written(`${before}${rest}`)).toBe(`${before}'${rest}`);
  });

  it.each([
    [",", "Asha,=1+1", "Asha,'=1+1"],
    [";", "Asha;\uff1d1+1", "Asha;'\uff1d1+1"],
    ["a line break", "Asha\n\u200b\ufe661+1", "Asha\n\u200b'\ufe661+1"],
    ["a tab", "Asha\t\ufe62cmd", "Asha\t'\ufe62cmd"],
    ["a full-width comma and spaces", "Asha\uff0c  \ufe6bSUM(A1)", "Asha\uff0c  '\ufe6bSUM(A1)"],
    ["a full-width semicolon", "Asha\uff1b\uff0d1", "Asha\uff1b'\uff0d1"],
    ["a separator after an empty part", "Asha, ,=1", "Asha, ,'=1"],
  ])("inside a cell, after %s, get one too", (_what, cell, expected) => {
    expect(written(cell)).toBe(expected);
  });

  it("are neutralised once, however often a sign repeats", () => {
    expect(written("==1")).toBe("'==1");
    expect(written("'=1")).toBe("'=1");
    expect(written("\u200b'=1")).toBe("\u200b'=1");
    expect(written("=1;=2")).toBe("'=1;'=2");
  });
});

describe("CSV cells that are no formula", () => {
  it.each([
    ["ordinary text", "Asha Verma"],
    ["a hyphen inside a word", "Asha Verma-Iyer"],
    ["a phone number", "98100 12345"],
    ["Hindi text", "आशा वर्मा, दक्षिण दिल्ली"],
    ["an address with commas", "12 Park Road, Saket, New Delhi"],
    ["an e-mail address", "asha@example.in"],
    ["a date and time", "2026-03-09T19:00:00.000Z"],
    ["a sign after a letter", "a=1"],
    ["an empty cell", ""],
  ])("%s stays as it is", (_what, cell) => {
    expect(written(cell)).toBe(cell);
  });

  it("a header line and the byte order mark are written once, at the start", () => {
    expect(csvRows([["Asha", "=1"]], ["Name", "Note"])).toBe("\ufeffName,Note\nAsha,'=1\n");
  });
});
