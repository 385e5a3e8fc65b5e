// The standard tax rules apart from the example profiles (tax-profiles.ts): the quote page prices
// every quote with these, and must not carry the example states' tables to the shopper's phone.

import type { FeeKind, LeaseTaxMethod, RebateRule, TradeInRule } from "./deal-types";

/**
 * Spec §9's rules, which every quote priced before tax profiles used: full trade-in credit,
 * add-ons and dealer fees taxable, government fees untaxed. Rebates did not exist; they are
 * taxed (most example states), which cannot change an old quote's figures.
 */
export const STANDARD_RULES = {
  tradeIn: { rule: "full" },
  rebates: "taxed",
  feeTaxableByKind: { doc: true, dealer: true, addOn: true, gov: false },
  lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
} as const satisfies {
  tradeIn: { rule: TradeInRule };
  rebates: RebateRule;
  feeTaxableByKind: Record<FeeKind | "addOn", boolean>;
  lease: { method: LeaseTaxMethod; capReductionTaxable: boolean; tradeCredit: boolean };
};
