// The one script of a page served without React Router's client runtime (decision 040), loaded
// after the first contentful paint (boot-loader.ts). It starts each island the page declares (an
// element with `data-island`), each from its own chunk, and reports the page view when analytics
// is configured. When every island has started, <html data-islands="ready"> says so (the browser
// tests wait for it).
import { islandLoaders } from "#app/islands/registry.ts";
import { readIslandData } from "#app/islands/site-data.ts";

async function start() {
  const roots = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const data = readIslandData();
  const started = roots.map(async (root) => {
    const name = root.dataset.island ?? "";
    const load = islandLoaders[name];
    if (!load) throw new Error(`No island is called "${name}"`);
    const island = await load();
    await island.default(root, data);
  });
  if (data.analyticsIds.length > 0 || data.adsConversionId) {
    started.push(import("#app/islands/analytics.ts").then((island) => island.default(data)));
  }
  const results = await Promise.allSettled(started);
  for (const result of results) if (result.status === "rejected") console.error(result.reason);
  document.documentElement.dataset.islands = "ready";
}

start();
