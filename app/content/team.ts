// The people who visit: one record per physiotherapist, filled in by the business. Until then
// the list is empty and the pages say only what the spec itself claims (certified
// physiotherapists, 10+ years of experience): no invented names, credentials, faces or numbers.
import type { ServiceSlug } from "#app/content/catalog.ts";
import { teamStatementHi } from "#app/content/hi/team.ts";
import type { Localized } from "#app/content/localized.ts";

export interface TeamMember {
  name: string;
  /** e.g. "Senior Physiotherapist". */
  role: string;
  /** e.g. ["BPT", "MPT (Neurology)"]. */
  qualifications: string[];
  /** The state physiotherapy council and registration number, as the registration reads. */
  councilRegistration: string;
  languages: string[];
  yearsOfPractice: number;
  /** A photo of this person, under public/ (never a stock photo). */
  photo?: { src: string; alt: string };
  /** The service pages this person is shown beside. */
  services: ServiceSlug[];
}

export const team: TeamMember[] = [];

/** What the pages say about the team while `team` is empty: the spec's own claims only. */
const teamStatement =
  "Every visit is made by a certified physiotherapist with experience of treating patients at home; our team has more than 10 years of experience.";

/** The members shown beside a service page: those who provide it. */
export function teamFor(service: ServiceSlug, members: readonly TeamMember[] = team): TeamMember[] {
  return members.filter((member) => member.services.includes(service));
}

export const teamStatementByLang: Localized<string> = { en: teamStatement, hi: teamStatementHi };
