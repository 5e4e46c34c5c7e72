import { NotFoundScreen, notFoundMeta } from "~/components/not-found-screen";
import { ServiceAreaTemplate } from "~/components/templates/service-area-page";
import { areaPath } from "~/content/catalog";
import { serviceAreas } from "~/content/service-areas";
import { httpError } from "~/lib/http-error.server";
import { routeMeta } from "~/lib/route-meta";
import type { Route } from "./+types/service-area";

export function loader({ params }: Route.LoaderArgs) {
  const area = serviceAreas.find((candidate) => candidate.slug === params.area);
  if (!area) throw httpError(null, 404);
  return { area };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? routeMeta(args, {
        seo: args.loaderData.area.seo,
        path: areaPath(args.loaderData.area.slug),
        rating: args.loaderData.area.rating,
      })
    : notFoundMeta;

export default function ServiceArea({ loaderData }: Route.ComponentProps) {
  return <ServiceAreaTemplate area={loaderData.area} />;
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
