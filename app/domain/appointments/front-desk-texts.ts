// The front desk's words (decision 026): what the staff screens of requests say, the dashboard
// (/admin) and a request's page (/admin/appointments/:id), in English, the staff's one language.
// The product specification's words are here word for word and marked "spec" (the dashboard's
// heading, sort options, columns and empty state, section 2; its toasts, section 8): the browser
// tests write them out literally. Apart from the form's words (appointment-texts.ts): those go
// to families in two languages with the contact page's data, these with the staff screens'
// JavaScript, and kept in one module they would ride in the contact page's JavaScript too.
import type { NotificationStatus, SearchList } from "#app/domain/appointments/dashboard.ts";
import type { FrontDeskAction } from "#app/domain/appointments/front-desk-form.ts";
import { visitMoment } from "#app/domain/visits/visit-time.ts";
import type { AppointmentStatus } from "#db/enums.ts";

/** What staff read for the language a request was sent in (the page's: /hi/contact is Hindi). */
export const languageNames = { en: "English", hi: "Hindi" } as const;

/** Where a request's PIN code is: "South Delhi (Delhi)", "Ghaziabad (outside our areas)". */
export const placeTexts = {
  inArea: (district: string, area: string) => `${district} (${area})`,
  outside: (district: string) => `${district} (outside our areas)`,
} as const;

/** The statuses as the dropdowns name them; the badge shows the stored value (spec). */
export const statusNames: Record<AppointmentStatus, string> = {
  pending: "Pending",
  contacted: "Contacted",
  completed: "Completed",
};

/** The staff e-mail of a request, as its row says it. */
export const notificationNames: Record<NotificationStatus, string> = {
  sent: "E-mail sent",
  retrying: "E-mail retrying",
  queued: "E-mail queued",
  failed: "E-mail failed",
  none: "No e-mail",
};

// spec, both: the dashboard's heading, and the staff pages' titles after their own.
const dashboard = "Appointment Dashboard";
// spec: said by the dashboard and by a request's page.
const statusUpdated = "Status updated successfully";

