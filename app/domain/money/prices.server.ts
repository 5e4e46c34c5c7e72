// The clinic's prices as the money reads them (decision 045): the settings FEE_* — the same
// figures the fees section of the public pages states (feesOf) — in paise, and the version of
// them each charge names. A new set of figures becomes a version the first time a charge or a
// sale is made with it, from that moment; a charge keeps the amount it was made with.
import { desc, sql } from "drizzle-orm";
import { type Env, feesOf, getEnv } from "#app/config/env.server.ts";
import type { Transaction } from "#app/domain/appointments/request-changes.server.ts";
import { priceVersions } from "#db/schema.ts";

/** The price list, in paise (and the package's validity in days). */
export interface PriceList {
  homeSessionPaise: number;
  packageSessions: number;
  packagePricePaise: number;
  packageDays: number;
}

/** What the money of the running server reads: its prices, and whether a not-home visit is charged. */
export interface MoneySettings {
  prices: PriceList;
  /** VISIT_NO_SHOW_CHARGE: a visit the patient was not home for costs a session ("session"). */
  chargeNoShow: boolean;
  /** RECEIPT_PREFIX: the receipts' numbers begin with it ("HP/26-27/000123"). */
  receiptPrefix: string;
}

export function toMoneySettings(env: Env): MoneySettings {
  const fees = feesOf(env);
  return {
    prices: {
      homeSessionPaise: fees.homeSession * 100,
      packageSessions: fees.packageSessions,
      packagePricePaise: fees.packagePrice * 100,
      packageDays: fees.packageDays,
    },
    chargeNoShow: env.VISIT_NO_SHOW_CHARGE === "session",
    receiptPrefix: env.RECEIPT_PREFIX,
  };
}

/** The running server's money settings. */
export function getMoneySettings(): MoneySettings {
  return toMoneySettings(getEnv());
}

/** A stored version of the prices. */
export type PriceVersion = typeof priceVersions.$inferSelect;

const sameFigures = (version: PriceVersion, prices: PriceList) =>
  version.homeSessionPaise === prices.homeSessionPaise &&
  version.packageSessions === prices.packageSessions &&
  version.packagePricePaise === prices.packagePricePaise &&
  version.packageDays === prices.packageDays;

/**
 * The version of `prices` a charge made now names: the latest stored one when its figures are
 * these, else a new one from now. Only a change of figures takes the transaction-scoped advisory
 * lock (and reads again under it), so two instances making the first charge of new figures at
 * once make one version, and the charges of unchanged prices never wait on one another.
 */
export async function currentPriceVersion(
  tx: Transaction,
  prices: PriceList,
): Promise<PriceVersion> {
  const latest = () =>
    tx.select().from(priceVersions).orderBy(desc(priceVersions.effectiveFrom)).limit(1);
  const [current] = await latest();
  if (current && sameFigures(current, prices)) return current;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_versions'))`);
  const [again] = await latest();
  if (again && sameFigures(again, prices)) return again;
  const [created] = await tx.insert(priceVersions).values(prices).returning();
  if (!created) throw new Error("the price version was not stored");
  return created;
}

/** Every version of the prices, newest first (the prices page). */
export async function priceHistory(db: Pick<Transaction, "select">): Promise<PriceVersion[]> {
  return db.select().from(priceVersions).orderBy(desc(priceVersions.effectiveFrom));
}
