// The words of home visits (issue 28, decision 026): what the staff screens say of therapists and
// visits, in English, the staff's one language. The domain returns reason codes and data; the
// screens pick these words.
import { TZDate } from "@date-fns/tz";
import type { TherapistSkill } from "#db/schema.ts";

/** A skill as a reason reads it: "Noida · stroke · speaks Hindi". */
export const skillWords: Record<TherapistSkill, string> = {
  stroke: "stroke",
  postSurgery: "after surgery",
  backPain: "back pain",
  sportsInjury: "sports injury",
  senior: "seniors",
  general: "general physiotherapy",
};

const weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const monthNames = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

function inIndia(date: Date) {
  return new TZDate(date.getTime(), "Asia/Kolkata");
}

/** "7:30 AM", "5:15 PM": India time. */
export function visitTime(date: Date): string {
  const t = inIndia(date);
  const hour = t.getHours() % 12 === 0 ? 12 : t.getHours() % 12;
  return `${hour}:${String(t.getMinutes()).padStart(2, "0")} ${t.getHours() < 12 ? "AM" : "PM"}`;
}

/** "Tue 1 Dec": an India day. */
export function visitDay(date: Date): string {
  const t = inIndia(date);
  return `${weekdayNames[t.getDay()]} ${t.getDate()} ${monthNames[t.getMonth()]}`;
}

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
    "Active therapists who serve this request's district, best first: the service it came for, its language, the earliest free start in the next 7 days, then the fewest visits.",
  noDistrict:
    "No therapist can be suggested: the PIN code is not in the directory, so its district is unknown. Any therapist can still be booked.",
  noOneServes: (place: string) =>
    `No active therapist serves ${place} yet. Any therapist can still be booked.`,
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

/** A suggestion's reasons in a few words: "Noida · stroke · speaks Hindi · free tomorrow 7:30 AM". */
export function suggestionLine(
  reasons: { skill: TherapistSkill | null; language: string | null; firstFree: Date | null },
  place: string,
  now: Date,
): string {
  return [
    place,
    reasons.skill ? skillWords[reasons.skill] : null,
    reasons.language ? suggestionTexts.speaks(reasons.language) : null,
    reasons.firstFree ? suggestionTexts.free(reasons.firstFree, now) : suggestionTexts.notFree,
  ]
    .filter(Boolean)
    .join(" · ");
}
