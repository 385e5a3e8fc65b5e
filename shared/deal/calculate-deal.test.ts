// Every worked example of research/DESKING.md, to the cent, through the one calculator.

import { describe, expect, it } from "vitest";
import { calculateDeal } from "./calculate-deal";
import type { AvailableLease, DealInput, LeaseResult, TaxRules } from "./deal-types";
import { financePayment } from "./finance";

const rules = (overrides: Partial<TaxRules> = {}): TaxRules => ({
  rates: [],
  tradeIn: { rule: "full" },
  rebates: "taxed",
  fees: { doc: true, dealer: true, addOn: true, gov: false },
  lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
  ...overrides,
});

/** The row when the lease is offered (fails the test otherwise). */
const offered = (row: LeaseResult | undefined): AvailableLease => {
  if (!row?.available) throw new Error(`lease not offered: ${JSON.stringify(row)}`);
  return row;
};

const deal = (overrides: Partial<DealInput> = {}): DealInput => ({
  sellingPriceCents: 0,
  isNew: true,
  addOns: [],
  fees: [],
  tradeIn: { valueCents: 0, owedCents: 0 },
  rebates: [],
  downPaymentCents: 0,
  taxRules: rules(),
  finance: [],
  lease: [],
  ...overrides,
});

describe("DESKING.md §5.1 finance: $25,000 at 6% for 60 months", () => {
  // Issue #49: a 0 % contract discloses no finance charge; the final payment absorbs the rounding
  // ($333.33 x 60 would be $19,999.80, a finance charge of -$0.20; $277.78 x 72 would be +$0.16).
  it.each([
    [60, 33_333, 33_353],
    [72, 27_778, 27_762],
  ])(
    "a 0 %% contract on $20,000 over %i months: finance charge $0.00, total of payments $20,000.00",
    (months, payment, finalPayment) => {
      const [row] = calculateDeal(
        deal({ sellingPriceCents: 2_000_000, finance: [{ aprPercent: 0, months }] }),
      ).finance;
      expect(row).toEqual({
        aprPercent: 0,
        months,
        amountFinanced: 2_000_000,
        payment,
        finalPayment,
        financeCharge: 0,
        totalOfPayments: 2_000_000,
      });
    },
  );

  it("adjusts the final payment so the finance charge is the rate's exact one: $20,000 at 3.9 % for 60 months", () => {
    const [row] = calculateDeal(
      deal({ sellingPriceCents: 2_000_000, finance: [{ aprPercent: 3.9, months: 60 }] }),
    ).finance;
    expect(row).toMatchObject({
      payment: 36_743,
      finalPayment: 36_734,
      financeCharge: 204_571,
      totalOfPayments: 2_204_571,
    });
  });

  it("pays $483.32 a month, $28,999.20 in all, $3,999.20 finance charge", () => {
    const result = calculateDeal(
      deal({ sellingPriceCents: 2_500_000, finance: [{ aprPercent: 6, months: 60 }] }),
    );
    expect(result.finance).toEqual([
      {
        aprPercent: 6,
        months: 60,
        amountFinanced: 2_500_000,
        payment: 48_332,
        finalPayment: 48_332,
        financeCharge: 399_920,
        totalOfPayments: 2_899_920,
      },
    ]);
  });

  it("pays $471.78 at 5% (§6) and $277.78 on $10,000 at 0% for 36 months (§2)", () => {
    expect(financePayment(2_500_000, 5, 60)).toBe(47_178);
    expect(financePayment(1_000_000, 0, 36)).toBe(27_778);
    expect(financePayment(3_000_000, 5, 60)).toBe(56_614); // §2's 45-day example starts from 566.14
  });

  it("rounds to the nearest cent, half away from zero, never up: $100.01 over 2 months at 0% is $50.01", () => {
    expect(financePayment(10_001, 0, 2)).toBe(5_001); // 50.005 -> 50.01
    expect(financePayment(10_003, 0, 3)).toBe(3_334); // 33.343 -> 33.34, not 33.35
    expect(financePayment(0, 6, 60)).toBe(0);
    expect(financePayment(-5_000, 6, 60)).toBe(0);
  });
});

