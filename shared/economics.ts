// Issue #38: the dealer-private deal economics (docs/decisions/019-deal-economics.md). A quote's
// economics live in its private document (with the customer record), which only the dealer's
// side ever receives; the dealership's defaults (pack, participation, buy rates, buy money
// factors, and whether salespeople see gross) are a settings row that new quotes snapshot.
// Amounts in dollars with two decimals, as the quote data keeps them.

import { CREDIT_TIER_IDS, LOAN_TERM_KEYS, MAX_MONEY_FACTOR, QUOTE_RATE_MAX } from "./constants";
import type { DealEconomics } from "./deal/gross";
import { MSG } from "./messages";
import { conform, ID, list, optional, record } from "./quote-template";
import { boolean, dollarAmount, itemId, number, strictObject } from "./schema-fields";
import { z } from "./zod";

const tier = z.enum(CREDIT_TIER_IDS, { error: MSG.creditTierInvalid });
const term = z.enum(LOAN_TERM_KEYS, { error: MSG.loanTermInvalid });
const buyRate = number(MSG.quoteRateInvalid)
  .min(0, MSG.quoteRateInvalid)
  .max(QUOTE_RATE_MAX, MSG.quoteRateInvalid);
const buyFactor = number(MSG.moneyFactorInvalid)
  .min(0, MSG.moneyFactorInvalid)
  .max(MAX_MONEY_FACTOR, MSG.moneyFactorInvalid);
const participation = number(MSG.participationInvalid)
  .min(0, MSG.participationInvalid)
  .max(100, MSG.participationInvalid);
/** Far above any quote's add-ons; keeps one private document small. */
export const MAX_ADD_ON_COSTS = 100;

const buyRatesSchema = z.partialRecord(tier, z.partialRecord(term, buyRate, { error: MSG.loanTermInvalid }), {
  error: MSG.creditTierInvalid,
});
const buyMoneyFactorsSchema = z.partialRecord(tier, buyFactor, { error: MSG.creditTierInvalid });

/** The quote's economics (the private document's `economics` field); the live guard checks every write with it. */
export const economicsSchema = strictObject({
  vehicleCost: dollarAmount().optional(),
  pack: dollarAmount().default(0),
  participation: participation.default(0),
  addOnCosts: z
    .array(strictObject({ id: itemId(), cost: dollarAmount() }), { error: MSG.expectedList })
    .max(MAX_ADD_ON_COSTS, MSG.tooManyItems)
    .default(() => []),
  buyRates: buyRatesSchema.default(() => ({})),
  buyMoneyFactors: buyMoneyFactorsSchema.default(() => ({})),
});
export type Economics = z.infer<typeof economicsSchema>;

/** The dealership's economics defaults: GET/PUT /api/dealer-defaults/economics. */
export const economicsSettingsSchema = strictObject({
  pack: dollarAmount(),
  participation,
  buyRates: buyRatesSchema,
  buyMoneyFactors: buyMoneyFactorsSchema,
  /** "Salespeople see gross": off by default; only the owner changes it. */
  salespeopleSeeGross: boolean(),
});
export type EconomicsSettings = z.infer<typeof economicsSettingsSchema>;

export const defaultEconomicsSettings = (): EconomicsSettings => ({
  pack: 0,
  participation: 0,
  buyRates: {},
  buyMoneyFactors: {},
  salespeopleSeeGross: false,
});

/** The economics as the page reads them: tolerant (a malformed part reads as its default). */
const economicsTemplate = () => ({
  vehicleCost: optional(0),
  pack: 0,
  participation: 0,
  addOnCosts: list({ id: ID, cost: 0 }),
  buyRates: record(CREDIT_TIER_IDS, record(LOAN_TERM_KEYS, 0)),
  buyMoneyFactors: record(CREDIT_TIER_IDS, 0),
});

/** The private document's economics for the gross calculator. */
export function readEconomics(raw: unknown): DealEconomics {
  return conform(raw, economicsTemplate()) as DealEconomics;
}

/** A new quote's economics: the dealership's defaults, and each add-on's cost from its default. */
export function newQuoteEconomics(
  settings: EconomicsSettings,
  addOnCosts: readonly { id: string | number; cost?: number | null }[],
  vehicleCost?: number,
): Economics {
  return {
    ...(vehicleCost === undefined ? {} : { vehicleCost }),
    pack: settings.pack,
    participation: settings.participation,
    addOnCosts: addOnCosts.flatMap((addOn) =>
      typeof addOn.cost === "number" ? [{ id: String(addOn.id), cost: addOn.cost }] : [],
    ),
    buyRates: settings.buyRates,
    buyMoneyFactors: settings.buyMoneyFactors,
  };
}
