import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateDeal } from "./calculate-deal";
import type { DealInput, TaxRules } from "./deal-types";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const cents = (max: number) => fc.integer({ min: 0, max });
// Rates as typed: up to three decimals (8.875 %).
const ratePercent = fc.integer({ min: 0, max: 15_000 }).map((thousandths) => thousandths / 1000);
// Money factors as lenders quote them: up to five decimals.
const moneyFactor = fc.integer({ min: 0, max: 400 }).map((units) => units / 100_000);

const rulesArb: fc.Arbitrary<TaxRules> = fc.record({
  rates: fc.array(
    fc.record({
      name: fc.constant("Tax"),
      ratePercent,
      baseCapCents: fc.option(cents(1_000_000), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  tradeIn: fc.record({
    rule: fc.constantFrom("full", "none", "capped", "newOnly"),
    capCents: fc.option(cents(2_000_000), { nil: undefined }),
  }),
  rebates: fc.constantFrom("taxed", "deducted"),
  fees: fc.record({ doc: fc.boolean(), dealer: fc.boolean(), addOn: fc.boolean(), gov: fc.boolean() }),
  minTaxCents: fc.option(cents(20_000), { nil: undefined }),
  lease: fc.record({
    method: fc.constantFrom("monthly", "upfrontTotal", "upfrontPrice"),
    capReductionTaxable: fc.boolean(),
    tradeCredit: fc.boolean(),
  }),
});

const dealArb: fc.Arbitrary<DealInput> = fc.record({
  sellingPriceCents: cents(10_000_000),
  msrpCents: cents(10_000_000),
  isNew: fc.boolean(),
  addOns: fc.array(fc.record({ name: fc.constant("Add-on"), priceCents: cents(500_000) }), { maxLength: 3 }),
  fees: fc.array(
    fc.record({
      name: fc.constant("Fee"),
      kind: fc.constantFrom("doc", "dealer", "gov"),
      amountCents: cents(200_000),
      taxable: fc.option(fc.boolean(), { nil: undefined }),
      capitalized: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { maxLength: 4 },
  ),
  tradeIn: fc.record({ valueCents: cents(3_000_000), owedCents: cents(3_000_000) }),
  rebates: fc.array(fc.record({ name: fc.constant("Rebate"), amountCents: cents(500_000) }), {
    maxLength: 2,
  }),
  downPaymentCents: cents(1_000_000),
  taxRules: rulesArb,
  finance: fc.array(
    fc.record({
      aprPercent: fc.integer({ min: 0, max: 2_999 }).map((hundredths) => hundredths / 100),
      months: fc.integer({ min: 1, max: 120 }),
    }),
    { maxLength: 3 },
  ),
  lease: fc.array(
    fc.record({
      months: fc.integer({ min: 1, max: 60 }),
      residualPercent: fc.integer({ min: 20, max: 80 }),
      moneyFactor,
      acquisitionFeeCents: fc.option(cents(150_000), { nil: undefined }),
      acquisitionFeeCapitalized: fc.option(fc.boolean(), { nil: undefined }),
      dispositionFeeCents: fc.option(cents(60_000), { nil: undefined }),
      securityDepositCents: fc.option(cents(100_000), { nil: undefined }),
      capitalizeTax: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
});

/** Exact reference: cents x (numerator / denominator), halves away from zero. */
const exactRound = (value: bigint, numerator: bigint, denominator: bigint): number => {
  const product = value * numerator;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const result = Number((2n * magnitude + denominator) / (2n * denominator));
  return negative ? -result || 0 : result;
};

describe("deal calculator properties", () => {
  it("purchase tax: each line is its capped base at its rate, rounded half away from zero; the total adds up", () => {
    fc.assert(
      fc.property(dealArb, (input) => {
        const { tax } = calculateDeal(input);
        expect(tax.taxableBase).toBeGreaterThanOrEqual(0);
        tax.lines.forEach((line, index) => {
          const rate = input.taxRules.rates[index];
          if (!rate) throw new Error("line without a rate");
          expect(line.base).toBe(Math.min(tax.taxableBase, rate.baseCapCents ?? tax.taxableBase));
          const thousandths = BigInt(Math.round(rate.ratePercent * 1000));
          expect(line.tax).toBe(exactRound(BigInt(line.base), thousandths, 100_000n));
        });
        expect(tax.total).toBe(
          Math.max(sum(tax.lines.map((line) => line.tax)), input.taxRules.minTaxCents ?? 0),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("cash: out the door minus due to customer is every charge less every credit; one of them is zero", () => {
    fc.assert(
      fc.property(dealArb, (input) => {
        const { tax, cash } = calculateDeal(input);
        const net =
          input.sellingPriceCents +
          sum(input.addOns.map((a) => a.priceCents)) +
          sum(input.fees.map((f) => f.amountCents)) +
          tax.total -
          input.tradeIn.valueCents +
          input.tradeIn.owedCents -
          sum(input.rebates.map((r) => r.amountCents)) -
          input.downPaymentCents;
        expect(cash.outTheDoor - cash.dueToCustomer).toBe(net);
        expect(Math.min(cash.outTheDoor, cash.dueToCustomer)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("finance: total of payments is the payments with the final one, finance charge is total less amount financed", () => {
    fc.assert(
      fc.property(dealArb, (input) => {
        const result = calculateDeal(input);
        for (const row of result.finance) {
          expect(row.amountFinanced).toBe(result.cash.outTheDoor);
          // Issue #49: the final payment absorbs the rounding of the others.
          expect(row.totalOfPayments).toBe(
            row.amountFinanced > 0 ? row.payment * (row.months - 1) + row.finalPayment : 0,
          );
          if (row.amountFinanced > 0)
            expect(row.financeCharge).toBe(row.totalOfPayments - row.amountFinanced);
          // At 0 % the total of payments is the amount financed exactly: no finance charge.
          if (row.aprPercent === 0 && row.amountFinanced > 0) expect(row.financeCharge).toBe(0);
          // The final payment differs from the others by the rounding only: half a cent a month,
          // grown at the contract rate to the end of the term.
          if (row.amountFinanced > 0) {
            const r = row.aprPercent / 1200;
            const grown = r === 0 ? row.months : ((1 + r) ** row.months - 1) / r;
            expect(Math.abs(row.finalPayment - row.payment)).toBeLessThanOrEqual(0.5 * grown + 1);
          }
          // Above 0 %: the exact payment to the nearest cent, and never a negative finance charge.
          if (row.aprPercent > 0 && row.amountFinanced > 0) {
            const r = row.aprPercent / 1200;
            const exact = (row.amountFinanced * r) / (1 - (1 + r) ** -row.months);
            expect(Math.abs(row.payment - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
            expect(row.financeCharge).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("lease: the Reg M disclosure identities hold, with depreciation and rent rounded separately", () => {
    fc.assert(
      fc.property(dealArb, (input) => {
        const result = calculateDeal(input);
        result.lease.forEach((row, index) => {
          const option = input.lease[index];
          if (!option) throw new Error("row without an option");
          const n = row.months;
          expect(row.adjustedCapCost).toBe(row.grossCapCost - row.capCostReduction);
          // Issue #34: a lease with nothing to depreciate is not offered, never priced at or below $0.
          if (!row.available) {
            expect(row.adjustedCapCost).toBeLessThanOrEqual(row.residualValue);
            return;
          }
          expect(row.monthlyPayment).toBeGreaterThan(0);
          expect(row.cashDueAtSigning).toBe(row.amountDueAtSigning - row.tradeInApplied - row.rebatesApplied);
          expect(row.depreciation).toBe(row.adjustedCapCost - row.residualValue);
          // Total of base monthly payments = depreciation + rent charge.
          expect(row.basePayment * n).toBe(row.depreciation + row.rentCharge);
          const mf = BigInt(Math.round(option.moneyFactor * 100_000));
          expect(row.basePayment).toBe(
            exactRound(BigInt(row.depreciation), 1n, BigInt(n)) +
              exactRound(BigInt(row.adjustedCapCost + row.residualValue), mf, 100_000n),
          );
          expect(row.monthlyPayment).toBe(row.basePayment + row.monthlyTax);
          expect(row.totalOfPayments).toBe(
            row.amountDueAtSigning +
              n * row.monthlyPayment -
              row.monthlyPayment -
              (option.securityDepositCents ?? 0) +
              (option.dispositionFeeCents ?? 0),
          );
          expect(row.capCostReduction).toBe(
            input.downPaymentCents +
              sum(input.rebates.map((r) => r.amountCents)) +
              Math.max(0, input.tradeIn.valueCents - input.tradeIn.owedCents),
          );
          if (input.taxRules.lease.method !== "monthly") expect(row.monthlyTax).toBe(0);
          expect(row.residualValue).toBe(
            exactRound(BigInt(input.msrpCents ?? 0), BigInt(option.residualPercent ?? 0), 100n),
          );
        });
      }),
      { numRuns: 300 },
    );
  });
});