describe("DESKING.md §5.2 lease: the Edmunds sample", () => {
  const edmunds = (method: TaxRules["lease"]["method"]) =>
    deal({
      sellingPriceCents: 2_100_000,
      msrpCents: 2_300_000,
      fees: [{ name: "Fees", kind: "dealer", amountCents: 120_000, capitalized: true }],
      downPaymentCents: 170_000,
      rebates: [{ name: "Rebate", amountCents: 50_000 }],
      taxRules: rules({
        rates: [{ name: "Sales tax", ratePercent: 7 }],
        lease: { method, capReductionTaxable: true, tradeCredit: true },
      }),
      lease: [{ months: 36, residualPercent: 57, moneyFactor: 0.00125 }],
    });

  it("monthly tax at 7%: base $232.78, total $249.07, $2,603.07 due at signing, $11,320.52 total", () => {
    const [row] = calculateDeal(edmunds("monthly")).lease;
    offered(row);
    expect(row).toEqual({
      months: 36,
      available: true,
      grossCapCost: 2_220_000,
      capCostReduction: 220_000,
      adjustedCapCost: 2_000_000,
      residualValue: 1_311_000,
      depreciation: 689_000,
      rentCharge: 149_008,
      basePayment: 23_278,
      monthlyTax: 1_629,
      monthlyPayment: 24_907,
      upfrontTax: 15_400,
      amountDueAtSigning: 260_307,
      totalOfPayments: 1_132_052,
      // Issue #34: paid by the rebate $500.00 and $2,103.07 cash.
      tradeInApplied: 0,
      rebatesApplied: 50_000,
      cashDueAtSigning: 210_307,
    });
  });

  it("upfront on the total: $740.61 at signing, monthly payment $232.78", () => {
    const [row] = calculateDeal(edmunds("upfrontTotal")).lease;
    const lease = offered(row);
    expect(lease.upfrontTax).toBe(74_061);
    expect(lease.monthlyTax).toBe(0);
    expect(lease.monthlyPayment).toBe(23_278);
  });

  it("upfront on the price: $1,470.00", () => {
    const [row] = calculateDeal(edmunds("upfrontPrice")).lease;
    const lease = offered(row);
    expect(lease.upfrontTax).toBe(147_000);
    expect(lease.monthlyPayment).toBe(23_278);
  });

  it("second check: cap cost $25,000, residual $13,000, MF 0.0009, 36 months: 367.53 and 6% tax 22.05", () => {
    const [row] = calculateDeal(
      deal({
        sellingPriceCents: 2_500_000,
        taxRules: rules({
          rates: [{ name: "Tax", ratePercent: 6 }],
          lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
        }),
        lease: [{ months: 36, residualValueCents: 1_300_000, moneyFactor: 0.0009 }],
      }),
    ).lease;
    const lease = offered(row);
    expect(lease.basePayment).toBe(36_753);
    expect(lease.monthlyTax).toBe(2_205);
  });
});

describe("DESKING.md §3.2 rounding convention: depreciation and rent each rounded, then summed", () => {
  it("adjusted cap $30,020, residual $18,000, 36 months, MF 0.00125: 333.89 + 60.03 = 393.92, not 393.91", () => {
    const [row] = calculateDeal(
      deal({
        sellingPriceCents: 3_002_000,
        lease: [{ months: 36, residualValueCents: 1_800_000, moneyFactor: 0.00125 }],
      }),
    ).lease;
    const lease = offered(row);
    expect(lease.adjustedCapCost).toBe(3_002_000);
    expect(lease.basePayment).toBe(39_392);
    expect(lease.rentCharge).toBe(39_392 * 36 - (3_002_000 - 1_800_000));
  });
});

describe("DESKING.md §3.4 and §3.7: the Federal Reserve sample", () => {
  // $3,500 cap reduction ($2,500 trade + $1,000 cash), a $256.94 payment over 48 months
  // (no rent: residual chosen so depreciation is 48 x 256.94), $350 deposit, $75 title,
  // $60 registration, $400 disposition fee.
  const result = calculateDeal(
    deal({
      sellingPriceCents: 2_500_000,
      tradeIn: { valueCents: 250_000, owedCents: 0 },
      downPaymentCents: 100_000,
      fees: [
        { name: "Title", kind: "gov", amountCents: 7_500 },
        { name: "Registration", kind: "gov", amountCents: 6_000 },
      ],
      lease: [
        {
          months: 48,
          residualValueCents: 2_150_000 - 1_233_312,
          moneyFactor: 0,
          securityDepositCents: 35_000,
          dispositionFeeCents: 40_000,
        },
      ],
    }),
  );

  it("is $4,241.94 due at signing and $16,368.12 total of payments", () => {
    const lease = offered(result.lease[0]);
    expect(lease.capCostReduction).toBe(350_000);
    expect(lease.monthlyPayment).toBe(25_694);
    expect(lease.amountDueAtSigning).toBe(424_194);
    expect(lease.totalOfPayments).toBe(1_636_812);
  });
});

