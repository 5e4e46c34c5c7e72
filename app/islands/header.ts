// The site header on an island page: the behaviour every page's header has
// (app/components/site-header-behaviour.ts, decision 042), on the markup SiteHeader rendered.
import { startSiteHeader } from "#app/components/site-header-behaviour.ts";
import type { Island } from "#app/islands/registry.ts";

const header: Island = (root) => startSiteHeader(root).ready;
export default header;
