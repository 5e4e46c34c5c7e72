import { describe, expect, it } from "vitest";
import {
  formatPhone,
  phoneKey,
  phoneSearch,
  telHref,
  whatsappGreeting,
  whatsappHref,
} from "#app/lib/indian-phone.ts";

/** Spellings seen in forms, visiting cards and signatures, and the key each must come to. */
const spellings: [input: string, key: string][] = [
  ["9810012345", "919810012345"],
  ["98100 12345", "919810012345"],
  ["98100-12345", "919810012345"],
  ["981-001-2345", "919810012345"],
  ["98 10 01 23 45", "919810012345"],
  ["98100.12345", "919810012345"],
  ["098100 12345", "919810012345"],
  ["0 98100 12345", "919810012345"],
  ["09810012345", "919810012345"],
  ["919810012345", "919810012345"],
  ["91 98100 12345", "919810012345"],
  ["+919810012345", "919810012345"],
  ["+91 98100 12345", "919810012345"],
  ["+91-98100-12345", "919810012345"],
  ["+91.98100.12345", "919810012345"],
  ["(+91) 98100-12345", "919810012345"],
  ["+(91) 98100 12345", "919810012345"],
  ["+91 (0) 98100 12345", "919810012345"],
  ["0091 98100 12345", "919810012345"],
  ["00 91 98100 12345", "919810012345"],
  ["  +91 98100 12345  ", "919810012345"],
  ["+91\u00a098100\u00a012345", "919810012345"],
  ["+91–98100–12345", "919810012345"],
  // A mobile whose own digits start with 91: 10 digits are a national number, 12 carry the code.
  ["91234 56789", "919123456789"],
  ["+91 91234 56789", "919123456789"],
  // Landlines: the STD code and the number run together, 10 digits in all.
  ["(011) 2345 6789", "911123456789"],
  ["011-2345 6789", "911123456789"],
  ["+91 11 2345 6789", "911123456789"],
  ["0091-11-2345-6789", "911123456789"],
  ["0124 456 7890", "911244567890"],
  ["+91 124 456 7890", "911244567890"],
  // Other countries, written with their international prefix.
  ["+44 20 7946 0958", "442079460958"],
  ["0044 20 7946 0958", "442079460958"],
  ["+44 (0)20 7946 0958", "442079460958"],
  ["+1 (415) 555-2671", "14155552671"],
  ["+971 50 123 4567", "971501234567"],
];

/** Texts that are not a phone number. */
const refusals: [input: string, why: string][] = [
  ["", "empty"],
  ["   ", "only spaces"],
  ["abc", "letters"],
  ["98100abc12345", "letters mixed in"],
  ["9810012345 ext 12", "an extension"],
  ["tel:+919810012345", "a link, not a number"],
  ["९८१००१२३४५", "digits of another script"],
  ["12345", "too few digits"],
  ["98100 1234", "9 digits"],
  ["+91 98100 1234", "9 digits after +91"],
  ["98100 123456", "11 digits, not starting 0 or 91"],
  ["+91 98100 123456", "11 digits after +91"],
  ["0000000000", "a 10-digit number starting with 0"],
  ["0981001234", "a 10-digit number starting with 0"],
  ["98100 12345 67890 12", "17 digits"],
  ["+4420794609581234", "16 digits"],
  ["98100+12345", "a + inside"],
  ["++919810012345", "two +"],
  ["+0 98100 12345", "no country code 0"],
  ["98100 12345 / 98100 54321", "two numbers"],
  ["98100_12345", "an underscore"],
  [`+91 ${"9".repeat(60)}`, "an essay of digits"],
];

