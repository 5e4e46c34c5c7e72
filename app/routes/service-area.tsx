import { NotFoundScreen, notFoundMeta } from "#app/components/not-found-screen.tsx";
import { ServiceAreaTemplate } from "#app/components/templates/service-area-page.tsx";
import { areaPath } from "#app/content/catalog.ts";
import { serviceAreasByLang } from "#app/content/service-areas.ts";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import { httpError } from "#app/lib/http-error.server.ts";
import { langOfRequest } from "#app/lib/lang.ts";
import { metaFromLoader } from "#app/lib/meta-from-loader.ts";
import { routeMeta } from "#app/lib/route-meta.server.ts";
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

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function ServiceArea({ loaderData }: Route.ComponentProps) {
  return <ServiceAreaTemplate area={loaderData.area} />;
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
