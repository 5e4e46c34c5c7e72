import { describe, expect, it } from "vitest";
import { parseTravelForm } from "#app/domain/visits/travel-form.ts";

const places = new Set(["delhi", "gurugram", "North West Delhi"]);
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the travel times' forms", () => {
  it("reads every row shown, a row left empty to remove", () => {
    expect(
      parseTravelForm(
        form([
          ["intent", "save"],
          ["pair", "delhi|gurugram"],
          ["minutes", " 75 "],
          ["pair", "delhi|North West Delhi"],
          ["minutes", ""],
        ]),
        places,
      ),
    ).toEqual({
      ok: true,
      rows: [
        { placeA: "delhi", placeB: "gurugram", minutes: 75 },
        { placeA: "delhi", placeB: "North West Delhi", minutes: null },
      ],
    });
  });

  it("reads a pair to add", () => {
    expect(
      parseTravelForm(
        form([
          ["intent", "add"],
          ["placeA", "North West Delhi"],
          ["placeB", "gurugram"],
          ["minutes", "0"],
        ]),
        places,
      ),
    ).toEqual({ ok: true, rows: [{ placeA: "North West Delhi", placeB: "gurugram", minutes: 0 }] });
  });

  it.each([
    [
      "minutes over 240",
      [
        ["intent", "save"],
        ["pair", "delhi|gurugram"],
        ["minutes", "241"],
      ],
      "Minutes are a whole number from 0 to 240.",
    ],
    [
      "minutes not whole",
      [
        ["intent", "save"],
        ["pair", "delhi|gurugram"],
        ["minutes", "4.5"],
      ],
      "Minutes are a whole number from 0 to 240.",
    ],
    [
      "a negative",
      [
        ["intent", "save"],
        ["pair", "delhi|gurugram"],
        ["minutes", "-5"],
      ],
      "Minutes are a whole number from 0 to 240.",
    ],
    [
      "a place not ours",
      [
        ["intent", "save"],
        ["pair", "delhi|Mumbai"],
        ["minutes", "60"],
      ],
      "Choose both places from the lists.",
    ],
    [
      "three places",
      [
        ["intent", "save"],
        ["pair", "delhi|gurugram|delhi"],
        ["minutes", "60"],
      ],
      "Choose both places from the lists.",
    ],
    [
      "pairs and minutes not matching",
      [
        ["intent", "save"],
        ["pair", "delhi|gurugram"],
      ],
      "That did not work. Reload the page and try again.",
    ],
    [
      "an add without minutes",
      [
        ["intent", "add"],
        ["placeA", "delhi"],
        ["placeB", "gurugram"],
        ["minutes", ""],
      ],
      "Minutes are a whole number from 0 to 240.",
    ],
    [
      "an add of an unknown place",
      [
        ["intent", "add"],
        ["placeA", "delhi"],
        ["placeB", "<b>"],
        ["minutes", "9"],
      ],
      "Choose both places from the lists.",
    ],
    ["no intent", [["minutes", "9"]], "That did not work. Reload the page and try again."],
  ] as [string, [string, string][], string][])("refuses %s", (_, entries, message) => {
    expect(parseTravelForm(form(entries), places)).toEqual({ ok: false, message });
  });
});
