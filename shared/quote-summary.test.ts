import { describe, expect, it } from "vitest";
import { computeBreakdown, paymentGrid } from "./pricing";
import { lowestMonthly, quoteSummary } from "./quote-summary";
import { makeQuote } from "./testing/quote-fixtures";

describe("quoteSummary", () => {
  it("leads with the out-the-door price and the selected tier's lowest payment, its longest term", () => {
    const quote = makeQuote({ pricing: { advertisedPrice: 30_000 } });
    const breakdown = computeBreakdown(quote);
    const grid = paymentGrid(quote, breakdown.outTheDoorPrice);
    const summary = quoteSummary(breakdown, grid, "good");
    expect(summary.outTheDoorPrice).toBe(breakdown.outTheDoorPrice);
    expect(summary.dueToCustomer).toBe(0);
    expect(summary.from).toEqual({
      payment: grid.good[84].payment,
      tier: "good",
      tierLabel: "Good",
      term: 84,
    });
    for (const term of [24, 36, 48, 60, 72] as const) {
      expect(summary.from.payment).toBeLessThan(grid.good[term].payment);
    }
  });

  it("picks the cheapest term when a custom rate makes a shorter term cheaper", () => {
    const quote = makeQuote({
      pricing: { advertisedPrice: 30_000 },
      customInterestRates: { fair: { "72": 0.5, "84": 29 } },
    });
    const grid = paymentGrid(quote);
    expect(lowestMonthly(grid, "fair").term).toBe(72);
  });

  it("is $0.00 a month when nothing is owed", () => {
    const quote = makeQuote({ pricing: { advertisedPrice: 0 } });
    const breakdown = computeBreakdown(quote);
    const from = lowestMonthly(paymentGrid(quote, breakdown.outTheDoorPrice), "excellent");
    expect(from).toMatchObject({ payment: 0, term: 84 });
  });
});
