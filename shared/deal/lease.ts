// Closed-end lease, Regulation M and DESKING.md §3 (money-factor method):
//   residual      = round(MSRP x residual% / 100)      (or the residual value given)
//   monthly depr. = round((adjCap - residual) / n)
//   monthly rent  = round((adjCap + residual) x MF)
//   base payment  = monthly depr. + monthly rent        (each part rounded, then summed)
//   rent charge   = base payment x n - (adjCap - residual)
// Tax by the profile's lease method (§3.5); amount due at signing (§3.4) and total of
// payments (§3.7) as the Reg M form itemizes them.

import { DEAL_RULE_TEXT } from "../text/deal-rule-text";
import type { DealInput, LeaseOption, LeaseResult, TaxRules } from "./deal-types";
import { dividedBy, percentOf, sum, timesDecimal } from "./exact";
import { isFeeTaxable, taxLines } from "./purchase-tax";

const lineTaxTotal = (base: number, rules: TaxRules): number =>
  sum(taxLines(base, rules.rates).map((line) => line.tax));

/** Enough for any real rate: the upfront-total tax on its own payments converges in a few steps. */
const MAX_TAX_ITERATIONS = 50;

interface Payments {
  adjustedCapCost: number;
  basePayment: number;
}

export function leaseOption(input: DealInput, option: LeaseOption): LeaseResult {
  const rules = input.taxRules;
  const n = option.months;
  const equity = input.tradeIn.valueCents - input.tradeIn.owedCents;
  const positiveEquity = Math.max(0, equity);
  const rebates = sum(input.rebates.map((rebate) => rebate.amountCents));
  const addOns = sum(input.addOns.map((addOn) => addOn.priceCents));
  const capitalizedFees = input.fees.filter((fee) => fee.capitalized === true);
  const upfrontFees = input.fees.filter((fee) => fee.capitalized !== true);
  const acquisitionFee = option.acquisitionFeeCents ?? 0;
  const acquisitionCapitalized = option.acquisitionFeeCapitalized ?? true;
  const acquisitionAtSigning = acquisitionCapitalized ? 0 : acquisitionFee;

  // Negative equity is an "outstanding prior credit balance" paid over the term.
  const grossBeforeTax =
    input.sellingPriceCents +
    addOns +
    sum(capitalizedFees.map((fee) => fee.amountCents)) +
    (acquisitionCapitalized ? acquisitionFee : 0) +
    Math.max(0, -equity);
  const capCostReduction = input.downPaymentCents + rebates + positiveEquity;
  const residualValue =
    option.residualValueCents ??
    percentOf(input.msrpCents ?? input.sellingPriceCents, option.residualPercent ?? 0);

  const payments = (grossCapCost: number): Payments => {
    const adjustedCapCost = grossCapCost - capCostReduction;
    const depreciationPart = dividedBy(adjustedCapCost - residualValue, n);
    const rentPart = timesDecimal(adjustedCapCost + residualValue, option.moneyFactor);
    return { adjustedCapCost, basePayment: depreciationPart + rentPart };
  };

  // What is taxed at signing besides the payments: cash down and rebates where the profile
  // taxes cap reductions, a trade's equity where leases get no trade credit, taxable fees paid
  // at signing, and an acquisition fee paid at signing.
  const taxableAtSigning =
    (rules.lease.capReductionTaxable ? input.downPaymentCents + rebates : 0) +
    (rules.lease.tradeCredit ? 0 : positiveEquity) +
    sum(upfrontFees.filter((fee) => isFeeTaxable(fee, rules)).map((fee) => fee.amountCents)) +
    acquisitionAtSigning;

  const capitalizeTax = option.capitalizeTax === true;
  let upfrontTax: number;
  let grossCapCost: number;
  let monthlyTax = 0;
  let result: Payments;
  switch (rules.lease.method) {
    case "monthly": {
      upfrontTax = lineTaxTotal(taxableAtSigning, rules);
      grossCapCost = grossBeforeTax + (capitalizeTax ? upfrontTax : 0);
      result = payments(grossCapCost);
      monthlyTax = lineTaxTotal(result.basePayment, rules);
      break;
    }
    case "upfrontPrice": {
      const price = input.sellingPriceCents + (rules.fees.addOn ? addOns : 0);
      upfrontTax = Math.max(lineTaxTotal(price, rules), rules.minTaxCents ?? 0);
      grossCapCost = grossBeforeTax + (capitalizeTax ? upfrontTax : 0);
      result = payments(grossCapCost);
      break;
    }
    case "upfrontTotal": {
      const taxOn = (p: Payments) => lineTaxTotal(p.basePayment * n + taxableAtSigning, rules);
      upfrontTax = taxOn(payments(grossBeforeTax));
      if (capitalizeTax) {
        // Circular: the tax is on payments that include the tax. Iterate to the fixed point;
        // if rounding makes it alternate between two cents, the larger one is kept.
        for (let step = 0; step < MAX_TAX_ITERATIONS; step++) {
          const next = taxOn(payments(grossBeforeTax + upfrontTax));
          if (next === upfrontTax) break;
          const after = taxOn(payments(grossBeforeTax + next));
          if (after === upfrontTax) {
            upfrontTax = Math.max(upfrontTax, next);
            break;
          }
          upfrontTax = next;
        }
      }
      grossCapCost = grossBeforeTax + (capitalizeTax ? upfrontTax : 0);
      result = payments(grossCapCost);
      break;
    }
  }

  const { adjustedCapCost, basePayment } = result;
  // Issue #34: a cap cost reduction that leaves the adjusted cap cost at or below the residual
  // leaves no depreciation to pay: such a lease is not offered, never priced at $0.00 or below
  // (nor is one whose payment rounds to nothing).
  if (adjustedCapCost <= residualValue || basePayment <= 0) return unavailable(grossCapCost);
  const depreciation = adjustedCapCost - residualValue;
  const monthlyPayment = basePayment + monthlyTax;
  const securityDeposit = option.securityDepositCents ?? 0;
  const amountDueAtSigning =
    capCostReduction +
    monthlyPayment +
    securityDeposit +
    sum(upfrontFees.map((fee) => fee.amountCents)) +
    acquisitionAtSigning +
    (capitalizeTax ? 0 : upfrontTax);
  const totalOfPayments =
    amountDueAtSigning + monthlyPayment * (n - 1) - securityDeposit + (option.dispositionFeeCents ?? 0);

  return {
    months: n,
    available: true,
    grossCapCost,
    capCostReduction,
    adjustedCapCost,
    residualValue,
    depreciation,
    rentCharge: basePayment * n - depreciation,
    basePayment,
    monthlyTax,
    monthlyPayment,
    upfrontTax,
    amountDueAtSigning,
    totalOfPayments,
    tradeInApplied: positiveEquity,
    rebatesApplied: rebates,
    cashDueAtSigning: amountDueAtSigning - positiveEquity - rebates,
  };

  function unavailable(gross: number): LeaseResult {
    return {
      months: n,
      available: false,
      reason: DEAL_RULE_TEXT.leaseUnavailableReason,
      grossCapCost: gross,
      capCostReduction,
      adjustedCapCost: gross - capCostReduction,
      residualValue,
      tradeInApplied: positiveEquity,
      rebatesApplied: rebates,
    };
  }
}
