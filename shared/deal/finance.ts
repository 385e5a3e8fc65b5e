// Finance payments, DESKING.md §2 and docs/decisions/009-product-rulings.md:
//   P = A r / (1 - (1 + r)^-n), r = APR / 100 / 12;  P = A / n at 0 %;  P = 0 when A <= 0
// rounded to the nearest cent, half away from zero (never up: P x n may differ
// from A by a few cents, as on a lender's disclosure).

import { roundHalfAwayFromZero } from "../money";
import type { FinanceOption, FinanceResult } from "./deal-types";
import { dividedBy } from "./exact";

/** Monthly payment in cents on `amountCents` at `aprPercent` over `months`. */
export function financePayment(amountCents: number, aprPercent: number, months: number): number {
  if (!(amountCents > 0) || !(months > 0)) return 0;
  const r = Math.max(0, aprPercent) / 100 / 12;
  // Exact at 0 %: 1,000,000 / 36 = 27,777.78 cents -> $277.78.
  if (r === 0) return dividedBy(amountCents, months);
  // expm1/log1p keep (1 + r)^-n accurate for small monthly rates.
  return roundHalfAwayFromZero((amountCents * r) / -Math.expm1(-months * Math.log1p(r)));
}

export function financeOption(amountFinanced: number, option: FinanceOption): FinanceResult {
  const payment = financePayment(amountFinanced, option.aprPercent, option.months);
  const totalOfPayments = payment * option.months;
  return {
    aprPercent: option.aprPercent,
    months: option.months,
    amountFinanced,
    payment,
    financeCharge: payment > 0 ? totalOfPayments - amountFinanced : 0,
    totalOfPayments,
  };
}
