import { Link } from "react-router";
import { ChatLink } from "#app/components/contact-links.tsx";
import { CardGrid } from "#app/components/sections/card-grid.tsx";
import { CtaBanner } from "#app/components/sections/cta-banner.tsx";
import { Faq } from "#app/components/sections/faq.tsx";
import { Fees } from "#app/components/sections/fees.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section } from "#app/components/sections/section.tsx";
import { TestimonialCarousel } from "#app/components/testimonial-carousel.tsx";
import { ButtonLink, buttonClasses } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useLocalePath, useSiteText } from "#app/config/use-site-config.ts";
import { servicePath } from "#app/content/catalog.ts";
import { homeFaqByLang } from "#app/content/faq.ts";
import { withFeesQuestion } from "#app/content/fees.ts";
import { homeByLang } from "#app/content/home.ts";
import { bookPath } from "#app/content/navigation.ts";
import { servicesByLang } from "#app/content/services.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { pageFees } from "#app/lib/fees.server.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { faqPageJsonLd } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  const home = homeByLang[lang];
  const fees = pageFees(lang);
  const faq = withFeesQuestion(homeFaqByLang[lang], fees.question);
  return {
    meta: routeMeta(request, {
      seo: home.seo,
      path: "/",
      rating: home.rating,
      extraJsonLd: [faqPageJsonLd(faq)],
    }),
    home,
    faq,
    fees: fees.section,
    specialized: servicesByLang[lang].map(({ slug, name, summary, icon }) => ({
      slug,
      name,
      summary,
      icon,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, faq, fees, specialized } = loaderData;
  const localePath = useLocalePath();
  const book = localePath(bookPath);
  const { learnMore } = useSiteText().labels;
  return (
    <>
      <PageHero heading={home.hero.heading} text={home.hero.text}>
        <ButtonLink to={book} variant="secondary" size="lg">
          {home.hero.bookLabel}
        </ButtonLink>
        <ChatLink
          placement="home-hero"
          message={home.hero.chat.message}
          className={buttonClasses("whatsapp", "lg")}
        >
          {home.hero.chat.label}
        </ChatLink>
        <ul className="mt-2 flex w-full flex-wrap gap-x-6 gap-y-2 text-brand-50">
          {home.hero.trustPoints.map((point) => (
            <li key={point}>✓ {point}</li>
          ))}
        </ul>
      </PageHero>

      <Section id="how-it-works" heading={home.howItWorks.heading} intro={home.howItWorks.intro}>
        <ol className="grid gap-6 md:grid-cols-3">
          {home.howItWorks.steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-6 text-center">
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                {index + 1}
              </span>
              <img
                src={step.illustration}
                alt=""
                width={160}
                height={120}
                loading="lazy"
                className="mx-auto mt-4 h-auto w-40"
              />
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <ButtonLink to={book} size="lg">
            {home.howItWorks.buttonLabel}
          </ButtonLink>
        </div>
      </Section>

      <Section
        id="our-services"
        heading={home.ourServices.heading}
        intro={home.ourServices.intro}
        tone="tint"
      >
        <CardGrid cards={home.ourServices.cards} perRow={4} />
      </Section>

      <Section id="testimonials" heading={home.testimonials.heading}>
        <TestimonialCarousel testimonials={home.testimonials.items} />
      </Section>

      <Section
        id="specialized-services"
        heading={home.specialized.heading}
        intro={home.specialized.intro}
        tone="tint"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {specialized.map((service) => (
            <li key={service.slug}>
              <Link
                to={localePath(servicePath(service.slug))}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600"
              >
                <span className="inline-flex w-fit rounded-lg bg-brand-50 p-3 text-brand-700">
                  <Icon name={service.icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.name}</h3>
                <p className="mt-2 flex-1 text-slate-600">{service.summary}</p>
                <span className="mt-4 font-semibold text-brand-700">{learnMore} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Fees fees={fees} />

      <Faq entries={faq} tone="tint" />

      <CtaBanner heading={home.cta.heading} text={home.cta.text}>
        <ButtonLink to={book} variant="secondary" size="lg">
          {home.cta.buttonLabel}
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
