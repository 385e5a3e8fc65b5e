import { CREDIT_TIER_IDS, type CreditTier, DEFAULT_INTEREST_RATES, LOAN_TERMS } from "@shared/constants";
import type { InterestRates } from "@shared/quote-schema";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { interestRateDefaults } from "../db/schema";

/** One stored rate of a dealer's sheet (interest_rate_defaults, either backend). */
export type StoredRate = { tier: string; termMonths: number; rate: number };

/**
 * Stored rates over the spec's default table (spec §9), so a new dealer starts with the defaults
 * without any rows written at registration. Pure: both storage backends answer through it.
 */
export function rateSheetOver(rows: readonly StoredRate[]): InterestRates {
  const stored = new Map(rows.map((r) => [`${r.tier}:${r.termMonths}`, r.rate]));
  const table = {} as Record<CreditTier, Record<string, number>>;
  for (const tier of CREDIT_TIER_IDS) {
    table[tier] = {};
    for (const term of LOAN_TERMS) {
      table[tier][String(term)] = stored.get(`${tier}:${term}`) ?? DEFAULT_INTEREST_RATES[tier][term];
    }
  }
  return table as InterestRates;
}

/** A dealer's rate sheet: stored rates over the spec's default table. */
export function interestRateTable(db: Db, dealerId: string): InterestRates {
  return rateSheetOver(
    db.select().from(interestRateDefaults).where(eq(interestRateDefaults.dealerId, dealerId)).all(),
  );
}
