import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentOfCents, toCents } from "../core/money";
import { type QuoteData, quoteDataSchema } from "../schemas/quote-schema";
import { quoteDataArb } from "../testing/quote-arbitraries";
import { calculateDeal } from "./calculate-deal";
import { computeBreakdown } from "./pricing";
import { quoteDealInput } from "./quote-deal";
import { EXAMPLE_LABEL_SUFFIX, EXAMPLE_TAX_PROFILES, profileFromTaxes, taxRulesOf } from "./tax-profiles";

const quote = (extra: Record<string, unknown> = {}): QuoteData =>
  quoteDataSchema.parse({
    vehicle: { description: "2026 Example", mileage: 10 },
    pricing: { advertisedPrice: 30000, discount: 1000 },
    addOns: [{ id: "a", name: "Mats", price: 200, isSelected: true }],
    dealerFeeItems: [{ id: "d", name: "Doc fee", amount: 500 }],
    taxItems: [{ id: "t", name: "State", rate: 6 }],
    governmentFeeItems: [{ id: "g", name: "Title", amount: 100 }],
    tradeIn: { hasTradeIn: true, vehicle: { description: "Old car", mileage: 90000, value: 15000 } },
    amountOwedOnTradeIn: 2000,
    downPayment: -3000,
    ...extra,
  });

describe("a quote from before tax profiles", () => {
  it("keeps every figure of spec §9: the calculator under the standard rules reproduces the old formulas", () => {
    fc.assert(
      fc.property(quoteDataArb, (data) => {
        const { taxRules: _none, ...old } = data;
        const b = computeBreakdown(old as QuoteData);
        const selling = b.sellingPrice;
        const before = selling + b.addOnsTotal + b.dealerFeesTotal;
        const taxable = Math.max(0, before - b.tradeInValue);
        const taxes = data.taxItems.map((item) => percentOfCents(taxable, item.rate));
        expect(b.taxableAmount).toBe(taxable);
        expect(b.taxes.map((line) => line.amount)).toEqual(taxes);
        const beforeDown =
          taxable +
          taxes.reduce((a, c) => a + c, 0) +
          b.governmentFeesTotal +
          b.amountOwedOnTradeIn -
          Math.max(0, b.tradeInValue - before) -
          b.rebatesTotal;
        // Issue #34: the down payment applies up to the balance due after the trade, never beyond;
        // only trade equity above the whole deal is "Due to customer".
        const down = Math.min(-Math.min(0, toCents(data.downPayment)), Math.max(0, beforeDown));
        const owed = beforeDown - down;
        expect(b.downPayment).toBe(-down || 0);
        expect(b.outTheDoorPrice).toBe(Math.max(0, owed));
        expect(b.dueToCustomer).toBe(Math.max(0, -owed));
        if (b.dueToCustomer > 0) expect(down === 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("prices the same as its taxes list turned into the standard profile", () => {
    const data = quote();
    const profile = profileFromTaxes(data.taxItems);
    const viaProfile = calculateDeal({ ...quoteDealInput(data), taxRules: taxRulesOf(profile) });
    expect(viaProfile.tax).toEqual(calculateDeal(quoteDealInput(data)).tax);
    // 29,000 + 200 + 500 - 15,000 = 14,700 taxable; 6% = 882.
    expect(computeBreakdown(data)).toMatchObject({ taxableAmount: 1_470_000, taxesTotal: 88_200 });
  });
});

describe("a quote with tax rules and rebates", () => {
  const michigan = {
    profileLabel: "Michigan 2026",
    state: "MI",
    tradeIn: { rule: "capped", cap: 12000 },
    rebates: "taxed",
    fees: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: false },
  };

  it("caps the trade-in credit, taxes the rebate and still takes it off what the shopper pays", () => {
    const b = computeBreakdown(
      quote({ taxRules: michigan, rebates: [{ id: "r", name: "Factory", amount: 1500 }] }),
    );
    // 29,000 + 200 + 500 - 12,000 (cap) = 17,700; 6% = 1,062.
    expect(b.taxableAmount).toBe(1_770_000);
    expect(b.taxesTotal).toBe(106_200);
    // 29,700 + 100 + 1,062 - 15,000 + 2,000 - 1,500 - 3,000
    expect(b.outTheDoorPrice).toBe(1_336_200);
    expect(b.rebatesTotal).toBe(150_000);
  });

  it("credits the trade only on a new vehicle under newOnly (Ohio)", () => {
    const rules = { ...michigan, tradeIn: { rule: "newOnly" } };
    const used = computeBreakdown(
      quote({ taxRules: rules, vehicle: { description: "Used", mileage: 5, isNew: false } }),
    );
    const fresh = computeBreakdown(quote({ taxRules: rules }));
    expect(used.taxableAmount).toBe(2_970_000);
    expect(fresh.taxableAmount).toBe(1_470_000);
  });
});

describe("example profiles", () => {
  it("are labelled as examples to check and carry sources", () => {
    expect(EXAMPLE_TAX_PROFILES.map((profile) => profile.state)).toEqual([
      "CA",
      "TX",
      "VA",
      "MI",
      "OH",
      "FL",
      "NJ",
    ]);
    for (const profile of EXAMPLE_TAX_PROFILES) {
      expect(profile.label.endsWith(EXAMPLE_LABEL_SUFFIX)).toBe(true);
      expect(profile.sources.length).toBeGreaterThan(0);
    }
  });

  it("Florida: 6% plus a 0.5% surtax on the first $5,000 after the trade", () => {
    const fl = EXAMPLE_TAX_PROFILES.find((profile) => profile.state === "FL");
    if (!fl) throw new Error("no FL example");
    const result = calculateDeal({
      ...quoteDealInput(quote()),
      taxRules: taxRulesOf(fl),
    });
    expect(result.tax.lines.map((line) => line.tax)).toEqual([88_200, 2_500]);
  });
});
