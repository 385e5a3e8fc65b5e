// Issue #38: "solve for" a target monthly payment (README "Solve for a payment"). One search over
// the one deal calculator, in integer cents, so that the answer is exact: the payment at `value`
// is what the calculator (and so the quote page, the sheet and POST /api/calculate) shows there.
//
//   sellingPrice: the highest price (to the cent) whose payment, with the taxes and fees that
//                 price brings, is at most the target; one cent more exceeds it.
//   downPayment:  the lowest cash down (to the cent) whose payment is at most the target; one
//                 cent less exceeds it. Never above the balance due (issue #34's bound).
//   months:       the shortest term of the structure's options (the quote's grid) whose payment
//                 is at most the target.
//
// The payment never falls when the price rises, nor rises when the down payment does (each part
// is a rounded non-decreasing function: tax, amount financed, depreciation, rent charge), so a
// binary search over cents finds the boundary. A lease that is not offered (issue #34: the
// adjusted cap cost at or below the residual) has no payment and is never an answer.

import { MAX_AMOUNT_CENTS } from "../core/constants";
import { formatMoney } from "../core/money";
import { SOLVE_TEXT } from "../text/solve-text";
import { calculateDeal } from "./calculate-deal";
import type { DealInput } from "./deal-types";
import { balanceDueCents } from "./down-payment";

const SOLVE_STRUCTURES = ["finance", "lease"] as const;
export type SolveStructure = (typeof SOLVE_STRUCTURES)[number];
const SOLVE_FOR = ["sellingPrice", "downPayment", "months"] as const;
export type SolveFor = (typeof SOLVE_FOR)[number];

interface SolveTarget {
  structure: SolveStructure;
  /** Which option of `input.finance` or `input.lease` (ignored for `months`: every option is a candidate). */
  index: number;
  monthlyPaymentCents: number;
}

/** `value` in cents (price, down) or months; `payment` in cents at that value. */
type SolveResult =
  | { ok: true; value: number; payment: number; index: number }
  | { ok: false; message: string };

/** The monthly payment of one option of the input, or null when it has none (a lease not offered). */
export function optionPayment(input: DealInput, structure: SolveStructure, index: number): number | null {
  if (structure === "finance") {
    const option = input.finance[index];
    if (!option) return null;
    return calculateDeal({ ...input, finance: [option], lease: [] }).finance[0]?.payment ?? null;
  }
  const option = input.lease[index];
  if (!option) return null;
  const [row] = calculateDeal({ ...input, finance: [], lease: [option] }).lease;
  return row?.available ? row.monthlyPayment : null;
}

/** The most down payment an answer may be: the balance due, within the calculator's amounts. */
const maxDownCents = (input: DealInput) =>
  Math.min(balanceDueCents({ ...input, downPaymentCents: 0 }), MAX_AMOUNT_CENTS);

/** The lowest integer in [lo, hi] where `ok` holds, given `ok` is false then true; hi + 1 when never. */
function firstTrue(lo: number, hi: number, ok: (n: number) => boolean): number {
  let low = lo;
  let high = hi + 1;
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (ok(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const impossible = (what: keyof typeof SOLVE_TEXT.none, target: number): SolveResult => ({
  ok: false,
  message: SOLVE_TEXT.none[what](formatMoney(target)),
});

export function solvePayment(input: DealInput, target: SolveTarget, solveFor: SolveFor): SolveResult {
  const { structure, monthlyPaymentCents: goal } = target;
  const options = structure === "finance" ? input.finance : input.lease;
  if (solveFor === "months") {
    // The shortest term first; a tie in months keeps the first listed.
    const order = options.map((option, index) => ({ months: option.months, index }));
    order.sort((a, b) => a.months - b.months || a.index - b.index);
    for (const { months, index } of order) {
      const payment = optionPayment(input, structure, index);
      if (payment !== null && payment <= goal) return { ok: true, value: months, payment, index };
    }
    return impossible("months", goal);
  }
  const index = target.index;
  if (!options[index]) return { ok: false, message: SOLVE_TEXT.noOption };

  if (solveFor === "sellingPrice") {
    const at = (price: number) => optionPayment({ ...input, sellingPriceCents: price }, structure, index);
    // "Too dear" is monotone in the price: an option not offered (too cheap a lease) is not too dear.
    const tooDear = (price: number) => {
      const payment = at(price);
      return payment !== null && payment > goal;
    };
    const firstTooDear = firstTrue(0, MAX_AMOUNT_CENTS, tooDear);
    const value = firstTooDear - 1;
    if (value < 0) return impossible("sellingPrice", goal);
    const payment = at(value);
    if (payment === null) return impossible("sellingPrice", goal);
    return { ok: true, value, payment, index };
  }

  // downPayment: from none up to the balance due (issue #34's bound), and never above what the
  // calculator takes (issue #47: $999,999.99), so every answer is one POST /api/calculate accepts.
  const maxDown = maxDownCents(input);
  const at = (down: number) => optionPayment({ ...input, downPaymentCents: down }, structure, index);
  // Enough down: the payment is at most the target, or (more down still) the lease stops being offered.
  const enough = (down: number) => {
    const payment = at(down);
    return payment === null || payment <= goal;
  };
  const value = firstTrue(0, maxDown, enough);
  if (value > maxDown) return impossible("downPayment", goal);
  const payment = at(value);
  if (payment === null) return impossible("downPayment", goal);
  return { ok: true, value, payment, index };
}

/** Issue #49: what a solve answer may be rounded to, in cents: the cent, $1, $10, $50, $100. */
export const SOLVE_ROUNDING_CENTS = [1, 100, 1_000, 5_000, 10_000] as const;

/**
 * The answer rounded so a desk can quote it: a selling price down, a down payment up, to a
 * multiple of `stepCents`; the payment is the calculator's at the rounded value, so it is still at
 * most the target. A term is not rounded. A rounded down payment above the balance due (or a lease
 * the rounding stops offering) is no answer.
 */
export function solveRounded(
  input: DealInput,
  target: SolveTarget,
  solveFor: SolveFor,
  stepCents: number,
): SolveResult {
  const exact = solvePayment(input, target, solveFor);
  if (!exact.ok || solveFor === "months" || stepCents <= 1) return exact;
  const step = Math.trunc(stepCents);
  const none: SolveResult = {
    ok: false,
    message: SOLVE_TEXT.noneRounded[solveFor](formatMoney(target.monthlyPaymentCents), formatMoney(step)),
  };
  if (solveFor === "sellingPrice") {
    const value = Math.floor(exact.value / step) * step;
    const payment = optionPayment({ ...input, sellingPriceCents: value }, target.structure, exact.index);
    return payment === null ? none : { ok: true, value, payment, index: exact.index };
  }
  const value = Math.ceil(exact.value / step) * step;
  if (value > maxDownCents(input)) return none;
  const payment = optionPayment({ ...input, downPaymentCents: value }, target.structure, exact.index);
  return payment === null || payment > target.monthlyPaymentCents
    ? none
    : { ok: true, value, payment, index: exact.index };
}
