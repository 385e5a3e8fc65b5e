import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DealInput, TaxRules } from "./deal-types";
import { optionPayment, type SolveStructure, solvePayment } from "./solve";

// Issue #38: the solve is exact. For any deal and target it either says no value reaches the target,
// or payment(value) <= target and the next cent in the losing direction exceeds it.

const cents = (max: number) => fc.integer({ min: 0, max });
const rulesArb: fc.Arbitrary<TaxRules> = fc.record({
  rates: fc.array(
    fc.record({
      name: fc.constant("Tax"),
      ratePercent: fc.integer({ min: 0, max: 12_000 }).map((n) => n / 1000),
      baseCapCents: fc.option(cents(1_000_000), { nil: undefined }),
    }),
    { maxLength: 2 },
  ),
  tradeIn: fc.record({ rule: fc.constantFrom("full", "none", "newOnly"), capCents: fc.constant(undefined) }),
  rebates: fc.constantFrom("taxed", "deducted"),
  fees: fc.record({ doc: fc.boolean(), dealer: fc.boolean(), addOn: fc.boolean(), gov: fc.boolean() }),
  minTaxCents: fc.option(cents(20_000), { nil: undefined }),
  lease: fc.record({
    method: fc.constantFrom("monthly", "upfrontPrice"),
    capReductionTaxable: fc.boolean(),
    tradeCredit: fc.boolean(),
  }),
});

const dealArb: fc.Arbitrary<DealInput> = fc.record({
  sellingPriceCents: cents(8_000_000),
  msrpCents: cents(8_000_000).map((n) => n + 500_000),
  isNew: fc.boolean(),
  addOns: fc.array(fc.record({ name: fc.constant("Add-on"), priceCents: cents(300_000) }), { maxLength: 2 }),
  fees: fc.array(
    fc.record({
      name: fc.constant("Fee"),
      kind: fc.constantFrom("doc", "dealer", "gov"),
      amountCents: cents(100_000),
      taxable: fc.option(fc.boolean(), { nil: undefined }),
      capitalized: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  tradeIn: fc.record({ valueCents: cents(2_000_000), owedCents: cents(2_000_000) }),
  rebates: fc.array(fc.record({ name: fc.constant("Rebate"), amountCents: cents(300_000) }), {
    maxLength: 1,
  }),
  downPaymentCents: cents(500_000),
  taxRules: rulesArb,
  finance: fc
    .tuple(
      fc.record({
        aprPercent: fc.oneof(
          fc.constant(0),
          fc.integer({ min: 0, max: 2_499 }).map((n) => n / 100),
        ),
        months: fc.constantFrom(24, 36, 48, 60, 72, 84),
      }),
    )
    .map(([option]) => [option]),
  lease: fc
    .record({
      months: fc.constantFrom(24, 36, 39, 48),
      residualPercent: fc.integer({ min: 30, max: 70 }),
      moneyFactor: fc.integer({ min: 0, max: 400 }).map((n) => n / 100_000),
      acquisitionFeeCents: cents(100_000),
    })
    .map((option) => [option]),
});

const structureArb = fc.constantFrom<SolveStructure>("finance", "lease");
const targetArb = fc.integer({ min: 1, max: 300_000 });
const RUNS = { numRuns: 1_000 };

describe("solve, property", () => {
  it("selling price: payment(value) <= target < payment(value + 0.01)", () => {
    fc.assert(
      fc.property(dealArb, structureArb, targetArb, (input, structure, target) => {
        const result = solvePayment(
          input,
          { structure, index: 0, monthlyPaymentCents: target },
          "sellingPrice",
        );
        if (!result.ok) {
          // Nothing reaches it: even a price of $0.00 is too dear (or a lease is not offered below that).
          const atZero = optionPayment({ ...input, sellingPriceCents: 0 }, structure, 0);
          expect(atZero === null || atZero > target).toBe(true);
          return;
        }
        const at = (price: number) => optionPayment({ ...input, sellingPriceCents: price }, structure, 0);
        expect(at(result.value)).toBe(result.payment);
        expect(result.payment).toBeLessThanOrEqual(target);
        const next = at(result.value + 1);
        if (result.value < 99_999_999) expect(next === null ? false : next > target).toBe(true);
      }),
      RUNS,
    );
  });

  it("down payment: payment(value) <= target < payment(value - 0.01)", () => {
    fc.assert(
      fc.property(dealArb, structureArb, targetArb, (input, structure, target) => {
        const result = solvePayment(
          input,
          { structure, index: 0, monthlyPaymentCents: target },
          "downPayment",
        );
        if (!result.ok) return;
        const at = (down: number) => optionPayment({ ...input, downPaymentCents: down }, structure, 0);
        expect(at(result.value)).toBe(result.payment);
        expect(result.payment).toBeLessThanOrEqual(target);
        if (result.value > 0) expect(at(result.value - 1) ?? 0).toBeGreaterThan(target);
      }),
      RUNS,
    );
  });
});
