// The values the backup property test (backup-property.test.ts) draws from, each as the text
// PostgreSQL reads it: text of every Unicode line and paragraph separator, combining marks,
// Devanagari, Arabic and Hebrew with bidi controls, astral characters, at the lengths the
// schema's CHECKs allow; times from 4713 BC to 294276, infinity; JSON, a JSON null among it.
// Never U+0000 (PostgreSQL's text cannot hold it) nor a lone surrogate (nothing can).
import fc from "fast-check";

/** A column's value as PostgreSQL reads it from text, or null. */
export type Value = string | null;
export type Row = Record<string, Value>;
/** The rows generated so far, by table: a table's generator picks its references among them. */
export type Made = Record<string, Row[]>;

// --- Text -----------------------------------------------------------------------------------

/** Every line and paragraph separator of Unicode, and the C0 information separators. */
const separators = [
  "\n",
  "\r",
  "\v",
  "\f",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u001c",
  "\u001d",
  "\u001e",
];
const hostile = [
  ...separators,
  "\t",
  "\u001f",
  "\u007f",
  // Combining marks, alone and stacked.
  "\u0301",
  "\u0308",
  "\u0327",
  "\u20dd",
  // Devanagari: consonants, vowel signs, virama, nukta, digits.
  "क",
  "ष",
  "ि",
  "्",
  "ं",
  "ँ",
  "़",
  "१",
  "ॐ",
  // Arabic and Hebrew, with their marks, and the bidi controls.
  "ب",
  "ي",
  "ة",
  "\u0650",
  "א",
  "ש",
  "\u05b8",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  // Astral: an emoji and its modifiers, mathematical letters, a tag, the last code point.
  "\u{1f926}",
  "\u{1f3fd}",
  "\u200d",
  "\u2642",
  "\ufe0f",
  "\u{1d54f}",
  "\u{e0041}",
  "\u{10ffff}",
  // What JSON and SQL escape, and other odd ones.
  '"',
  "\\",
  "'",
  "/",
  "\u00a0",
  "\u00ad",
  "\u200b",
  "\ufeff",
  "\ufffd",
  "\ufffe",
  "\uffff",
];

/** One code point: mostly the hostile ones, some printable ASCII, any (but U+0000). */
const codePoint = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostile) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "binary", minLength: 1, maxLength: 1 })
      .filter((char) => char !== "\u0000"),
  },
);

/** Every hostile code point, "\r\n", and an escape's look-alike, over and over: `length` long. */
export const everyHostile = (length: number) => {
  const all = [...hostile, "\r", "\n", ..."\\u2028 \\n"];
  return Array.from({ length }, (_, i) => all[i % all.length]).join("");
};

/** Text of `min` to `max` code points (PostgreSQL's char_length), often exactly `max`. */
export function text(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: codePoint, minLength: min, maxLength: Math.min(max, min + 30) }),
    fc.string({ unit: codePoint, minLength: max, maxLength: max }),
  );
}

/** Any text at all, up to a few hundred code points (no CHECK bounds it). */
export const anyText = text(0, 300);
export const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

// --- Other types, as text -------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
export const timestamp: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      year: fc.integer({ min: 1, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      seconds: fc.integer({ min: 0, max: 86_399 }),
      micros: fc.integer({ min: 0, max: 999_999 }),
      offset: fc.constantFrom("+00:00", "+05:30", "-09:30", "+14:00"),
    })
    .map(
      (t) =>
        `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(Math.floor(t.seconds / 3600))}:${pad(Math.floor(t.seconds / 60) % 60)}:${pad(t.seconds % 60)}.${pad(t.micros, 6)}${t.offset}`,
    ),
  fc.constantFrom("infinity", "-infinity", "4713-01-01 00:00:00+00 BC", "294276-12-31 23:59:59+00"),
);
/** A time JavaScript's Date can read (the erasure ledger reads the erasures' times with it). */
export const jsTimestamp = fc
  .date({
    min: new Date("0001-01-01T00:00:00Z"),
    max: new Date("9999-12-31T23:59:59Z"),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());
export const day = fc.oneof(
  timestamp.filter((t) => /^\d{4}-/.test(t)).map((t) => t.slice(0, 10)),
  fc.constantFrom("infinity", "-infinity", "0044-03-15 BC", "5874897-12-31"),
);
export const int4 = fc.integer().map(String);
export const bool = fc.boolean().map(String);
export const uuid = fc.uuid();
export const uuids = fc.array(uuid, { maxLength: 4 }).map((ids) => `{${ids.join(",")}}`);
// A JSON null, often: a NULL is something else.
export const json = fc.oneof(
  fc.constant("null"),
  fc.jsonValue({ stringUnit: codePoint, maxDepth: 3 }).map((value) => JSON.stringify(value)),
);
export const oneOf = (...values: string[]) => fc.constantFrom(...values);

/** A reference to a row made already: one of its `column`'s values, or null when none was made. */
export function pick(made: Made, table: string, column: string): fc.Arbitrary<Value> {
  const values = (made[table] ?? []).map((row) => row[column] ?? null);
  return values.length > 0 ? fc.constantFrom(...values) : fc.constant(null);
}

/** Between `min` and `max` rows, each value of each `unique` column once. */
export function rows(
  row: fc.Arbitrary<Row>,
  { min = 1, max = 10, unique = [] as string[][] } = {},
): fc.Arbitrary<Row[]> {
  return fc.array(row, { minLength: min, maxLength: max }).map((all) => {
    const seen = unique.map(() => new Set<string>());
    return all.filter((candidate) => {
      const keys = unique.map((columns) => JSON.stringify(columns.map((c) => candidate[c])));
      if (keys.some((key, i) => seen[i]?.has(key))) return false;
      for (const [i, key] of keys.entries()) seen[i]?.add(key);
      return true;
    });
  });
}

/** A phone as the CHECK wants it: 10 to 15 ASCII digits among other characters, at most 30. */
export const phone = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 10, maxLength: 15 }),
    fc.array(fc.constantFrom(...hostile, " ", "-", "+", "(", ")"), { maxLength: 20 }),
    fc.boolean(),
  )
  .map(([digits, others, longest]) => {
    const fill = longest
      ? Array.from({ length: 30 - digits.length }, (_, i) => others[i] ?? "-")
      : others.slice(0, 30 - digits.length);
    return [...digits]
      .flatMap((digit, i) => [digit, ...fill.filter((_, j) => j % digits.length === i)])
      .join("");
  });
