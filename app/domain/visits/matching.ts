// "Suggested therapists" on a request's page: who of the roster could take the request, best
// first, and why. Pure and deterministic for equal inputs (the page, the tests and the benchmark
// read the same ranking): the roster and the held times come from the database, now is an
// argument.
import { serviceCatalog } from "#app/content/catalog.ts";
import {
  freeStarts,
  type HeldTime,
  type RosterTherapist,
  startOfIndiaDay,
} from "#app/domain/visits/schedule.ts";
import type { TherapistSkill } from "#db/schema.ts";

/** A service of the site (its key in app/content/catalog.ts). */
export type ServiceKey = keyof typeof serviceCatalog;

const serviceBySlug = new Map<string, ServiceKey>(
  (Object.keys(serviceCatalog) as ServiceKey[]).map((key) => [serviceCatalog[key].slug, key]),
);

/** The service a page of the site is about: "/hi/stroke-rehabilitation-at-home" → "stroke". */
export function serviceOfPath(path: string | null | undefined): ServiceKey | undefined {
  if (!path) return undefined;
  const bare = path.split(/[?#]/)[0]?.replace(/\/+$/, "") ?? "";
  const slug = bare.replace(/^\/(hi\/)?/, "");
  return serviceBySlug.get(slug);
}

/**
 * The service a request came for: the service page its form was sent from, else the one its
 * visit landed on; undefined when neither is a service page (the home page, /contact, a blog post).
 */
export function serviceOfRequest(paths: {
  sentFromPath: string | null;
  landingPath: string | null;
}): ServiceKey | undefined {
  return serviceOfPath(paths.sentFromPath) ?? serviceOfPath(paths.landingPath);
}

/** The therapist's language that a request's language asks for. */
const spokenFor = { en: "English", hi: "Hindi" } as const;

/** What the matcher reads of a request (no personal data). */
export interface MatchRequest {
  /** The district of its PIN code, as `districtOf` names it; null when the directory has none. */
  district: string | null;
  language: "en" | "hi";
  sentFromPath: string | null;
  landingPath: string | null;
}

export interface MatchOptions {
  now: Date;
  /** The visit's length and the travel after it, in minutes (the settings). */
  minutes: number;
  travelMinutes: number;
  /** India days searched from today (7: today and the next six). */
  days?: number;
  /** Free starts offered with each suggestion (3). */
  starts?: number;
}

/** Why a suggestion is made, as data: the page words it (visit-texts.ts). */
interface MatchReasons {
  district: string;
  /** The request's service among their skills, "general" when only that, null when neither. */
  skill: TherapistSkill | null;
  /** The request's language when they speak it. */
  language: string | null;
  /** Their earliest free start in the days searched; null when none. */
  firstFree: Date | null;
  /** Their visits (not cancelled) starting in the days searched. */
  visitsInWeek: number;
}

interface Suggestion {
  therapist: RosterTherapist;
  reasons: MatchReasons;
  /** Their first free starts (at most `starts`), in order. */
  starts: Date[];
}

export type Suggestions =
  | { kind: "suggested"; service: ServiceKey | null; suggestions: Suggestion[] }
  | { kind: "none"; reason: "no_district" | "no_one_serves"; service: ServiceKey | null };

/** One suggestion as the page receives it (times as milliseconds). */
interface SuggestionView {
  therapistId: string;
  name: string;
  yearsOfPractice: number;
  skill: TherapistSkill | null;
  language: string | null;
  firstFree: number | null;
  visitsInWeek: number;
  starts: number[];
}

/** "Suggested therapists" as the request's page receives it. */
export interface RequestSuggestions {
  /** Where the request is, as its page names it: the area ("Noida"), else the district. */
  place: string | null;
  /** The service the request came for; null when it came from no service page. */
  service: ServiceKey | null;
  /** Why no one is suggested; null when someone is. */
  none: "no_district" | "no_one_serves" | null;
  suggestions: SuggestionView[];
}

const dayMs = 86_400_000;

/**
 * The active therapists who serve the request's district, best first: the request's service
 * among their skills (general physiotherapy a weaker match), its language spoken, the earliest
 * free start in the next `days` India days, the fewest visits in those days; then by name and id.
 */
export function suggestTherapists(
  request: MatchRequest,
  roster: RosterTherapist[],
  held: HeldTime[],
  options: MatchOptions,
): Suggestions {
  const service = serviceOfRequest(request) ?? null;
  const district = request.district;
  if (!district) return { kind: "none", reason: "no_district", service };
  const serving = roster.filter((t) => t.active && t.districts.includes(district));
  if (serving.length === 0) return { kind: "none", reason: "no_one_serves", service };

  const days = options.days ?? 7;
  const from = startOfIndiaDay(options.now);
  const until = from.getTime() + days * dayMs;
  const heldOf = new Map<string, HeldTime[]>();
  for (const h of held) {
    const list = heldOf.get(h.therapistId);
    if (list) list.push(h);
    else heldOf.set(h.therapistId, [h]);
  }
  const spoken = spokenFor[request.language];

  const ranked = serving.map((therapist) => {
    const theirs = heldOf.get(therapist.id) ?? [];
    const starts = freeStarts(therapist, theirs, {
      from,
      days,
      minutes: options.minutes,
      travelMinutes: options.travelMinutes,
      now: options.now,
      limit: options.starts ?? 3,
    });
    const skill: TherapistSkill | null =
      service && therapist.skills.includes(service)
        ? service
        : service && therapist.skills.includes("general")
          ? "general"
          : null;
    const reasons: MatchReasons = {
      district,
      skill,
      language: therapist.languages.includes(spoken) ? spoken : null,
      firstFree: starts[0] ?? null,
      visitsInWeek: theirs.filter((h) => {
        const at = h.startsAt.getTime();
        return at >= from.getTime() && at < until;
      }).length,
    };
    return { therapist, reasons, starts };
  });
  return { kind: "suggested", service, suggestions: ranked.sort(byRank) };
}

function skillScore(reasons: MatchReasons): number {
  if (!reasons.skill) return 0;
  return reasons.skill === "general" ? 1 : 2;
}

function byRank(a: Suggestion, b: Suggestion): number {
  const free = (s: Suggestion) => s.reasons.firstFree?.getTime() ?? Number.POSITIVE_INFINITY;
  return (
    skillScore(b.reasons) - skillScore(a.reasons) ||
    Number(b.reasons.language !== null) - Number(a.reasons.language !== null) ||
    free(a) - free(b) ||
    a.reasons.visitsInWeek - b.reasons.visitsInWeek ||
    compareText(a.therapist.displayName, b.therapist.displayName) ||
    compareText(a.therapist.id, b.therapist.id)
  );
}

/** By code unit, so that the order is the same on every machine (no locale's collation). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
