// Finance payments, DESKING.md §2 and docs/decisions/009-product-rulings.md:
//   P = A r / (1 - (1 + r)^-n), r = APR / 100 / 12;  P = A / n at 0 %;  P = 0 when A <= 0
// rounded to the nearest cent, half away from zero (never up).
//
// Issue #49 (docs/decisions/024-desk-numbers.md): the disclosure is exact. The first n - 1
// payments are P; the final payment is what the loan still owes at the contract rate after them
// (the actuarial method of Regulation Z, Appendix J: the schedule's own rate is the contract APR),
// rounded to the cent. So total of payments - amount financed is the finance charge the rate
// really earns: $0.00 at 0 %, never a negative one from rounding.

import { roundHalfAwayFromZero } from "../core/money";
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
  const { aprPercent, months } = option;
  const payment = financePayment(amountFinanced, aprPercent, months);
  // A cent or two over a long term rounds the payment to $0.00: the final payment then pays it all.
  const financed = amountFinanced > 0 && months > 0;
  // The final payment: the balance after n - 1 payments (A g^(n-1) - P (g^(n-1) - 1) / r, g = 1 + r),
  // grown by one month; at 0 %, A - P (n - 1).
  const r = Math.max(0, aprPercent) / 1200;
  const grown = (1 + r) ** (months - 1);
  const finalPayment = !financed
    ? 0
    : r === 0
      ? amountFinanced - payment * (months - 1)
      : roundHalfAwayFromZero((amountFinanced * grown - (payment * (grown - 1)) / r) * (1 + r));
  const totalOfPayments = financed ? payment * (months - 1) + finalPayment : 0;
  return {
    aprPercent,
    months,
    amountFinanced,
    payment,
    finalPayment,
    financeCharge: totalOfPayments - (financed ? amountFinanced : 0),
    totalOfPayments,
  };
}
