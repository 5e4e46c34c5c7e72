// One reading of a phone number for the whole product: the key that repeats and search compare,
// the call and WhatsApp links, the form shown to a person. Pure, and safe in the browser.
//
// The rules (decision 016):
// - India is assumed. An Indian national number is 10 digits, never starting with 0: a mobile
//   (6–9…) or a landline's STD code and number run together ("011 2345 6789" is 1123456789).
//   It may be written bare, after the trunk 0, or after 91, +91 or 0091, with any spaces,
//   dashes, dots or brackets, and with "(0)" after the country code. Its key is "91" and those
//   10 digits. Only the shape is checked, not the operator's number ranges: a patient's number
//   from a series newer than the library's data must still get its call link.
// - A number written with another international prefix (+44…, 0044…) keeps its country code:
//   its key is the country code and national number, E.164 without the +, when its length is
//   possible for that country.
// - Anything else is not a phone number (null): letters (an "ext", "tel:"), other characters,
//   a + anywhere but in front, too few or too many digits (E.164 allows 15), a 10-digit national
//   number starting with 0.
// The parsing (which prefix is international, where a country code ends, how each country groups
// its digits) is libphonenumber-js with its smallest data; the link shape is chat-link.ts's.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { chatLink } from "#app/lib/chat-link.ts";

/** What may stand between the digits: spaces, dashes (ASCII and typographic), dots, brackets. */
const separators = /[\s\-\u2010-\u2015.()]/g;
/** E.164's limit on a number with its country code. */
const maxDigits = 15;
/** Longer than any spelling of a number with its separators; spares the parser pasted essays. */
const maxLength = 40;

interface ParsedPhone {
  /** E.164 without the +: "919810012345". */
  key: string;
  /** "+91 98100 12345", "+44 20 7946 0958". */
  international: string;
}

function parsePhone(input: string): ParsedPhone | null {
  const text = input.trim();
  if (text.length > maxLength) return null;
  const bare = text.replace(separators, "");
  if (!/^\+?\d+$/.test(bare)) return null;
  const digits = bare.startsWith("+") ? bare.slice(1) : bare.replace(/^00/, "");
  if (digits.length > maxDigits) return null;
  const number = parsePhoneNumberFromString(bare, "IN");
  if (!number) return null;
  if (number.countryCallingCode === "91") {
    if (!/^[1-9]\d{9}$/.test(number.nationalNumber)) return null;
  } else if (!number.isPossible()) {
    return null;
  }
  return { key: number.number.slice(1), international: number.formatInternational() };
}

/**
 * The digits repeats and search compare: "91" + the 10-digit national number for an Indian
 * number (written as 10 digits, with a leading 0, 91, +91 or 0091, with any spaces, dashes,
 * dots or brackets); for a number written with another international prefix (+44…, 0044…) its
 * digits with that country code; null when the text is not a phone number (letters, too
 * few/many digits, a 10-digit national number starting with 0, etc.).
 */
export function phoneKey(input: string): string | null {
  return parsePhone(input)?.key ?? null;
}

/** "tel:+919810012345"; null when not a phone number. */
export function telHref(input: string): string | null {
  const key = phoneKey(input);
  return key === null ? null : `tel:+${key}`;
}

/**
 * "https://wa.me/919810012345" plus "?text=<encodeURIComponent(text)>" when text is given; null
 * when not a phone number.
 */
export function whatsappHref(input: string, text?: string): string | null {
  const key = phoneKey(input);
  return key === null ? null : chatLink(key, text);
}

/**
 * For reading: "+91 98100 12345" for an Indian mobile number, "+91 11 2345 6789" for a Delhi
 * landline, each country's own grouping for others; the input trimmed when not a phone number.
 */
export function formatPhone(input: string): string {
  return parsePhone(input)?.international ?? input.trim();
}

/** What a search box may hold for the text to be read as (part of) a phone number. */
const searchCharacters = /^[\d\s\-\u2010-\u2015.()+]*$/;

/**
 * What a dashboard search text means as a phone number: `key` when the whole text is a phone
 * number (any spelling), and `digits` = the text's digits with a leading +91/91/0 prefix removed
 * when the text is only digits, spaces, dashes, dots, brackets and +; null when the text has
 * other characters.
 *
 * The prefixes go in this order: an international 0091, +91 or 91, then a trunk 0 ("+91 (0) 98…"
 * and "098…" both give "98…"). Removing a prefix only ever shortens the text from the front, so
 * a search for the digits as a part of a key or a national number finds at least what the text
 * itself would have found. `digits` may be short or empty ("+91"): the caller decides from what
 * length a part of a number is worth searching for.
 */
export function phoneSearch(q: string): { key: string | null; digits: string } | null {
  const text = q.trim();
  if (!searchCharacters.test(text)) return null;
  const digits = text
    .replace(/\D/g, "")
    .replace(/^(?:0091|91)/, "")
    .replace(/^0/, "");
  return { key: phoneKey(text), digits };
}

/**
 * The WhatsApp greeting from the business's template: replaces {clinic} and {patient}. One pass,
 * so a name that itself holds "{clinic}" stays as the patient wrote it.
 */
export function whatsappGreeting(
  template: string,
  values: { clinic: string; patient: string },
): string {
  return template.replace(/\{(clinic|patient)\}/g, (_, name: "clinic" | "patient") => values[name]);
}
