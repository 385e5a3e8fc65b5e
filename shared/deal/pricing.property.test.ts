import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CREDIT_TIER_IDS, LOAN_TERMS, MAX_AMOUNT_CENTS } from "../core/constants";
import { quoteDataArb } from "../testing/quote-arbitraries";
import { computeBreakdown, defaultDownPayment, monthlyPayment, paymentGrid } from "./pricing";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const term = fc.constantFrom(...LOAN_TERMS);
// APRs as typed on a quote: two decimals, 0..99.99.
const apr = fc.integer({ min: 0, max: 9_999 }).map((hundredths) => hundredths / 100);
const financed = fc.integer({ min: 1, max: 5 * MAX_AMOUNT_CENTS });

describe("pricing properties over random valid quotes", () => {
  it("every total is the sum of its rounded lines, and every figure is whole cents", () => {
    fc.assert(
      fc.property(quoteDataArb, (quote) => {
        const b = computeBreakdown(quote);
        expect(b.addOnsTotal).toBe(sum(b.addOns.map((line) => line.price)));
        expect(b.dealerFeesTotal).toBe(sum(b.dealerFees.map((line) => line.amount)));
        expect(b.taxesTotal).toBe(sum(b.taxes.map((line) => line.amount)));
        expect(b.governmentFeesTotal).toBe(sum(b.governmentFees.map((line) => line.amount)));
        expect(b.sellingPrice).toBe(b.advertisedPrice - b.discount);
        expect(b.taxableAmount - b.tradeInExcess).toBe(
          b.sellingPrice + b.addOnsTotal + b.dealerFeesTotal - b.tradeInValue,
        );
        expect(b.totalBalance).toBe(b.taxableAmount + b.taxesTotal + b.governmentFeesTotal);
        expect(b.outTheDoorPrice - b.dueToCustomer).toBe(
          b.totalBalance + b.downPayment + b.amountOwedOnTradeIn - b.tradeInExcess,
        );
        // The price stops at $0.00; what lies below is due to the customer, never both at once.
        expect(b.outTheDoorPrice).toBeGreaterThanOrEqual(0);
        expect(b.dueToCustomer).toBeGreaterThanOrEqual(0);
        expect(Math.min(b.outTheDoorPrice, b.dueToCustomer)).toBe(0);
        expect(b.taxableAmount).toBeGreaterThanOrEqual(0);
        expect(b.discount).toBeLessThanOrEqual(b.advertisedPrice);
        for (const line of b.addOns) expect(line.price).toBeLessThanOrEqual(line.retailPrice);
        for (const value of [b.outTheDoorPrice, b.taxesTotal, ...b.taxes.map((line) => line.amount)]) {
          expect(Number.isInteger(value)).toBe(true);
        }
        expect(Number.isInteger(defaultDownPayment(quote))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("the payment never decreases as the rate grows", () => {
    fc.assert(
      fc.property(financed, apr, apr, (amount, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        for (const months of LOAN_TERMS) {
          expect(monthlyPayment(amount, high, months)).toBeGreaterThanOrEqual(
            monthlyPayment(amount, low, months),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the payment never decreases as the amount grows", () => {
    fc.assert(
      fc.property(
        financed,
        fc.integer({ min: 0, max: 100_000 }),
        apr,
        term,
        (amount, extra, rate, months) => {
          expect(monthlyPayment(amount + extra, rate, months)).toBeGreaterThanOrEqual(
            monthlyPayment(amount, rate, months),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("the payment is within half a cent of the exact annuity figure", () => {
    fc.assert(
      fc.property(financed, apr, term, (amount, rate, months) => {
        const r = rate / 100 / 12;
        const exact = r === 0 ? amount / months : (amount * r) / (1 - (1 + r) ** -months);
        const payment = monthlyPayment(amount, rate, months);
        expect(Number.isInteger(payment)).toBe(true);
        expect(Math.abs(payment - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
      { numRuns: 1_000 },
    );
  });

  it("the quote's own grid pays $0.00 when nothing is owed, and a positive payment otherwise", () => {
    fc.assert(
      fc.property(quoteDataArb, (quote) => {
        const amount = computeBreakdown(quote).outTheDoorPrice;
        const grid = paymentGrid(quote);
        for (const tier of CREDIT_TIER_IDS) {
          for (const months of LOAN_TERMS) {
            const { payment } = grid[tier][months];
            if (amount === 0) expect(payment).toBe(0);
            else expect(payment).toBeGreaterThanOrEqual(Math.floor(amount / months / 2));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("is pure: computing twice gives identical results and leaves the quote untouched", () => {
    fc.assert(
      fc.property(quoteDataArb, (quote) => {
        const before = structuredClone(quote);
        const first = {
          breakdown: computeBreakdown(quote),
          grid: paymentGrid(quote),
          down: defaultDownPayment(quote),
        };
        const second = {
          breakdown: computeBreakdown(quote),
          grid: paymentGrid(quote),
          down: defaultDownPayment(quote),
        };
        expect(second).toEqual(first);
        expect(quote).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});
