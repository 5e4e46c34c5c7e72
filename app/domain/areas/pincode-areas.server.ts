// Each Indian PIN code's district, state and area, from India Post's directory as
// `npm run pincodes` compacted it (decision 017). A plain module, so that the server bundle, the
// tests and the scripts run under Node alike read it; read on the first question, not on import:
// prerendering imports the server bundle, and most of its requests never ask.
import { type AreaSlug, areaSlugs, type PincodePlace } from "#app/domain/areas/areas.ts";
import { readPincodeIndex } from "#app/domain/areas/pincode-index.generated.ts";
import { decodePincodeIndex, type PincodeIndex, placeIn } from "#app/domain/areas/pincode-index.ts";

let index: PincodeIndex | undefined;

/** The PIN code's district and state as they are called now, and our area there (or null). */
export function districtOf(pincode: string): PincodePlace | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  index ??= decodePincodeIndex(readPincodeIndex());
  return placeIn(index, pincode);
}

/** Our area the PIN code is in; null when it is in none of them, or not in the directory. */
export function areaOfPincode(pincode: string): AreaSlug | null {
  return districtOf(pincode)?.area ?? null;
}

/** A district that holds PIN codes of our areas, and those areas (in the catalogue's order). */
export interface ServedDistrict {
  name: string;
  areas: AreaSlug[];
}

let served: readonly ServedDistrict[] | undefined;

/**
 * The districts that hold PIN codes of our five areas, as `districtOf` names them, sorted: the
 * districts a therapist may serve.
 */
export function servedDistricts(): readonly ServedDistrict[] {
  index ??= decodePincodeIndex(readPincodeIndex());
  if (!served) {
    const areas = new Map<string, Set<AreaSlug>>();
    for (const { district, area } of index.places) {
      if (area) areas.set(district, (areas.get(district) ?? new Set()).add(area));
    }
    served = [...areas]
      .map(([name, found]) => ({ name, areas: areaSlugs.filter((slug) => found.has(slug)) }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  return served;
}

/**
 * The PIN codes of a district as `districtOf` names it, or of a served area by its page's name
 * ("Noida"): what a filter by district looks for among the requests' PIN codes.
 */
export function pincodesOfDistrict(
  district: string,
  areaName?: (area: string) => string,
): string[] {
  index ??= decodePincodeIndex(readPincodeIndex());
  const found: string[] = [];
  index.pincodes.forEach((pincode, at) => {
    const place = index?.places[index.placeOf[at] ?? 0];
    if (!place) return;
    if (place.district === district || (place.area && areaName?.(place.area) === district)) {
      found.push(String(pincode).padStart(6, "0"));
    }
  });
  return found;
}