/** The dashboard (/admin): the spec's heading, sort options, columns, empty state and toasts. */
export const dashboardTexts = {
  // spec
  title: dashboard,
  /** The tab's title with the count of requests waiting: seen from another tab. */
  titleWithPending: (pending: number) => `(${pending}) ${dashboard}`,
  /** The tab's title of a staff page beside the dashboard: "Insights · Appointment Dashboard". */
  titleOf: (page: string) => `${page} · ${dashboard}`,
  // spec
  loadFailed: "Failed to load appointments",
  statusUpdated,
  // spec
  statusFailed: "Failed to update status",
  loading: "Loading",
  views: "Views",
  allRequests: "All requests",
  needsAttention: (count: number | undefined) =>
    count === undefined ? "Needs attention" : `Needs attention (${count})`,
  overdueCount: (count: number) => `${count} overdue`,
  callbacksDueCount: (count: number) => `${count} call-backs due`,
  /** The counts as links: each opens Needs attention, where those requests come first. */
  overdueLink: (count: number) => `${count} overdue: open them in Needs attention`,
  callbacksDueLink: (count: number) => `${count} call-backs due: open them in Needs attention`,
  newCount: (count: number) => `${count} new`,
  /**
   * Requests with a family's ask to move or cancel a visit, not yet settled: what comes from
   * families. The messages to them, to send by hand, are counted by the link to that list.
   */
  familyCount: (count: number) => `${count} from families`,
  familyLink: (count: number) =>
    `${count} ${count === 1 ? "request" : "requests"} with a family's ask to move or cancel a visit: open them in Needs attention`,
  /** Requests with a visit its therapist can't make, still scheduled. */
  cantMakeCount: (count: number) => `${count} can't make it`,
  cantMakeLink: (count: number) =>
    `${count} ${count === 1 ? "request" : "requests"} with a visit its therapist can't make: open them in Needs attention`,
  changePassword: "Change password",
  sort: "Sort",
  // spec, both
  sortByDate: "Sort by Date",
  sortByStatus: "Sort by Status",
  status: "Status",
  allStatuses: "All statuses",
  junk: "Junk",
  erased: "Erased",
  owner: "Owner",
  everyones: "Everyone's",
  mine: "Mine",
  unassigned: "Unassigned",
  search: "Search",
  searchLabel: "Search name, phone, address or pincode",
  exportCsv: "Export CSV",
  /** "12 requests match · 3 pending": the list's count, and whether a filter narrowed it. */
  /** A search that matched more than it was counted to: "More than 1,000 requests match". */
  moreThan: (count: number, pending: number) =>
    `More than ${count.toLocaleString("en-IN")} requests match · ${pending} pending`,
  pageOfMore: (page: number, pageCount: number) => `Page ${page} of ${pageCount}+`,
  total: (total: number, filtered: boolean, pending: number) =>
    `${total} ${total === 1 ? "request" : "requests"}${filtered ? " match" : ""} · ${pending} pending`,
  insights: "Insights",
  accessLog: "Access log",
  privacyRequests: "Privacy requests",
  live: "Live: new requests appear here by themselves",
  connecting: "Connecting…",
  loadingAppointments: "Loading appointments",
  // spec
  empty: "No appointments yet",
  noMatch: "No appointments match this search",
  /** What a search matches in the other lists, each a link to it: "2 more in All requests". */
  searchElsewhere: "The search in other lists",
  searchMoreIn: (count: number, list: string) => `${count} more in ${list}`,
  searchOfThemIn: (count: number, list: string) => `${count} of them in ${list}`,
  searchIn: (count: number, list: string) => `${count} in ${list}`,
  pages: "Pages",
  previous: "Previous",
  next: "Next",
  page: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  // spec: the table's columns
  columns: ["Date", "Name", "Phone", "Address", "Pincode", "Message", "Status", "Actions"],
  /** The row's dropdown and button, named by whose request it is. */
  statusOf: (whose: string) => `Status of ${whose} request`,
  saveStatusOf: (whose: string) => `Save status of ${whose} request`,
  /** "Asha Rani's", or for an erased request (no name left) "an erased". */
  whose: (name: string) => `${name}'s`,
  erasedWhose: "an erased",
  save: "Save",
  saving: "Saving…",
} as const;

/** The lists a search is counted in, as its links name them. */
export const searchListNames: Record<SearchList, string> = {
  all: dashboardTexts.allRequests,
  attention: "Needs attention",
  junk: dashboardTexts.junk,
  erased: dashboardTexts.erased,
};

/** The markers a request's row and page show (overdue, call-back due, repeat, junk, owner). */
export const markerTexts = {
  overdue: "Overdue",
  callbackDue: "Call back now",
  repeat: (count: number) => `Repeat ×${count}`,
  repeatLabel: (count: number) =>
    `Repeat: ${count} other ${count === 1 ? "request" : "requests"} from this number`,
  junk: "Junk",
  mine: "Mine",
  /** Handed over to the viewer, who has not worked on it since. */
  handedToYou: "Handed to you",
  handedToYouBy: (by: string) => `Handed to you by ${by}: not worked on since`,
  /** A call-back still to come: "Call back 3:30 PM" today, or with the day. */
  callbackAt: (when: string) => `Call back ${when}`,
  /** Sent from the Hindi site: call back in Hindi. */
  hindi: "Hindi",
  languageLabel: "Sent in Hindi: call back in Hindi",
  /** A PIN code outside the five areas. */
  outside: "Outside our areas",
  /** An owner whose account is gone. */
  taken: "Taken",
  whatsapp: "WhatsApp",
  /** What a family waits on (decision 038): an ask from the status page or a reply, a message. */
  askMove: "Asks to move a visit",
  askCancel: "Asks to cancel a visit",
  whatsappToSend: "WhatsApp to send",
  /** A visit its therapist can't make: "Can't make it: Dr. Rao, Tue 1 Dec 2:30 PM — Fever". */
  cantMake: (therapist: string, when: Date, reason: string | null) =>
    `Can't make it: ${therapist}, ${visitMoment(when)}${reason ? ` — ${reason}` : ""}`,
  /** Other visits of the request its therapists can't make. */
  cantMakeMore: (count: number) => `(and ${count} more)`,
  /** The link to the request's visits, where it is moved or cancelled. */
  resolveCantMake: "Move or cancel",
  resolveCantMakeLabel: (whose: string) => `Move or cancel the visit of ${whose} request`,
} as const;

