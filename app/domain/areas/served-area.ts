// Which of our areas a PIN code is in, for the appointment form's hint: from the list the build
// makes of India Post's directory (pincode-plugin.ts). The browser never loads the directory.
import { servedPincodes } from "virtual:served-pincodes";
import { type AreaSlug, areaSlugs } from "#app/domain/areas/areas.ts";

let areaByPincode: Map<string, AreaSlug> | undefined;

/** The area a valid PIN code is in, or undefined when it is in none of ours. Never blocks. */
export function servedAreaOf(pincode: string): AreaSlug | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  areaByPincode ??= new Map(
    areaSlugs.flatMap((area) =>
      servedPincodes[area].split(" ").map((served) => [served, area] as const),
    ),
  );
  return areaByPincode.get(pincode);
}
