// A quote's data as the calculator's input: the page, the list, history text and the
// API price a quote through this one path. Dollars become cents once, here.

import { toCents } from "../money";
import type { QuoteData, QuoteTaxRules } from "../quote-schema";
import type { DealFee, DealInput, FinanceOption, LeaseOption, TaxRules } from "./deal-types";
import { STANDARD_RULES } from "./standard-rules";

const nonNegativeCents = (dollars: number | undefined): number => Math.max(0, toCents(dollars ?? 0));

/** The quote's rate lines under its snapshotted rules, or the standard rules for a quote from before profiles. */
export function quoteTaxRules(data: QuoteData): TaxRules {
  const rates = data.taxItems.map((item) => ({
    name: item.name,
    ratePercent: item.rate,
    baseCapCents: item.baseCap === undefined ? undefined : nonNegativeCents(item.baseCap),
  }));
  const rules: QuoteTaxRules | undefined = data.taxRules;
  if (!rules) {
    return {
      rates,
      tradeIn: { ...STANDARD_RULES.tradeIn },
      rebates: STANDARD_RULES.rebates,
      fees: { ...STANDARD_RULES.feeTaxableByKind },
      lease: { ...STANDARD_RULES.lease },
    };
  }
  return {
    rates,
    tradeIn: {
      rule: rules.tradeIn.rule,
      capCents: rules.tradeIn.cap === undefined ? undefined : nonNegativeCents(rules.tradeIn.cap),
    },
    rebates: rules.rebates,
    fees: { ...rules.fees },
    minTaxCents: rules.minTax === undefined ? undefined : nonNegativeCents(rules.minTax),
    lease: { ...rules.lease },
  };
}

/** The selected add-ons at the price charged: the dealer's selling price if set (0..retail), else retail. */
export function chargedAddOns(data: QuoteData) {
  return data.addOns
    .filter((addOn) => addOn.isSelected)
    .map((addOn) => {
      const retail = nonNegativeCents(addOn.price);
      const price =
        addOn.sellingPrice === undefined ? retail : Math.min(nonNegativeCents(addOn.sellingPrice), retail);
      return { addOn, retail, price };
    });
}

export interface QuoteDealOptions {
  /** Cash down in cents (>= 0); the quote's own downpayment (stored negative) when absent. */
  downPaymentCents?: number;
  finance?: FinanceOption[];
  lease?: LeaseOption[];
  msrpCents?: number;
}

export function quoteDealInput(data: QuoteData, options: QuoteDealOptions = {}): DealInput {
  const advertised = nonNegativeCents(data.pricing.advertisedPrice);
  const discount = Math.min(nonNegativeCents(data.pricing.discount), advertised);
  const hasTradeIn = data.tradeIn.hasTradeIn;
  const fees: DealFee[] = [
    ...data.dealerFeeItems.map((item) => ({
      name: item.name,
      kind: "dealer" as const,
      amountCents: nonNegativeCents(item.amount),
    })),
    ...data.governmentFeeItems.map((item) => ({
      name: item.name,
      kind: "gov" as const,
      amountCents: nonNegativeCents(item.amount),
    })),
  ];
  return {
    sellingPriceCents: advertised - discount,
    msrpCents: options.msrpCents ?? advertised,
    isNew: data.vehicle.isNew !== false,
    addOns: chargedAddOns(data).map(({ addOn, price }) => ({ name: addOn.name, priceCents: price })),
    fees,
    tradeIn: {
      valueCents: hasTradeIn ? nonNegativeCents(data.tradeIn.vehicle.value) : 0,
      owedCents: hasTradeIn ? nonNegativeCents(data.amountOwedOnTradeIn) : 0,
    },
    rebates: (data.rebates ?? []).map((rebate) => ({
      name: rebate.name,
      amountCents: nonNegativeCents(rebate.amount),
    })),
    // Stored negative (docs/decisions/009-product-rulings.md); a positive value would raise the price, so it is ignored.
    downPaymentCents: options.downPaymentCents ?? Math.max(0, -toCents(data.downPayment)),
    taxRules: quoteTaxRules(data),
    finance: options.finance ?? [],
    lease: options.lease ?? [],
  };
}
