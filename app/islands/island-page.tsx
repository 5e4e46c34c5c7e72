// How a route says it is served without React Router's client runtime (decision 040): its module
// exports `handle = islandPage`. The root layout then ends the page with the islands' boot script
// and their data instead of React Router's scripts, on the server only: a page the client router
// renders (a staff page's link followed without a reload) keeps React, which does what the
// islands do.
import islandFiles from "virtual:islands";
import { useMatches } from "react-router";
import { useSiteConfig, useSiteText } from "#app/config/use-site-config.ts";
import { islandDataId, islandDataJson } from "#app/islands/site-data.ts";

export const islandPage = { islands: true } as const;

/** True when the page being rendered on the server is an island page. */
export function useIslandPage(): boolean {
  const matches = useMatches();
  return (
    import.meta.env.SSR &&
    matches.some((match) => (match.handle as { islands?: boolean } | undefined)?.islands === true)
  );
}

/** The islands' data and boot script: the only JavaScript an island page loads of its own. */
export function IslandScripts() {
  const site = useSiteConfig();
  const { toasts } = useSiteText();
  const data = islandDataJson({
    analyticsIds: site.analyticsIds,
    ...(site.adsConversionId ? { adsConversionId: site.adsConversionId } : {}),
    toasts,
  });
  return (
    <>
      <script
        type="application/json"
        id={islandDataId}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (site-data.ts)
        dangerouslySetInnerHTML={{ __html: data }}
      />
      <script type="module" src={islandFiles.boot} />
    </>
  );
}
