// The words of home visits (decision 026): what the staff screens say of therapists and
// visits, in English, the staff's one language. The domain returns reason codes and data; the
// screens pick these words: the suggestions (branch match), the Visits section of a request's
// page, the booking form's messages, a visit's states and what its changes say on the timeline.
import { TZDate } from "@date-fns/tz";
import { serviceCatalog } from "#app/content/catalog.ts";
import type { VisitProblem } from "#app/domain/visits/visit-form.ts";
import { visitClock, visitDay, visitMoment } from "#app/domain/visits/visit-time.ts";
import { indiaTimeZone } from "#app/lib/dates.ts";
import type {
  PreferredTime,
  RequestCondition,
  TherapistSkill,
  VisitKind,
  VisitStatus,
} from "#db/schema.ts";

/** A skill as a reason reads it: "Noida · stroke · speaks Hindi". */
const skillWords: Record<TherapistSkill, string> = {
  stroke: "stroke",
  postSurgery: "after surgery",
  backPain: "back pain",
  sportsInjury: "sports injury",
  senior: "seniors",
  general: "general physiotherapy",
};

function inIndia(date: Date) {
  return new TZDate(date.getTime(), indiaTimeZone);
}

/** "7:30 AM", "5:15 PM", India time: the visits' one formatting (visit-time.ts). */
export const visitTime = visitClock;

/** "today", "tomorrow" or "Wed 2 Dec", as India's calendar counts from now. */
export function relativeDay(date: Date, now: Date): string {
  const day = (d: Date) => {
    const t = inIndia(d);
    return Date.UTC(t.getFullYear(), t.getMonth(), t.getDate());
  };
  const apart = Math.round((day(date) - day(now)) / 86_400_000);
  return apart === 0 ? "today" : apart === 1 ? "tomorrow" : visitDay(date);
}

/** "Suggested therapists" on a request's page. */
export const suggestionTexts = {
  title: "Suggested therapists",
  intro:
    "Active therapists who serve this request's district, best first: the language the need requires, the condition, the request's language, starts at the preferred times, the earliest free start in the next 7 days, then the fewest visits.",
  noDistrict:
    "No therapist can be suggested: the PIN code is not in the directory, so its district is unknown. Any therapist can still be booked.",
  noOneServes: (district: string) =>
    `No active therapist serves ${district} yet. Any therapist can still be booked.`,
  nearestTitle: "Nearest who serve other districts",
  /** "Ravi Kumar: serves South Delhi, about 45 minutes away". */
  nearest: (name: string, district: string, minutes: number) =>
    `${name}: serves ${district}, about ${minutes} minutes away`,
  lacks: (language: string) => `no ${language}`,
  lacksSkill: (service: string) => `no ${service} skill`,
  notAtTimes: "nothing free at the preferred times: earliest starts shown",
  cameFor: (service: string) => `The request came for ${service}.`,
  speaks: (language: string) => `speaks ${language}`,
  free: (start: Date, now: Date) => `free ${relativeDay(start, now)} ${visitTime(start)}`,
  notFree: "not free in the next 7 days",
  visitsInWeek: (count: number) =>
    count === 0
      ? "No visits in the next 7 days"
      : count === 1
        ? "1 visit in the next 7 days"
        : `${count} visits in the next 7 days`,
  years: (years: number) => (years === 1 ? "1 year of practice" : `${years} years of practice`),
  startsLabel: (name: string) => `Free starts of ${name}`,
  /** A free start's link: "Tue 1 Dec, 7:30 AM". */
  start: (start: Date) => `${visitDay(start)}, ${visitTime(start)}`,
  /** What the link does, for a screen reader. */
  bookLabel: (name: string, start: Date) =>
    `Book ${name} on ${visitDay(start)} at ${visitTime(start)}`,
} as const;

/**
 * A suggestion's reasons in a few words, what they lack said plainly: "Noida · stroke · speaks
 * Hindi · free tomorrow 7:30 AM", "Noida · no Hindi · no stroke skill · free …".
 */
