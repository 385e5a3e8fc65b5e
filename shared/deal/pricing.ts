// The deal math of spec §9 and docs/decisions/009-product-rulings.md: one pure function from quote data
// to every line the quote page shows, in integer cents. Totals are sums of
// rounded lines, so each breakdown adds up to the cent everywhere it is shown.

import {
  CREDIT_TIER_IDS,
  type CreditTier,
  DEFAULT_INTEREST_RATES,
  LOAN_TERMS,
  type LoanTerm,
} from "../core/constants";
import { roundHalfAwayFromZero, sumCents, toCents } from "../core/money";
import type { QuoteData } from "../schemas/quote-schema";
import { calculateDeal } from "./calculate-deal";
import { financePayment } from "./finance";
import { quoteDealInput } from "./quote-deal";

interface AddOnLine {
  id: string;
  name: string;
  retailPrice: number;
  /** The price charged: the dealer's selling price if set, else retail. */
  price: number;
  /** True when a selling price below retail was set (the page strikes retail through). */
  discounted: boolean;
}

interface AmountLine {
  id: string;
  name: string;
  amount: number;
}

interface TaxLine extends AmountLine {
  rate: number;
}

export interface Breakdown {
  advertisedPrice: number;
  discount: number;
  sellingPrice: number;
  addOns: AddOnLine[];
  addOnsTotal: number;
  selectedAddOnCount: number;
  tradeInValue: number;
  /**
   * The part of the trade-in value the taxable amount could not absorb (it
   * clamps at 0). It is still the shopper's money, so the out-the-door price
   * credits it; 0 in every ordinary deal.
   */
  tradeInExcess: number;
  dealerFees: AmountLine[];
  dealerFeesTotal: number;
  taxableAmount: number;
  taxes: TaxLine[];
  taxesTotal: number;
  governmentFees: AmountLine[];
  governmentFeesTotal: number;
  /** Manufacturer rebates: they lower what the shopper pays; the tax rules decide the tax. */
  rebates: AmountLine[];
  rebatesTotal: number;
  totalBalance: number;
  downPayment: number;
  amountOwedOnTradeIn: number;
  /** Never below 0: what the deal would come to below zero is `dueToCustomer` instead. */
  outTheDoorPrice: number;
  /** The shopper's equity beyond the whole deal (the dealership owes it); 0 in every ordinary deal. */
  dueToCustomer: number;
}

/** Dollar input to non-negative cents (the schema guarantees the sign; this keeps a stray value harmless). */
const nonNegativeCents = (dollars: number | undefined): number => Math.max(0, toCents(dollars ?? 0));

export function computeBreakdown(data: QuoteData): Breakdown {
  const advertisedPrice = nonNegativeCents(data.pricing.advertisedPrice);
  const discount = Math.min(nonNegativeCents(data.pricing.discount), advertisedPrice);
  const sellingPrice = advertisedPrice - discount;

  const addOns: AddOnLine[] = data.addOns
    .filter((addOn) => addOn.isSelected)
    .map((addOn) => {
      const retailPrice = nonNegativeCents(addOn.price);
      // Same bounds as the selection dialog: 0..retail.
      const price =
        addOn.sellingPrice === undefined
          ? retailPrice
          : Math.min(nonNegativeCents(addOn.sellingPrice), retailPrice);
      return { id: addOn.id, name: addOn.name, retailPrice, price, discounted: price < retailPrice };
    });
  const addOnsTotal = sumCents(addOns.map((line) => line.price));

  const hasTradeIn = data.tradeIn.hasTradeIn;
  const tradeInValue = hasTradeIn ? nonNegativeCents(data.tradeIn.vehicle.value) : 0;

  const dealerFees = amountLines(data.dealerFeeItems);
  const dealerFeesTotal = sumCents(dealerFees.map((line) => line.amount));

  const beforeTradeIn = sellingPrice + addOnsTotal + dealerFeesTotal;
  const tradeInExcess = Math.max(0, tradeInValue - beforeTradeIn);
  // Tax, rebates and the out-the-door price come from the one deal calculator, under the
  // quote's tax rules (the standard rules of spec §9 for a quote from before tax profiles).
  const input = quoteDealInput(data);
  const { tax, cash } = calculateDeal(input);
  const taxableAmount = tax.taxableBase;
  const taxes: TaxLine[] = data.taxItems.map((item, index) => ({
    id: item.id,
    name: item.name,
    rate: item.rate,
    amount: tax.lines[index]?.tax ?? 0,
  }));
  const taxesTotal = tax.total;

  const governmentFees = amountLines(data.governmentFeeItems);
  const governmentFeesTotal = sumCents(governmentFees.map((line) => line.amount));
  const rebates: AmountLine[] = (data.rebates ?? []).map((rebate) => ({
    id: rebate.id,
    name: rebate.name,
    amount: nonNegativeCents(rebate.amount),
  }));
  const rebatesTotal = sumCents(rebates.map((line) => line.amount));

  const totalBalance = taxableAmount + taxesTotal + governmentFeesTotal;
  const downPayment = -input.downPaymentCents || 0;
  const amountOwedOnTradeIn = input.tradeIn.owedCents;
  // docs/decisions/003: the price stops at $0.00 and the excess shows as "Due to customer".
  const outTheDoorPrice = cash.outTheDoor;
  const dueToCustomer = cash.dueToCustomer;

  return {
    advertisedPrice,
    discount,
    sellingPrice,
    addOns,
    addOnsTotal,
    selectedAddOnCount: addOns.length,
    tradeInValue,
    tradeInExcess,
    dealerFees,
    dealerFeesTotal,
    taxableAmount,
    taxes,
    taxesTotal,
    governmentFees,
    governmentFeesTotal,
    rebates,
    rebatesTotal,
    totalBalance,
    downPayment,
    amountOwedOnTradeIn,
    outTheDoorPrice,
    dueToCustomer,
  };
}

