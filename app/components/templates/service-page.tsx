import { ChatLink } from "#app/components/contact-links.tsx";
import { CardGrid } from "#app/components/sections/card-grid.tsx";
import { CheckList } from "#app/components/sections/check-list.tsx";
import { CtaBanner } from "#app/components/sections/cta-banner.tsx";
import { Faq } from "#app/components/sections/faq.tsx";
import { Fees } from "#app/components/sections/fees.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section } from "#app/components/sections/section.tsx";
import { TeamList } from "#app/components/sections/team-list.tsx";
import { TestimonialCard } from "#app/components/testimonial-card.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { useSiteText } from "#app/config/use-site-config.ts";
import type { FeesSection } from "#app/content/fees.ts";
import type { Illustration } from "#app/content/illustrations.ts";
import type { TeamMember } from "#app/content/team.ts";
import type { PlacedTestimonial } from "#app/content/testimonials.ts";
import type { FaqEntry, ServicePage } from "#app/content/types.ts";

/** The one layout of the five service pages; they book by chat. */
export function ServiceTemplate({
  service,
  faq,
  fees,
  testimonials,
  team,
  illustration,
}: {
  service: ServicePage;
  /** The page's questions, shown before the closing call to action. */
  faq: readonly FaqEntry[];
  /** What a visit costs, shown before the questions. */
  fees: FeesSection;
  /** What families treated for this said, with where and what for (none: no section). */
  testimonials: readonly PlacedTestimonial[];
  /** The physiotherapists who provide this service, once the business has filled them in. */
  team: TeamMember[];
  /** The page's own picture, its alt text in the page's language. */
  illustration: Illustration;
}) {
  const placement = `service-${service.slug}`;
  const { labels } = useSiteText();
  return (
    <>
      <PageHero
        heading={service.hero.heading}
        text={service.hero.text}
        eyebrow={service.name}
        illustration={illustration}
      >
        <ChatLink
          placement={`${placement}-hero`}
          message={service.hero.chat.message}
          className={buttonClasses("whatsapp", "lg")}
        >
          {service.hero.chat.label}
        </ChatLink>
      </PageHero>

      {service.about ? (
        <Section id="about-service" heading={service.about.heading}>
          <div className="mx-auto max-w-3xl space-y-4 text-lg text-slate-700">
            {service.about.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </Section>
      ) : null}

      <Section
        id="benefits"
        heading={service.benefits.heading}
        tone={service.about ? "tint" : "white"}
      >
        <CardGrid
          cards={service.benefits.cards}
          perRow={service.benefits.cards.length === 4 ? 4 : 3}
        />
      </Section>

      <Section
        id="conditions"
        heading={service.conditions.heading}
        tone={service.about ? "white" : "tint"}
      >
        <CheckList items={service.conditions.items} />
      </Section>

      <Section
        id="reasons"
        heading={service.reasons.heading}
        tone={service.about ? "tint" : "white"}
      >
        <CheckList items={service.reasons.items} />
      </Section>

      {team.length > 0 ? (
        <Section id="team" heading={labels.yourPhysiotherapists}>
          <TeamList members={team} fallback="" />
        </Section>
      ) : null}

      {testimonials.length > 0 ? (
        <Section
          id="testimonials"
          heading={labels.whatFamiliesSay}
          tone={service.about ? "white" : "tint"}
        >
          <ul className="grid gap-6 md:grid-cols-2">
            {testimonials.map((testimonial) => (
              <li key={testimonial.name}>
                <TestimonialCard testimonial={testimonial} context={testimonial.context} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Fees fees={fees} />

      <Faq entries={faq} tone="tint" />

      <CtaBanner heading={service.cta.heading} text={service.cta.text}>
        <ChatLink
          placement={`${placement}-cta`}
          message={service.cta.chat.message}
          className={buttonClasses("whatsapp", "lg")}
        >
          {service.cta.chat.label}
        </ChatLink>
      </CtaBanner>
    </>
  );
}
