import { describe, expect, it } from "vitest";
import { makeQuote, tax } from "../testing/quote-fixtures";
import { calculateDeal } from "./calculate-deal";
import { computeBreakdown, paymentGrid } from "./pricing";
import { quoteDealInput } from "./quote-deal";
import { choiceText, structureGrids } from "./structure-grid";

const program = {
  residuals: { "24": 62, "36": 56 },
  moneyFactors: { excellent: 0.00125, "very-good": 0.00175, good: 0.00225, fair: 0.00275, poor: 0.00325 },
  acquisitionFee: 695,
  dispositionFee: 395,
  securityDeposit: 0,
};

describe("cash, finance and lease side by side (issue #18)", () => {
  const data = makeQuote({
    // Issue #34: residuals are a percent of the MSRP, which a lease needs.
    vehicle: { description: "2022 Honda Civic EX", mileage: 12_000, msrp: 32_000 },
    pricing: { advertisedPrice: 32_000, discount: 1_000 },
    taxItems: [tax("State", 6.25)],
    rebates: [{ id: "r1", name: "Loyalty", amount: 500 }],
    downPayment: -3_000,
    selectedCreditTier: "good",
    leaseProgram: program,
  });

  it("gives the page's out-the-door price as cash and each finance row the payment on the deal at that down", () => {
    const grids = structureGrids(data);
    expect(grids.cash.outTheDoor).toBe(computeBreakdown(data).outTheDoorPrice);
    // Issue #46: what a cash buyer pays is before any down payment: the $3,000 more.
    expect(grids.cashPrice.outTheDoor).toBe(computeBreakdown(data).outTheDoorPrice + 300_000);
    expect(grids.finance.terms).toEqual([48, 60, 72]);
    // Issue #46: the quote's own $3,000 down is not one of the grid's rows: it is an extra row,
    // marked as the deal's own, so that the grid always shows the deal itself.
    expect(grids.finance.rows.map((row) => [row.downCents, row.own ?? false])).toEqual([
      [0, false],
      [200_000, false],
      [400_000, false],
      [300_000, true],
    ]);
    expect(grids.lease?.rows.map((row) => row.own ?? false)).toEqual([false, false, false, true]);
    // A down that is one of the rows adds none.
    const atGridDown = structureGrids({ ...data, downPayment: -2_000 });
    expect(atGridDown.finance.rows.map((row) => row.downCents)).toEqual([0, 200_000, 400_000]);
    expect(atGridDown.finance.rows.some((row) => row.own)).toBe(false);
    // The own row is the spec's payments table at the quote's own down.
    const atQuoteDown = grids.finance.rows[3];
    const page = paymentGrid(data);
    expect(atQuoteDown?.cells.map((cell) => cell.payment)).toEqual(
      [48, 60, 72].map((t) => page.good[t as 48].payment),
    );
    // Each $2,000 more down lowers the amount financed by exactly $2,000.
    const [none, two] = grids.finance.rows;
    expect((none?.cells[0]?.amountFinanced ?? 0) - (two?.cells[0]?.amountFinanced ?? 0)).toBe(200_000);
  });

  it("prices every lease cell with the one calculator, and leaves a term without a residual empty", () => {
    const grids = structureGrids(data);
    const lease = grids.lease;
    expect(lease?.terms).toEqual([24, 36, 48]);
    expect(lease?.moneyFactor).toBe(0.00225);
    const row = lease?.rows[1];
    const expected = calculateDeal(
      quoteDealInput(data, {
        downPaymentCents: 200_000,
        lease: [
          {
            months: 36,
            residualPercent: 56,
            moneyFactor: 0.00225,
            acquisitionFeeCents: 69_500,
            dispositionFeeCents: 39_500,
            securityDepositCents: 0,
          },
        ],
      }),
    ).lease[0];
    expect(row?.cells[1]).toEqual(expected);
    expect(row?.cells[2]).toBeNull(); // no 48-month residual in the programme
    expect(lease?.residualPercents).toEqual([62, 56, null]);
  });

  it("has no lease without a programme, and names a structure and term with the down when given", () => {
    const noLease = structureGrids(makeQuote());
    expect(noLease.lease).toBeNull();
    expect(choiceText({ structure: "lease", down: 2_000, months: 36 })).toBe("Lease 36 mo, $2,000.00 down");
    expect(choiceText({ structure: "finance", months: 60 })).toBe("Finance 60 mo");
    expect(choiceText({ structure: "cash" })).toBe("Cash");
  });

  it("offers no lease without the MSRP its residuals are a percent of (issue #34)", () => {
    const noMsrp = structureGrids({ ...data, vehicle: { ...data.vehicle, msrp: undefined } });
    expect(noMsrp.lease).toBeNull();
    expect(noMsrp.leaseBlocked).toBe("msrp");
    expect(structureGrids(data).leaseBlocked).toBeNull();
  });
});
