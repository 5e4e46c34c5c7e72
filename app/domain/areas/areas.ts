// The five areas we serve, and the rule that puts a PIN code's district (and, in Gautam Buddha
// Nagar, its post offices) in one of them. Browser-safe, no data: the build applies the rule to
// India Post's directory (pincode-directory.ts), the server and the form read what it made
// (decision 017).
import { areaEntries, type AreaSlug as CatalogAreaSlug } from "#app/content/catalog.ts";

export const areaSlugs = [
  "gurugram",
  "delhi",
  "noida",
  "greater-noida",
  "faridabad",
] as const satisfies readonly CatalogAreaSlug[];
export type AreaSlug = (typeof areaSlugs)[number];

/** What a person reads: the names of the area pages. */
export const areaNames = Object.fromEntries(
  areaEntries.map(({ slug, name }) => [slug, name]),
) as Record<AreaSlug, string>;

/** A PIN code's place: its district and state as they are called now, and our area or none. */
export type PincodePlace = { district: string; state: string; area: AreaSlug | null };

const smallWords = new Set(["and", "of", "the"]);

/** "NORTH EAST" → "North East", "JAMMU AND KASHMIR" → "Jammu and Kashmir". */
function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(" ")
    .map((word, index) =>
      index > 0 && smallWords.has(word)
        ? word
        : word.replace(/(^|[-(.])(\p{L})/gu, (_, before: string, letter: string) => {
            return before + letter.toUpperCase();
          }),
    )
    .join(" ");
}

/** Spaces collapsed, "&" as "and", marks the directory adds (`Gautam Buddha Nagar **`) removed. */
function tidy(text: string): string {
  return text
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}\s.()-]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A state as the directory spells it (`UTTAR PRADESH`), in title case. */
export function stateName(raw: string): string {
  return titleCase(tidy(raw));
}

/** Districts renamed or spelled otherwise in older releases of the directory. */
const districtSpellings: Record<string, string> = {
  gurgaon: "Gurugram",
  mewat: "Nuh",
  "gautam budh nagar": "Gautam Buddha Nagar",
  "gautambuddha nagar": "Gautam Buddha Nagar",
  sonepat: "Sonipat",
  bangalore: "Bengaluru",
  "bangalore urban": "Bengaluru Urban",
  "bangalore rural": "Bengaluru Rural",
};

/** Delhi's districts, which the directory writes by their point of the compass alone. */
const compassNames = new Set([
  "North",
  "South",
  "East",
  "West",
  "Central",
  "North East",
  "North West",
  "South East",
  "South West",
]);

/**
 * A district as it is called now: `GURUGRAM` → Gurugram, `Mewat` → Nuh, `Gurgaon` → Gurugram,
 * `GAUTAM BUDDHA NAGAR` → Gautam Buddha Nagar, Delhi's `SOUTH` → South Delhi.
 */
export function districtName(raw: string, state: string): string {
  const name = titleCase(tidy(raw));
  const renamed = districtSpellings[name.toLowerCase()] ?? name;
  return state === "Delhi" && compassNames.has(renamed) ? `${renamed} Delhi` : renamed;
}

/**
 * Post office names that put a Gautam Buddha Nagar PIN code in Greater Noida: the localities of
 * the Greater Noida page, and India Post's own names there (Alpha Greater Noida, Knowledge ParkI,
 * IA Surajpur, Kasna, Gurjinder Vihar). Read before Noida's, which "Greater Noida" contains.
 */
const greaterNoidaOffices =
  /greater noida|surajpur|knowledge ?park|kasna|pari chowk|jaypee|gaur city|tech ?zone|gurjinder vihar|\b(?:alpha|beta|gamma|delta|omega|zeta|chi)\b/i;
const noidaOffices = /\bnoida\b/i;

/**
 * Gautam Buddha Nagar PIN codes whose post offices' names say neither, decided one by one. The
 * district's others whose names say neither (Dadri, Dankaur, Jewar, Rabupura, Jhajhar, Vidyut
 * Nagar, Shiv Nadar University) are towns and villages outside Noida and Greater Noida: not served.
 */
const gautamBuddhaNagarPincodes: Record<string, AreaSlug> = {
  // Maharshi Nagar SO, Gejha, Baraula, Chhaprauli Bangar: Noida's sectors 100 to 110.
  "201304": "noida",
  // NEPZ SO (the Noida Special Economic Zone) and Nagla Charandas: Noida Phase 2.
  "201305": "noida",
  // Amity University SO: Noida Sector 125.
  "201313": "noida",
  // Container Depot SO (the inland container depot at Tilapta), Pali, Kheri Bhanota: Greater Noida.
  "201311": "greater-noida",
};

/**
 * PIN codes in everyday use that India Post's directory lacks, with the offices they are written
 * for: added to the index as if the directory had them (`readPincodePlaces`).
 */
export const pincodesMissingFromDirectory: Record<
  string,
  { district: string; state: string; offices: string[] }
> = {
  // Greater Noida's Alpha, Beta, Gamma and Delta sectors: written on many of their addresses.
  "201308": {
    district: "Gautam Buddha Nagar",
    state: "Uttar Pradesh",
    offices: ["Greater Noida (Alpha, Beta, Gamma, Delta sectors)"],
  },
};

/**
 * The area a PIN code is in, from its district and state (as `districtName` and `stateName`
 * write them) and its post offices' names: every district of Delhi; Gurugram; Faridabad; in
 * Gautam Buddha Nagar, Noida or Greater Noida by the offices' names. Anything else: null.
 */
export function areaOfPlace(place: {
  pincode: string;
  district: string;
  state: string;
  offices: readonly string[];
}): AreaSlug | null {
  const { pincode, district, state, offices } = place;
  if (state === "Delhi") return "delhi";
  if (state === "Haryana" && district === "Gurugram") return "gurugram";
  if (state === "Haryana" && district === "Faridabad") return "faridabad";
  if (state !== "Uttar Pradesh" || district !== "Gautam Buddha Nagar") return null;
  const decided = gautamBuddhaNagarPincodes[pincode];
  if (decided) return decided;
  if (offices.some((office) => greaterNoidaOffices.test(office))) return "greater-noida";
  if (offices.some((office) => noidaOffices.test(office))) return "noida";
  return null;
}
