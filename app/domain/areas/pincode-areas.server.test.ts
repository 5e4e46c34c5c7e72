import { servedPincodes } from "virtual:served-pincodes";
import { describe, expect, it } from "vitest";
import { areaEntries } from "#app/content/catalog.ts";
import {
  type AreaSlug,
  areaNames,
  areaSlugs,
  districtName,
  stateName,
} from "#app/domain/areas/areas.ts";
import { areaOfPincode, districtOf } from "#app/domain/areas/pincode-areas.server.ts";
import { readPincodePlaces } from "#app/domain/areas/pincode-directory.ts";
import { readPincodeIndex } from "#app/domain/areas/pincode-index.generated.ts";
import { encodePincodeIndex } from "#app/domain/areas/pincode-index.ts";
import { servedAreaOf } from "#app/domain/areas/served-area.ts";

const delhi = "Delhi";
const haryana = "Haryana";
const up = "Uttar Pradesh";
const gbn = "Gautam Buddha Nagar";

/**
 * Real PIN codes, with the district India Post files them under and what the form's hint names:
 * the area, or null for "looks outside the areas we usually serve". Written by hand.
 */
const table: [
  pincode: string,
  place: string,
  district: string,
  state: string,
  hint: string | null,
][] = [
  ["110001", "Connaught Place", "New Delhi", delhi, "Delhi"],
  ["110005", "Karol Bagh", "Central Delhi", delhi, "Delhi"],
  ["110017", "Malviya Nagar, Saket", "South Delhi", delhi, "Delhi"],
  [
    "110025",
    "Jamia Nagar, Okhla (one office filed under Budaun)",
    "South East Delhi",
    delhi,
    "Delhi",
  ],
  ["110032", "Shahdara", "Shahdara", delhi, "Delhi"],
  ["110058", "Janakpuri", "West Delhi", delhi, "Delhi"],
  ["110075", "Dwarka", "South West Delhi", delhi, "Delhi"],
  ["110085", "Rohini", "North West Delhi", delhi, "Delhi"],
  ["110092", "Laxmi Nagar, IP Extension", "East Delhi", delhi, "Delhi"],
  ["110094", "Gokalpuri, Karawal Nagar", "North East Delhi", delhi, "Delhi"],
  ["122001", "Gurgaon HO, Civil Lines", "Gurugram", haryana, "Gurugram"],
  ["122002", "DLF Phases 1–3", "Gurugram", haryana, "Gurugram"],
  ["122009", "DLF Phase 4, Galleria", "Gurugram", haryana, "Gurugram"],
  ["122017", "Palam Vihar", "Gurugram", haryana, "Gurugram"],
  ["122018", "South City II, Sohna Road", "Gurugram", haryana, "Gurugram"],
  ["122103", "Sohna (some of its villages are in Nuh)", "Gurugram", haryana, "Gurugram"],
  ["121001", "NIT Faridabad", "Faridabad", haryana, "Faridabad"],
  ["121002", "Sectors 16 and 18", "Faridabad", haryana, "Faridabad"],
  ["121004", "Ballabgarh (some of its villages are in Palwal)", "Faridabad", haryana, "Faridabad"],
  ["121007", "Sectors 12 and 15", "Faridabad", haryana, "Faridabad"],
  ["201301", "Noida Sectors 16 and 27", gbn, up, "Noida"],
  ["201303", "Noida Sectors 37 and 41", gbn, up, "Noida"],
  ["201304", "Noida Sector 104, Gejha", gbn, up, "Noida"],
  ["201309", "Noida Sector 62", gbn, up, "Noida"],
  ["201313", "Amity University, Noida Sector 125", gbn, up, "Noida"],
  ["201306", "Surajpur", gbn, up, "Greater Noida"],
  ["201310", "Alpha, Knowledge Park I", gbn, up, "Greater Noida"],
  ["201312", "Kasna", gbn, up, "Greater Noida"],
  ["201315", "Gurjinder Vihar", gbn, up, "Greater Noida"],
  ["201318", "Greater Noida West, Gaur City", gbn, up, "Greater Noida"],
  ["203207", "Dadri", gbn, up, null],
  ["203135", "Jewar", gbn, up, null],
  ["201001", "Ghaziabad HO", "Ghaziabad", up, null],
  ["201009", "Ghaziabad City (Bisrakh's old PIN code)", "Ghaziabad", up, null],
  ["201010", "Kaushambi, Sahibabad", "Ghaziabad", up, null],
  ["201014", "Indirapuram, Shipra Sun City", "Ghaziabad", up, null],
  ["122107", "Nuh", "Nuh", haryana, null],
  ["122105", "Tauru", "Nuh", haryana, null],
  ["121102", "Palwal (one office filed under Faridabad)", "Palwal", haryana, null],
  ["121106", "Hodal", "Palwal", haryana, null],
  ["131001", "Sonipat", "Sonipat", haryana, null],
  ["131028", "Kundli", "Sonipat", haryana, null],
  ["124507", "Bahadurgarh", "Jhajjar", haryana, null],
  ["124103", "Jhajjar", "Jhajjar", haryana, null],
  ["560001", "Bengaluru GPO", "Bengaluru Urban", "Karnataka", null],
];

