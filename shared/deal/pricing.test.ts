import { describe, expect, it } from "vitest";
import { addOn, fee, makeQuote, tax, tradeIn } from "../testing/quote-fixtures";
import { computeBreakdown, defaultDownPayment, effectiveRate, monthlyPayment, paymentGrid } from "./pricing";

// Worked examples computed by hand. All breakdown figures are cents.

describe("computeBreakdown: worked examples", () => {
  it("(a) no add-ons, no trade-in", () => {
    // selling 25,000.00 - 1,000.00 = 24,000.00
    // taxable 24,000.00 + doc fee 499.00 = 24,499.00
    // tax 7.25% of 24,499.00 = 1,776.1775 -> 1,776.18
    // government 75.00 + 150.50 = 225.50
    // total 24,499.00 + 1,776.18 + 225.50 = 26,500.68
    // OTD 26,500.68 - 2,650.00 = 23,850.68
    const quote = makeQuote({
      pricing: { advertisedPrice: 25_000, discount: 1_000 },
      dealerFeeItems: [fee("Doc fee", 499)],
      taxItems: [tax("State tax", 7.25)],
      governmentFeeItems: [fee("Title", 75), fee("Registration", 150.5)],
      downPayment: -2_650,
    });
    const b = computeBreakdown(quote);
    expect(b).toMatchObject({
      advertisedPrice: 2_500_000,
      discount: 100_000,
      sellingPrice: 2_400_000,
      addOns: [],
      addOnsTotal: 0,
      selectedAddOnCount: 0,
      tradeInValue: 0,
      dealerFeesTotal: 49_900,
      taxableAmount: 2_449_900,
      taxesTotal: 177_618,
      governmentFeesTotal: 22_550,
      totalBalance: 2_650_068,
      downPayment: -265_000,
      amountOwedOnTradeIn: 0,
      outTheDoorPrice: 2_385_068,
    });
    expect(b.taxes).toEqual([{ id: quote.taxItems[0]?.id, name: "State tax", rate: 7.25, amount: 177_618 }]);
    // -10% of 26,500.68 = -2,650.068 -> -2,650 whole dollars
    expect(defaultDownPayment(quote)).toBe(-2_650);
  });

  it("(b) two selected add-ons, one with a custom selling price", () => {
    // paint protection retail 899.00 sold at 599.00; floor mats 199.99 at retail; tint not selected
    // add-ons 599.00 + 199.99 = 798.99; taxable 30,000.00 + 798.99 = 30,798.99
    // 6% = 1,847.9394 -> 1,847.94; 0.5% = 153.99495 -> 153.99; taxes 2,001.93
    // total = OTD = 30,798.99 + 2,001.93 = 32,800.92
    const quote = makeQuote({
      pricing: { advertisedPrice: 30_000 },
      addOns: [
        addOn("Paint protection", 899, true, 599),
        addOn("Floor mats", 199.99, true),
        addOn("Tint", 99, false),
      ],
      taxItems: [tax("State", 6), tax("Local", 0.5)],
    });
    const b = computeBreakdown(quote);
    expect(
      b.addOns.map(({ name, retailPrice, price, discounted }) => [name, retailPrice, price, discounted]),
    ).toEqual([
      ["Paint protection", 89_900, 59_900, true],
      ["Floor mats", 19_999, 19_999, false],
    ]);
    expect(b.selectedAddOnCount).toBe(2);
    expect(b.addOnsTotal).toBe(79_899);
    expect(b.taxableAmount).toBe(3_079_899);
    expect(b.taxes.map((line) => line.amount)).toEqual([184_794, 15_399]);
    expect(b.taxesTotal).toBe(200_193);
    expect(b.totalBalance).toBe(3_280_092);
    expect(b.outTheDoorPrice).toBe(3_280_092);
  });

  it("(c) trade-in with a value and an amount owed", () => {
    // selling 20,000.00 - 500.00 = 19,500.00; taxable 19,500.00 + 300.00 - 8,000.00 = 11,800.00
    // 8.875% of 11,800.00 = 1,047.25; total 11,800.00 + 1,047.25 + 120.00 = 12,967.25
    // OTD 12,967.25 - 1,000.00 + 3,000.50 = 14,967.75
    const base = {
      pricing: { advertisedPrice: 20_000, discount: 500 },
      dealerFeeItems: [fee("Doc fee", 300)],
      taxItems: [tax("Sales tax", 8.875)],
      governmentFeeItems: [fee("Title", 120)],
      amountOwedOnTradeIn: 3_000.5,
      downPayment: -1_000,
    };
    const b = computeBreakdown(makeQuote({ ...base, tradeIn: tradeIn(8_000) }));
    expect(b).toMatchObject({
      tradeInValue: 800_000,
      taxableAmount: 1_180_000,
      taxesTotal: 104_725,
      totalBalance: 1_296_725,
      amountOwedOnTradeIn: 300_050,
      outTheDoorPrice: 1_496_775,
    });

    // Without a trade-in the stored value and amount owed do not count:
    // taxable 19,800.00; tax 1,757.25; total 21,677.25; OTD 20,677.25
    const none = computeBreakdown(makeQuote({ ...base, tradeIn: tradeIn(8_000, false) }));
    expect(none).toMatchObject({
      tradeInValue: 0,
      amountOwedOnTradeIn: 0,
      taxableAmount: 1_980_000,
      taxesTotal: 175_725,
      outTheDoorPrice: 2_067_725,
    });
  });

  it("(d) trade-in larger than the price: taxable clamps to 0, out-the-door still right", () => {
    // before trade-in 10,000.00 + 200.00 = 10,200.00; trade-in 15,000.00
    // taxable max(0, -4,800.00) = 0; tax 0; total = government 100.00
    // the 4,800.00 the taxable amount could not absorb is still credited:
    // OTD 100.00 + 0 + owed 12,000.00 - 4,800.00 = 7,300.00
    // (= 10,200.00 - 15,000.00 + 12,000.00 + 100.00)
    const b = computeBreakdown(
      makeQuote({
        pricing: { advertisedPrice: 10_000 },
        dealerFeeItems: [fee("Doc fee", 200)],
        taxItems: [tax("Sales tax", 7)],
        governmentFeeItems: [fee("Title", 100)],
        tradeIn: tradeIn(15_000),
        amountOwedOnTradeIn: 12_000,
      }),
    );
    expect(b).toMatchObject({
      taxableAmount: 0,
      tradeInExcess: 480_000,
      taxesTotal: 0,
      totalBalance: 10_000,
      outTheDoorPrice: 730_000,
    });
  });

  it("(d2) trade-in equity beyond the whole deal: out-the-door stops at $0.00, the rest is due to the customer", () => {
    // as (d) but nothing owed: 100.00 + 0 + 0 - 4,800.00 = -4,700.00
    // -> out-the-door 0.00, due to customer 4,700.00, every payment 0.00
    const quote = makeQuote({
      pricing: { advertisedPrice: 10_000 },
      dealerFeeItems: [fee("Doc fee", 200)],
      taxItems: [tax("Sales tax", 7)],
      governmentFeeItems: [fee("Title", 100)],
      tradeIn: tradeIn(15_000),
      amountOwedOnTradeIn: 0,
    });
    const b = computeBreakdown(quote);
    expect(b).toMatchObject({ tradeInExcess: 480_000, outTheDoorPrice: 0, dueToCustomer: 470_000 });
    const grid = paymentGrid(quote);
    for (const tier of Object.values(grid)) {
      for (const cell of Object.values(tier)) expect(cell.payment).toBe(0);
    }
  });

  it("(e) zero-rate term divides evenly, rounding to the nearest cent", () => {
    // 18,000.00 / 36 = 500.00
    expect(monthlyPayment(1_800_000, 0, 36)).toBe(50_000);
    // 10,000.00 / 36 = 277.777... -> 277.78
    expect(monthlyPayment(1_000_000, 0, 36)).toBe(27_778);
    // 10.10 / 24 = 0.42083... -> 0.42 (x 24 = 10.08: a lender's disclosure shows the same)
    expect(monthlyPayment(1_010, 0, 24)).toBe(42);
    // 0.36 / 24 = 0.015 -> 0.02 (half away from zero)
    expect(monthlyPayment(36, 0, 24)).toBe(2);
    const quote = makeQuote({
      pricing: { advertisedPrice: 18_000 },
      customInterestRates: { good: { "36": 0 } },
    });
    expect(paymentGrid(quote).good[36]).toEqual({
      rate: 0,
      isCustom: true,
      defaultRate: 6.5,
      payment: 50_000,
    });
  });

  it("(f) custom rate override on one tier and term", () => {
    // A = 30,000.00. Excellent 60 mo overridden to 3.9% (table 7.5%):
    // r = 0.039/12 = 0.00325; P = A r / (1 - 1.00325^-60) = 551.1428... -> 551.14
    // Excellent 72 keeps 8%; Good 60 keeps 8.5%: 615.4959... -> 615.50
    const quote = makeQuote({
      pricing: { advertisedPrice: 30_000 },
      customInterestRates: { excellent: { "60": 3.9 } },
    });
    const grid = paymentGrid(quote);
    expect(grid.excellent[60]).toEqual({ rate: 3.9, isCustom: true, defaultRate: 7.5, payment: 55_114 });
    expect(grid.excellent[72]).toMatchObject({ rate: 8, isCustom: false, defaultRate: 8 });
    expect(grid.good[60]).toEqual({ rate: 8.5, isCustom: false, defaultRate: 8.5, payment: 61_550 });
    expect(effectiveRate(quote, "excellent", 60)).toEqual({ rate: 3.9, isCustom: true, defaultRate: 7.5 });
  });

  it("(g) discount larger than the advertised price is capped", () => {
    // discount 6,000.00 capped at 5,000.00 -> selling 0; taxable 100.00 (fee)
    // 10% = 10.00; total 100.00 + 10.00 + 50.00 = 160.00
    // The schema refuses such a quote (docs/decisions/009-product-rulings.md); pricing still caps one built without it.
    const b = computeBreakdown({
      ...makeQuote({
        dealerFeeItems: [fee("Doc fee", 100)],
        taxItems: [tax("Tax", 10)],
        governmentFeeItems: [fee("Title", 50)],
      }),
      pricing: { advertisedPrice: 5_000, discount: 6_000 },
    });
    expect(b).toMatchObject({
      discount: 500_000,
      sellingPrice: 0,
      taxableAmount: 10_000,
      outTheDoorPrice: 16_000,
    });
  });
});

