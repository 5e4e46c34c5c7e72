// The words of home visits (issue 28, decision 026): what a therapist reads on their day
// (/visits), the WhatsApp message they send a family, and what their calendar feed says. In
// English, the staff's language; the message to a family in the family's language (the page their
// request was sent from). Domain code returns reason codes; the routes pick the words here.
import type { VisitKind, VisitStatus } from "#db/schema.ts";

/** A visit's kind, as a therapist and the calendar name it. */
export const visitKindNames: Record<VisitKind, string> = {
  assessment: "Assessment",
  treatment: "Treatment",
};

/** A visit's state, as the therapist's day shows it. */
export const visitStatusNames: Record<VisitStatus, string> = {
  scheduled: "Scheduled",
  done: "Done",
  no_show: "Patient not home",
  cancelled: "Cancelled",
};

/** "Session 3 of 10": a course's count. */
export const sessionOf = (index: number, size: number) => `Session ${index} of ${size}`;

/** Why a therapist's mark was refused (the reason codes of visit-marks.server.ts). */
export type VisitMarkRefusal =
  | "not-found"
  | "not-scheduled"
  | "not-yet"
  | "erased"
  | "reason-empty"
  | "reason-long"
  | "note-long"
  | "pain"
  | "invalid";

/** The therapist's day (/visits), made for a phone. */
export const therapistDayTexts = {
  title: "My visits",
  heading: "My visits",
  intro: "Today and the next six days, in India time.",
  today: "Today",
  tomorrow: "Tomorrow",
  /** "Today · Nov 27, 2026", "Sunday · Nov 29, 2026". */
  dayHeading: (day: string, date: string) => `${day} · ${date}`,
  noVisitsDay: "No visits.",
  noVisits: "No visits booked for these seven days.",
  toMarkHeading: "Earlier visits still to mark",
  toMarkIntro: "Visits of the last 14 days not yet marked done or not home.",
  time: (from: string, to: string) => `${from} – ${to}`,
  pincode: (pincode: string) => `PIN ${pincode}`,
  erased: "This family's personal data was erased.",
  directions: "Directions",
  call: "Call",
  whatsapp: "WhatsApp",
  notesHeading: "Front desk's notes",
  noteBy: (by: string, when: string) => `${by}, ${when}`,
  cantMakeSaid: (reason: string) => `You can't make it: ${reason}`,
  yourNote: "Your note",
  pain: (before: string, after: string) => `Pain ${before} → ${after}`,
  painUnknown: "–",
  doneLegend: "Done: what was done",
  noteLabel: "What was done (optional)",
  painBeforeLabel: "Pain before (0–10, optional)",
  painAfterLabel: "Pain after (0–10, optional)",
  done: "Done",
  notHome: "Patient not home",
  cantMake: "Can't make it",
  cantMakeLabel: "Why you can't make it",
  cantMakeHint: "The front desk sees it at once and will move or cancel the visit.",
  saved: {
    done: "Marked done.",
    no_show: "Marked: patient not home.",
    cant_make: "The front desk has been told you can't make it.",
  },
  refused: {
    "not-found": "This visit is not one of yours to mark.",
    "not-scheduled": "This visit is already marked.",
    "not-yet": "A visit can be marked done or not home from its day on.",
    erased: "This family's personal data was erased: the visit cannot be marked.",
    "reason-empty": "Please say why you can't make it.",
    "reason-long": "Please keep the reason under 500 characters.",
    "note-long": "Please keep the note under 2,000 characters.",
    pain: "Pain is a whole number from 0 to 10.",
    invalid: "That could not be saved. Please try again.",
  } satisfies Record<VisitMarkRefusal, string>,
  failed: "That could not be saved. Please try again.",
  accessDeniedTitle: "Access Denied",
} as const;

/** The calendar feed's part of /visits. */
export const calendarLinkTexts = {
  heading: "Calendar on your phone",
  intro:
    "Subscribe to your private calendar link in Google Calendar or your phone's calendar: it shows each visit's time, locality, kind and session count, never a name, phone number or address.",
  active:
    "A calendar link is active. If you lost it, get a new one: the old one then stops working.",
  none: "No calendar link yet.",
  issue: "Get my calendar link",
  reissue: "Get a new link",
  revoke: "Stop my calendar link",
  shownOnce: "Your calendar link, shown only this once: copy it into your calendar now.",
  linkLabel: "Calendar link",
  issued: "A new calendar link was made. Any earlier link has stopped working.",
  revoked: "Your calendar link was stopped.",
} as const;

/** What the calendar feed says of each visit: no name, no phone number, no address. */
export const calendarFeedTexts = {
  name: (clinic: string) => `${clinic}: home visits`,
  summary: (kind: VisitKind, locality: string, course: string | null) =>
    [visitKindNames[kind], locality, course].filter(Boolean).join(" · "),
  unknownLocality: "Locality not known",
  done: "Done",
  notFound: "Not Found",
} as const;

/** The WhatsApp message a therapist's link opens with, in the family's language. */
export const visitWhatsappTexts = {
  en: (values: { patient: string; therapist: string; clinic: string; when: string }) =>
    `Hello ${values.patient}, this is ${values.therapist}, your physiotherapist from ${values.clinic}, about your home visit on ${values.when}.`,
  hi: (values: { patient: string; therapist: string; clinic: string; when: string }) =>
    `नमस्ते ${values.patient} जी, मैं ${values.clinic} से फ़िज़ियोथेरेपिस्ट ${values.therapist}। ${values.when} की घर पर विज़िट के बारे में संदेश।`,
} as const;
