// A quote's data as the calculator's input: the page, the list, history text and the
// API price a quote through this one path. Dollars become cents once, here.

import { vehicleIsNew } from "../core/constants";
import { toCents } from "../core/money";
import type { QuoteData, QuoteTaxRules } from "../schemas/quote-schema";
import type { DealFee, DealInput, FinanceOption, LeaseOption, TaxRules } from "./deal-types";
import { balanceDueCents } from "./down-payment";
import { STANDARD_RULES } from "./standard-rules";

const nonNegativeCents = (dollars: number | undefined): number => Math.max(0, toCents(dollars ?? 0));

/** The quote's rate lines under its snapshotted rules, or the standard rules for a quote from before profiles. */
function quoteTaxRules(data: QuoteData): TaxRules {
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

interface QuoteDealOptions {
  /**
   * Cash down in cents (>= 0); when absent, the quote's own downpayment (stored negative), applied
   * up to the balance due (issue #34: a concurrent edit may have left it above; see appliedDownPayment).
   */
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
  const input: DealInput = {
    sellingPriceCents: advertised - discount,
    // Issue #34: residuals are a percent of the MSRP; without one the quote offers no lease.
    msrpCents:
      options.msrpCents ??
      (data.vehicle.msrp === undefined ? undefined : nonNegativeCents(data.vehicle.msrp)),
    isNew: vehicleIsNew(data.vehicle),
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
    downPaymentCents: options.downPaymentCents ?? enteredDownPaymentCents(data),
    taxRules: quoteTaxRules(data),
    finance: options.finance ?? [],
    lease: options.lease ?? [],
  };
  if (options.downPaymentCents !== undefined) return input;
  return { ...input, downPaymentCents: Math.min(input.downPaymentCents, balanceDueCents(input)) };
}

/** The quote's down payment as entered, in cents >= 0. */
function enteredDownPaymentCents(data: QuoteData): number {
  // Stored negative (docs/decisions/009-product-rulings.md); a positive value would raise the price, so it is ignored.
  return Math.max(0, -toCents(data.downPayment));
}

/** The down payment entered and the one applied (capped at the balance due), in cents. */
export function appliedDownPayment(data: QuoteData): {
  entered: number;
  applied: number;
  balanceDue: number;
} {
  const input = quoteDealInput(data, { downPaymentCents: enteredDownPaymentCents(data) });
  const balanceDue = balanceDueCents(input);
  const entered = input.downPaymentCents;
  return { entered, applied: Math.min(entered, balanceDue), balanceDue };
}
