// How a route says it is served without React Router's client runtime (decision 040): its module
// exports `handle = islandPage` and `clientLoader = islandClientLoader`. The root layout then ends
// the page with the islands' boot script and their data instead of React Router's scripts; and a
// link to it from a page React Router runs (a staff page) loads it as a document, so that an
// island page is only ever the server's HTML and its islands.
import islandFiles from "virtual:islands";
import { redirectDocument, useMatches } from "react-router";
import { useSiteConfig } from "#app/config/use-site-config.ts";
import { bootLoader } from "#app/islands/boot-loader.ts";
import { islandDataId, islandDataJson } from "#app/islands/site-data.ts";

export const islandPage = { islands: true } as const;

/** Followed from a page React Router runs, an island page is loaded by the browser instead. */
export function islandClientLoader({ request }: { request: Request }): never {
  throw redirectDocument(request.url);
}

/** True when the page being rendered on the server is an island page. */
export function useIslandPage(): boolean {
  const matches = useMatches();
  return (
    import.meta.env.SSR &&
    matches.some((match) => (match.handle as { islands?: boolean } | undefined)?.islands === true)
  );
}

/**
 * The islands' data and the loader of their boot script (boot-loader.ts): the only JavaScript
 * an island page loads of its own. A page rendered per request (a 404) gives both its response's
 * nonce, as it gives every script.
 */
export function IslandScripts({ nonce }: { nonce?: string }) {
  const site = useSiteConfig();
  const data = islandDataJson({
    analyticsIds: site.analyticsIds,
    ...(site.adsConversionId ? { adsConversionId: site.adsConversionId } : {}),
  });
  return (
    <>
      <script
        type="application/json"
        id={islandDataId}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (site-data.ts)
        dangerouslySetInnerHTML={{ __html: data }}
      />
      <script
        // The boot's address, where the loader reads it (bootAttribute).
        data-boot={islandFiles.boot}
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant (boot-loader.ts)
        dangerouslySetInnerHTML={{ __html: bootLoader }}
      />
    </>
  );
}
