// Issue #34: a lease presents its own disclosure lines (Regulation M's segregated figures), not the
// finance breakdown: the quote page's breakdown and the deal sheet (and its PDF) draw these.

import { formatPercent } from "../core/format";
import { formatMoney } from "../core/money";
import type { QuoteData } from "../schemas/quote-schema";
import { LEASE_LINE_TEXT } from "../text/lease-line-text";
import { TEXT } from "../text/page-text";
import type { Breakdown } from "./pricing";
import type { Selection } from "./selected-structure";

type LeaseLine = {
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
  line("gross-cap-cost", LEASE_LINE_TEXT.grossCapCost, r.grossCapCost);
  line("cap-cost-reduction", LEASE_LINE_TEXT.capCostReduction, -r.capCostReduction);
  detail("cap-reduction-cash", LEASE_LINE_TEXT.capReductionCash, -selection.downCents);
  if (r.tradeInApplied > 0)
    detail("cap-reduction-trade-in", LEASE_LINE_TEXT.capReductionTradeIn, -r.tradeInApplied);
  if (r.rebatesApplied > 0)
    detail("cap-reduction-rebates", LEASE_LINE_TEXT.capReductionRebates, -r.rebatesApplied);
  line("adjusted-cap-cost", LEASE_LINE_TEXT.adjustedCapCost, r.adjustedCapCost);
  line("residual-value", LEASE_LINE_TEXT.residualValue, r.residualValue, {
    note:
      data.vehicle.msrp === undefined
        ? undefined
        : `${formatPercent(selection.residualPercent)} of MSRP ${formatMoney(Math.round(data.vehicle.msrp * 100))}`,
  });
  line("depreciation", LEASE_LINE_TEXT.depreciation, r.depreciation);
  line("rent-charge", LEASE_LINE_TEXT.rentCharge, r.rentCharge, {
    note: `Money factor ${selection.moneyFactor.toFixed(5)}`,
  });
  lines.push({
    id: "lease-term",
    label: LEASE_LINE_TEXT.leaseTerm,
    amount: LEASE_LINE_TEXT.leaseTermMonths(r.months),
    level: 0,
  });
  line("base-monthly-payment", LEASE_LINE_TEXT.baseMonthlyPayment, r.basePayment);
  line("monthly-tax", LEASE_LINE_TEXT.monthlyTax, r.monthlyTax);
  line("monthly-payment", LEASE_LINE_TEXT.monthlyPayment, r.monthlyPayment, { strong: true });
  line("amount-due-at-signing", LEASE_LINE_TEXT.amountDueAtSigning, r.amountDueAtSigning, { strong: true });
  detail("due-first-payment", LEASE_LINE_TEXT.firstPayment, r.monthlyPayment);
  detail("due-cap-reduction", LEASE_LINE_TEXT.capCostReduction, r.capCostReduction);
  const fees = b.dealerFeesTotal + b.governmentFeesTotal;
  if (fees > 0) detail("due-fees", LEASE_LINE_TEXT.upfrontFees, fees);
  if (r.upfrontTax > 0) detail("due-tax", LEASE_LINE_TEXT.upfrontTax, r.upfrontTax);
  const deposit = r.amountDueAtSigning - r.monthlyPayment - r.capCostReduction - fees - r.upfrontTax;
  if (deposit > 0) detail("due-deposit", LEASE_LINE_TEXT.securityDeposit, deposit);
  if (r.tradeInApplied > 0) line("paid-by-trade-in", LEASE_LINE_TEXT.paidByTradeIn, -r.tradeInApplied);
  if (r.rebatesApplied > 0) line("paid-by-rebates", LEASE_LINE_TEXT.paidByRebates, -r.rebatesApplied);
  line("cash-due-at-signing", LEASE_LINE_TEXT.cashDueAtSigning, r.cashDueAtSigning, { strong: true });
  line("total-of-payments", LEASE_LINE_TEXT.totalOfPayments, r.totalOfPayments);
  return lines;
}
