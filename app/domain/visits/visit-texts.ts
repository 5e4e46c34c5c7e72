// The visits capability's words (issue 28): therapists, their profiles, visits and the
// therapist's day. English only, as every staff screen. Each part keeps its own exported objects.

import { serviceCatalog } from "#app/content/catalog.ts";
import type { TherapistSkill } from "#db/enums.ts";

/** The therapists' roster and profile pages (/admin/therapists). */
export const therapistTexts = {
  title: "Therapists",
  /** The dashboard's link to the roster, beside Insights. */
  navLink: "Therapists",
  back: "Back to requests",
  backToList: "Back to therapists",
  intro:
    "Each therapist's profile: where they work, what they treat, the languages they speak and their hours. Matching and booking read it.",
  howToAdd:
    "To add a therapist, give their account the role in the server's shell: npm run admin -- grant <email> therapist. Their profile then appears here to fill in.",
  none: "No therapist yet.",
  tableLabel: "Therapists",
  columns: {
    name: "Name",
    districts: "Districts",
    skills: "Skills",
    languages: "Languages",
    active: "Active",
  },
  yes: "Yes",
  no: "No",
  notSet: "—",
  inactiveNoRole: "No (role revoked)",
  loadFailed: "The therapists could not be loaded. Please reload the page.",
  notFound: "No therapist has this address.",
} as const;

/** The skills as a person reads them: the services' names, and general physiotherapy. */
export const skillNames: Record<TherapistSkill, string> = {
  stroke: serviceCatalog.stroke.name,
  postSurgery: serviceCatalog.postSurgery.name,
  backPain: serviceCatalog.backPain.name,
  sportsInjury: serviceCatalog.sportsInjury.name,
  senior: serviceCatalog.senior.name,
  general: "General Physiotherapy",
};

/** The weekdays by ISO number, Monday first. */
export const weekdayNames = {
  "1": "Monday",
  "2": "Tuesday",
  "3": "Wednesday",
  "4": "Thursday",
  "5": "Friday",
  "6": "Saturday",
  "7": "Sunday",
} as const;

/** A therapist's profile page (/admin/therapists/:id). */
export const therapistFormTexts = {
  title: (name: string) => `Therapist: ${name}`,
  account: "Account",
  about: "About",
  displayName: "Display name",
  displayNameHint: "As families and colleagues will read it.",
  registrationNumber: "Registration number",
  registrationNumberHint: "State council or IAP, as written on the certificate.",
  yearsOfPractice: "Years of practice",
  languages: "Languages spoken",
  skills: "Skills",
  districts: "Districts served",
  districtsHint: "The districts of our five areas in the PIN code directory.",
  hours: "Working hours (India time)",
  hoursHint:
    "None, one or two windows a day, as 07:30 to 12:00. A second window starts after the first ends.",
  window: (n: number) => (n === 1 ? "First window" : "Second window"),
  from: "From",
  to: "To",
  windowLabel: (day: string, n: number, end: "from" | "to") =>
    `${day}, ${n === 1 ? "first" : "second"} window, ${end === "from" ? "from" : "to"}`,
  leave: "Days of leave",
  noLeave: "No days of leave.",
  removeLeave: (day: string) => `Remove ${day}`,
  addLeaveFrom: "Add leave from",
  addLeaveTo: "To (optional, for several days)",
  addLeave: "Add leave",
  active: "Active: may be suggested and booked",
  save: "Save profile",
  saved: "Profile saved.",
  invalid: "Some fields need your attention: see the messages under them.",
  failed: "The profile could not be saved. Please try again.",
} as const;

/** Why a profile's field was refused, under the field. */
export const therapistMessages = {
  displayNameEmpty: "Enter the therapist's name",
  displayNameTooLong: "A name can be at most 100 characters",
  registrationTooLong: "A registration number can be at most 60 characters",
  yearsInvalid: "Enter the years of practice as a whole number from 0 to 70",
  languageUnknown: "Choose languages from the list",
  skillUnknown: "Choose skills from the list",
  districtUnknown: "Choose districts from the list",
  timeInvalid: "Enter a time as 07:30",
  fromMissing: "Enter when this window starts, as 07:30",
  toMissing: "Enter when this window ends, as 12:00",
  toBeforeFrom: "A window ends after it starts",
  secondBeforeFirst: "The second window starts after the first one ends",
  tooManyWindows: "At most two windows a day",
  leaveInvalid: "Enter a date",
  leavePast: "A day of leave cannot be in the past",
  leaveToBeforeFrom: "The last day of leave comes on or after the first",
  leaveTooLong: "Add at most 60 days at a time",
  leaveTooMany: "At most 400 days of leave can be kept",
  noRole:
    "This account no longer holds the therapist role, so it cannot be made active. Grant the role again with npm run admin -- grant <email> therapist.",
} as const;
