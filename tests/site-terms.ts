// The two rules of the public site's words that decision 034 sets, as functions the unit tests
// (over the content records) and the browser tests (over the pages as served) both apply:
// - one free offer, named as the spec names it: "free assessment" / "मुफ़्त जाँच", and no other;
// - the Hindi glossary (docs/hindi-glossary.md): none of its refused words on a Hindi page.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A Devanagari letter or sign: what a Hindi word is made of (not the danda, not the digits). */
const letter = "\\u0900-\\u0963\\u0971-\\u097F";

/**
 * Every phrase of `text` that offers something free under another name than the one offer's:
 * "free" not followed by "assessment", "complimentary", "no cost" (English); मुफ़्त not followed
 * by जाँच, फ्री, निःशुल्क (Hindi). Both languages are looked for in any text.
 */
export function otherFreeOffers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /\b(free|complimentary|no[- ]cost|no charge|at no extra)\b(?:\s+([A-Za-z]+))?/gi,
  )) {
    const [phrase, word = "", next = ""] = match;
    if (word.toLowerCase() !== "free" || next.toLowerCase() !== "assessment") found.push(phrase);
  }
  const hindi = new RegExp(
    `(?<![${letter}])(मुफ़्त|मुफ्त|फ्री|फ़्री|निःशुल्क|नि:शुल्क|निशुल्क)(?![${letter}])(?:\\s+([${letter}]+))?`,
    "gu",
  );
  for (const [phrase, word, next] of text.matchAll(hindi)) {
    if (word !== "मुफ़्त" || next !== "जाँच") found.push(phrase);
  }
  return found;
}

export interface GlossaryVariant {
  /** As the glossary writes it: `संदेश…`, `…ां`, `रिक्वेस्ट`. */
  variant: string;
  pattern: RegExp;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The words docs/hindi-glossary.md refuses: each backticked word of a table's third column
 * ("Not"). `word…` refuses every word beginning so, `…ending` every word ending so, a plain word
 * (or phrase) itself only.
 */
export function glossaryVariants(
  markdown = readFileSync(join(import.meta.dirname, "../docs/hindi-glossary.md"), "utf8"),
): GlossaryVariant[] {
  const cells = markdown
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|")[3]?.trim() ?? "")
    .filter((cell) => cell !== "Not" && !/^-+$/.test(cell));
  return cells.flatMap((cell) =>
    [...cell.matchAll(/`([^`]+)`/g)].map(([, variant = ""]) => {
      const stem = variant.replace(/^…|…$/g, "");
      const before = variant.startsWith("…") ? "" : `(?<![${letter}])`;
      const after = variant.endsWith("…") ? `[${letter}]*` : `(?![${letter}])`;
      const start = variant.startsWith("…") ? `[${letter}]*` : "";
      return {
        variant,
        pattern: new RegExp(`${before}${start}${escapeRegExp(stem)}${after}`, "gu"),
      };
    }),
  );
}

/** Each refused word of the glossary found in `text`, as "variant: word as found". */
export function refusedHindi(text: string, variants = glossaryVariants()): string[] {
  return variants.flatMap(({ variant, pattern }) =>
    [...text.matchAll(pattern)].map(([found]) => `${variant}: ${found}`),
  );
}
