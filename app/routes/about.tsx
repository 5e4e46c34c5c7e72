import { CardGrid } from "~/components/sections/card-grid";
import { CtaBanner } from "~/components/sections/cta-banner";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { TeamList } from "~/components/sections/team-list";
import { ButtonLink } from "~/components/ui/button";
import { useLocalePath } from "~/config/use-site-config";
import { aboutByLang } from "~/content/about";
import { bookPath } from "~/content/navigation";
import { team, teamStatementByLang } from "~/content/team";
import { langOfRequest } from "~/lib/lang";
import { metaFromLoader } from "~/lib/meta-from-loader";
import { routeMeta } from "~/lib/route-meta.server";
import type { Route } from "./+types/about";

export function loader({ request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  const about = aboutByLang[lang];
  return {
    meta: routeMeta(request, { seo: about.seo, path: "/about" }),
    about,
    team,
    teamStatement: teamStatementByLang[lang],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

export default function About({
  loaderData: { about, team, teamStatement },
}: Route.ComponentProps) {
  const localePath = useLocalePath();
  return (
    <>
      <PageHero heading={about.hero.heading} text={about.hero.text} />
      <Section id="mission" heading={about.mission.heading}>
        <div className="mx-auto max-w-3xl space-y-4 text-lg text-slate-700">
          {about.mission.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="values" heading={about.values.heading} tone="tint">
        <CardGrid cards={about.values.cards} />
      </Section>
      <Section id="team" heading={about.team.heading}>
        <div className="mx-auto max-w-3xl space-y-4 text-lg text-slate-700">
          {about.team.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <TeamList members={team} fallback={teamStatement} />
          <figure className="mt-8 rounded-xl border-l-4 border-brand-700 bg-brand-50 p-6">
            <blockquote className="text-xl text-slate-800 italic">
              “{about.team.founderQuote.text}”
            </blockquote>
            <figcaption className="mt-4 font-semibold text-slate-900">
              — {about.team.founderQuote.role}
            </figcaption>
          </figure>
        </div>
      </Section>
      <CtaBanner heading={about.cta.heading} text={about.cta.text}>
        <ButtonLink to={localePath(bookPath)} variant="secondary" size="lg">
          {about.cta.buttonLabel}
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