function amountLines(items: QuoteData["dealerFeeItems"]): AmountLine[] {
  return items.map((item) => ({ id: item.id, name: item.name, amount: nonNegativeCents(item.amount) }));
}

/**
 * Monthly payment in cents on `amountCents` at `apr` percent over `months`:
 * P = A*r / (1 - (1+r)^-n), r = APR/100/12; A/n when r = 0; 0 when A <= 0.
 * Rounded to the nearest cent, half away from zero (docs/decisions/003), as on
 * a lender's disclosure: payment x term may differ from A by a few cents.
 */
export function monthlyPayment(amountCents: number, apr: number, months: number): number {
  return financePayment(Math.round(amountCents), apr, months);
}

interface EffectiveRate {
  /** The APR used, percent. */
  rate: number;
  /** True when the dealer's override differs from the quote's table (show the default in parentheses). */
  isCustom: boolean;
  /** The quote's table rate for this tier and term. */
  defaultRate: number;
}

export function effectiveRate(data: QuoteData, tier: CreditTier, term: LoanTerm): EffectiveRate {
  const key = String(term) as `${LoanTerm}`;
  const tableRate = data.interestRates?.[tier]?.[key];
  const defaultRate = typeof tableRate === "number" ? tableRate : DEFAULT_INTEREST_RATES[tier][term];
  const custom = data.customInterestRates?.[tier]?.[key];
  if (typeof custom !== "number" || custom === defaultRate) {
    return { rate: defaultRate, isCustom: false, defaultRate };
  }
  return { rate: custom, isCustom: true, defaultRate };
}

export interface PaymentCell extends EffectiveRate {
  /** Monthly payment in cents. */
  payment: number;
}

export type PaymentGrid = Record<CreditTier, Record<LoanTerm, PaymentCell>>;

/** Every tier x term payment on the out-the-door price (spec §9). */
export function paymentGrid(
  data: QuoteData,
  amountCents = computeBreakdown(data).outTheDoorPrice,
): PaymentGrid {
  const grid = {} as PaymentGrid;
  for (const tier of CREDIT_TIER_IDS) {
    const row = {} as Record<LoanTerm, PaymentCell>;
    for (const term of LOAN_TERMS) {
      const rate = effectiveRate(data, tier, term);
      row[term] = { ...rate, payment: monthlyPayment(amountCents, rate.rate, term) };
    }
    grid[tier] = row;
  }
  return grid;
}

/**
 * The downpayment a new quote starts with: negative 10% of the total balance,
 * in whole dollars (half away from zero), as a dollar number. Never -0.
 */
export function defaultDownPayment(data: QuoteData): number {
  const { totalBalance } = computeBreakdown(data);
  // 10% of cents, in dollars: cents / 1000. An exact half is representable, so rounding is exact.
  return -roundHalfAwayFromZero(totalBalance / 1000) || 0;
}