const slugOf = (hint: string | null) => areaSlugs.find((slug) => areaNames[slug] === hint) ?? null;

describe("districtOf", () => {
  it.each(table)("%s (%s) is in %s, %s: %s", (pincode, _place, district, state, hint) => {
    expect(districtOf(pincode)).toEqual({ district, state, area: slugOf(hint) });
    expect(areaOfPincode(pincode)).toBe(slugOf(hint));
  });

  it("knows Greater Noida's 201308, which the directory lacks but addresses are written with", () => {
    expect(districtOf("201308")).toEqual({
      district: "Gautam Buddha Nagar",
      state: "Uttar Pradesh",
      area: "greater-noida",
    });
  });

  it("knows nothing of a PIN code the directory lacks, nor of a malformed one", () => {
    expect(districtOf("999999")).toBeUndefined();
    expect(districtOf("999999")).toBeUndefined();
    expect(districtOf("12200")).toBeUndefined();
    expect(districtOf("1100171")).toBeUndefined();
    expect(districtOf("11001a")).toBeUndefined();
  });

  it("gives every PIN code of the installed directory its place (else: npm run pincodes)", () => {
    const places = readPincodePlaces();
    expect(places.size).toBeGreaterThan(19_000);
    expect(readPincodeIndex().trim()).toBe(encodePincodeIndex(places));
    const differing = [...places].filter(
      ([pincode, place]) => JSON.stringify(districtOf(pincode)) !== JSON.stringify(place),
    );
    expect(differing).toEqual([]);
  });
});

describe("the served list the browser gets", () => {
  it("names each PIN code of the table as districtOf does", () => {
    for (const [pincode, , , , hint] of table) {
      expect(servedAreaOf(pincode), pincode).toBe(slugOf(hint) ?? undefined);
    }
  });

  it("agrees with districtOf for every PIN code in it", () => {
    const listed = Object.entries(servedPincodes).flatMap(([area, pincodes]) =>
      pincodes.split(" ").map((pincode) => [pincode, area as AreaSlug] as const),
    );
    expect(listed.length).toBeGreaterThan(150);
    for (const [pincode, area] of listed) {
      expect(districtOf(pincode)?.area, pincode).toBe(area);
      expect(servedAreaOf(pincode), pincode).toBe(area);
    }
  });
});

describe("names", () => {
  it("calls districts as they are called now", () => {
    expect(districtName("Mewat", "Haryana")).toBe("Nuh");
    expect(districtName("Gurgaon", "Haryana")).toBe("Gurugram");
    expect(districtName("GURUGRAM", "Haryana")).toBe("Gurugram");
    expect(districtName("Gautam Buddha Nagar **", "Uttar Pradesh")).toBe("Gautam Buddha Nagar");
    expect(districtName("GAUTAM BUDDHA NAGAR", "Uttar Pradesh")).toBe("Gautam Buddha Nagar");
    expect(districtName("SOUTH", "Delhi")).toBe("South Delhi");
    expect(districtName("South East", "Delhi")).toBe("South East Delhi");
    expect(districtName("NEW DELHI", "Delhi")).toBe("New Delhi");
    expect(districtName("SOUTH", "Sikkim")).toBe("South");
    expect(stateName("JAMMU & KASHMIR")).toBe("Jammu and Kashmir");
  });

  it("has the five areas of the area pages, by their pages' names", () => {
    expect([...areaSlugs].sort()).toEqual(areaEntries.map(({ slug }) => slug).sort());
    expect(areaNames).toEqual({
      gurugram: "Gurugram",
      delhi: "Delhi",
      noida: "Noida",
      "greater-noida": "Greater Noida",
      faridabad: "Faridabad",
    });
  });
});
