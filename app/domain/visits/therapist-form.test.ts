// The profile's form as the page sends it, read and checked: names trimmed, hours in order and
// apart, leave added as a span and removed by the day, each refusal under its field.
import { expect, it } from "vitest";
import { parseTherapistForm } from "#app/domain/visits/therapist-form.ts";

const today = "2026-11-27";
const districts = ["East Delhi", "Gautam Buddha Nagar", "South Delhi"];

/** The page's form as a browser sends it: each entry a field, lists repeated. */
function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

const filled = {
  displayName: "  Dr Asha Verma ",
  registrationNumber: "DPC/2015/4471",
  yearsOfPractice: "9",
  languages: ["Hindi", "English"],
  skills: ["stroke", "general"],
  districts: ["Gautam Buddha Nagar", "East Delhi"],
  "hours.1.0.from": "07:30",
  "hours.1.0.to": "12:00",
  "hours.1.1.from": "16:00",
  "hours.1.1.to": "19:30",
  "hours.3.0.from": "7:30",
  "hours.3.0.to": "13:00",
  "hours.3.1.from": "",
  "hours.3.1.to": "",
  addLeaveFrom: "2026-12-24",
  addLeaveTo: "2026-12-26",
  active: "on",
};

const parse = (fields: Record<string, string | string[]>) =>
  parseTherapistForm(formOf(fields), districts, today);

function refusals(fields: Record<string, string | string[]>) {
  const parsed = parse(fields);
  if (parsed.ok) throw new Error("the form was not refused");
  return parsed.errors;
}

function profileOf(fields: Record<string, string | string[]>) {
  const parsed = parse(fields);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.profile;
}

it("reads the form: names trimmed, a time without its zero, a span of leave, empty days left out", () => {
  expect(profileOf(filled)).toEqual({
    displayName: "Dr Asha Verma",
    registrationNumber: "DPC/2015/4471",
    yearsOfPractice: 9,
    languages: ["Hindi", "English"],
    skills: ["stroke", "general"],
    districts: ["Gautam Buddha Nagar", "East Delhi"],
    hours: {
      "1": [
        { from: "07:30", to: "12:00" },
        { from: "16:00", to: "19:30" },
      ],
      "3": [{ from: "07:30", to: "13:00" }],
    },
    leave: ["2026-12-24", "2026-12-25", "2026-12-26"],
    active: true,
  });
});

it("refuses windows out of order, overlapping, reversed or half filled, each under its field", () => {
  expect(
    refusals({
      ...filled,
      // Overlapping: the second starts before the first ends.
      "hours.1.1.from": "11:00",
      // Reversed.
      "hours.2.0.from": "12:00",
      "hours.2.0.to": "08:00",
      // A second window without a first.
      "hours.4.1.from": "09:00",
      "hours.4.1.to": "11:00",
      // Half filled, and a time that is not one.
      "hours.5.0.from": "08:00",
      "hours.6.0.from": "25:00",
      "hours.6.0.to": "26:00",
    }),
  ).toEqual({
    "hours.1.1.from": "The second window starts after the first one ends",
    "hours.2.0.to": "A window ends after it starts",
    "hours.4.0.from": "Enter when this window starts, as 07:30",
    "hours.4.0.to": "Enter when this window ends, as 12:00",
    "hours.5.0.to": "Enter when this window ends, as 12:00",
    "hours.6.0.from": "Enter a time as 07:30",
    "hours.6.0.to": "Enter a time as 07:30",
  });
  // Windows that touch do not overlap.
  expect(profileOf({ ...filled, "hours.1.1.from": "12:00" }).hours["1"]).toEqual([
    { from: "07:30", to: "12:00" },
    { from: "12:00", to: "19:30" },
  ]);
});

it("refuses leave in the past, reversed, too long or not a date; removes the days asked", () => {
  expect(refusals({ ...filled, addLeaveFrom: "2026-11-26", addLeaveTo: "" })).toEqual({
    addLeaveFrom: "A day of leave cannot be in the past",
  });
  expect(refusals({ ...filled, addLeaveFrom: "2026-12-10", addLeaveTo: "2026-12-09" })).toEqual({
    addLeaveTo: "The last day of leave comes on or after the first",
  });
  expect(refusals({ ...filled, addLeaveFrom: "2026-12-01", addLeaveTo: "2027-02-15" })).toEqual({
    addLeaveTo: "Add at most 60 days at a time",
  });
  expect(refusals({ ...filled, addLeaveFrom: "2026-02-30", addLeaveTo: "" })).toEqual({
    addLeaveFrom: "Enter a date",
  });
  // Today is allowed; the days kept stay, past ones too, but for the one removed.
  const kept = profileOf({
    ...filled,
    leave: ["2026-10-02", "2026-12-31", "2027-01-01"],
    removeLeave: "2026-12-31",
    addLeaveFrom: today,
    addLeaveTo: "",
  });
  expect(kept.leave).toEqual(["2026-10-02", today, "2027-01-01"]);
});

it("refuses names, numbers and choices outside the rules, keeping what was typed", () => {
  const parsed = parse({
    ...filled,
    displayName: "   ",
    registrationNumber: "x".repeat(61),
    yearsOfPractice: "71",
    languages: ["Hindi", "Klingon"],
    skills: ["juggling"],
    districts: ["Mumbai"],
  });
  expect(parsed).toMatchObject({
    ok: false,
    errors: {
      displayName: "Enter the therapist's name",
      registrationNumber: "A registration number can be at most 60 characters",
      yearsOfPractice: "Enter the years of practice as a whole number from 0 to 70",
      languages: "Choose languages from the list",
      skills: "Choose skills from the list",
      districts: "Choose districts from the list",
    },
    values: { displayName: "   ", yearsOfPractice: "71", languages: ["Hindi", "Klingon"] },
  });
  expect(refusals({ ...filled, yearsOfPractice: "2.5" })).toEqual({
    yearsOfPractice: "Enter the years of practice as a whole number from 0 to 70",
  });
  // Left empty: none yet.
  expect(profileOf({ ...filled, yearsOfPractice: "", registrationNumber: "" })).toMatchObject({
    yearsOfPractice: 0,
    registrationNumber: "",
  });
});
