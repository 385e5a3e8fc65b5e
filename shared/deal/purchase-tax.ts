// Purchase sales tax under a tax profile, DESKING.md §1.5:
//   tradeCredit = full: trade | none: 0 | capped: min(trade, cap) | newOnly: isNew ? trade : 0
//   base        = max(0, price + taxable add-ons and fees - tradeCredit - (rebates if 'deducted'))
//   line tax    = round(min(base, line cap) x rate / 100), each line rounded
//   total       = max(sum of line taxes, minimum tax)
// The amount owed on the trade never touches the base.

import type { DealFee, DealInput, PurchaseTax, TaxLineResult, TaxRateLine, TaxRules } from "./deal-types";
import { percentOf, sum } from "./exact";

/** Whether a fee line is taxed: its own flag when set, else the profile's flag for its kind. */
export function isFeeTaxable(fee: DealFee, rules: TaxRules): boolean {
  return fee.taxable ?? rules.fees[fee.kind];
}

/** The part of the trade-in value the profile lets reduce the purchase tax base. */
function tradeInCredit(input: Pick<DealInput, "tradeIn" | "isNew">, rules: TaxRules): number {
  const value = input.tradeIn.valueCents;
  switch (rules.tradeIn.rule) {
    case "full":
      return value;
    case "none":
      return 0;
    case "capped":
      return Math.min(value, rules.tradeIn.capCents ?? 0);
    case "newOnly":
      return input.isNew ? value : 0;
  }
}

/** Each rate line on its (possibly capped) base, rounded to the cent. */
export function taxLines(base: number, rates: readonly TaxRateLine[]): TaxLineResult[] {
  return rates.map((line) => {
    const lineBase = Math.max(0, Math.min(base, line.baseCapCents ?? base));
    return { name: line.name, base: lineBase, tax: percentOf(lineBase, line.ratePercent) };
  });
}

export function purchaseTax(input: DealInput): PurchaseTax {
  const rules = input.taxRules;
  const addOns = rules.fees.addOn ? sum(input.addOns.map((addOn) => addOn.priceCents)) : 0;
  const fees = sum(input.fees.filter((fee) => isFeeTaxable(fee, rules)).map((fee) => fee.amountCents));
  const rebates = rules.rebates === "deducted" ? sum(input.rebates.map((rebate) => rebate.amountCents)) : 0;
  const taxableBase = Math.max(
    0,
    input.sellingPriceCents + addOns + fees - tradeInCredit(input, rules) - rebates,
  );
  const lines = taxLines(taxableBase, rules.rates);
  const total = Math.max(sum(lines.map((line) => line.tax)), rules.minTaxCents ?? 0);
  return { taxableBase, lines, total };
}
