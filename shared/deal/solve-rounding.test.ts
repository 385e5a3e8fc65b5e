import { describe, expect, it } from "vitest";
import { heldFixedText } from "../text/solve-text";
import type { DealInput } from "./deal-types";
import { optionPayment, SOLVE_ROUNDING_CENTS, solvePayment, solveRounded } from "./solve";

// Issue #49: solve answers a desk can quote (a price rounded down, a down payment rounded up, the
// payment at the rounded value), and issue #47: never an answer POST /api/calculate refuses.

const deal = (over: Partial<DealInput> = {}): DealInput => ({
  sellingPriceCents: 3_000_000,
  isNew: true,
  addOns: [],
  fees: [{ name: "Doc fee", kind: "doc", amountCents: 49_900 }],
  tradeIn: { valueCents: 0, owedCents: 0 },
  rebates: [],
  downPaymentCents: 200_000,
  taxRules: {
    rates: [{ name: "State", ratePercent: 6.25 }],
    tradeIn: { rule: "full" },
    rebates: "taxed",
    fees: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
  },
  finance: [{ aprPercent: 6.9, months: 60 }],
  lease: [],
  ...over,
});
const target = { structure: "finance" as const, index: 0, monthlyPaymentCents: 45_000 };

describe("solve answers a desk can quote", () => {
  it.each(SOLVE_ROUNDING_CENTS)(
    "rounds a price down to a multiple of %i cents, its payment still at most the target",
    (step) => {
      const exact = solvePayment(deal(), target, "sellingPrice");
      const rounded = solveRounded(deal(), target, "sellingPrice", step);
      if (!exact.ok || !rounded.ok) throw new Error("no answer");
      expect(rounded.value).toBe(Math.floor(exact.value / step) * step);
      expect(rounded.payment).toBe(optionPayment(deal({ sellingPriceCents: rounded.value }), "finance", 0));
      expect(rounded.payment).toBeLessThanOrEqual(45_000);
    },
  );

  it.each(SOLVE_ROUNDING_CENTS)("rounds a down payment up to a multiple of %i cents", (step) => {
    const exact = solvePayment(deal(), target, "downPayment");
    const rounded = solveRounded(deal(), target, "downPayment", step);
    if (!exact.ok || !rounded.ok) throw new Error("no answer");
    expect(rounded.value).toBe(Math.ceil(exact.value / step) * step);
    expect(rounded.payment).toBeLessThanOrEqual(45_000);
  });

  it("refuses a rounded-up down payment above the balance due, and any above $999,999.99", () => {
    // A $0.01 target needs nearly the whole $32,405.19 balance down: rounded up to $100 it passes it.
    const cent = { ...target, monthlyPaymentCents: 1 };
    expect(solvePayment(deal(), cent, "downPayment").ok).toBe(true);
    expect(solveRounded(deal(), cent, "downPayment", 10_000)).toEqual({
      ok: false,
      message: "No down payment rounded to $100.00 reaches $0.01/mo at these terms",
    });
    const small = { ...target, monthlyPaymentCents: 100 };
    const huge = deal({
      sellingPriceCents: 99_999_999,
      fees: [{ name: "Doc fee", kind: "doc", amountCents: 99_999_999 }],
    });
    expect(solvePayment(huge, small, "downPayment")).toEqual({
      ok: false,
      message: "No down payment reaches $1.00/mo at these terms",
    });
  });

  it("says what it held fixed", () => {
    expect(heldFixedText({ months: 60, tier: "Good", down: "$2,000" })).toBe(
      "at 60 months, Good credit, $2,000 down",
    );
  });
});
