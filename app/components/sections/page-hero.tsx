import type { ReactNode } from "react";
import { CallLink } from "#app/components/contact-links.tsx";
import { useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { homeVisit, type Illustration } from "#app/content/illustrations.ts";

/**
 * The top of every page: the page's only h1, a lead sentence and its buttons; on wide screens,
 * beside them, what a family looks for before deciding: a picture of a home visit, the number to
 * call and when, and the provider's overall rating (its words and figures come with the page).
 */
export function PageHero({
  heading,
  text,
  eyebrow,
  illustration,
  children,
}: {
  heading: string;
  text: string;
  eyebrow?: string;
  /**
   * The picture of the panel on wide screens, its alt text in the page's language; the home
   * visit unless the page has its own.
   */
  illustration?: Illustration;
  children?: ReactNode;
}) {
  const { pictures } = useSiteText();
  return (
    <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-[1fr_20rem] md:items-center md:py-20">
        <div className="min-w-0">
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold tracking-wide text-brand-100 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="max-w-3xl text-3xl leading-tight font-bold hyphens-auto md:text-5xl">
            {heading}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50 md:text-xl">{text}</p>
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
          <HeroFacts />
        </div>
        <HeroPanel illustration={illustration ?? { ...homeVisit, alt: pictures.homeVisit }} />
      </div>
    </section>
  );
}

/** On a phone, below the page's own buttons: the rating, the number and the hours in two lines. */
function HeroFacts() {
  const site = useSiteConfig();
  const { labels, footer } = useSiteText();
  return (
    <p className="mt-6 text-base text-brand-50 md:hidden">
      <span aria-hidden="true" className="text-accent-500">
        ★
      </span>{" "}
      {labels.overallRating}
      <br />
      <CallLink
        placement="hero-facts"
        className="inline-flex min-h-11 items-center font-semibold text-white underline"
      >
        {site.phone.display}
      </CallLink>{" "}
      · {footer.hours}
    </p>
  );
}

function HeroPanel({ illustration }: { illustration: Illustration }) {
  const site = useSiteConfig();
  const { labels, footer } = useSiteText();
  return (
    <aside
      aria-label={labels.callUs}
      className="hidden rounded-2xl bg-white p-5 text-slate-800 shadow-lg md:block"
    >
      <img
        src={illustration.src}
        alt={illustration.alt}
        width={400}
        height={300}
        loading="lazy"
        className="h-auto w-full rounded-xl"
      />
      <p className="mt-4 text-base text-slate-700">{labels.callToBook}</p>
      <CallLink
        placement="hero-panel"
        className="inline-flex min-h-11 items-center text-2xl font-bold text-brand-800 underline"
      >
        {site.phone.display}
      </CallLink>
      <p className="text-base text-slate-700">{footer.hours}</p>
      <p className="mt-3 text-base font-semibold text-slate-900">
        <span aria-hidden="true" className="text-accent-500">
          ★★★★★
        </span>{" "}
        {labels.overallRating}
      </p>
    </aside>
  );
}
