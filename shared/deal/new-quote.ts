// The initial deal of a new quote (docs/decisions/009 "Quotes"): the POST /quotes
// body plus a snapshot of the dealer's current defaults, with the default
// downpayment written once. Pure, so the server and its tests build it alike.

import { CREDIT_TIER_IDS, type CreditTier, LOAN_TERM_KEYS, vehicleIsNew } from "../core/constants";
import {
  type CreateQuoteBody,
  type InterestRates,
  type LeaseProgram,
  type QuoteData,
  type QuoteTaxRules,
  quoteDataSchema,
  SHOPPER_WRITABLE_FIELDS,
  type Structures,
} from "../schemas/quote-schema";
import { defaultInterestRateTable } from "../schemas/quote-template";
import { defaultDownPayment } from "./pricing";
import { standardTaxRules } from "./tax-profiles";

type Id = string | number;

export interface DealerDefaultsSnapshot {
  addOns: readonly {
    id: Id;
    name: string;
    description?: string | null;
    price: number;
    cost?: number | null;
  }[];
  /** Dealer taxes have a description only; it becomes the quote line's name. */
  taxes: readonly { id: Id; description: string; rate: number; baseCap?: number }[];
  /** The dealer's tax rules; absent: the standard rules (spec §9). */
  taxRules?: QuoteTaxRules;
  dealerFees: readonly { id: Id; name: string; description?: string | null; amount: number }[];
  governmentFees: readonly { id: Id; name: string; description?: string | null; amount: number }[];
  /** The dealer's rate table by tier and term ({ good: { 60: 7.25 } }); missing cells take the spec's defaults. */
  interestRates?: Partial<Record<CreditTier, Readonly<Record<string, number | undefined>>>>;
  /** Issue #18: the dealership's cash-down rows, terms, structures shown and lease programme. */
  paymentOptions?: { structures: Structures; leaseProgram: LeaseProgram | null };
}

function rateTable(rates: DealerDefaultsSnapshot["interestRates"]): InterestRates {
  const table = defaultInterestRateTable();
  for (const tier of CREDIT_TIER_IDS) {
    const row = rates?.[tier];
    if (row === undefined) continue;
    for (const key of LOAN_TERM_KEYS) {
      const rate = row[key];
      if (typeof rate === "number") table[tier][key] = rate;
    }
  }
  return table;
}

/**
 * The deal document's initial content. Add-ons arrive unselected; the result
 * is parsed by the quote schema, so a bad default fails here, not in a browser.
 */
export function newQuoteData(body: CreateQuoteBody, defaults: DealerDefaultsSnapshot): QuoteData {
  const fee = (item: DealerDefaultsSnapshot["dealerFees"][number]) => ({
    id: item.id,
    name: item.name,
    description: item.description ?? "",
    amount: item.amount,
  });
  const data = quoteDataSchema.parse({
    // Issue #34: new or used is always stored; a body without it takes the form's default.
    vehicle: { ...body.vehicle, isNew: vehicleIsNew(body.vehicle) },
    pricing: body.pricing,
    addOns: defaults.addOns.map((addOn) => ({
      id: addOn.id,
      name: addOn.name,
      description: addOn.description ?? "",
      price: addOn.price,
      isSelected: false,
    })),
    dealerFeeItems: defaults.dealerFees.map(fee),
    taxItems: defaults.taxes.map((tax) => ({
      id: tax.id,
      name: tax.description,
      description: "",
      rate: tax.rate,
      ...(tax.baseCap === undefined ? {} : { baseCap: tax.baseCap }),
    })),
    governmentFeeItems: defaults.governmentFees.map(fee),
    interestRates: rateTable(defaults.interestRates),
    taxRules: defaults.taxRules ?? standardTaxRules(),
    ...(defaults.paymentOptions
      ? {
          structures: defaults.paymentOptions.structures,
          ...(defaults.paymentOptions.leaseProgram
            ? { leaseProgram: defaults.paymentOptions.leaseProgram }
            : {}),
        }
      : {}),
  });
  return { ...data, downPayment: defaultDownPayment(data) };
}

/**
 * Issue #34: a duplicate "for another customer" keeps only the dealer's side of the deal (vehicle,
 * pricing, add-ons, fees, taxes, rates, structures and programme). Every field a shopper can write
 * (shared/rules/permissions.ts: trade-in, amount owed, down payment, tier, choice) starts from the
 * dealership's defaults, as a new quote does: no trade-in, nothing owed, the tier Good, no choice,
 * and the default down payment of this deal.
 */
export function dealerSideOf(deal: Record<string, unknown>): Record<string, unknown> {
  const content: Record<string, unknown> = { ...deal };
  for (const field of SHOPPER_WRITABLE_FIELDS) delete content[field];
  // The trade-in's appraised value is the dealer's, but of the first shopper's car: it goes with it.
  delete content.tradeIn;
  // Issue #38: the answer to the first shopper's payment request is theirs too.
  delete content.paymentAnswer;
  const parsed = quoteDataSchema.safeParse({ customInterestRates: {}, ...content });
  if (!parsed.success) return content;
  const fresh = parsed.data;
  const reset: Record<string, unknown> = {
    tradeIn: fresh.tradeIn,
    amountOwedOnTradeIn: fresh.amountOwedOnTradeIn,
    selectedCreditTier: fresh.selectedCreditTier,
    downPayment: defaultDownPayment(fresh),
  };
  return { ...content, ...reset };
}
