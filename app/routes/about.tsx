import { CardGrid } from "#app/components/sections/card-grid.tsx";
import { CtaBanner } from "#app/components/sections/cta-banner.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section } from "#app/components/sections/section.tsx";
import { TeamList } from "#app/components/sections/team-list.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { useLocalePath } from "#app/config/use-site-config.ts";
import { aboutByLang } from "#app/content/about.ts";
import { bookPath } from "#app/content/navigation.ts";
import { team, teamStatementByLang } from "#app/content/team.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
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

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

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
