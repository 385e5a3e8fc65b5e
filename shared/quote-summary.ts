// The figures the quote page's summary card leads with (issue #11): the out-the-door price, what
// is due to the customer, and "from $X/mo". Pure, so the server can render the same card.

import { type CreditTier, creditTierLabel, LOAN_TERMS, type LoanTerm } from "./constants";
import type { Breakdown, PaymentGrid } from "./pricing";

export interface LowestMonthly {
  /** Cents. */
  payment: number;
  tier: CreditTier;
  tierLabel: string;
  term: LoanTerm;
}

export interface QuoteSummary {
  outTheDoorPrice: number;
  dueToCustomer: number;
  from: LowestMonthly;
}

/** The tier's lowest monthly payment in the grid (its longest term; on a tie the longer term). */
export function lowestMonthly(grid: PaymentGrid, tier: CreditTier): LowestMonthly {
  let term: LoanTerm = 84;
  for (const candidate of LOAN_TERMS) {
    if (grid[tier][candidate].payment <= grid[tier][term].payment) term = candidate;
  }
  return { payment: grid[tier][term].payment, tier, tierLabel: creditTierLabel(tier), term };
}

export function quoteSummary(breakdown: Breakdown, grid: PaymentGrid, tier: CreditTier): QuoteSummary {
  return {
    outTheDoorPrice: breakdown.outTheDoorPrice,
    dueToCustomer: breakdown.dueToCustomer,
    from: lowestMonthly(grid, tier),
  };
}
