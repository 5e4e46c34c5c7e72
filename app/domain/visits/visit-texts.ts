// The visits capability's words (decision 026): what the staff and the therapists read about home
// visits, in English, the staff's one language. Browser-safe: the pages' components and the
// server's views both read it. Each screen has its own exported object.
import type { VisitKind, VisitStatus } from "#db/schema.ts";

// ---- The front desk's schedule (/admin/schedule) -------------------------------------------

const visitKindNames: Record<VisitKind, string> = {
  assessment: "Assessment",
  treatment: "Treatment",
};

const visitStatusNames: Record<VisitStatus, string> = {
  scheduled: "Scheduled",
  done: "Done",
  no_show: "Patient not home",
  cancelled: "Cancelled",
};

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
    kind: VisitKind;
    course?: { index: number; size: number };
    status: VisitStatus;
    cantMake: boolean;
    therapist: string;
  }) =>
    [
      parts.day ? `${parts.day}, ${parts.time}` : parts.time,
      parts.name,
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
