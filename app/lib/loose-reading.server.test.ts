import { describe, expect, it } from "vitest";
import {
  looseReading,
  readingPattern,
  readingSearch,
  requestReading,
} from "#app/lib/loose-reading.server.ts";

/** Whether a search for `q` finds text whose reading this is, as the LIKE on the column does. */
function finds(q: string, text: string): boolean {
  const pattern = readingPattern(q);
  if (pattern === undefined) return false;
  const like = new RegExp(
    `^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("%", ".*")}$`,
    "s",
  );
  return like.test(requestReading({ name: text, address: "", message: null }));
}

// Common NCR names and places as the front desk types them, and as a Hindi form receives them.
const twins: [latin: string, devanagari: string][] = [
  ["Sunita", "सुनीता"],
  ["Verma", "वर्मा"],
  ["Sharma", "शर्मा"],
  ["Priya", "प्रिया"],
  ["Noida", "नोएडा"],
  ["Gurgaon", "गुड़गांव"],
  ["Gurgaon", "गुड़गाँव"],
  ["Gurugram", "गुरुग्राम"],
  ["Delhi", "दिल्ली"],
  ["Faridabad", "फ़रीदाबाद"],
  ["Faridabad", "फरीदाबाद"],
  ["Ghaziabad", "ग़ाज़ियाबाद"],
  ["Ghaziabad", "गाजियाबाद"],
  ["Rajesh", "राजेश"],
  ["Kumar", "कुमार"],
  ["Singh", "सिंह"],
  ["Gupta", "गुप्ता"],
  ["Agarwal", "अग्रवाल"],
  ["Aggarwal", "अग्रवाल"],
  ["Sector", "सेक्टर"],
  ["Lakshmi", "लक्ष्मी"],
  ["Laxmi", "लक्ष्मी"],
  // A joiner only changes how the conjunct is drawn.
  ["Lakshmi", "लक्\u200Dष्मी"],
  ["Anjali", "अंजलि"],
  ["Krishna", "कृष्ण"],
  ["Kapoor", "कपूर"],
  ["Pooja", "पूजा"],
  ["Sanjay", "संजय"],
  ["Ambala", "अंबाला"],
  ["Kishore", "किशोर"],
  ["Mohammed", "मोहम्मद"],
  ["Chauhan", "चौहान"],
  ["Deepak", "दीपक"],
  ["Jain", "जैन"],
  ["Shree", "श्री"],
  ["Gyan", "ज्ञान"],
  ["Doctor", "डॉक्टर"],
  ["Meerut", "मेरठ"],
  ["Dwarka", "द्वारका"],
  ["Rohini", "रोहिणी"],
];

describe("looseReading", () => {
  it.each(twins)("reads %s and %s alike", (latin, devanagari) => {
    expect(looseReading(devanagari)).toBe(looseReading(latin));
  });

  it("reads the spellings of one name alike: case, diacritics, long vowels, doubled letters", () => {
    for (const [a, b] of [
      ["SUNITA", "Suneeta"],
      ["Sharma", "Sharmaa"],
      ["Aggarwal", "Agrawal"],
      ["Siddharth", "Sidharth"],
      ["Shweta", "Sweta"],
      ["Faridabad", "Phareedabad"],
      ["Ghaziabad", "Gaziyabad"],
      ["Zoya", "Joya"],
      ["Vikas", "Wikas"],
      ["Noida", "Noeda"],
      ["Gurgaon", "Gurganv"],
      ["Kṛṣṇa", "Krishna"],
      ["Rāmeśvaram", "Rameshwaram"],
    ]) {
      expect(looseReading(a as string), `${a} / ${b}`).toBe(looseReading(b as string));
    }
  });

  it("keeps names apart that are not the same name", () => {
    for (const [a, b] of [
      ["Sunita", "Sunil"],
      ["Sharma", "Verma"],
      ["Rajesh", "Ramesh"],
      ["Singh", "Sinha"],
      ["Priya", "Preeti"],
      ["Gupta", "Gopal"],
      ["Kumar", "Kamra"],
      ["Noida", "Nadia"],
      ["सुनीता", "सुनील"],
      ["शर्मा", "वर्मा"],
    ]) {
      expect(looseReading(a as string), `${a} / ${b}`).not.toBe(looseReading(b as string));
    }
  });

  it("reads an address word by word, its numbers as they are", () => {
    expect(looseReading("मकान 12, सेक्टर 62, नोएडा")).toBe(
      looseReading("Makan 12, Sector 62, Noida"),
    );
    expect(looseReading("H-12, Sector 100, Noida")).toBe("h 12 sktr 100 noid");
    expect(looseReading("१२ सेक्टर ६२")).toBe("12 sktr 62");
  });
});

