// What "Suggested therapists" reads from the database for one request: the request's district,
// language and pages (no personal data), the active therapists serving that district, and the
// time their visits hold over the days searched. The ranking itself is matching.ts's, pure.
import { and, arrayContains, eq, gt, inArray, lt, ne } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { areaNames } from "#app/domain/areas/areas.ts";
import { districtOf, servedDistricts } from "#app/domain/areas/pincode-areas.server.ts";
import {
  type RequestSuggestions,
  type Suggestions,
  suggestTherapists,
} from "#app/domain/visits/matching.ts";
import {
  type HeldTime,
  type RosterTherapist,
  startOfIndiaDay,
} from "#app/domain/visits/schedule.ts";
import { placeOfPincode, travelRule } from "#app/domain/visits/travel.server.ts";
import {
  appointments,
  type TherapistSkill,
  therapistSkills,
  therapists,
  visits,
} from "#db/schema.ts";

/** The days searched for free starts: today and the next six, in India. */
const suggestionDays = 7;
const dayMs = 86_400_000;

function viewOf(
  result: Suggestions,
  place: string | null,
  need: Pick<RequestSuggestions, "district" | "condition" | "preferredTimes" | "requiredLanguage">,
): RequestSuggestions {
  if (result.kind === "none") {
    return {
      place,
      service: result.service,
      none: result.reason,
      nearest: result.nearest,
      ...need,
      suggestions: [],
    };
  }
  return {
    place,
    service: result.service,
    none: null,
    nearest: [],
    ...need,
    suggestions: result.suggestions.map(({ therapist, reasons, starts }) => ({
      therapistId: therapist.id,
      name: therapist.displayName,
      yearsOfPractice: therapist.yearsOfPractice,
      skill: reasons.skill,
      language: reasons.language,
      lacksLanguage: reasons.lacksLanguage,
      fitsTimes: reasons.fitsTimes,
      firstFree: reasons.firstFree?.getTime() ?? null,
      visitsInWeek: reasons.visitsInWeek,
      starts: starts.map((start) => start.getTime()),
    })),
  };
}

type TherapistRow = typeof therapists.$inferSelect;

/** A row of `therapists` as the schedule reads it. */
function rosterTherapistOf(row: TherapistRow): RosterTherapist {
  return {
    id: row.userId,
    displayName: row.displayName,
    registrationNumber: row.registrationNumber,
    yearsOfPractice: row.yearsOfPractice,
    languages: row.languages,
    skills: row.skills.filter((skill): skill is TherapistSkill =>
      (therapistSkills as readonly string[]).includes(skill),
    ),
    districts: row.districts,
    hours: row.hours,
    leave: row.leave,
    active: row.active,
  };
}

/**
 * The suggestions for a request, or null when there is no such request or its personal data was
 * erased (the work on it is over).
 */
export async function suggestionsFor(
  db: Database,
  appointmentId: string,
  options: { now: Date; minutes: number; travelMinutes: number },
): Promise<RequestSuggestions | null> {
  const [request] = await db
    .select({
      pincode: appointments.pincode,
      language: appointments.language,
      landingPath: appointments.landingPath,
      sentFromPath: appointments.sentFromPath,
      condition: appointments.condition,
      preferredTimes: appointments.preferredTimes,
      requiredLanguage: appointments.requiredLanguage,
      erasedAt: appointments.erasedAt,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!request || request.erasedAt) return null;
  const found = districtOf(request.pincode);
  const district = found?.district ?? null;
  const place = found ? (found.area ? areaNames[found.area] : found.district) : null;
  let roster = district
    ? (
        await db
          .select()
          .from(therapists)
          .where(and(eq(therapists.active, true), arrayContains(therapists.districts, [district])))
      ).map(rosterTherapistOf)
    : [];
  // No one serves the district: the page names the nearest who serve others.
  const nearestWanted = district !== null && roster.length === 0;
  if (nearestWanted) {
    roster = (await db.select().from(therapists).where(eq(therapists.active, true))).map(
      rosterTherapistOf,
    );
  }
  const travel = await travelRule(db, options.travelMinutes);
  const from = startOfIndiaDay(options.now);
  const until = new Date(from.getTime() + suggestionDays * dayMs);
  const held: HeldTime[] =
    roster.length === 0 || nearestWanted
      ? []
      : (
          await db
            .select({
              visitId: visits.id,
              therapistId: visits.therapistId,
              startsAt: visits.startsAt,
              blockedUntil: visits.blockedUntil,
              endsAt: visits.endsAt,
              pincode: appointments.pincode,
            })
            .from(visits)
            .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
            .where(
              and(
                inArray(
                  visits.therapistId,
                  roster.map((t) => t.id),
                ),
                ne(visits.status, "cancelled"),
                // A day more: a visit just after the last day may still hold a late start's travel.
                lt(visits.startsAt, new Date(until.getTime() + dayMs)),
                gt(visits.blockedUntil, from),
              ),
            )
        ).map(({ pincode, ...held }) => ({ ...held, place: placeOfPincode(pincode) }));
  const result = suggestTherapists(
    {
      district,
      language: request.language,
      landingPath: request.landingPath,
      sentFromPath: request.sentFromPath,
      area: found?.area ?? null,
      condition: request.condition,
      preferredTimes: request.preferredTimes,
      requiredLanguage: request.requiredLanguage,
    },
    roster,
    held,
    { ...options, days: suggestionDays, travel },
    areasOfDistrict,
  );
  return viewOf(result, place, {
    district,
    condition: request.condition,
    preferredTimes: request.preferredTimes,
    requiredLanguage: request.requiredLanguage,
  });
}

/** The areas of a served district ("Gautam Buddha Nagar" → Noida, Greater Noida). */
function areasOfDistrict(district: string) {
  return servedDistricts().find((served) => served.name === district)?.areas ?? [];
}
