// What a person typed, without what they could not see: the pieces the forms' schemas share
// (browser and server alike). Pure string functions, no imports.

/**
 * Unicode format characters (category Cf: zero-width spaces and joiners, bidirectional
 * overrides and isolates, the byte order mark, soft hyphens…). Nobody can see them to remove
 * them; a name made of them looks empty, and a right-to-left override shows the rest of a line
 * reversed on the staff screens. Zero-width (non-)joiners right after a letter or mark are
 * kept: Devanagari and other Indian scripts use them to choose a conjunct's shape.
 */
const formatCharacters = /(?<![\p{L}\p{M}])[\u200c\u200d]|(?![\u200c\u200d])\p{Cf}/gu;

export function withoutFormatCharacters(text: string): string {
  return text.replace(formatCharacters, "");
}

/** The bidirectional controls (embeddings, overrides, isolates, marks) alone. */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(bidiControls, "");
}

/** Line breaks of every kind: CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
export const lineBreak = /[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Control characters (category Cc) as spaces, but those in `keep`: no keyboard types them, a
 * paste can carry them (a word processor's line break is a vertical tab), and PostgreSQL cannot
 * store NUL at all.
 */
export function controlsAsSpaces(text: string, keep = ""): string {
  return text.replace(/\p{Cc}/gu, (char) => (keep.includes(char) ? char : " "));
}

/**
 * What staff, a therapist or a family typed into a text field: control characters as spaces (but
 * those in `keep`), the bidirectional controls gone (a right-to-left override would show the rest
 * of a line reversed on the staff screens and in the family's WhatsApp text), trimmed: the public
 * form's message (appointment-form.ts) and every staff, therapist and family text field.
 */
export function typedText(text: string, keep = ""): string {
  return withoutBidiControls(controlsAsSpaces(text, keep)).trim();
}

/** Devanagari digits (०–९, what a Hindi keyboard types) as ASCII digits. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
}
