import { ServiceTemplate } from "~/components/templates/service-page";
import { servicePath } from "~/content/catalog";
import { serviceFaqsByLang } from "~/content/faq";
import { serviceIllustrations } from "~/content/illustrations";
import { servicesByLang } from "~/content/services";
import { siteText } from "~/content/site-text";
import { teamFor } from "~/content/team";
import { testimonialsFor } from "~/content/testimonials";
import { httpError } from "~/lib/http-error.server";
import { englishPath, langOfRequest } from "~/lib/lang";
import { metaFromLoader } from "~/lib/meta-from-loader";
import { routeMeta } from "~/lib/route-meta.server";
import { faqPageJsonLd } from "~/lib/seo";
import type { Route } from "./+types/service";

// One module serves the five service paths (see routes.ts); the path picks the record.
export function loader({ pattern, request }: Route.LoaderArgs) {
  const lang = langOfRequest(request);
  const slug = englishPath(`/${pattern.replace(/^\/+/, "")}`).slice(1);
  const service = servicesByLang[lang].find((candidate) => candidate.slug === slug);
  if (!service) throw httpError(null, 404);
  const faq = serviceFaqsByLang[lang][service.slug];
  return {
    meta: routeMeta(request, {
      seo: service.seo,
      path: servicePath(service.slug),
      rating: service.rating,
      extraJsonLd: [faqPageJsonLd(faq)],
    }),
    service,
    faq,
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

export default function Service({ loaderData }: Route.ComponentProps) {
  return (
    <ServiceTemplate
      service={loaderData.service}
      faq={loaderData.faq}
      testimonials={loaderData.testimonials}
      team={loaderData.team}
      illustration={loaderData.illustration}
    />
  );
}
