// The therapists' roster and profiles (decision 037): read for the admins' pages, for matching and
// for booking, and saved by the admins at /admin/therapists/:id. A profile is made by granting the
// role (app/domain/staff/roles.server.ts), never here; here it is read and changed.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { servedDistricts } from "#app/domain/areas/pincode-areas.server.ts";
import { accessBy, recordAccess } from "#app/domain/privacy/access-log.server.ts";
import {
  type TherapistProfileInput,
  therapistProfileSchema,
} from "#app/domain/visits/therapist-form.ts";
import {
  type TherapistSkill,
  therapistLanguages,
  therapistSkills,
  therapists,
  userRoles,
  users,
  type WeeklyHours,
} from "#db/schema.ts";

type TherapistLanguage = (typeof therapistLanguages)[number];

/** A therapist's profile as the roster holds it. */
export interface Therapist {
  id: string;
  email: string;
  displayName: string;
  registrationNumber: string;
  yearsOfPractice: number;
  languages: TherapistLanguage[];
  skills: TherapistSkill[];
  districts: string[];
  hours: WeeklyHours;
  /** India days, yyyy-mm-dd, sorted. */
  leave: string[];
  active: boolean;
  /** Whether the account still holds the therapist role (a revoked one's profile is kept). */
  hasRole: boolean;
  updatedAt: Date;
}

export type TherapistErrorReason = "unknown" | "invalid" | "no-role";

/** A save refused: no such profile, a field that breaks the rules, or activity without the role. */
export class TherapistProfileError extends Error {
  readonly reason: TherapistErrorReason;
  /** For "invalid": the first message for each field ("hours.1.0.from"). */
  readonly fields: Record<string, string>;
  constructor(reason: TherapistErrorReason, fields: Record<string, string> = {}) {
    super(`therapist profile: ${reason}`);
    this.name = "TherapistProfileError";
    this.reason = reason;
    this.fields = fields;
  }
}

const languageSet = new Set<string>(therapistLanguages);
const skillSet = new Set<string>(therapistSkills);

const columns = {
  id: therapists.userId,
  email: users.email,
  displayName: therapists.displayName,
  registrationNumber: therapists.registrationNumber,
  yearsOfPractice: therapists.yearsOfPractice,
  languages: therapists.languages,
  skills: therapists.skills,
  districts: therapists.districts,
  hours: therapists.hours,
  leave: therapists.leave,
  active: therapists.active,
  hasRole: sql<boolean>`${userRoles.userId} is not null`,
  updatedAt: therapists.updatedAt,
};

function selectTherapists(db: Database) {
  return db
    .select(columns)
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .leftJoin(
      userRoles,
      and(eq(userRoles.userId, therapists.userId), eq(userRoles.role, "therapist")),
    );
}

type Row = Awaited<ReturnType<typeof selectTherapists>>[number];

function toTherapist(row: Row): Therapist {
  return {
    ...row,
    languages: row.languages.filter((language): language is TherapistLanguage =>
      languageSet.has(language),
    ),
    skills: row.skills.filter((skill): skill is TherapistSkill => skillSet.has(skill)),
    leave: [...row.leave].sort(),
    hasRole: row.hasRole === true,
  };
}

/**
 * The roster: every profile, the active ones first, each part by name; with `activeOnly`, the
 * ones that may be suggested and booked (active, and still holding the role).
 */
export async function readRoster(
  db: Database,
  { activeOnly = false }: { activeOnly?: boolean } = {},
): Promise<Therapist[]> {
  const query = selectTherapists(db);
  const chosen = activeOnly
    ? query.where(and(eq(therapists.active, true), sql`${userRoles.userId} is not null`))
    : query;
  // By name whatever its case, alike on both databases (their collations differ).
  const rows = await chosen.orderBy(
    desc(therapists.active),
    sql`lower(${therapists.displayName})`,
    asc(users.email),
  );
  return rows.map(toTherapist);
}

/** One therapist's profile, or undefined when there is none with this id. */
export async function readTherapist(db: Database, id: string): Promise<Therapist | undefined> {
  if (id.length === 0 || id.length > 100) return undefined;
  const [row] = await selectTherapists(db).where(eq(therapists.userId, id)).limit(1);
  return row ? toTherapist(row) : undefined;
}

/**
 * The districts a profile may name: the served ones, and any it names already (a district the
 * directory has since renamed stays until it is taken off).
 */
export function districtsFor(current: readonly string[] = []): string[] {
  const served = servedDistricts().map((district) => district.name);
  return [...served, ...current.filter((district) => !served.includes(district)).sort()];
}

/** The admin saving, and the address their request came from (for the access log). */
export interface ProfileActor {
  id: string;
  email: string;
  address: string | null;
}

/**
 * Saves the whole profile, checked again by the form's rules, and records the save in the access
 * log, in one transaction: refused (TherapistProfileError, nothing written) when there is no such
 * profile, a field breaks a rule, or it would be made active while its account no longer holds
 * the role. Returns the profile as stored.
 */
export async function saveTherapistProfile(
  db: Database,
  id: string,
  input: TherapistProfileInput,
  actor: ProfileActor,
): Promise<Therapist> {
  return db.transaction(async (tx) => {
    const current = await readTherapist(tx, id);
    if (!current) throw new TherapistProfileError("unknown");
    const parsed = therapistProfileSchema(districtsFor(current.districts)).safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
      throw new TherapistProfileError("invalid", fields);
    }
    const profile = parsed.data;
    if (profile.active && !current.hasRole) throw new TherapistProfileError("no-role");
    const unique = <T>(values: readonly T[]) => [...new Set(values)];
    // Only the days that have windows are kept: an empty day is a day off.
    const hours: WeeklyHours = {};
    for (const [day, windows] of Object.entries(profile.hours)) {
      if (windows && windows.length > 0) hours[day as keyof WeeklyHours] = windows;
    }
    await tx
      .update(therapists)
      .set({
        displayName: profile.displayName,
        registrationNumber: profile.registrationNumber,
        yearsOfPractice: profile.yearsOfPractice,
        languages: therapistLanguages.filter((language) => profile.languages.includes(language)),
        skills: unique(profile.skills),
        districts: unique(profile.districts),
        hours,
        leave: unique(profile.leave).sort(),
        active: profile.active,
        updatedAt: sql`now()`,
      })
      .where(eq(therapists.userId, id));
    // A therapist's profile names no patient: the row says whose profile was saved, by whom.
    await recordAccess(tx, {
      ...accessBy({ user: actor }, actor.address),
      action: "therapist-profile",
      detail: { therapist: id },
    });
    const saved = await readTherapist(tx, id);
    if (!saved) throw new TherapistProfileError("unknown");
    return saved;
  });
}
