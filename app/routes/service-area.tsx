import { NotFoundScreen, notFoundMeta } from "~/components/not-found-screen";
import { ServiceAreaTemplate } from "~/components/templates/service-area-page";
import { areaPath } from "~/content/catalog";
import { serviceAreasByLang } from "~/content/service-areas";
import { httpError } from "~/lib/http-error.server";
import { langOfRequest } from "~/lib/lang";
import { metaFromLoader } from "~/lib/meta-from-loader";
import { routeMeta } from "~/lib/route-meta.server";
import type { Route } from "./+types/service-area";

export function loader({ params, request }: Route.LoaderArgs) {
  const area = serviceAreasByLang[langOfRequest(request)].find(
    (candidate) => candidate.slug === params.area,
  );
  if (!area) throw httpError(null, 404);
  return {
    meta: routeMeta(request, { seo: area.seo, path: areaPath(area.slug), rating: area.rating }),
    area,
  };
}

export const meta: Route.MetaFunction = (args) =>
  metaFromLoader(args.loaderData, () => notFoundMeta(args));

export default function ServiceArea({ loaderData }: Route.ComponentProps) {
  return <ServiceAreaTemplate area={loaderData.area} />;
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
