import { ServiceTemplate } from "~/components/templates/service-page";
import { servicePath } from "~/content/catalog";
import { serviceFaqs } from "~/content/faq";
import { services } from "~/content/services";
import { teamFor } from "~/content/team";
import { testimonialsFor } from "~/content/testimonials";
import { httpError } from "~/lib/http-error.server";
import { routeMeta } from "~/lib/route-meta";
import { faqPageJsonLd } from "~/lib/seo";
import type { Route } from "./+types/service";

// One module serves the five service paths (see routes.ts); the path picks the record.
export function loader({ pattern }: Route.LoaderArgs) {
  const slug = pattern.replace(/^\/+/, "");
  const service = services.find((candidate) => candidate.slug === slug);
  if (!service) throw httpError(null, 404);
  return {
    service,
    faq: serviceFaqs[service.slug],
    testimonials: testimonialsFor(service.slug),
    team: teamFor(service.slug),
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? routeMeta(args, {
        seo: args.loaderData.service.seo,
        path: servicePath(args.loaderData.service.slug),
        rating: args.loaderData.service.rating,
        extraJsonLd: [faqPageJsonLd(args.loaderData.faq)],
      })
    : [];

export default function Service({ loaderData }: Route.ComponentProps) {
  return (
    <ServiceTemplate
      service={loaderData.service}
      faq={loaderData.faq}
      testimonials={loaderData.testimonials}
      team={loaderData.team}
    />
  );
}
