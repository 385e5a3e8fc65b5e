import { describe, expect, it } from "vitest";
import { financeOption } from "./finance";
import { financeReserve, grossOf, leaseReserve } from "./gross";

const charge = (amount: number, apr: number, months: number) =>
  financeOption(amount, { aprPercent: apr, months }).financeCharge;

describe("gross", () => {
  it("front, add-on, reserve, back and total", () => {
    const gross = grossOf({
      sellingPriceCents: 3_000_000,
      vehicleCostCents: 2_650_000,
      packCents: 50_000,
      addOns: [
        { priceCents: 89_500, costCents: 20_000 },
        { priceCents: 29_900, costCents: 0 },
      ],
      reserveCents: 61_234,
    });
    expect(gross).toEqual({
      front: 300_000,
      tradeOverAllowance: 0,
      feesInGross: 0,
      addOns: 99_400,
      reserve: 61_234,
      rateBuyDown: 0,
      back: 160_634,
      total: 460_634,
    });
  });

  it("has no front (and no total) while the vehicle cost is unknown; cash has no reserve", () => {
    const gross = grossOf({
      sellingPriceCents: 100,
      vehicleCostCents: null,
      packCents: 0,
      addOns: [],
      reserveCents: 0,
    });
    expect(gross.front).toBeNull();
    expect(gross.total).toBeNull();
    expect(gross.back).toBe(0);
  });

  // Public worked examples (dealer-training pages): the trade is booked at its ACV, and an
  // over-allowance is a cost of the new-car deal. Before ACV, gross took the trade at its allowance
  // and showed $2,500 and $2,000; the real profit is $1,000 in both.
  it.each([
    { allowance: 600_000, sellingPrice: 2_500_000, shownBefore: 250_000 },
    { allowance: 550_000, sellingPrice: 2_450_000, shownBefore: 200_000 },
  ])(
    "allowance $allowance against an ACV of $4,500: front gross $1,000",
    ({ allowance, sellingPrice, shownBefore }) => {
      const parts = {
        sellingPriceCents: sellingPrice,
        vehicleCostCents: 2_250_000,
        packCents: 0,
        addOns: [],
        reserveCents: 0,
      };
      expect(grossOf(parts).front).toBe(shownBefore);
      const gross = grossOf({ ...parts, tradeOverAllowanceCents: allowance - 450_000 });
      expect(gross.tradeOverAllowance).toBe(allowance - 450_000);
      expect(gross.front).toBe(100_000);
    },
  );

  it("an under-allowance adds to front gross; fees counted as gross add to it", () => {
    const gross = grossOf({
      sellingPriceCents: 3_000_000,
      vehicleCostCents: 2_900_000,
      packCents: 0,
      tradeOverAllowanceCents: -50_000,
      feesInGrossCents: 69_900,
      addOns: [],
      reserveCents: 0,
    });
    expect(gross.front).toBe(100_000 + 50_000 + 69_900);
  });

  it("finance reserve: the difference in finance charges times participation, half away from zero", () => {
    const diff = charge(2_500_000, 7.9, 72) - charge(2_500_000, 5.9, 72);
    expect(financeReserve(2_500_000, 72, 7.9, 5.9, 100)).toEqual({ reserve: diff, rateBuyDown: 0 });
    expect(financeReserve(2_500_000, 72, 7.9, 5.9, 75).reserve).toBe(Math.round(diff * 0.75));
    expect(financeReserve(2_500_000, 72, 5.9, 5.9, 75)).toEqual({ reserve: 0, rateBuyDown: 0 });
    expect(financeReserve(2_500_000, 60, 0, 0, 75)).toEqual({ reserve: 0, rateBuyDown: 0 });
    expect(financeReserve(2_500_000, 60, 7.9, undefined, 75)).toEqual({ reserve: 0, rateBuyDown: 0 });
  });

  it("a contract at 0 % against a 3.9 % buy rate costs the whole difference (-$2,045.71), not 75 % of it", () => {
    // $20,000 over 60 months: the buy rate's finance charge is $2,045.71, the 0 % contract's $0.00.
    expect(charge(2_000_000, 3.9, 60)).toBe(204_571);
    expect(charge(2_000_000, 0, 60)).toBe(0);
    expect(financeReserve(2_000_000, 60, 0, 3.9, 75)).toEqual({ reserve: 0, rateBuyDown: -204_571 });
  });

  it("pays a flat amount, or a percent of the amount financed, with caps on reserve and markup points", () => {
    expect(financeReserve(2_000_000, 60, 6, 4, 75, { method: "flat", flatAmount: 300 })).toEqual({
      reserve: 30_000,
      rateBuyDown: 0,
    });
    // A flat lender still charges a buy-down below its buy rate.
    expect(financeReserve(2_000_000, 60, 0, 3.9, 75, { method: "flat", flatAmount: 300 })).toEqual({
      reserve: 30_000,
      rateBuyDown: -204_571,
    });
    expect(
      financeReserve(2_000_000, 60, 6, 4, 75, { method: "amountFinanced", amountFinancedPercent: 1.5 }),
    ).toEqual({ reserve: 30_000, rateBuyDown: 0 });
    expect(
      financeReserve(2_000_000, 60, 6, 4, 100, {
        method: "amountFinanced",
        amountFinancedPercent: 2,
        maxReserve: 250,
      }).reserve,
    ).toBe(25_000);
    // A markup cap of 2 points pays on 4 % + 2 = 6 %, not on the 8 % contract.
    const capped = financeReserve(2_000_000, 60, 8, 4, 100, { method: "markup", maxMarkup: 2 });
    expect(capped.reserve).toBe(charge(2_000_000, 6, 60) - charge(2_000_000, 4, 60));
    expect(financeReserve(2_000_000, 60, 8, 4, 100, { method: "markup", maxReserve: 500 }).reserve).toBe(
      50_000,
    );
  });

  it("lease reserve: the rent charges' difference times participation; below the buy factor, the whole difference", () => {
    expect(leaseReserve(300_001, 200_000, 50)).toEqual({ reserve: 50_001, rateBuyDown: 0 }); // 50,000.5 -> 50,001
    expect(leaseReserve(200_000, 200_000, 80)).toEqual({ reserve: 0, rateBuyDown: 0 });
    expect(leaseReserve(150_000, 200_000, 80)).toEqual({ reserve: 0, rateBuyDown: -50_000 });
  });
});
