// The insights capability's words (decision 026): what the owner's insights page says, its
// headings, labels and sentences, and the way it writes a duration, a share and a day. English
// only, as every staff screen. Browser-safe (no server code): the page's components and the
// server's view of the figures (insights-view.server.ts) both read it.

import type { Comparison, PeriodError, PeriodKind } from "#app/domain/insights/period.ts";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";
import { fillText } from "#app/lib/fill-text.ts";

/** The periods the form offers. */
export const periodNames: Record<PeriodKind, string> = {
  "last-7-days": "Last 7 days",
  "this-week": "This week",
  "last-week": "Last week",
  "last-4-weeks": "Last 4 weeks",
  "last-3-months": "Last 3 months",
  dates: "Dates",
};

/** Why dates typed were not used (resolvePeriod's reason); {days}: the longest period. */
const periodErrors: Record<PeriodError, string> = {
  "missing-dates": "Type both dates.",
  "wrong-order": "The first date must not be after the last.",
  "too-long": "Choose at most {days} days.",
};

/** How the span compared with stands to the period: "9 the week before". */
const comparisons: Record<Comparison["kind"], string> = {
  "same-time-last-week": "by this time last week",
  "week-before": "the week before",
  "7-days-before": "the 7 days before",
  "4-weeks-before": "the 4 weeks before",
};

/** A figure of the span compared with: "9 the week before", "60% by this time last week". */
export const comparedText = (value: string | number, kind: Comparison["kind"]) =>
  `${value} ${comparisons[kind]}`;

/** What the page says for resolvePeriod's reason; `maxDays` is period.ts's maxPeriodDays. */
export const periodErrorText = (error: PeriodError, maxDays: number) =>
  fillText(periodErrors[error], { days: String(maxDays) });

const noRequests = "No requests in this period.";

/** "1 request", "25 requests". */
const requests = (count: number) => `${count} ${count === 1 ? "request" : "requests"}`;

export const insightsTexts = {
  title: "Insights",
  backToRequests: "Requests",
  periodLegend: "Period",
  from: "From",
  to: "To",
  show: "Show",
  loading: "Loading the figures",
  /** After resolvePeriod's error: what is shown instead. */
  fallback: "Showing the last 7 days instead.",
  /** Under the period line: the span its figures are set beside. */
  compareLine: (span: string) => `Compared with ${span}`,
  /** The span compared with had none: "None to judge the week before". */
  noneToJudge: "None to judge",
  noneContacted: "None contacted",
  loadFailed: "The figures could not be read just now. Please try again in a moment.",
  headline: {
    requests: "Requests",
    withinPromise: "Contacted within 24 h",
    median: "Median time to first contact",
    overdue: "Overdue now",
  },
  sections: {
    perDay: "Requests per day",
    perWeek: "Requests per week",
    byArea: "By area",
    byLanding: "By landing page",
    byChannel: "By channel",
    byStatus: "By status",
    contact: "First contact",
    overdue: "Overdue now",
  },
  columns: {
    day: "Day",
    week: "Week of",
    area: "Area",
    landing: "Landing page",
    channel: "Channel",
    status: "Status",
    requests: "Requests",
    share: "Share",
    owner: "Owner",
    contacted: "Contacted",
    waiting: "Still waiting",
    within: "Within 24 h",
    median: "Median",
    p90: "90th percentile",
  },
  average: (perBucket: number, bucket: "day" | "week") =>
    `${perBucket.toLocaleString("en-IN", { maximumFractionDigits: 1 })} a ${bucket} on average`,
  homePage: "/ (home page)",
  notRecorded: "Not recorded",
  unknownPincode: "Unknown PIN code",
  outside: (district: string) => `Outside: ${district}`,
  /** The row of the requests no one owned when they were judged. */
  nobody: "Nobody",
  junk: "Junk (not counted above)",
  noRequests,
  noContact: "No request of this period can be judged yet.",
  notJudged: "None to judge yet",
  contactNote:
    "A request still inside its first 24 hours and not yet contacted, or erased before anyone contacted it, is not counted in the share.",
  ownerNote:
    "Each request counts for whoever owned it when it was first contacted or, if 24 hours passed first, for whoever owned it then; Nobody when no one did. Still waiting: past 24 hours and not contacted yet, counted in the share but not in the times.",
  overdueText: (count: number) =>
    count === 1
      ? "1 request has waited more than 24 hours without a first contact."
      : `${count} requests have waited more than 24 hours without a first contact.`,
  overdueLink: "Open Needs attention",
  junkNote: "Junk is left out of every figure but its own count.",
  requests,
  /** "12 of 15": a part of a whole. */
  outOf: (part: number, whole: number | string) => `${part} of ${whole}`,
  /** A week's column: "Week of Nov 16". */
  weekOf: (day: string) => `Week of ${day}`,
  /** A chart's words for screen readers: "By area: Gurugram 12, Delhi 8; 20 requests in all." */
  listSummary: (title: string, items: string[], total: number) =>
    items.length === 0
      ? `${title}: ${noRequests}`
      : `${title}: ${items.join(", ")}; ${requests(total)} in all.`,
  /** "Requests per day, Nov 16, 2026 – Nov 22, 2026: 25 requests, most (7) on Nov 18." */
  perBucketSummary: (
    title: string,
    period: string,
    total: number,
    busiest?: { count: number; week: boolean; day: string },
  ) =>
    `${title}, ${period}: ${requests(total)}${busiest ? `, most (${busiest.count}) ${busiest.week ? "in the week of" : "on"} ${busiest.day}` : ""}.`,
} as const;

