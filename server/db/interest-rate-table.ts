import { CREDIT_TIER_IDS, type CreditTier, DEFAULT_INTEREST_RATES, LOAN_TERMS } from "@shared/core/constants";
import type { InterestRates } from "@shared/schemas/quote-schema";

/**
 * A dealer's rate sheet: stored rates over the spec's default table (spec §9), so a new dealer
 * starts with the defaults without any rows written at registration.
 */
export function interestRatesOver(
  rows: readonly { tier: string; termMonths: number; rate: number }[],
): InterestRates {
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
