// Issue #38: the dealer-private deal economics (docs/decisions/019-deal-economics.md). A quote's
// economics live in its private document (with the customer record), which only the dealer's
// side ever receives; the dealership's defaults (pack, participation, buy rates, buy money
// factors, and whether salespeople see gross) are a settings row that new quotes snapshot.
// Amounts in dollars with two decimals, as the quote data keeps them.

import { CREDIT_TIER_IDS, LOAN_TERM_KEYS, MAX_MONEY_FACTOR, QUOTE_RATE_MAX } from "../core/constants";
import { z } from "../core/zod";
import { asStored, conform, ID, list, optional, record } from "../schemas/quote-template";
import { boolean, dollarAmount, itemId, number, strictObject } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { type DealEconomics, RESERVE_METHODS } from "./gross";

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
const MAX_ADD_ON_COSTS = 100;
/** Far above any quote's dealer fees. */
const MAX_FEES_IN_GROSS = 100;

const percent = (message: string) => number(message).min(0, message).max(100, message);

/**
 * Issue #49: how one tier's lender pays reserve (shared/deal/gross.ts ReserveRule). A flat rule
 * needs its amount, a percent rule its percent; the caps are optional.
 */
export const reserveRuleSchema = strictObject({
  method: z.enum(RESERVE_METHODS, { error: MSG.reserveMethodInvalid }),
  flatAmount: dollarAmount().optional(),
  amountFinancedPercent: percent(MSG.reservePercentInvalid).optional(),
  maxMarkup: number(MSG.maxMarkupInvalid)
    .min(0, MSG.maxMarkupInvalid)
    .max(QUOTE_RATE_MAX, MSG.maxMarkupInvalid)
    .optional(),
  maxReserve: dollarAmount().optional(),
})
  .refine((rule) => rule.method !== "flat" || rule.flatAmount !== undefined, {
    message: MSG.reserveFlatRequired,
    path: ["flatAmount"],
  })
  .refine((rule) => rule.method !== "amountFinanced" || rule.amountFinancedPercent !== undefined, {
    message: MSG.reservePercentRequired,
    path: ["amountFinancedPercent"],
  });
const reserveRulesSchema = z.partialRecord(tier, reserveRuleSchema, { error: MSG.creditTierInvalid });
const feesInGrossSchema = z
  .array(itemId(), { error: MSG.expectedList })
  .max(MAX_FEES_IN_GROSS, MSG.tooManyItems);

const buyRatesSchema = z.partialRecord(tier, z.partialRecord(term, buyRate, { error: MSG.loanTermInvalid }), {
  error: MSG.creditTierInvalid,
});
const buyMoneyFactorsSchema = z.partialRecord(tier, buyFactor, { error: MSG.creditTierInvalid });

/** The quote's economics (the private document's `economics` field); the live guard checks every write with it. */
export const economicsSchema = strictObject({
  vehicleCost: dollarAmount().optional(),
  pack: dollarAmount().default(0),
  /** Issue #49: the trade's actual cash value; absent: the allowance. */
  tradeInAcv: dollarAmount().optional(),
  participation: participation.default(0),
  addOnCosts: z
    .array(strictObject({ id: itemId(), cost: dollarAmount() }), { error: MSG.expectedList })
    .max(MAX_ADD_ON_COSTS, MSG.tooManyItems)
    .default(() => []),
  buyRates: buyRatesSchema.default(() => ({})),
  buyMoneyFactors: buyMoneyFactorsSchema.default(() => ({})),
  reserveRules: reserveRulesSchema.optional(),
  feesInGross: feesInGrossSchema.optional(),
});
export type Economics = z.infer<typeof economicsSchema>;

/** The dealership's economics defaults: GET/PUT /api/dealer-defaults/economics. */
export const economicsSettingsSchema = strictObject({
  pack: dollarAmount(),
  participation,
  buyRates: buyRatesSchema,
  buyMoneyFactors: buyMoneyFactorsSchema,
  /** Issue #49: how each tier's lender pays reserve (absent: a share of the markup). */
  reserveRules: reserveRulesSchema.optional(),
  /** Issue #49: the dealer fee defaults (by id) that count as front gross. */
  feesInGross: feesInGrossSchema.optional(),
  /** "Salespeople see gross": off by default; only the owner changes it. */
  salespeopleSeeGross: boolean(),
});
export type EconomicsSettings = z.infer<typeof economicsSettingsSchema>;

export const defaultEconomicsSettings = (): EconomicsSettings => ({
  pack: 0,
  participation: 0,
  buyRates: {},
  buyMoneyFactors: {},
  reserveRules: {},
  feesInGross: [],
  salespeopleSeeGross: false,
});

/** The economics as the page reads them: tolerant (a malformed part reads as its default). */
const economicsTemplate = () => ({
  vehicleCost: optional(0),
  pack: 0,
  tradeInAcv: optional(0),
  participation: 0,
  addOnCosts: list({ id: ID, cost: 0 }),
  buyRates: record(CREDIT_TIER_IDS, record(LOAN_TERM_KEYS, 0)),
  buyMoneyFactors: record(CREDIT_TIER_IDS, 0),
  reserveRules: record(CREDIT_TIER_IDS, asStored()),
  feesInGross: asStored(),
});

/** A stored reserve rule as the calculator reads it; a malformed one reads as a share of the markup. */
const readReserveRules = (raw: unknown): DealEconomics["reserveRules"] => {
  const rules: DealEconomics["reserveRules"] = {};
  if (typeof raw !== "object" || raw === null) return rules;
  for (const [tierId, rule] of Object.entries(raw)) {
    const parsed = reserveRuleSchema.safeParse(rule);
    if (parsed.success) rules[tierId as keyof typeof rules] = parsed.data;
  }
  return rules;
};

/** The private document's economics for the gross calculator. */
export function readEconomics(raw: unknown): DealEconomics {
  const read = conform(raw, economicsTemplate()) as Omit<DealEconomics, "reserveRules" | "feesInGross"> & {
    reserveRules: unknown;
    feesInGross: unknown;
  };
  const fees = read.feesInGross;
  return {
    ...read,
    reserveRules: readReserveRules(read.reserveRules),
    feesInGross: Array.isArray(fees) ? fees.filter((id): id is string => typeof id === "string") : [],
  };
}

/** A new quote's economics: the dealership's defaults, and each add-on's cost from its default. */
export function newQuoteEconomics(
  settings: EconomicsSettings,
  addOnCosts: readonly { id: string | number; cost?: number | null }[],
  vehicleCost?: number,
  /** The ids of the quote's dealer fees (the defaults it copied): only those can count as gross. */
  dealerFeeIds?: readonly (string | number)[],
): Economics {
  const feeIds = dealerFeeIds ? new Set(dealerFeeIds.map(String)) : null;
  return {
    ...(vehicleCost === undefined ? {} : { vehicleCost }),
    pack: settings.pack,
    participation: settings.participation,
    addOnCosts: addOnCosts.flatMap((addOn) =>
      typeof addOn.cost === "number" ? [{ id: String(addOn.id), cost: addOn.cost }] : [],
    ),
    buyRates: settings.buyRates,
    buyMoneyFactors: settings.buyMoneyFactors,
    reserveRules: settings.reserveRules ?? {},
    feesInGross: (settings.feesInGross ?? []).filter((id) => feeIds === null || feeIds.has(id)),
  };
}
