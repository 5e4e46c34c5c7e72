// One loose reading of text in Latin or Devanagari, so that a name, an address or a message typed
// in one script is found by the other (decision 031). Devanagari is read into Latin by
// Sanscript (IAST), then both scripts are folded alike into what Hindi written in Latin spells
// many ways: case, diacritics, aspiration (kh/k, bh/b), sh/s, ph/f, z/j, w/v, c/k/s, x/ks,
// doubled letters, long vowels (aa/a, ee/i, oo/u), oe/oi, the vowel after i (Ghaziabad and
// Ghaziyabad), and the vowels a and e inside a word, which Devanagari's inherent vowel, its
// schwa dropped in speech, and the front desk's "Verma" for वर्मा spell every way. Only a word's
// first letter keeps its a or e. "सुनीता वर्मा" and "Sunita Verma" both read "sunit vrm".
import Sanscript from "@indic-transliteration/sanscript";

/**
 * Devanagari, with the spaces, digits and punctuation between its words: read in one call, as a
 * call costs about as much for one word as for a sentence.
 */
const devanagariRun = /[\u0900-\u097F][\u0900-\u097F\s\p{P}0-9]*/gu;

/** What the front desk spells differently from any reading of the Hindi: the name, not the letters. */
const sameWords: Record<string, string> = {
  delhi: "dilli",
  dehli: "dilli",
  meerut: "merath",
};

/** A run of Devanagari in Latin letters, with Hindi's sounds rather than Sanskrit's. */
function latinOf(run: string): string {
  const hindi = run
    .normalize("NFD")
    // The nukta's flaps are an r to the front desk (गुड़गांव, Gurgaon); its other letters (क़ ख़ ग़
    // ज़ फ़) are the letter without it, which the folding then meets (z/j, ph/f).
    .replace(/[डढ]\u093C/g, "र")
    .replace(/\u093C/g, "")
    // English vowels (ऑफिस, डॉक्टर), the chandrabindu as the anusvara, ज्ञ as Hindi says it (gy).
    .replace(/\u0911/g, "ओ")
    .replace(/\u0949/g, "ो")
    .replace(/\u090D/g, "ए")
    .replace(/\u0945/g, "े")
    .replace(/\u0901/g, "ं")
    .replace(/ज्ञ/g, "ग्य");
  return (
    Sanscript.t(hindi, "devanagari", "iast")
      // सिंह is "singh"; before p, b, m the anusvara is an m (अंबाला, Ambala), elsewhere an n.
      .replace(/ṃh/g, "ngh")
      .replace(/ṃ(?=[pbm])/g, "m")
      .replace(/ṃ/g, "n")
      // IAST's c is च, "ch" in Latin (which then reads as the folding reads Latin's ch).
      .replace(/c/g, "ch")
  );
}

/** One word of Latin letters and digits, folded. */
function foldWord(typed: string): string {
  let word = sameWords[typed] ?? typed;
  if (/^\d+$/.test(word)) return word;
  word = word
    // गांव, गाँव: Gurgaon, Goregaon.
    .replace(/aon$/, "anv")
    .replace(/ph/g, "f")
    .replace(/ck/g, "k")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/c(?!h)/g, "k")
    .replace(/q/g, "k")
    .replace(/x/g, "ks")
    .replace(/z/g, "j")
    .replace(/w/g, "v")
    // Aspiration and sh: Sidharth and Siddhartha, Shweta and Sweta.
    .replace(/([bcdgjkpst])h+/g, "$1")
    .replace(/ee|ii/g, "i")
    .replace(/oo|uu/g, "u")
    .replace(/oe/g, "oi")
    // The vowel after i carries a y, written or not: Ghaziabad and ग़ाज़ियाबाद, Priya and Pria.
    .replace(/i(?=[aeou])/g, "iy")
    .replace(/(.)\1+/g, "$1")
    // English's -or after two consonants is Hindi's -र (Sector, सेक्टर; Doctor, डॉक्टर).
    .replace(/([^aeiou][^aeiouy])or$/, "$1r");
  // The a and e inside a word; then the letters their going left side by side.
  return (word.slice(0, 1) + word.slice(1).replace(/[ae]/g, "")).replace(/(.)\1+/g, "$1");
}

/** The words of text in any mix of Latin and Devanagari, in Latin letters, before folding. */
function latinWords(text: string): string[] {
  return (
    text
      .normalize("NFC")
      // The joiners only shape how a conjunct is drawn: no sound of their own.
      .replace(/\u200C|\u200D/g, "")
      .replace(devanagariRun, (run) => ` ${latinOf(run)} `)
      // The vowel ṛ (कृष्ण, kṛṣṇa) as Hindi says it and Latin spells it: Krishna.
      .replace(/[ṛṝ]/g, "ri")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== "")
  );
}

/** The loose reading of text in any mix of Latin and Devanagari: folded words, one space apart. */
export function looseReading(text: string): string {
  return latinWords(text).map(foldWord).join(" ");
}

/**
 * What `appointments.search_reading` holds for a request: the loose reading of its name, address
 * and message, with a space at each end so that a LIKE finds a word by its start (`% sunit%`) or
 * whole (`% rm %`). Empty for a request with nothing to read (an erased one).
 */
export function requestReading(request: {
  name: string;
  address: string;
  message: string | null;
}): string {
  const reading = looseReading(`${request.name} ${request.address} ${request.message ?? ""}`);
  return reading === "" ? "" : ` ${reading} `;
}

/** What a search's text asks of `search_reading`. */
export interface ReadingSearch {
  /** The LIKE pattern: the words typed, read loosely, from a word's start (`% sunit%`). */
  pattern: string;
  /** The same reading anywhere (`%sunit%`): every row `pattern` matches, and a few more. */
  anywhere: string;
}

/**
 * What a search's text asks of `search_reading`, or undefined when the text holds no letter (a
 * number alone is a phone's or a pincode's) or a letter of another script than Latin and
 * Devanagari (Gurmukhi, Urdu: not read, so searched as typed). Then the reading is all of the
 * text, and whatever holds the text as whole words (an address) holds its reading too. The words typed, in order, each from a word's start;
 * the last one may be the start of a word when three or more letters were typed and it reads as
 * two or more, so that "sun" finds Sunita but "ra" or "a" does not find every word starting with
 * r or a; a last word of digits is whole ("Sector 62", not "Sector 621").
 */
export function readingSearch(q: string): ReadingSearch | undefined {
  if (!/\p{L}/u.test(q) || /[^\P{L}\p{Script=Latin}\p{Script=Devanagari}]/u.test(q)) {
    return undefined;
  }
  const words = latinWords(q);
  const typed = words.at(-1);
  if (typed === undefined) return undefined;
  const folded = words.map(foldWord);
  const last = folded.at(-1) ?? "";
  const start = !/^\d+$/.test(last) && typed.length >= 3 && last.length >= 2;
  const reading = folded.join(" ");
  return {
    pattern: `% ${reading}${start ? "" : " "}%`,
    anywhere: `%${reading}%`,
  };
}

/** The LIKE pattern of `readingSearch`, or undefined. */
export const readingPattern = (q: string) => readingSearch(q)?.pattern;
