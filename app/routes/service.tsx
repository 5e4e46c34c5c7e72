import { ServiceTemplate } from "#app/components/templates/service-page.tsx";
import { servicePath } from "#app/content/catalog.ts";
import { serviceFaqsByLang } from "#app/content/faq.ts";
import { withFeesQuestion } from "#app/content/fees.ts";
import { serviceIllustrations } from "#app/content/illustrations.ts";
import { servicesByLang } from "#app/content/services.ts";
import { siteText } from "#app/content/site-text.ts";
import { teamFor } from "#app/content/team.ts";
import { testimonialsFor } from "#app/content/testimonials.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { pageFees } from "#app/lib/fees.server.ts";
import { httpError } from "#app/lib/http-error.server.ts";
import { englishPath, langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
import { faqPageJsonLd } from "#app/lib/seo.ts";
import type { Route } from "./+types/service";

// One module serves the five service paths (see routes.ts); the path picks the record.
export function loader({ pattern, request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  const slug = englishPath(`/${pattern.replace(/^\/+/, "")}`).slice(1);
  const service = servicesByLang[lang].find((candidate) => candidate.slug === slug);
  if (!service) throw httpError(null, 404);
  const fees = pageFees(lang);
  const faq = withFeesQuestion(serviceFaqsByLang[lang][service.slug], fees.question);
  return {
    meta: routeMeta(request, {
      seo: service.seo,
      path: servicePath(service.slug),
      rating: service.rating,
      extraJsonLd: [faqPageJsonLd(faq)],
    }),
    service,
    faq,
    fees: fees.section,
    testimonials: testimonialsFor(service.slug, lang),
    team: teamFor(service.slug),
    // The page's own picture, described in the page's language (sent, not bundled).
    illustration: {
      src: serviceIllustrations[service.slug].src,
      alt: siteText[lang].pictures.services[service.slug],
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaFromLoader(loaderData);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function Service({ loaderData }: Route.ComponentProps) {
  return (
    <ServiceTemplate
      service={loaderData.service}
      faq={loaderData.faq}
      fees={loaderData.fees}
      testimonials={loaderData.testimonials}
      team={loaderData.team}
      illustration={loaderData.illustration}
    />
  );
}