/** "45 min", "2 h 05 min", "3 d 04 h": how long, in the unit a person would say. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return "—";
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 48) return `${hours} h ${String(whole % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${String(hours % 24).padStart(2, "0")} h`;
}

/** "75%" of a part of a whole; "—" of nothing. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return "—";
  return `${Math.round((100 * part) / whole)}%`;
}

/** India's midnight at the start of a yyyy-mm-dd day. */
const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00+05:30`);

/** "Nov 23, 2026" for a yyyy-mm-dd day of India's calendar. */
export const formatDay = (isoDay: string) => formatDate(dayStart(isoDay));

/** "Nov 23" for a yyyy-mm-dd day: a chart's label. */
export const formatShortDay = (isoDay: string) => formatDay(isoDay).slice(0, 6);

/** "Nov 16, 2026 – Nov 22, 2026": the period line. */
export const formatPeriod = (from: string, to: string) => `${formatDay(from)} – ${formatDay(to)}`;

/** "Nov 16, 2026, 10:15 AM – Nov 23, 2026, 10:15 AM": a span that does not end at midnight. */
export const formatSpan = (start: Date, end: Date) =>
  `${formatDateTime(start)} – ${formatDateTime(end)}`;

/** The home visits' figures on the insights page (docs/insights.md). */
export const visitInsightsTexts = {
  section: "Home visits",
  firstVisit: "Request to first visit",
  median: "Median",
  p90: "90th percentile",
  within: "First visit within 48 h",
  /** "9 of 12 requests". */
  withinText: (within: number, judged: number) =>
    judged === 0 ? "None to judge yet" : `${within} of ${judged} requests`,
  firstVisitNote:
    "From the request to the start of its first visit not cancelled. The share counts the requests booked, and those 48 hours old still waiting for a visit (not erased, not completed).",
  perWeek: "Visits per week",
  perTherapist: "Visits per therapist",
  columns: {
    week: "Week of",
    therapist: "Therapist",
    done: "Done",
    noShow: "Not home",
    cancelled: "Cancelled",
    scheduled: "Scheduled",
    booked: "Booked",
    working: "Working hours",
    share: "Booked share",
  },
  noTherapists: "No therapist yet.",
  therapistNote:
    "By each visit's start. Booked: the visits not cancelled (done, not home or still scheduled), against the therapist's working hours in the period, leave left out.",
  /** The WhatsApp messages to families, and what the reminders did (decision 038). */
  messages: {
    heading: "Messages to families on WhatsApp",
    sent: "Sent",
    /** "2 of them by hand". */
    sentText: (byHand: number) =>
      byHand === 0 ? "None by hand" : `${byHand} of them by hand, from a chat link`,
    delivered: "Delivered",
    deliveredText: "Reported by WhatsApp (sent through the API)",
    failed: "Failed",
    failedText: "Refused or given up: the family is called instead",
    confirmed: "Visits confirmed by reply (Confirm or YES)",
    /** "3 of 5 visits reminded". */
    confirmedText: (confirmed: number, reminded: number) =>
      reminded === 0 ? "No reminder sent" : `${confirmed} of ${reminded} visits reminded`,
    codeConfirmed: "Visits confirmed by the family's code",
    /** "7 of 9 visits done". */
    codeConfirmedText: (confirmed: number, done: number) =>
      done === 0 ? "No visit done yet" : `${confirmed} of ${done} visits done`,
    notHomeReminded: "Not home, with a reminder",
    notHomeNotReminded: "Not home, without a reminder",
    /** "1 of 4 visits". */
    notHomeText: (noShow: number, judged: number) =>
      judged === 0 ? "No visit done yet" : `${noShow} of ${judged} visits`,
    note: "Messages by when they were queued; visits by their start, cancelled ones left out. Not home: of the visits done or not home, those whose family was sent a reminder the evening before, and the others.",
  },
  /** "12 h 30 min". */
  hours: (minutes: number) =>
    minutes % 60 === 0
      ? `${Math.floor(minutes / 60)} h`
      : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`,
} as const;

/** Drop-off after the assessment on the insights page (docs/insights.md). */
export const dropOffTexts = {
  section: "After the assessment",
  booked: "Treatment booked within 7 days",
  /** "4 of 6 families". */
  bookedText: (booked: number, judged: number) =>
    judged === 0 ? "None to judge yet" : `${booked} of ${judged} families`,
  perWeek: "Families assessed per week",
  columns: {
    week: "Week of",
    assessed: "Assessed",
    booked: "Booked within 7 days",
    notBooked: "Not booked",
    waiting: "Under 7 days",
    share: "Booked share",
  },
  note: "By the day of each assessment marked done, a family counted once a week. Booked: a treatment visit of the same request, not cancelled, after the assessment, booked at most 7 days after it. Under 7 days: not booked yet and assessed less than 7 days ago, left out of the share. Junk is left out.",
  toCall: "Not booked: families to call",
  listColumns: {
    reference: "Request",
    patient: "Patient",
    assessed: "Assessed on",
    therapist: "Therapist",
    phone: "Phone",
  },
  noFamilies: "No family assessed in this period has gone 7 days without booking treatment.",
  listNote:
    "The families whose last assessment, in this period, was done more than 7 days ago, with no treatment booked after it (erased requests left out), newest first. A family shows here 7 days after its assessment: the last 7 days hold none yet.",
} as const;
