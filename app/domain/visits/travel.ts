// The time from a visit at one place to the next (decision 050): read from the clinic's table of
// travel times (`travel_times`, kept at /admin/travel), never less than the flat least
// (VISIT_TRAVEL_MINUTES). Pure: the table is an argument, so that the booking checks, the
// matcher and the tests read the same rule.
import type { AreaSlug } from "#app/domain/areas/areas.ts";

/** Where a visit is: its PIN code's district and our area there (either may be unknown). */
export interface Place {
  district: string | null;
  area: AreaSlug | null;
}

/** The clinic's table: minutes by pair of places (an area's slug or a district's name). */
export type TravelTable = ReadonlyMap<string, number>;

/** The table's key of a pair: its two places in order, as `travel_times` stores them. */
export function travelKey(a: string, b: string): string {
  return a <= b ? `${a}\n${b}` : `${b}\n${a}`;
}

/** The table from its rows. */
export function travelTableOf(
  rows: readonly { placeA: string; placeB: string; minutes: number }[],
): TravelTable {
  return new Map(rows.map((row) => [travelKey(row.placeA, row.placeB), row.minutes]));
}

/** The rule a booking applies: the table and the least between any two visits. */
export interface TravelRule {
  table: TravelTable;
  /** VISIT_TRAVEL_MINUTES: the least, and what a pair the table does not list takes. */
  least: number;
}

/**
 * Minutes from a visit at `from` to one at `to`: the two districts' row where the table has one;
 * within one district the least; else the two areas' row; else the least. Never below the least.
 */
export function travelBetween(
  rule: TravelRule,
  from: Place | null | undefined,
  to: Place | null | undefined,
): number {
  if (!from || !to) return rule.least;
  const byDistrict =
    from.district && to.district
      ? rule.table.get(travelKey(from.district, to.district))
      : undefined;
  if (byDistrict !== undefined) return Math.max(rule.least, byDistrict);
  if (from.district && from.district === to.district) return rule.least;
  const byArea = from.area && to.area ? rule.table.get(travelKey(from.area, to.area)) : undefined;
  return Math.max(rule.least, byArea ?? rule.least);
}