/**
 * Needs attention's reasons, one line each on a request's row (docs/front-desk.md, "One
 * worklist"): what it is, in a word or two (the markers' words where there is one), what about it,
 * and the action's words.
 */
export const reasonTexts = {
  listLabel: (whose: string) => `Why ${whose} request needs attention`,
  overdueWhy: "not called within 24 hours",
  fresh: "New",
  freshWhy: "to call within 24 hours",
  stillPending: "Still pending",
  workedHere: (when: string) => `worked ${when}, its status not moved on`,
  workedElsewhere: (when: string) => `the family's other request was worked ${when}`,
  callbackDueWhy: (when: string) => `set for ${when}`,
  askWhy: "settle it on the request's visits",
  messagesWhy: (count: number) => (count === 1 ? "1 message waiting" : `${count} messages waiting`),
  missedVisit: "Missed visit",
  missedVisitWhy: (when: string, therapist: string) =>
    `not home ${when} (${therapist}), nothing booked since`,
  redFlags: "Red flag",
  redFlagsWhy: (count: number, when: string) =>
    `${count === 1 ? "1 red flag" : `${count} red flags`} at the assessment of ${when}`,
  redFlagsOpen: "Handle",
  redFlagsOpenLabel: "Handle the red flags (the care record)",
  lowAdherence: "Exercises not done",
  lowAdherenceWhy: (percent: number) =>
    `${percent}% of the home exercises ticked in the last 3 days`,
  noTreatment: "No treatment booked",
  noTreatmentWhy: (when: string, therapist: string) =>
    `assessed ${when} (${therapist}), more than 7 days ago`,
  repeat: "Repeat",
  repeatWhy: (day: string, status: string) =>
    `the family's request of ${day} is open too (${status.toLowerCase()})`,
  repeatMore: (count: number) => `(and ${count} more)`,
  /**
   * The actions. Each named with its reason rather than the patient (the row says whose): a
   * patient's name stays the name of the one link to their request.
   */
  call: "Call",
  callLabel: (why: string) => `Call (${why.toLowerCase()})`,
  open: "Open",
  openLabel: "Open the request (still pending)",
  openOther: "Open that request",
  openOtherLabel: "Open the family's other request",
  openVisits: "Open its visits",
  openVisitsLabel: "Open its visits (the family's ask)",
  send: "Send them",
  sendLabel: "Send the WhatsApp messages waiting",
  book: "Book a visit",
  bookLabel: "Book a visit (missed visit)",
} as const;

/** The dashboard's browser notification of a new request: it names no patient. */
export const newRequestAlertTexts = {
  title: "New appointment request",
  body: "Open the Appointment Dashboard to see it.",
  blocked: "Notifications are blocked in this browser's settings",
  on: "Notifications on (turn off)",
  off: "Notify me of new requests",
} as const;

/** What a front-desk change answers, and why one is refused (the schema's messages). */
export const frontDeskMessages = {
  noteEmpty: "Write a note first",
  /** {max}: the longest note, as staff read a number ("2,000"). */
  noteTooLong: "A note can be at most {max} characters",
  callbackInvalid: "Choose a date and time for the call-back",
  callbackPast: "Choose a call-back time from now on",
  failed: "That did not work. Please try again.",
  notStaff: "Choose a member of staff",
  /** A change to a request whose personal data was erased (a page left open from before). */
  erased: "This request's personal data was erased: nothing more can be changed on it",
} as const;

