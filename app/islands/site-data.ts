// What every island page tells its islands, written by the root layout as JSON in a
// <script type="application/json"> (inert: no CSP hash needed) and read once by the boot script.
export interface IslandData {
  /** The analytics accounts that get page views and the Call / WhatsApp events. */
  analyticsIds: string[];
  /** The ad account's conversion action ("AW-123/AbC"), for a request that went through. */
  adsConversionId?: string;
}

export const islandDataId = "island-data";

/** The JSON as it may stand inside a <script> element: no "<" can end it early. */
export const islandDataJson = (data: IslandData) => JSON.stringify(data).replace(/</g, "\\u003c");

export function readIslandData(): IslandData {
  const text = document.getElementById(islandDataId)?.textContent;
  if (!text) throw new Error(`The page has no #${islandDataId}`);
  return JSON.parse(text) as IslandData;
}
