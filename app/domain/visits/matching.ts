// "Suggested therapists" on a request's page: who of the roster could take the request, best
// first, and why. Pure and deterministic for equal inputs (the page, the tests and the benchmark
// read the same ranking): the roster and the held times come from the database, now is an
// argument.
import { serviceCatalog } from "#app/content/catalog.ts";
import type { AreaSlug } from "#app/domain/areas/areas.ts";
import {
  freeStarts,
  type HeldTime,
  preferredWindows,
  type RosterTherapist,
  startOfIndiaDay,
} from "#app/domain/visits/schedule.ts";
import { type Place, type TravelRule, travelBetween } from "#app/domain/visits/travel.ts";
import type { PreferredTime, RequestCondition, TherapistSkill } from "#db/schema.ts";

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

/** What the matcher reads of a request (its need; no name, number or address). */
export interface MatchRequest {
  /** The district of its PIN code, as `districtOf` names it; null when the directory has none. */
  district: string | null;
  /** Our area there, for the travel table; null when none. */
  area?: AreaSlug | null;
  language: "en" | "hi";
  sentFromPath: string | null;
  landingPath: string | null;
  /** The condition the desk recorded; null when none (the page it came from stands for it). */
  condition?: RequestCondition | null;
  /** The family's preferred times of day; none is any time. */
  preferredTimes?: readonly PreferredTime[];
  /** A language the therapist must speak (the desk marked it so); null when none is required. */
  requiredLanguage?: string | null;
}

/** A therapist who serves elsewhere, offered when no one serves the request's district. */
interface NearbyTherapist {
  therapistId: string;
  name: string;
  /** The district of theirs nearest the request, and the travel from it. */
  district: string;
  minutes: number;
}

export interface MatchOptions {
  now: Date;
  /** The visit's length and the flat travel after it, in minutes (the settings). */
  minutes: number;
  travelMinutes: number;
  /** The clinic's travel table between places (decision 050); the flat least when absent. */
  travel?: TravelRule;
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
  /** The required language when they do not speak it ("Hindi"): said plainly, ranked last. */
  lacksLanguage: string | null;
  /** Whether their starts offered are at the family's preferred times; null when none asked. */
  fitsTimes: boolean | null;
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
  | {
      kind: "none";
      reason: "no_district" | "no_one_serves";
      service: ServiceKey | null;
      /** When no one serves the district: the nearest who serve others, nearest first (3). */
      nearest: NearbyTherapist[];
    };

/** One suggestion as the page receives it (times as milliseconds). */
interface SuggestionView {
  therapistId: string;
  name: string;
  yearsOfPractice: number;
  skill: TherapistSkill | null;
  language: string | null;
  lacksLanguage: string | null;
  fitsTimes: boolean | null;
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
  /** The district no one serves, and the nearest therapists who serve others. */
  district: string | null;
  nearest: NearbyTherapist[];
  /** The need as matched: the condition recorded, the preferred times, the language required. */
  condition: RequestCondition | null;
  preferredTimes: PreferredTime[];
  requiredLanguage: string | null;
  suggestions: SuggestionView[];
}

const dayMs = 86_400_000;

/** The service a request is for: the condition the desk recorded, else the page it came from. */
function serviceOfNeed(request: MatchRequest): ServiceKey | null {
  return request.condition ?? serviceOfRequest(request) ?? null;
}

/**
 * The active therapists who serve the request's district, best first: the language the desk
 * required spoken (those without it last, and marked), the request's service among their skills
 * (general physiotherapy a weaker match), its language spoken, starts free at the family's
 * preferred times, the earliest free start in the next `days` India days, the fewest visits in
 * those days; then by name and id. Their starts are at the preferred times when any is free there.
 * When no one serves the district, the nearest of the others (`districtsOf` gives each district's
 * areas).
 */
export function suggestTherapists(
  request: MatchRequest,
  roster: RosterTherapist[],
  held: HeldTime[],
  options: MatchOptions,
  districtsOf?: (district: string) => readonly AreaSlug[],
): Suggestions {
  const service = serviceOfNeed(request);
  const district = request.district;
  if (!district) return { kind: "none", reason: "no_district", service, nearest: [] };
  const active = roster.filter((t) => t.active);
  const serving = active.filter((t) => t.districts.includes(district));
  if (serving.length === 0) {
    const here: Place = { district, area: request.area ?? null };
    return {
      kind: "none",
      reason: "no_one_serves",
      service,
      nearest: nearestOf(active, here, options, districtsOf),
    };
  }
  const travel = options.travel
    ? { rule: options.travel, place: { district, area: request.area ?? null } }
    : undefined;
  const within = (request.preferredTimes ?? []).map((time) => preferredWindows[time]);
  const required = request.requiredLanguage ?? null;

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
    const search = {
      from,
      days,
      minutes: options.minutes,
      travelMinutes: options.travelMinutes,
      now: options.now,
      limit: options.starts ?? 3,
      travel,
    };
    const preferred = within.length > 0 ? freeStarts(therapist, theirs, { ...search, within }) : [];
    const starts = preferred.length > 0 ? preferred : freeStarts(therapist, theirs, search);
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
      lacksLanguage: required && !therapist.languages.includes(required) ? required : null,
      fitsTimes: within.length > 0 ? preferred.length > 0 : null,
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
    Number(a.reasons.lacksLanguage !== null) - Number(b.reasons.lacksLanguage !== null) ||
    skillScore(b.reasons) - skillScore(a.reasons) ||
    Number(b.reasons.language !== null) - Number(a.reasons.language !== null) ||
    Number(b.reasons.fitsTimes === true) - Number(a.reasons.fitsTimes === true) ||
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

/**
 * The active therapists nearest a place no one serves, by the travel from the nearest district
 * they serve (its areas from `districtsOf`), then by name: at most three.
 */
function nearestOf(
  active: RosterTherapist[],
  here: Place,
  options: MatchOptions,
  districtsOf: ((district: string) => readonly AreaSlug[]) | undefined,
): NearbyTherapist[] {
  const rule = options.travel ?? { table: new Map(), least: options.travelMinutes };
  const found: NearbyTherapist[] = [];
  for (const therapist of active) {
    let best: { district: string; minutes: number } | undefined;
    for (const district of therapist.districts) {
      const areas = districtsOf?.(district) ?? [];
      const places: Place[] =
        areas.length > 0 ? areas.map((area) => ({ district, area })) : [{ district, area: null }];
      for (const place of places) {
        const minutes = travelBetween(rule, here, place);
        if (!best || minutes < best.minutes) best = { district, minutes };
      }
    }
    if (best) found.push({ therapistId: therapist.id, name: therapist.displayName, ...best });
  }
  return found.sort((a, b) => a.minutes - b.minutes || compareText(a.name, b.name)).slice(0, 3);
}
