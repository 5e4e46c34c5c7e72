// The compact form of each PIN code's place (pincode-index.generated.ts), and its reading. One
// line per place — `district|state|area:` then its PIN codes as gaps from the one before, in
// base 36 — so that a new release of the directory shows in a diff as the places it changed.
// Read into two typed arrays: 19,486 PIN codes in about 120 KB, looked up by bisection.
import { type AreaSlug, areaSlugs, type PincodePlace } from "#app/domain/areas/areas.ts";

export type PincodeIndex = {
  places: PincodePlace[];
  /** Sorted. */
  pincodes: Uint32Array;
  /** The number in `places` of each PIN code's place. */
  placeOf: Uint16Array;
};

/** One line per place, sorted by district, state and area. */
export function encodePincodeIndex(places: ReadonlyMap<string, PincodePlace>): string {
  const byPlace = new Map<string, number[]>();
  for (const [pincode, { district, state, area }] of places) {
    const key = `${district}|${state}|${area ?? ""}`;
    const list = byPlace.get(key);
    if (list) list.push(Number(pincode));
    else byPlace.set(key, [Number(pincode)]);
  }
  return [...byPlace]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, pincodes]) => {
      const sorted = pincodes.sort((a, b) => a - b);
      const gaps = sorted.map((pincode, index) => pincode - (sorted[index - 1] ?? 0));
      return `${key}:${gaps.map((gap) => gap.toString(36)).join(",")}`;
    })
    .join("\n");
}

const toArea = (text: string | undefined): AreaSlug | null =>
  areaSlugs.find((slug) => slug === text) ?? null;

export function decodePincodeIndex(text: string): PincodeIndex {
  const places: PincodePlace[] = [];
  // Each PIN code with its place's number in the low 16 bits, sorted as one number.
  const keyed: number[] = [];
  for (const line of text.trim().split("\n")) {
    const colon = line.lastIndexOf(":");
    const [district = "", state = "", area] = line.slice(0, colon).split("|");
    const place = places.push({ district, state, area: toArea(area) }) - 1;
    let pincode = 0;
    for (const gap of line.slice(colon + 1).split(",")) {
      pincode += Number.parseInt(gap, 36);
      keyed.push(pincode * 0x10000 + place);
    }
  }
  const sorted = Float64Array.from(keyed).sort();
  return {
    places,
    pincodes: Uint32Array.from(sorted, (key) => Math.floor(key / 0x10000)),
    placeOf: Uint16Array.from(sorted, (key) => key % 0x10000),
  };
}

/** The place of a six-digit PIN code, or undefined when the index has none. */
export function placeIn(index: PincodeIndex, pincode: string): PincodePlace | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  const wanted = Number(pincode);
  let low = 0;
  let high = index.pincodes.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = index.pincodes[middle] ?? 0;
    if (found === wanted) return index.places[index.placeOf[middle] ?? 0];
    if (found < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** Each of our areas' PIN codes, sorted: what the browser gets. */
export function servedPincodesOf(index: PincodeIndex): Record<AreaSlug, string[]> {
  const served = Object.fromEntries(areaSlugs.map((slug) => [slug, [] as string[]]));
  index.pincodes.forEach((pincode, at) => {
    const area = index.places[index.placeOf[at] ?? 0]?.area;
    if (area) served[area]?.push(String(pincode));
  });
  return served as Record<AreaSlug, string[]>;
}
