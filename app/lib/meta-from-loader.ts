import type { MetaDescriptor } from "react-router";

/**
 * A route's meta function: the tags its loader made on the server (route-meta.server.ts), or,
 * when the loader threw (a 404), `otherwise`.
 */
export function metaFromLoader(
  loaderData: { meta: MetaDescriptor[] } | undefined,
  otherwise: () => MetaDescriptor[] = () => [],
): MetaDescriptor[] {
  return loaderData?.meta ?? otherwise();
}
