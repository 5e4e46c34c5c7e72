// The clinic's travel table as the booking checks and the matcher read it (decision 050), and
// a request's place from its PIN code.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import type { Transaction } from "#app/domain/appointments/request-changes.server.ts";
import { areaNames, areaSlugs } from "#app/domain/areas/areas.ts";
import { districtOf, servedDistricts } from "#app/domain/areas/pincode-areas.server.ts";
import { type Place, type TravelRule, travelTableOf } from "#app/domain/visits/travel.ts";
import { travelTimes } from "#db/schema.ts";

/** The table as it stands, with the flat least (VISIT_TRAVEL_MINUTES). */
export async function travelRule(db: Database | Transaction, least: number): Promise<TravelRule> {
  const rows = await db
    .select({
      placeA: travelTimes.placeA,
      placeB: travelTimes.placeB,
      minutes: travelTimes.minutes,
    })
    .from(travelTimes);
  return { table: travelTableOf(rows), least };
}

/** Where a PIN code is: its district and our area; null when the directory does not know it. */
export function placeOfPincode(pincode: string): Place | null {
  const found = districtOf(pincode);
  return found ? { district: found.district, area: found.area } : null;
}

/** The places a row may name: our five areas (by slug), then the districts that hold them. */
export function travelPlaces(): { value: string; name: string }[] {
  return [
    ...areaSlugs.map((slug) => ({ value: slug, name: areaNames[slug] })),
    ...servedDistricts().map((district) => ({ value: district.name, name: district.name })),
  ];
}

/** The table's rows as the page lists them: areas' pairs first, in order of their places. */
export async function readTravelTimes(db: Database) {
  return db
    .select({
      placeA: travelTimes.placeA,
      placeB: travelTimes.placeB,
      minutes: travelTimes.minutes,
      updatedAt: travelTimes.updatedAt,
    })
    .from(travelTimes)
    .orderBy(asc(travelTimes.placeA), asc(travelTimes.placeB));
}

/**
 * Saves rows of the table (each pair stored once, its places in order), and removes the pairs
 * given without minutes: one transaction. The places were checked by the form.
 */
export async function saveTravelTimes(
  db: Database,
  rows: readonly { placeA: string; placeB: string; minutes: number | null }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const [placeA, placeB] =
        row.placeA <= row.placeB ? [row.placeA, row.placeB] : [row.placeB, row.placeA];
      if (row.minutes === null) {
        await tx
          .delete(travelTimes)
          .where(and(eq(travelTimes.placeA, placeA), eq(travelTimes.placeB, placeB)));
        continue;
      }
      await tx
        .insert(travelTimes)
        .values({ placeA, placeB, minutes: row.minutes })
        .onConflictDoUpdate({
          target: [travelTimes.placeA, travelTimes.placeB],
          set: { minutes: row.minutes, updatedAt: sql`now()` },
        });
    }
  });
}