describe("readingPattern", () => {
  const people = [
    "सुनीता वर्मा",
    "Sunil Kumar",
    "Priya Sharma",
    "प्रीति गुप्ता",
    "Preeti Agarwal",
    "राजेश सिंह",
    "Ramesh Sinha",
    "अंजलि कपूर",
    "Anil Jain",
    "Asha Rani",
    "Rahul Chauhan",
    "लक्ष्मी देवी",
    "Kavita Malhotra",
    "Mohan Lal",
    "Neha Arora",
    "दीपक यादव",
    "Ritu Bansal",
    "Vikram Saxena",
    "Meera Iyer",
    "अमित मेहता",
  ];
  const found = (q: string) => people.filter((person) => finds(q, person));

  it("finds a name across scripts, by a word or a word's start", () => {
    expect(found("sunita")).toEqual(["सुनीता वर्मा"]);
    expect(found("verma")).toEqual(["सुनीता वर्मा"]);
    expect(found("Sunita Verma")).toEqual(["सुनीता वर्मा"]);
    expect(found("प्रिया")).toEqual(["Priya Sharma"]);
    expect(found("प्रिया शर्मा")).toEqual(["Priya Sharma"]);
    expect(found("preeti")).toEqual(["प्रीति गुप्ता", "Preeti Agarwal"]);
    expect(found("प्रीति")).toEqual(["प्रीति गुप्ता", "Preeti Agarwal"]);
    expect(found("singh")).toEqual(["राजेश सिंह"]);
    expect(found("sinha")).toEqual(["Ramesh Sinha"]);
    expect(found("laxmi")).toEqual(["लक्ष्मी देवी"]);
    expect(found("mehta")).toEqual(["अमित मेहता"]);
    expect(found("yadav")).toEqual(["दीपक यादव"]);
    expect(found("कपूर")).toEqual(["अंजलि कपूर"]);
    expect(found("sun")).toEqual(["सुनीता वर्मा", "Sunil Kumar"]);
    expect(found("अग्रवाल")).toEqual(["Preeti Agarwal"]);
  });

  it("does not flood the list for a short or common text", () => {
    // One or two letters typed: only a word that is just that.
    for (const q of ["a", "r", "ra", "an", "s", "sh", "रा"]) expect(found(q), q).toEqual([]);
    // Three letters or more that fold to one: whole words only.
    expect(found("aaa")).toEqual([]);
    for (const q of ["ram", "raj", "kum", "ani", "mee", "neh"]) {
      expect(found(q).length, q).toBeLessThanOrEqual(1);
    }
    expect(found("pri")).toEqual(["Priya Sharma", "प्रीति गुप्ता", "Preeti Agarwal"]);
  });

  it("reads no pattern for a text with no letter: a number is a phone's or a pincode's", () => {
    expect(readingPattern("98100")).toBeUndefined();
    expect(readingPattern("  ")).toBeUndefined();
    expect(readingPattern("!!")).toBeUndefined();
    expect(readingPattern("Sector 62")).toBe("% sktr 62 %");
    expect(readingPattern("noida")).toBe("% noid%");
  });
});

describe("readingSearch", () => {
  it("reads Latin and Devanagari only: another script's words are searched as typed", () => {
    expect(readingSearch("Sector 62, नोएडा")).toEqual({
      pattern: "% sktr 62 noid%",
      anywhere: "%sktr 62 noid%",
    });
    expect(readingSearch("Ça-62")).toEqual({ pattern: "% k 62 %", anywhere: "%k 62%" });
    for (const q of ["ਸੈਕਟਰ 62", "Sector ਸੈਕਟਰ", "نوئیڈا noida"]) {
      expect(readingSearch(q), q).toBeUndefined();
    }
  });
});

describe("requestReading", () => {
  it("reads name, address and message, a space at each end; nothing for an erased request", () => {
    expect(
      requestReading({
        name: "सुनीता वर्मा",
        address: "मकान 12, सेक्टर 62, नोएडा",
        message: "घुटने में दर्द",
      }),
    ).toBe(" sunit vrm mkn 12 sktr 62 noid gutn mn drd ");
    expect(requestReading({ name: "", address: "", message: null })).toBe("");
  });
});
