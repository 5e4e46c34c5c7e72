import { MapPin } from "lucide-react";
import { ChatLink } from "#app/components/contact-links.tsx";
import { CardGrid } from "#app/components/sections/card-grid.tsx";
import { CtaBanner } from "#app/components/sections/cta-banner.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section } from "#app/components/sections/section.tsx";
import { TestimonialCard } from "#app/components/testimonial-card.tsx";
import { ButtonLink, buttonClasses } from "#app/components/ui/button.tsx";
import { useLocalePath, useSiteText } from "#app/config/use-site-config.ts";
import { bookPath } from "#app/content/navigation.ts";
import type { ChatAction, ServiceAreaPage } from "#app/content/types.ts";

/** The hero's and the closing banner's buttons: the form's (if the page has one), then the chat. */
function BookAndChat({
  action,
  book,
  placement,
}: {
  action: { bookLabel?: string; chat: ChatAction };
  book: string;
  placement: string;
}) {
  return (
    <>
      {action.bookLabel ? (
        <ButtonLink to={book} variant="secondary" size="lg">
          {action.bookLabel}
        </ButtonLink>
      ) : null}
      <ChatLink
        placement={placement}
        message={action.chat.message}
        className={buttonClasses("whatsapp", "lg")}
      >
        {action.chat.label}
      </ChatLink>
    </>
  );
}

/** The one layout of the five service-area pages. */
export function ServiceAreaTemplate({ area }: { area: ServiceAreaPage }) {
  const placement = `area-${area.slug}`;
  const { labels } = useSiteText();
  const book = useLocalePath()(bookPath);
  return (
    <>
      <PageHero
        heading={area.hero.heading}
        text={area.hero.text}
        eyebrow={labels.homePhysiotherapyIn.replace("{area}", area.name)}
      >
        <BookAndChat action={area.hero} book={book} placement={`${placement}-hero`} />
      </PageHero>

      <Section id="why-choose" heading={area.whyChoose.heading}>
        <CardGrid cards={area.whyChoose.cards} />
      </Section>

      <Section id="services" heading={area.services.heading} tone="tint">
        <CardGrid cards={area.services.cards} perRow={4} />
      </Section>

      <Section id="localities" heading={area.localities.heading} intro={area.localities.text}>
        <ul className="flex flex-wrap justify-center gap-3">
          {area.localities.list.map((locality) => (
            <li
              key={locality}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-4 py-2 text-brand-900"
            >
              <MapPin aria-hidden="true" className="size-4" />
              {locality}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="testimonials"
        heading={labels.whatPatientsInSay.replace("{area}", area.name)}
        tone="tint"
      >
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {area.testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner heading={area.cta.heading} text={area.cta.text}>
        <BookAndChat action={area.cta} book={book} placement={`${placement}-cta`} />
      </CtaBanner>
    </>
  );
}
