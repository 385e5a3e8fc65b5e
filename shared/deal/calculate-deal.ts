// The one deal calculator: purchase tax, cash, finance and lease from one input,
// in integer cents. The quote page, the quotes list, history text and
// POST /api/calculate all call it (DESKING.md; docs/decisions/009-product-rulings.md "Money and signs").

import type { CashResult, DealInput, DealResult, PurchaseTax } from "./deal-types";
import { sum } from "./exact";
import { financeOption } from "./finance";
import { leaseOption } from "./lease";
import { purchaseTax } from "./purchase-tax";

/**
 * What the buyer owes after the trade, rebates and cash down:
 * price + add-ons + every fee + tax - trade value + amount owed - rebates - cash down.
 * Below zero (trade equity beyond the deal) the out-the-door price is $0.00 and the
 * rest is "Due to customer".
 */
export function cashResult(input: DealInput, tax: PurchaseTax): CashResult {
  const net =
    input.sellingPriceCents +
    sum(input.addOns.map((addOn) => addOn.priceCents)) +
    sum(input.fees.map((fee) => fee.amountCents)) +
    tax.total -
    input.tradeIn.valueCents +
    input.tradeIn.owedCents -
    sum(input.rebates.map((rebate) => rebate.amountCents)) -
    input.downPaymentCents;
  return { outTheDoor: Math.max(0, net), dueToCustomer: Math.max(0, -net) };
}

export function calculateDeal(input: DealInput): DealResult {
  const tax = purchaseTax(input);
  const cash = cashResult(input, tax);
  return {
    tax,
    cash,
    // The down payment changes only the amount financed, never the tax.
    finance: input.finance.map((option) => financeOption(cash.outTheDoor, option)),
    lease: input.lease.map((option) => leaseOption(input, option)),
  };
}