export function suggestionLine(
  reasons: {
    skill: TherapistSkill | null;
    language: string | null;
    lacksLanguage?: string | null;
    fitsTimes?: boolean | null;
    firstFree: Date | null;
  },
  place: string,
  now: Date,
  service?: TherapistSkill | null,
): string {
  return [
    place,
    reasons.lacksLanguage ? suggestionTexts.lacks(reasons.lacksLanguage) : null,
    reasons.skill
      ? skillWords[reasons.skill]
      : service
        ? suggestionTexts.lacksSkill(skillWords[service])
        : null,
    reasons.language ? suggestionTexts.speaks(reasons.language) : null,
    reasons.firstFree ? suggestionTexts.free(reasons.firstFree, now) : suggestionTexts.notFree,
    reasons.fitsTimes === false ? suggestionTexts.notAtTimes : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export const visitKindNames: Record<VisitKind, string> = {
  assessment: "Assessment",
  treatment: "Treatment",
};

export const visitStatusNames: Record<VisitStatus, string> = {
  scheduled: "Scheduled",
  done: "Done",
  no_show: "Patient not home",
  cancelled: "Cancelled",
};

export const cancelledByNames = { patient: "By the patient", clinic: "By the clinic" } as const;

/** The ISO weekdays (1 = Monday) as a course's form and timeline name them. */
export const isoWeekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** A course's place: "Session 3 of 10". */
export const sessionOf = (index: number, size: number) => `Session ${index} of ${size}`;

/** "Asha", or who it was when the name is gone (erased). */
const patient = (firstName: string | null) => firstName || "a patient whose data was erased";

/** Why a slot cannot be booked, one sentence. */
function slotSentence(problem: Extract<VisitProblem, { therapist: string; start: Date }>): string {
  const { start } = problem;
  switch (problem.kind) {
    case "past":
      return `${visitMoment(start)} has already passed: choose a later start.`;
    case "too_far":
      return `${visitMoment(start)} is more than 90 days ahead: visits are booked at most 90 days ahead.`;
    case "leave":
      return `${problem.therapist} is on leave on ${visitDay(start)}.`;
    case "outside_hours":
      return `${visitMoment(start)} is outside ${problem.therapist}'s working hours (the whole visit must fit in one of their windows).`;
    case "clash":
      return `${problem.therapist} already has a visit on ${visitDay(problem.other.startsAt)} at ${visitClock(problem.other.startsAt)} (${patient(problem.other.firstName)}): visits need ${problem.travelMinutes} minutes of travel between them.`;
    case "travel": {
      const there = problem.other.place ?? "another place";
      const here = problem.here ?? "this address";
      const [from, to] = problem.toNext ? [here, there] : [there, here];
      return `${problem.therapist} has a visit in ${there} on ${visitDay(problem.other.startsAt)} at ${visitClock(problem.other.startsAt)} (${patient(problem.other.firstName)}): the travel from ${from} to ${to} takes ${problem.minutes} minutes.`;
    }
  }
}

/** The message of a refused booking, move or mark. */
export function visitProblemMessage(problem: VisitProblem): string {
  switch (problem.kind) {
    case "no_request":
      return "This request is no longer there.";
    case "erased":
      return "This request's personal data was erased: no visit can be booked or changed.";
    case "no_therapist":
      return "Choose a therapist from the list.";
    case "inactive":
      return `${problem.therapist} is not taking visits (their profile is not active).`;
    case "no_visit":
      return "That visit is no longer there.";
    case "not_yours":
      return "That visit is not yours.";
    case "not_scheduled":
      return `That visit is no longer scheduled (it is ${visitStatusNames[problem.status].toLowerCase()}).`;
    case "not_yet":
      return `That visit is on ${visitDay(problem.start)}: it can be marked on the day or after.`;
    case "moved":
      return `The front desk moved this visit to ${visitDay(problem.start)}, ${visitClock(problem.start)}: nothing was changed.`;
    case "wrong_code":
      return "That is not this visit's code. Ask the family to read it from their status page or the reminder.";
    case "code_required":
      return "Type the family's 4-digit code to mark the visit done.";
    default: {
      const sentence = slotSentence(problem);
      if (!problem.session) return sentence;
      const { index, size, moving } = problem.session;
      return moving === undefined
        ? `${sessionOf(index, size)}: ${sentence} None of the ${size} sessions was booked.`
        : `${sessionOf(index, size)}: ${sentence} None of the ${moving} sessions was moved.`;
    }
  }
}

/** The booking form's own messages, under its fields. */
export const visitFormMessages = {
  therapist: "Choose a therapist.",
  day: "Choose the day of the (first) visit.",
  start: "Choose a start time, such as 07:30.",
  minutes: "Choose a length: 45, 60 or 90 minutes.",
  kind: "Choose assessment or treatment.",
  sessions: "A course has 1 to 40 sessions.",
  weekdays: "Tick the weekdays of the course.",
  firstDayWeekday: "The first day must be one of the ticked weekdays.",
  courseKind:
    "A course is of treatments: choose Treatment, or book the assessment as a single session.",
  cancelledBy: "Say who cancelled: the patient or the clinic.",
  reason: "Give a reason (up to 500 characters).",
  note: "A note is at most 2,000 characters.",
  pain: "Pain is a number from 0 to 10.",
  code: "The family's visit code is 4 digits.",
  condition: "Choose a condition from the list, or none.",
  preferredTimes: "Tick morning, afternoon or evening, or none for any time.",
  requiredLanguage: "Choose a language from the list, or none.",
  failed: "That did not work. Try again.",
  /** The database was busy or away (a 503): nothing was saved, and trying again is the answer. */
  busy: "The database is busy or unreachable just now, so nothing was saved. Try again in a moment.",
} as const;

/** The request's need (decision 050): the form on its page, and what matching says of it. */
export const needTexts = {
  title: "The need",
  intro:
    "What the suggestions match on. The condition starts from the page the request came from; the family may have chosen times on the form.",
  condition: "Condition",
  noCondition: "Not recorded",
  preferredTimes: "Preferred times",
  requiredLanguage: "The therapist must speak",
  noLanguage: "No language required",
  save: "Save the need",
  saved: "The need is saved.",
  /** The need in a few words: "Stroke rehabilitation · evening · must speak Hindi". */
  line: (
    condition: RequestCondition | null,
    times: readonly PreferredTime[],
    language: string | null,
  ) =>
    [
      condition ? serviceCatalog[condition].name : "No condition recorded",
      times.length > 0 ? times.map((time) => preferredTimeNames[time]).join(", ") : "any time",
      language ? `must speak ${language}` : null,
    ]
      .filter(Boolean)
      .join(" · "),
} as const;

/** The clinic's travel table at /admin/travel (decision 050). */
export const travelTexts = {
  title: "Travel times",
  /** The roster's link to the page. */
  navLink: "Travel times",
  back: "Back to therapists",
  backToRequests: "Back to requests",
  loadFailed: "The travel times could not be loaded. Reload the page to try again.",
  intro: (least: number) =>
    `The minutes a therapist needs from a visit in one place to the next. Booking refuses two visits closer than this, and suggestions offer only starts that leave it. A district's row comes before its area's; within one district, and for any pair not listed, visits need ${least} minutes (VISIT_TRAVEL_MINUTES), and never less.`,
  tableLabel: "Travel times between places",
  columns: { from: "From", to: "To", minutes: "Minutes" },
  minutesLabel: (from: string, to: string) => `Minutes between ${from} and ${to}`,
  removeHint: "Leave the minutes empty to remove a row.",
  save: "Save the travel times",
  saved: "The travel times are saved.",
  addTitle: "Add a pair of places",
  add: "Add the pair",
  added: "The pair is added.",
  none: "No travel time is set: every pair of visits needs the least.",
} as const;

export const travelFormMessages = {
  places: "Choose both places from the lists.",
  minutes: "Minutes are a whole number from 0 to 240.",
  failed: "That did not work. Reload the page and try again.",
} as const;

/** A preferred time as the desk's screens name it. */
export const preferredTimeNames: Record<PreferredTime, string> = {
  morning: "Morning (before 12)",
  afternoon: "Afternoon (12 to 5 pm)",
  evening: "Evening (after 5 pm)",
};

/** A course's sessions changed in one step: the first and last of them, of how many, and who. */
export interface CourseSpan {
  first: number;
  last: number;
  size: number;
  /** How many visits it changed (a session already done between them is not one). */
  count: number;
  therapists: string[];
}

/** "sessions 3 to 6 of 6 (4 visits)". */
const spanWords = (span: CourseSpan) =>
  `sessions ${span.first} to ${span.last} of ${span.size} (${span.count} visits)`;

/** A reason as the end of a sentence: its own full stop kept, one added otherwise. */
const sentenceEnd = (reason: string) => (/[.!?]$/.test(reason) ? reason : `${reason}.`);

/** How far a course was moved: "7 days later", "1 day 2 hours earlier", "at the same times". */
function shiftWords(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes === 0) return "at the same times";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const unit = (n: number, one: string) => (n === 0 ? null : `${n} ${one}${n === 1 ? "" : "s"}`);
  const parts = [unit(days, "day"), unit(hours, "hour"), unit(rest, "minute")].filter(Boolean);
  return `${parts.join(" ")} ${ms > 0 ? "later" : "earlier"}`;
}

/** What a visit's change says on the request's timeline (stored as the entry's body). */
export const visitTimeline = {
  needRecorded: (line: string) => `Need recorded: ${line}.`,
  booked: (when: Date, therapist: string, kind: VisitKind, minutes: number) =>
    `${visitKindNames[kind]} booked for ${visitMoment(when)} (${minutes} min) with ${therapist}.`,
  courseBooked: (
    count: number,
    days: string,
    first: Date,
    last: Date,
    therapist: string,
    kind: VisitKind,
    minutes: number,
  ) =>
    `Course of ${count} ${visitKindNames[kind].toLowerCase()} sessions booked with ${therapist}, ${days} at ${visitClock(first)} (${minutes} min), from ${visitDay(first)} to ${visitDay(last)}.`,
  moved: (from: Date, fromTherapist: string, to: Date, toTherapist: string) =>
    fromTherapist === toTherapist
      ? `Moved from ${visitMoment(from)} to ${visitMoment(to)} (${toTherapist}).`
      : `Moved from ${visitMoment(from)} (${fromTherapist}) to ${visitMoment(to)} (${toTherapist}).`,
  done: (when: Date, painBefore: number | null, painAfter: number | null) =>
    `Visit of ${visitMoment(when)} done.${
      painBefore !== null || painAfter !== null
        ? ` Pain ${painBefore ?? "?"} → ${painAfter ?? "?"} of 10.`
        : ""
    }`,
  noShow: (when: Date) => `Patient not home for the visit of ${visitMoment(when)}.`,
  cancelled: (when: Date, by: "patient" | "clinic", reason: string) =>
    `Visit of ${visitMoment(when)} cancelled ${by === "patient" ? "by the patient" : "by the clinic"}: ${reason}`,
  /** The rest of a course cancelled in one step (docs/visits.md): one entry for all of it. */
  courseCancelled: (span: CourseSpan, by: "patient" | "clinic", reason: string) =>
    `Course cancelled: ${spanWords(span)} with ${span.therapists.join(" and ")}, ${by === "patient" ? "by the patient" : "by the clinic"}: ${sentenceEnd(reason)}`,
  /** The rest of a course moved in one step, each session by as much as the first of them. */
  courseMoved: (span: CourseSpan, shiftMs: number, from: Date, to: Date, toTherapist: string) => {
    const same = span.therapists.length === 1 && span.therapists[0] === toTherapist;
    const moved = same
      ? `from ${visitMoment(from)} to ${visitMoment(to)} (${toTherapist})`
      : `from ${visitMoment(from)} (${span.therapists.join(" and ")}) to ${visitMoment(to)} (${toTherapist})`;
    return `Course moved: ${spanWords(span)}, ${shiftWords(shiftMs)}: session ${span.first} ${moved}.`;
  },
  cantMake: (when: Date, therapist: string, reason: string) =>
    `${therapist} can't make the visit of ${visitMoment(when)}: ${reason}`,
  /** A visit the family confirmed by a reply to our WhatsApp message. */
  confirmedOnWhatsapp: "Confirmed by the family on WhatsApp",
  /** The timeline's line above the body. */
  by: (email: string) => `Visit, by ${email}`,
} as const;

/** The "Visits" section of a request's page. */
export const visitsTexts = {
  codeConfirmed: "Confirmed by the family's code",
  notConfirmedByFamily: "Not confirmed by the family (done without their code)",
  title: "Visits",
  none: "No visit booked yet.",
  listLabel: "The request's visits",
  book: "Book a visit",
  therapist: "Therapist",
  chooseTherapist: "Choose a therapist",
  noTherapists: "No active therapist yet: add one at Therapists.",
  day: "Day (first visit)",
  start: "Start (India time)",
  minutes: "Length",
  minutesOption: (minutes: number) => `${minutes} minutes`,
  kind: "Kind",
  sessions: "Sessions",
  sessionsHint: "1 for a single visit; more for a course at the same time on the ticked weekdays.",
  weekdays: "Weekdays of the course",
  submitBook: "Book",
  done: "Done",
  noteLabel: "Visit note (optional)",
  painBefore: "Pain before (0–10)",
  painAfter: "Pain after (0–10)",
  markDone: "Mark done",
  notHome: "Patient not home",
  cancel: "Cancel visit",
  cancelledBy: "Cancelled by",
  reason: "Reason",
  confirmCancel: "Cancel this visit",
  move: "Move",
  moveTo: "Move to",
  confirmMove: "Move this visit",
  /** The Cancel and Move forms of a course's session with later ones still scheduled. */
  scopeLegend: "Which visits",
  scopeVisit: "This visit only",
  scopeRest: (later: number) => `This and the later sessions (${later})`,
  scopeMoveHint:
    "The later sessions move as much as this one does: the same number of days and hours, to the therapist chosen.",
  confirmCancelChosen: "Cancel the visits chosen",
  confirmMoveChosen: "Move the visits chosen",
  cantMake: (reason: string) => `Therapist can't make it: ${reason}`,
  cancelledWith: (by: "patient" | "clinic", reason: string | null) =>
    `${cancelledByNames[by]}${reason ? `: ${reason}` : ""}`,
  pain: (before: number | null, after: number | null) =>
    `Pain ${before ?? "?"} → ${after ?? "?"} of 10`,
  courseDone: "The course's last visit is done: mark the request completed when the family agrees.",
  markCompleted: "Mark completed",
  booked: (count: number) => (count === 1 ? "Visit booked." : `${count} visits booked.`),
} as const;

// The therapist's side (/visits, and the calendar feed): what a therapist reads on their phone,
// the WhatsApp message they send a family (in the family's language: the page their request was
// sent from), and what their calendar feed says of each visit.

/** A PIN code's locality: its district, and our area's name when it differs. */
export const localityName = (district: string, area: string | null) =>
  area && area !== district ? `${district} (${area})` : district;

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
  /** An earlier visit still to mark: its day with its time ("Nov 27, 2026, 7:30 AM – 8:30 AM"). */
  timeOn: (day: string, from: string, to: string) => `${day}, ${from} – ${to}`,
  familyWrote: "The family wrote",
  earlierHeading: "Earlier sessions",
  earlierNone: "No note.",
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
  codeLabel: "The family's visit code (4 digits)",
  codeLabelRequired: "The family's visit code (4 digits, needed)",
  codeHint: "The family reads it from their status page or the reminder: it confirms the visit.",
  codeLimited:
    "Too many wrong codes for this visit. Mark it done without the code, or ask the front desk.",
  done: "Done",
  /** The folds of a card's actions: each opens its form. */
  recordFold: "Record the visit",
  cantMakeFold: "I can't come",
  collectFold: "Record what was paid",
  notHome: "Patient not home",
  cantMake: "Can't make it",
  cantMakeLabel: "Why you can't make it",
  cantMakeHint: "The front desk sees it at once and will move or cancel the visit.",
  saved: {
    done: "Marked done.",
    no_show: "Marked: patient not home.",
    cant_make: "The front desk has been told you can't make it.",
  },
  failed: "That could not be saved. Please try again.",
  /** What the family owes, on the visit's card: {amount}. */
  collect: (amount: string) => `Collect ${amount}`,
  collectHint: "Record what the family hands you: the receipt is made at once.",
  collectAmount: "Amount received (₹)",
  collectMethod: "Paid by",
  collectCash: "Cash",
  collectUpi: "UPI to the clinic",
  collectSubmit: "Record payment",
  collected: (amount: string, receipt: string) => `${amount} recorded: receipt ${receipt}.`,
} as const;