/** What each change says once made; a status change says the spec's words. */
export const frontDeskDone: Record<FrontDeskAction["intent"], string> = {
  note: "Note added",
  callback: "Call-back set",
  "clear-callback": "Call-back cleared",
  take: "The request is yours",
  hand: "Request handed over",
  release: "The request is open to anyone",
  junk: "Marked as junk",
  "not-junk": "No longer junk",
  status: statusUpdated,
};

/**
 * A request's page (/admin/appointments/:id). The timeline's lines take their dates already
 * written ("Nov 24, 2026, 10:42 AM") and who acted.
 */
export const requestPageTexts = {
  title: "Request",
  allRequests: "← All requests",
  somethingWrong: "Something went wrong",
  tryAgain: "Please try again in a moment.",
  reference: "Reference",
  sentInHindi: "Sent in Hindi",
  sections: {
    patient: "Patient",
    statusAndOwner: "Status and owner",
    callback: "Call-back",
    sameNumber: "Same number",
    notes: "Notes",
    timeline: "Timeline",
  },
  cameFrom: (source: string | null) => `Came from: ${source ?? "Not recorded"}`,
  sentFrom: (path: string) => `; sent from ${path}`,
  status: "Status",
  saveStatus: "Save status",
  open: "Open: nobody has taken this request.",
  yours: "Yours.",
  takenBy: (email: string | null) => `Taken by ${email ?? "a member of staff"}.`,
  takeIt: "Take it",
  handTo: "Hand to",
  chooseStaff: "Choose…",
  me: (email: string) => `${email} (me)`,
  handOver: "Hand over",
  leaveOpen: "Leave open",
  callbackAt: (when: string, due: boolean) => `Call back ${when}${due ? " (due now)" : ""}`,
  noCallback: "No call-back planned.",
  callbackLabel: "Call back at (India time)",
  setCallback: "Set call-back",
  clearCallback: "Clear call-back",
  noteLabel: "Add a note (kept on the timeline; a correction is a new note)",
  addNote: "Add note",
  markJunk: "Mark as junk",
  notJunk: "Not junk",
  /** The offer, beside a status or junk, to work the family's other open requests with this one. */
  alsoRepeats: (count: number) =>
    `Also the ${count === 1 ? "other open request" : `${count} other open requests`} from this number`,
  alsoRepeatsJunk: (count: number) =>
    `Also mark the ${count === 1 ? "other open request" : `${count} other open requests`} from this number as junk`,
  /** What the step did to them, said after the spec's toast. */
  alsoDone: (count: number) =>
    `${count === 1 ? "1 other request" : `${count} other requests`} from this number too`,
  /** An erased request's page: what is left, and why nothing can be done. */
  erasedNotice:
    "Its personal data was erased on request or at the end of its retention. Its dates, status, PIN code and source stay for the figures; nothing more can be changed.",
  noRepeats: "No other request from this number within 30 days.",
  repeatsLabel: "Other requests from this number",
  timelineLabel: "Timeline, newest first",
  timeline: {
    received: "Request received",
    status: (from: AppointmentStatus, to: AppointmentStatus, by: string) =>
      `Status ${from} → ${to} by ${by}`,
    note: (by: string) => `Note by ${by}`,
    callbackSet: (when: string, by: string) => `Call-back set for ${when} by ${by}`,
    callbackCleared: (by: string) => `Call-back cleared by ${by}`,
    taken: (owner: string, by: string) =>
      `Taken by ${owner}${owner === by ? "" : ` (handed over by ${by})`}`,
    leftOpen: (by: string) => `Left open by ${by}`,
    junkMarked: (by: string) => `Marked as junk by ${by}`,
    junkCleared: (by: string) => `Junk mark taken away by ${by}`,
    mailSent: "Staff e-mail sent",
    mailFailed: (attempts: number) => `Staff e-mail failed after ${attempts} attempts`,
    mailRetrying: (attempts: number) =>
      `Staff e-mail retrying (${attempts} ${attempts === 1 ? "attempt" : "attempts"} so far)`,
  },
} as const;