describe("DESKING.md §1: purchase tax rules", () => {
  const withTrade = (rule: TaxRules["tradeIn"], isNew = true) =>
    calculateDeal(
      deal({
        sellingPriceCents: 3_000_000,
        isNew,
        tradeIn: { valueCents: 1_500_000, owedCents: 0 },
        taxRules: rules({ rates: [{ name: "Tax", ratePercent: 6 }], tradeIn: rule }),
      }),
    ).tax;

  it("credits the trade in full, not at all, up to a cap (MI 2026: $12,000) or on new vehicles only", () => {
    expect(withTrade({ rule: "full" }).taxableBase).toBe(1_500_000);
    expect(withTrade({ rule: "none" }).taxableBase).toBe(3_000_000);
    expect(withTrade({ rule: "capped", capCents: 1_200_000 }).taxableBase).toBe(1_800_000);
    expect(withTrade({ rule: "capped", capCents: 1_200_000 }).total).toBe(108_000);
    expect(withTrade({ rule: "newOnly" }, true).taxableBase).toBe(1_500_000);
    expect(withTrade({ rule: "newOnly" }, false).taxableBase).toBe(3_000_000);
  });

  it("never takes the base below zero, and the amount owed never reduces it (Ohio)", () => {
    const result = calculateDeal(
      deal({
        sellingPriceCents: 1_000_000,
        tradeIn: { valueCents: 1_500_000, owedCents: 200_000 },
        taxRules: rules({ rates: [{ name: "Tax", ratePercent: 6 }] }),
      }),
    );
    expect(result.tax).toEqual({ taxableBase: 0, lines: [{ name: "Tax", base: 0, tax: 0 }], total: 0 });
    expect(result.cash).toEqual({ outTheDoor: 0, dueToCustomer: 300_000 });
  });

  it("deducts rebates from the base (TX) or taxes them (CA); either way they lower what the buyer pays", () => {
    const run = (rebates: TaxRules["rebates"]) =>
      calculateDeal(
        deal({
          sellingPriceCents: 3_000_000,
          rebates: [{ name: "Factory", amountCents: 200_000 }],
          taxRules: rules({ rates: [{ name: "Tax", ratePercent: 6.25 }], rebates }),
        }),
      );
    expect(run("deducted").tax.total).toBe(175_000);
    expect(run("deducted").cash.outTheDoor).toBe(3_000_000 + 175_000 - 200_000);
    expect(run("taxed").tax.total).toBe(187_500);
    expect(run("taxed").cash.outTheDoor).toBe(3_000_000 + 187_500 - 200_000);
  });

  it("taxes fees by kind, a line's own flag first; government fees untaxed by default", () => {
    const result = calculateDeal(
      deal({
        sellingPriceCents: 2_000_000,
        addOns: [{ name: "Mats", priceCents: 20_000 }],
        fees: [
          { name: "Doc", kind: "doc", amountCents: 50_000 },
          { name: "Prep", kind: "dealer", amountCents: 30_000, taxable: false },
          { name: "Title", kind: "gov", amountCents: 10_000 },
          { name: "Gov taxed", kind: "gov", amountCents: 5_000, taxable: true },
        ],
        taxRules: rules({
          rates: [{ name: "Tax", ratePercent: 10 }],
          fees: { doc: true, dealer: true, addOn: false, gov: false },
        }),
      }),
    );
    expect(result.tax.taxableBase).toBe(2_000_000 + 50_000 + 5_000);
    expect(result.cash.outTheDoor).toBe(2_000_000 + 20_000 + 50_000 + 30_000 + 10_000 + 5_000 + 205_500);
  });

  it("caps Florida's county surtax base at $5,000 per line: 0.5% is at most $25", () => {
    const result = calculateDeal(
      deal({
        sellingPriceCents: 3_000_000,
        tradeIn: { valueCents: 500_000, owedCents: 0 },
        taxRules: rules({
          rates: [
            { name: "Florida sales tax", ratePercent: 6 },
            { name: "County surtax", ratePercent: 0.5, baseCapCents: 500_000 },
          ],
        }),
      }),
    );
    expect(result.tax).toEqual({
      taxableBase: 2_500_000,
      lines: [
        { name: "Florida sales tax", base: 2_500_000, tax: 150_000 },
        { name: "County surtax", base: 500_000, tax: 2_500 },
      ],
      total: 152_500,
    });
  });

  it("applies a minimum tax (VA style: $75) when the lines come to less", () => {
    const run = (price: number) =>
      calculateDeal(
        deal({
          sellingPriceCents: price,
          taxRules: rules({ rates: [{ name: "VA", ratePercent: 4.15 }], minTaxCents: 7_500 }),
        }),
      ).tax.total;
    expect(run(100_000)).toBe(7_500); // 41.50 -> the $75 minimum
    expect(run(2_000_000)).toBe(83_000);
  });

  it("rounds each line half away from zero on the exact decimal: $12,345 at 7.3% is $901.19", () => {
    const tax = calculateDeal(
      deal({
        sellingPriceCents: 1_234_500,
        taxRules: rules({
          rates: [
            { name: "Tax", ratePercent: 7.3 },
            { name: "City", ratePercent: 0.125 },
          ],
        }),
      }),
    ).tax;
    expect(tax.lines.map((line) => line.tax)).toEqual([90_119, 1_543]); // 1,543.125 -> 1,543 (0.125% of 1,234,500 = 1,543.125)
    expect(tax.total).toBe(91_662);
  });
});