/** The day kept on the phone and the changes waiting to be sent (decision 049). */
export const therapistAppTexts = {
  appShortName: "My visits",
  opening: "Opening your day…",
  /** {time}: when the copy on the phone was made, "10:42 AM". */
  offlineAsOf: (time: string) => `You are offline. Your day as of ${time}.`,
  offlineNoCopy:
    "You are offline, and this phone has no copy of your day. A copy is kept each time the page opens with a signal, for 48 hours.",
  offlineNow:
    "You are offline. What you mark is kept on this phone and sent when you are back online.",
  waiting: (count: number) =>
    count === 1
      ? "1 change will be sent when you are back online."
      : `${count} changes will be sent when you are back online.`,
  waitingSignIn: (count: number) =>
    count === 1
      ? "1 change is waiting: sign in again to send it."
      : `${count} changes are waiting: sign in again to send them.`,
  signIn: "Sign in",
  /** On a visit's card, for a change still on the phone: {what} is the change's name. */
  waitingOnCard: (what: string) => `Waiting to send: ${what}`,
  intentNames: {
    done: "Done",
    no_show: "Patient not home",
    cant_make: "Can't make it",
    collect: "Payment received",
  },
  sent: (count: number) => `${count} changes sent.`,
  /** A change refused when it arrived: what was typed, shown so nothing is lost. */
  kept: (typed: string) => `What you wrote: ${typed}`,
  notKept:
    "This phone could not keep the change and there is no signal: it was not saved. Try again when you are back online.",
  notYours:
    "This visit is no longer on your list: the front desk gave it to someone else or removed it. Nothing was changed.",
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
  openInApp: "Open in my phone's calendar",
  copy: "Copy the link",
  copied: 'Copied: paste it into your calendar\'s "From URL".',
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
    `नमस्ते ${values.patient} जी, मैं ${values.clinic} से फिज़ियोथेरेपिस्ट ${values.therapist}। ${values.when} की घर पर विज़िट के बारे में मैसेज।`,
} as const;

