import { ArticleBody } from "~/components/article-body";
import { PageHero } from "~/components/sections/page-hero";
import { useSiteConfig } from "~/config/use-site-config";
import { privacy } from "~/content/privacy";
import { formatDate } from "~/lib/dates";
import { routeMeta } from "~/lib/route-meta";
import type { Route } from "./+types/privacy-policy";

export function loader() {
  // Rendered when the page is built, so the date is the day this version went live.
  return { privacy, lastUpdated: formatDate(new Date()) };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? routeMeta(args, { seo: args.loaderData.privacy.seo, path: "/privacy-policy" })
    : [];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { privacy, lastUpdated } = loaderData;
  const site = useSiteConfig();
  return (
    <>
      <PageHero heading="Privacy Policy" text={`How ${site.name} handles your personal data.`} />
      <article className="mx-auto max-w-3xl px-4 py-12">
        <p className="mb-8 text-slate-600">Last Updated: {lastUpdated}</p>
        {privacy.sections.map((section) => (
          <section key={section.heading} className="mb-10">
            <h2 className="mb-4 text-2xl font-bold text-slate-900">{section.heading}</h2>
            <ArticleBody blocks={section.blocks} />
          </section>
        ))}
        <address className="-mt-6 text-lg text-slate-700 not-italic">
          <p>{site.name}</p>
          <p>
            Email:{" "}
            <a className="text-brand-700 underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
          <p>
            {site.address.street}, {site.address.locality}, {site.address.region}{" "}
            {site.address.postalCode}, India
          </p>
        </address>
      </article>
    </>
  );
}