describe("issue #34: a lease is offered only while the adjusted cap cost stays above the residual", () => {
  // The walk-through's deal: a $30,000 car, trade $14,000 with $4,200 owed ($9,800 equity).
  const tradeDeal = (downPaymentCents: number) =>
    deal({
      sellingPriceCents: 3_000_000,
      msrpCents: 3_000_000,
      tradeIn: { valueCents: 1_400_000, owedCents: 420_000 },
      downPaymentCents,
      lease: [
        { months: 24, residualPercent: 65, moneyFactor: 0.00125 },
        { months: 36, residualPercent: 58, moneyFactor: 0.00125 },
      ],
    });

  it("$4,000 down over a $9,800 equity leaves $16,200 against a $19,500 residual: not offered, no payment", () => {
    const [short, long] = calculateDeal(tradeDeal(400_000)).lease;
    expect(short).toEqual({
      months: 24,
      available: false,
      reason: "The cap cost reduction exceeds the depreciation",
      grossCapCost: 3_000_000,
      capCostReduction: 1_380_000,
      adjustedCapCost: 1_620_000,
      residualValue: 1_950_000,
      tradeInApplied: 980_000,
      rebatesApplied: 0,
    });
    expect(short).not.toHaveProperty("monthlyPayment");
    // 36 months: residual $17,400 is still above $16,200.
    expect(long?.available).toBe(false);
  });

  it("$0 down: offered, and the amount due at signing says what the trade pays and what is cash", () => {
    const [row] = calculateDeal(tradeDeal(0)).lease;
    const lease = offered(row);
    expect(lease.adjustedCapCost).toBe(2_020_000);
    expect(lease.monthlyPayment).toBeGreaterThan(0);
    expect(lease.tradeInApplied).toBe(980_000);
    expect(lease.cashDueAtSigning).toBe(lease.amountDueAtSigning - 980_000);
    // With no cash cap cost reduction, the cash due at signing is the first payment.
    expect(lease.cashDueAtSigning).toBe(lease.monthlyPayment);
  });

  it("never answers a payment of zero or below, whatever the reduction", () => {
    for (let down = 0; down <= 3_000_000; down += 50_000) {
      for (const row of calculateDeal(tradeDeal(down)).lease) {
        if (row.available) expect(row.monthlyPayment).toBeGreaterThan(0);
        else expect(row.adjustedCapCost).toBeLessThanOrEqual(row.residualValue);
      }
    }
  });
});