// The therapists' roster and profiles (/admin/therapists).

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

// ---- The front desk's schedule (/admin/schedule) -------------------------------------------

/** The schedule's words: the page, its blocks, and the two lists beside it. */
export const scheduleTexts = {
  title: "Schedule",
  /** The link to it in the dashboard's header, beside Insights. */
  link: "Schedule",
  backToRequests: "Requests",
  loadFailed: "The schedule could not be read just now. Please try again in a moment.",
  badDate: "That date could not be read; showing today.",
  views: { day: "Day", week: "Week" },
  viewLegend: "View",
  previous: { day: "Previous day", week: "Previous week" },
  next: { day: "Next day", week: "Next week" },
  today: "Today",
  district: "District",
  allDistricts: "All districts",
  show: "Show",
  /** The grid's accessible name: "Schedule, Mon, Nov 30, 2026". */
  gridLabel: (span: string) => `Schedule, ${span}`,
  noTherapists: "No active therapist yet: profiles are kept at Therapists.",
  noTherapistsInDistrict: (district: string) => `No active therapist serves ${district}.`,
  therapistColumn: "Therapist",
  dayColumn: "Day",
  onLeave: "On leave",
  notWorking: "Not working",
  /** Free time of a day: "Free 09:00–10:30, 12:00–13:00". */
  free: (spans: string[]) => (spans.length === 0 ? "No free time" : `Free ${spans.join(", ")}`),
  noVisits: "No visits",
  kinds: visitKindNames,
  statuses: visitStatusNames,
  /** A course's count on a block: "3 of 10". */
  course: (index: number, size: number) => `${index} of ${size}`,
  cantMake: "Can't make it",
  /** What stands for the name of a request whose personal data was erased. */
  erased: "Erased",
  /** A block's accessible name, read in full by a screen reader. */
  blockLabel: (parts: {
    time: string;
    day?: string;
    name: string;
    place?: string | null;
    kind: VisitKind;
    course?: { index: number; size: number };
    status: VisitStatus;
    cantMake: boolean;
    therapist: string;
  }) =>
    [
      parts.day ? `${parts.day}, ${parts.time}` : parts.time,
      parts.place ? `${parts.name} in ${parts.place}` : parts.name,
      visitKindNames[parts.kind],
      parts.course ? `session ${parts.course.index} of ${parts.course.size}` : undefined,
      visitStatusNames[parts.status],
      parts.cantMake ? "therapist can't make it" : undefined,
      `with ${parts.therapist}`,
    ]
      .filter(Boolean)
      .join(", "),
  needs: {
    title: "Needs a therapist",
    note: "Contacted requests with no visit booked (or only cancelled ones), oldest first.",
    empty: "Every contacted request has a visit.",
    /** "Received Nov 20, 2026 · Gurugram". */
    received: (day: string, place: string | undefined) =>
      place ? `Received ${day} · ${place}` : `Received ${day}`,
    /** When the list is longer than shown: "and 12 more". */
    more: (count: number) => `and ${count} more`,
    unknownPlace: "Unknown PIN code",
  },
  cantMakeList: {
    title: "Visits a therapist can't make",
    empty: "None: every scheduled visit has its therapist.",
    /** "Dec 01, 2026, 7:30 AM · Priya Sharma". */
    when: (time: string, therapist: string) => `${time} · ${therapist}`,
    reason: (reason: string) => `Reason: ${reason}`,
  },
} as const;
