import { useSiteText } from "#app/config/use-site-config.ts";
import type { TeamMember } from "#app/content/team.ts";

/** The team as the business filled it in: name, role, qualifications, registration, languages. */
export function TeamList({ members, fallback }: { members: TeamMember[]; fallback: string }) {
  const { labels } = useSiteText();
  if (members.length === 0) return <p className="text-lg text-slate-700">{fallback}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {members.map((member) => (
        <li key={member.name} className="flex gap-4 rounded-xl border border-slate-200 p-5">
          {member.photo ? (
            <img
              src={member.photo.src}
              alt={member.photo.alt}
              width={96}
              height={96}
              loading="lazy"
              className="size-24 shrink-0 rounded-full object-cover"
            />
          ) : null}
          <div className="text-base text-slate-700">
            <p className="text-lg font-semibold text-slate-900">{member.name}</p>
            <p>{member.role}</p>
            <p>{member.qualifications.join(", ")}</p>
            <p>
              {labels.registration} {member.councilRegistration}
            </p>
            <p>
              {labels.practiceAndLanguages
                .replace("{years}", String(member.yearsOfPractice))
                .replace("{languages}", member.languages.join(", "))}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
