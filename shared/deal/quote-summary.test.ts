import { describe, expect, it } from "vitest";
import { makeQuote } from "../testing/quote-fixtures";
import { computeBreakdown, paymentGrid } from "./pricing";
import { quoteSummary } from "./quote-summary";
import { selectedStructure } from "./selected-structure";

const summaryOf = (quote: ReturnType<typeof makeQuote>) => {
  const selected = selectedStructure(quote);
  return quoteSummary(selected, computeBreakdown(selected.data));
};

const program = {
  residuals: { "24": 62, "36": 56, "48": 50 },
  moneyFactors: { excellent: 0.00125, "very-good": 0.00175, good: 0.00225, fair: 0.00275, poor: 0.00325 },
  acquisitionFee: 0,
  dispositionFee: 0,
  securityDeposit: 0,
};

describe("quoteSummary (issue #34: the one selected structure)", () => {
  it("leads with the dealer's default: finance at the quote's tier over the longest term shown, with its down", () => {
    const quote = makeQuote({ pricing: { advertisedPrice: 30_000 }, downPayment: -3_000 });
    const summary = summaryOf(quote);
    const breakdown = computeBreakdown(quote);
    expect(summary.kind).toBe("finance");
    expect(summary.fromChoice).toBe(false);
    expect(summary.outTheDoorPrice).toBe(breakdown.outTheDoorPrice);
    expect(summary.downPayment).toBe(300_000);
    expect(summary.monthly).toBe(paymentGrid(quote, breakdown.outTheDoorPrice).good[72].payment);
    expect(summary.text).toBe("Finance, 72 months, $3,000.00 down, $486.69/mo (Good credit, 9% APR)");
  });

  it("follows the shopper's lease choice: its payment and amount due at signing, never the finance figures", () => {
    const quote = makeQuote({
      vehicle: { description: "2026 Civic", mileage: 5, isNew: true, msrp: 30_000 },
      pricing: { advertisedPrice: 30_000 },
      // Picking the cell set the quote's one down payment to the cell's.
      downPayment: -2_000,
      leaseProgram: program,
      shopperChoice: { structure: "lease", down: 2_000, months: 36 },
    });
    const summary = summaryOf(quote);
    expect(summary.kind).toBe("lease");
    expect(summary.fromChoice).toBe(true);
    expect(summary.downPayment).toBe(200_000);
    expect(summary.dueAtSigning).toBe((summary.monthly ?? 0) + 200_000);
    expect(summary.text).toMatch(
      /^Lease, 36 months, \$2,000\.00 down, \$[\d,.]+\/mo, \$[\d,.]+ due at signing$/,
    );
  });

  it("falls back to the dealer's default when the chosen lease is not offered", () => {
    const quote = makeQuote({
      vehicle: { description: "2026 Civic", mileage: 5, isNew: true, msrp: 30_000 },
      pricing: { advertisedPrice: 30_000 },
      leaseProgram: program,
      // $25,000 down leaves $5,000 against a $16,800 residual.
      downPayment: -25_000,
      shopperChoice: { structure: "lease", down: 4_000, months: 36 },
    });
    expect(summaryOf(quote).kind).toBe("finance");
  });

  it("is the cash price when the shopper chose cash", () => {
    const quote = makeQuote({ pricing: { advertisedPrice: 20_000 }, shopperChoice: { structure: "cash" } });
    const summary = summaryOf(quote);
    expect(summary.monthly).toBeNull();
    // Issue #46: what a cash buyer pays, the out-the-door price before any down payment.
    expect(summary.text).toBe(`Cash, $20,000.00`);
    const withDown = summaryOf({ ...quote, downPayment: -3_000 });
    expect(withDown.text).toBe(`Cash, $20,000.00`);
    expect(computeBreakdown({ ...quote, downPayment: -3_000 }).outTheDoorPrice).toBe(1_700_000);
  });
});