describe("phoneKey, telHref and whatsappHref", () => {
  it.each(spellings)("reads %j as %s", (input, key) => {
    expect(phoneKey(input)).toBe(key);
    expect(telHref(input)).toBe(`tel:+${key}`);
    expect(whatsappHref(input)).toBe(`https://wa.me/${key}`);
  });

  it.each(refusals)("refuses %j (%s)", (input) => {
    expect(phoneKey(input)).toBeNull();
    expect(telHref(input)).toBeNull();
    expect(whatsappHref(input, "Hello")).toBeNull();
    expect(formatPhone(input)).toBe(input.trim());
  });

  it("puts the message in the chat link, encoded", () => {
    expect(whatsappHref("98100 12345", "Hi Asha & co? 100%")).toBe(
      "https://wa.me/919810012345?text=Hi%20Asha%20%26%20co%3F%20100%25",
    );
    expect(whatsappHref("98100 12345", "")).toBe("https://wa.me/919810012345");
  });
});

describe("formatPhone", () => {
  it("writes each number in its country's grouping, with the country code", () => {
    expect(formatPhone("9810012345")).toBe("+91 98100 12345");
    expect(formatPhone("0091-98100-12345")).toBe("+91 98100 12345");
    expect(formatPhone("(011) 23456789")).toBe("+91 11 2345 6789");
    expect(formatPhone("0044 2079460958")).toBe("+44 20 7946 0958");
  });

  it("leaves what is not a phone number as it was typed, trimmed", () => {
    expect(formatPhone("  call after 5 ")).toBe("call after 5");
    expect(formatPhone(" 12345 ")).toBe("12345");
  });
});

describe("phoneSearch", () => {
  it("reads a whole number as its key, however it is written", () => {
    expect(phoneSearch("+91 98100 12345")).toEqual({ key: "919810012345", digits: "9810012345" });
    expect(phoneSearch("098100-12345")).toEqual({ key: "919810012345", digits: "9810012345" });
    expect(phoneSearch("919810012345")).toEqual({ key: "919810012345", digits: "9810012345" });
    expect(phoneSearch("0091 98100 12345")).toEqual({
      key: "919810012345",
      digits: "9810012345",
    });
    expect(phoneSearch("+91 (0) 98100 12345")).toEqual({
      key: "919810012345",
      digits: "9810012345",
    });
    expect(phoneSearch("(011) 2345 6789")).toEqual({ key: "911123456789", digits: "1123456789" });
    expect(phoneSearch("+44 20 7946 0958")).toEqual({
      key: "442079460958",
      digits: "442079460958",
    });
  });

  it("reads part of a number as its digits without the prefix, and no key", () => {
    expect(phoneSearch("98100")).toEqual({ key: null, digits: "98100" });
    expect(phoneSearch(" 12345 ")).toEqual({ key: null, digits: "12345" });
    expect(phoneSearch("+91 981")).toEqual({ key: null, digits: "981" });
    expect(phoneSearch("0981")).toEqual({ key: null, digits: "981" });
    expect(phoneSearch("-123-")).toEqual({ key: null, digits: "123" });
    expect(phoneSearch("+91")).toEqual({ key: null, digits: "" });
    expect(phoneSearch("")).toEqual({ key: null, digits: "" });
  });

  it("is null for a text with anything but digits and separators", () => {
    for (const q of ["Asha", "Sector 62", "98100x", "122002a", "9810012345 ext 1", "#98100"]) {
      expect(phoneSearch(q), q).toBeNull();
    }
  });
});

describe("whatsappGreeting", () => {
  it("fills in the clinic and the patient, each as often as the template names them", () => {
    expect(
      whatsappGreeting("Hello {patient}, this is {clinic}. {clinic} will call, {patient}.", {
        clinic: "HomePhysio NCR",
        patient: "Asha Rani",
      }),
    ).toBe("Hello Asha Rani, this is HomePhysio NCR. HomePhysio NCR will call, Asha Rani.");
  });

  it("takes names as they are: no second substitution, no $ patterns", () => {
    expect(
      whatsappGreeting("Hi {patient} from {clinic}", { clinic: "$& Co", patient: "{clinic} $1" }),
    ).toBe("Hi {clinic} $1 from $& Co");
    expect(whatsappGreeting("Hello!", { clinic: "C", patient: "P" })).toBe("Hello!");
  });
});
