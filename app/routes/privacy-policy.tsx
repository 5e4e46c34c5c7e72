import { ArticleBody } from "#app/components/article-body.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { getEnv } from "#app/config/env.server.ts";
import { useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { privacyIn } from "#app/content/privacy.ts";
import { sentMailContentDays } from "#app/domain/privacy/retention.server.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { formatDateIn } from "#app/lib/dates.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import type { Route } from "./+types/privacy-policy";

export function loader({ request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  // Rendered when the page is built, so the date is the day this version went live, and the
  // periods stated are the settings the site was built with.
  const env = getEnv();
  const privacy = privacyIn(lang, {
    retentionMonths: env.RETENTION_MONTHS,
    newsletterPendingDays: env.NEWSLETTER_PENDING_DAYS,
    dueDays: env.PRIVACY_DUE_DAYS,
    sentMailContentDays,
  });
  return {
    meta: routeMeta(request, { seo: privacy.seo, path: "/privacy-policy" }),
    privacy,
    lastUpdated: formatDateIn(lang, new Date()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { privacy, lastUpdated } = loaderData;
  const site = useSiteConfig();
  const { nav, labels, footer } = useSiteText();
  return (
    <>
      <PageHero heading={nav.privacy} text={labels.privacyText.replace("{name}", site.name)} />
      <article className="mx-auto max-w-3xl px-4 py-12">
        <p className="mb-8 text-slate-600">
          {labels.lastUpdated} {lastUpdated}
        </p>
        {privacy.sections.map((section) => (
          <section key={section.heading} className="mb-10">
            <h2 className="mb-4 text-2xl font-bold text-slate-900">{section.heading}</h2>
            <ArticleBody blocks={section.blocks} />
          </section>
        ))}
        <address className="-mt-6 text-lg text-slate-700 not-italic">
          <p>{site.name}</p>
          <p data-contact-person>
            {privacy.contactPerson} {site.dataContact.name},{" "}
            <a className="text-brand-700 underline" href={`mailto:${site.dataContact.email}`}>
              {site.dataContact.email}
            </a>
          </p>
          <p>
            {footer.email}{" "}
            <a className="text-brand-700 underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
          <p>
            {site.address.street}, {site.address.locality}, {site.address.region}{" "}
            {site.address.postalCode}, {labels.country}
          </p>
        </address>
      </article>
    </>
  );
}
