import { describe, expect, it } from "vitest";
import { type TeamMember, team, teamFor } from "#app/content/team.ts";

const member = (name: string, services: TeamMember["services"]): TeamMember => ({
  name,
  role: "Physiotherapist",
  qualifications: ["BPT"],
  councilRegistration: "Haryana State Council, HR-0000",
  languages: ["Hindi", "English"],
  yearsOfPractice: 5,
  services,
});

describe("the team", () => {
  it("is empty until the business fills it in: no invented people", () => {
    expect(team).toEqual([]);
  });

  it("shows beside a service page the members who provide it", () => {
    const members = [
      member("A", ["stroke-rehabilitation-at-home"]),
      member("B", ["senior-physiotherapy-at-home", "stroke-rehabilitation-at-home"]),
      member("C", ["sports-injury-physiotherapy"]),
    ];
    expect(teamFor("stroke-rehabilitation-at-home", members).map((m) => m.name)).toEqual([
      "A",
      "B",
    ]);
    expect(teamFor("back-pain-physiotherapy-at-home", members)).toEqual([]);
  });
});