describe("monthlyPayment", () => {
  it.each([
    // [cents, APR, months, expected cents]; exact values in comments, to the nearest cent
    [2_385_068, 8.5, 60, 48_933], // 489.3332...
    [1_210_000, 8.5, 60, 24_825], // 248.2500290... (just above a cent, so down)
    [730_000, 8.5, 60, 14_977], // 149.7706...
    [0, 6, 60, 0],
    [-50_000, 6, 60, 0],
  ])("%i cents at %f%% over %i months is %i", (amount, apr, months, expected) => {
    expect(monthlyPayment(amount, apr, months)).toBe(expected);
  });
});

describe("rates and the default downpayment", () => {
  it("uses the quote's snapshotted table, and a custom rate equal to it is not custom", () => {
    const quote = makeQuote({ customInterestRates: { fair: { "48": 8 } } });
    quote.interestRates.poor["84"] = 15;
    expect(effectiveRate(quote, "poor", 84)).toEqual({ rate: 15, isCustom: false, defaultRate: 15 });
    expect(effectiveRate(quote, "fair", 48)).toEqual({ rate: 8, isCustom: false, defaultRate: 8 });
  });

  it("rounds the default downpayment half away from zero and never returns -0", () => {
    // total 25,000.00 + 5.00 doc fee = 25,005.00 -> 10% = 2,500.50 -> -2,501
    expect(defaultDownPayment(makeQuote({ dealerFeeItems: [fee("Doc", 5)] }))).toBe(-2_501);
    const free = defaultDownPayment(makeQuote({ pricing: { advertisedPrice: 0 } }));
    expect(Object.is(free, 0)).toBe(true);
  });
});
