// A Vite plugin (vite.config.ts, and the unit and integration projects in vitest.config.ts)
// that makes, at build time, `virtual:served-pincodes`: the PIN codes of our five areas, by
// area, from the same index the server reads (pincode-index.generated.ts). The browser gets these
// (~1 KB), never the index (~60 KB) nor the directory. Decision 017.
import type { Plugin } from "vite";
import { readPincodeIndex } from "#app/domain/areas/pincode-index.generated.ts";
import { decodePincodeIndex, servedPincodesOf } from "#app/domain/areas/pincode-index.ts";

const servedId = "virtual:served-pincodes";

export function pincodeAreas(): Plugin {
  return {
    name: "pincode-areas",
    resolveId(id) {
      return id === servedId ? `\0${servedId}` : undefined;
    },
    load(id) {
      if (id !== `\0${servedId}`) return undefined;
      const served = servedPincodesOf(decodePincodeIndex(readPincodeIndex()));
      const lists = Object.entries(served).map(([area, pincodes]) => [area, pincodes.join(" ")]);
      return `export const servedPincodes = ${JSON.stringify(Object.fromEntries(lists))};\n`;
    },
  };
}
