// The privacy capability's words (decision 026): a request's Privacy section (give, correct, erase
// a person's data), the privacy-requests list and the access log. English only, as every staff
// screen; none of them is the spec's. No record is computed: a module that imports one carries no
// other into its bundle.

import type { AppointmentField } from "#app/domain/appointments/appointment-form.ts";
import type { PrivacyChannel } from "#app/domain/privacy/privacy-requests-form.ts";
import type { PrivacyRequestKind } from "#db/enums.ts";
import type { AccessAction } from "#db/schema.ts";

/** A request's fields as the correction form and its answers name them. */
export const fieldLabels: Record<AppointmentField, string> = {
  name: "Name",
  phone: "Phone",
  address: "Address",
  pincode: "PIN code",
  message: "Message",
};

/** A request's Privacy section, and what its corrections and erasures answer. */
export const rightsTexts = {
  title: "Privacy",
  intro:
    "When the person asks: give them what is held about them, correct it, or erase it. Each is written in the access log.",
  thisRequest: "This request",
  applyTo: "Apply to",
  sameNumber: (count: number) =>
    count === 1 ? "All requests from this number (1)" : `All requests from this number (${count})`,
  download: "Download what is held",
  correctTitle: "Correct the details",
  correctHint:
    "Change what the person asked to correct. Only the fields you change are saved; the timeline says which.",
  correctSubmit: "Save correction",
  corrected: (fields: string[]) => `Corrected: ${fields.join(", ")}`,
  nothingChanged: "Nothing was changed: the details are as they were.",
  eraseTitle: "Erase the personal data",
  eraseWarning: (count: number) =>
    `This erases the name, phone, address, message, notes and e-mails of ${count === 1 ? "1 request" : `${count} requests`}. Dates, status, area and source stay for the figures. It cannot be undone.`,
  eraseSubmit: (count: number) => (count === 1 ? "Erase 1 request" : `Erase ${count} requests`),
  erased: (count: number) =>
    count === 1 ? "Personal data of 1 request erased" : `Personal data of ${count} requests erased`,
  countChanged: (count: number) =>
    `The number of requests changed: there are now ${count}. Check, then confirm again.`,
  erasedOn: (date: string) => `Personal data erased on ${date}`,
  alreadyErased: "This request's personal data has already been erased.",
  notFound: "There is no such request.",
  failed: "That did not work. Please try again.",
  backToRequest: "Back to the request",
  requestsList: "Record a privacy request from this person",
  /** The note a correction leaves on the timeline: which fields, never their old values. */
  correctionNote: (fields: string) => `Corrected at the person's request: ${fields}`,
} as const;

export const kindNames: Record<PrivacyRequestKind, string> = {
  access: "Access (what we hold)",
  correction: "Correction",
  erasure: "Erasure",
  withdrawal: "Withdrawal of consent",
  grievance: "Grievance",
};

/** How a privacy request reached the clinic. */
export const privacyChannelNames: Record<PrivacyChannel, string> = {
  phone: "Phone call",
  email: "E-mail",
  whatsapp: "WhatsApp",
  letter: "Letter",
  "in-person": "In person",
};

/** The privacy-requests list (/admin/privacy-requests). */
export const privacyRequestTexts = {
  title: "Privacy requests",
  intro:
    "Each request a person makes about their data (to see it, correct it, erase it, withdraw consent, or a grievance), when it came and by when it must be answered.",
  backToRequests: "All requests",
  recordTitle: "Record a request",
  kind: "What they asked for",
  channel: "How it came",
  references: "References of their requests (optional; separate with commas)",
  received: "Received on (India date)",
  dueAfter: (days: number) => `Due ${days} days after.`,
  record: "Record request",
  recorded: "Privacy request recorded",
  open: "To answer",
  done: "Answered",
  noneOpen: "Nothing to answer.",
  noneDone: "None answered yet.",
  due: (date: string) => `Due ${date}`,
  overdue: (date: string) => `Overdue since ${date}`,
  answer: "How it was answered",
  markDone: "Mark as answered",
  markedDone: "Marked as answered",
  /** Followed by the member of staff's address. */
  answeredBy: (date: string) => `Answered ${date} by`,
  /** Followed by the member of staff's address. */
  recordedBy: (date: string) => `Received ${date}; recorded by`,
  badReference: (typed: string) =>
    `"${typed}" is not a request reference (six letters and digits).`,
  unknownReference: (references: string[]) =>
    `No request has the reference ${references.join(", ")}.`,
  badDate: "Enter the date it was received: today or earlier.",
  answerRequired: "Say how it was answered.",
  /** {max}: the longest answer. */
  answerTooLong: "At most {max} characters.",
  notFound: "That privacy request is not open any more.",
  failed: "That did not work. Please try again.",
  loadFailed: "The privacy requests could not be loaded. Please try again in a moment.",
  /** The record form opened from a request's page: whose requests are filled in. */
  prefilled: (name: string | null, count: number) =>
    `${count === 1 ? "1 request" : `${count} requests`} from ${name ? `${name}'s number` : "this number"} filled in.`,
  /** A request named by a privacy request, once its personal data is erased. */
  requestErased: "erased",
  eraseTitle: "Erase their personal data now",
  eraseWarning: (count: number) =>
    `This erases the name, phone, address, message, notes and e-mails of ${count === 1 ? "1 request" : `${count} requests`}, and marks this privacy request answered. Dates, status, area and source stay for the figures. It cannot be undone.`,
  eraseSubmit: (count: number) =>
    count === 1 ? "Erase 1 request and mark answered" : `Erase ${count} requests and mark answered`,
  erased: "Erased, and marked as answered",
  /** The answer an erasure from the list records. */
  erasedAnswer: (references: string[]) => `Personal data erased: ${references.join(", ")}`,
  notErasure: "Only an erasure request can be erased from here.",
  noRequests: "This privacy request names no request: erase from the request's page.",
} as const;

/** The access log (/admin/access-log). */
export const accessLogTexts = {
  title: "Access log",
  intro:
    "Who saw or took patients' personal data, when and from where: kept a year, then purged. Searches are recorded without their words.",
  backToRequests: "All requests",
  loadFailed: "The access log could not be loaded. Please try again in a moment.",
  staff: "Member of staff (e-mail)",
  request: "Request (id or reference)",
  from: "From (India date)",
  to: "To (India date)",
  show: "Show",
  clear: "Clear",
  unknownRequest: "No request has that id or reference.",
  empty: "No access recorded matches.",
  columns: {
    at: "When (India time)",
    who: "Who",
    what: "What",
    requests: "Requests",
    detail: "Filter, page, rows",
    address: "From address",
  },
  requestsShown: (count: number) => `${count} requests`,
  count: (total: number) => (total === 1 ? "1 access" : `${total} accesses`),
  pages: "Pages",
  page: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  previous: "Previous",
  next: "Next",
  tableLabel: "Accesses, newest first",
} as const;

export const accessActionNames: Record<AccessAction, string> = {
  dashboard: "Request list",
  search: "Search",
  request: "Request page and timeline",
  timeline: "Timeline",
  export: "CSV export",
  "newsletter-export": "Newsletter export",
  "rights-export": "Rights export",
  correction: "Correction",
  erasure: "Erasure",
  "access-log": "Access log read",
  "privacy-requests": "Privacy requests list",
  "therapist-profile": "Therapist profile saved",
  visits: "Therapist's visits",
  "calendar-feed": "Therapist's calendar feed",
  schedule: "Schedule",
  messages: "WhatsApp messages to send by hand",
  money: "Money recorded (a package, a payment or a refund)",
  "care-record": "Care record read (with the reason given)",
};
