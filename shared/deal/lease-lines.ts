// Issue #34: a lease presents its own disclosure lines (Regulation M's segregated figures), not the
// finance breakdown: the quote page's breakdown and the deal sheet (and its PDF) draw these.

import { DEAL_RULE_TEXT } from "../deal-rule-text";
import { formatPercent } from "../format";
import { formatMoney } from "../money";
import { TEXT } from "../page-text";
import type { Breakdown } from "../pricing";
import type { QuoteData } from "../quote-schema";
import type { Selection } from "./selected-structure";

export type LeaseLine = {
  label: string;
  amount: string;
  /** 1: a detail row under the line above. */
  level: 0 | 1;
  strong?: boolean;
  note?: string;
  /** A stable id for the page's test hooks. */
  id: string;
};

/** The lease's lines, every amount from the one calculator's result for the selected lease. */
export function leaseDisclosureLines(
  data: QuoteData,
  b: Breakdown,
  selection: Selection & { kind: "lease" },
): LeaseLine[] {
  const r = selection.result;
  const lines: LeaseLine[] = [];
  const line = (id: string, label: string, cents: number, extra: Partial<LeaseLine> = {}) =>
    lines.push({ id, label, amount: formatMoney(cents), level: 0, ...extra });
  const detail = (id: string, label: string, cents: number) =>
    lines.push({ id, label, amount: formatMoney(cents), level: 1 });

  line("selling-price", TEXT.sellingPrice, b.sellingPrice);
  if (b.addOnsTotal > 0) line("add-ons", TEXT.addOns, b.addOnsTotal);
  line("gross-cap-cost", DEAL_RULE_TEXT.grossCapCost, r.grossCapCost);
  line("cap-cost-reduction", DEAL_RULE_TEXT.capCostReduction, -r.capCostReduction);
  detail("cap-reduction-cash", DEAL_RULE_TEXT.capReductionCash, -selection.downCents);
  if (r.tradeInApplied > 0)
    detail("cap-reduction-trade-in", DEAL_RULE_TEXT.capReductionTradeIn, -r.tradeInApplied);
  if (r.rebatesApplied > 0)
    detail("cap-reduction-rebates", DEAL_RULE_TEXT.capReductionRebates, -r.rebatesApplied);
  line("adjusted-cap-cost", DEAL_RULE_TEXT.adjustedCapCost, r.adjustedCapCost);
  line("residual-value", DEAL_RULE_TEXT.residualValue, r.residualValue, {
    note:
      data.vehicle.msrp === undefined
        ? undefined
        : `${formatPercent(selection.residualPercent)} of MSRP ${formatMoney(Math.round(data.vehicle.msrp * 100))}`,
  });
  line("depreciation", DEAL_RULE_TEXT.depreciation, r.depreciation);
  line("rent-charge", DEAL_RULE_TEXT.rentCharge, r.rentCharge, {
    note: `Money factor ${selection.moneyFactor.toFixed(5)}`,
  });
  lines.push({
    id: "lease-term",
    label: DEAL_RULE_TEXT.leaseTerm,
    amount: DEAL_RULE_TEXT.leaseTermMonths(r.months),
    level: 0,
  });
  line("base-monthly-payment", DEAL_RULE_TEXT.baseMonthlyPayment, r.basePayment);
  line("monthly-tax", DEAL_RULE_TEXT.monthlyTax, r.monthlyTax);
  line("monthly-payment", DEAL_RULE_TEXT.monthlyPayment, r.monthlyPayment, { strong: true });
  line("amount-due-at-signing", DEAL_RULE_TEXT.amountDueAtSigning, r.amountDueAtSigning, { strong: true });
  detail("due-first-payment", DEAL_RULE_TEXT.firstPayment, r.monthlyPayment);
  detail("due-cap-reduction", DEAL_RULE_TEXT.capCostReduction, r.capCostReduction);
  const fees = b.dealerFeesTotal + b.governmentFeesTotal;
  if (fees > 0) detail("due-fees", DEAL_RULE_TEXT.upfrontFees, fees);
  if (r.upfrontTax > 0) detail("due-tax", DEAL_RULE_TEXT.upfrontTax, r.upfrontTax);
  const deposit = r.amountDueAtSigning - r.monthlyPayment - r.capCostReduction - fees - r.upfrontTax;
  if (deposit > 0) detail("due-deposit", DEAL_RULE_TEXT.securityDeposit, deposit);
  if (r.tradeInApplied > 0) line("paid-by-trade-in", DEAL_RULE_TEXT.paidByTradeIn, -r.tradeInApplied);
  if (r.rebatesApplied > 0) line("paid-by-rebates", DEAL_RULE_TEXT.paidByRebates, -r.rebatesApplied);
  line("cash-due-at-signing", DEAL_RULE_TEXT.cashDueAtSigning, r.cashDueAtSigning, { strong: true });
  line("total-of-payments", DEAL_RULE_TEXT.totalOfPayments, r.totalOfPayments);
  return lines;
}
