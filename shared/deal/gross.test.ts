import { describe, expect, it } from "vitest";
import { financePayment } from "./finance";
import { financeReserve, grossOf, leaseReserve } from "./gross";

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
    expect(gross).toEqual({ front: 300_000, addOns: 99_400, reserve: 61_234, back: 160_634, total: 460_634 });
  });

  it("has no front (and no total) while the vehicle cost is unknown; cash has no reserve", () => {
    const gross = grossOf({
      sellingPriceCents: 100,
      vehicleCostCents: null,
      packCents: 0,
      addOns: [],
      reserveCents: 0,
    });
    expect(gross).toEqual({ front: null, addOns: 0, reserve: 0, back: 0, total: null });
  });

  it("finance reserve: the payments' difference over the term times participation, half away from zero", () => {
    const contract = financePayment(2_500_000, 7.9, 72) * 72;
    const buy = financePayment(2_500_000, 5.9, 72) * 72;
    expect(financeReserve(2_500_000, 72, 7.9, 5.9, 100)).toBe(contract - buy);
    // 75 % of an odd number of cents rounds half away from zero.
    expect(financeReserve(2_500_000, 72, 7.9, 5.9, 75)).toBe(Math.round((contract - buy) * 0.75));
    expect(financeReserve(2_500_000, 72, 5.9, 5.9, 75)).toBe(0);
    // At 0 % contract and buy rates there is no markup to share.
    expect(financeReserve(2_500_000, 60, 0, 0, 75)).toBe(0);
  });

  it("lease reserve: the rent charges' difference times participation", () => {
    expect(leaseReserve(300_001, 200_000, 50)).toBe(50_001); // 50,000.5 -> 50,001
    expect(leaseReserve(200_000, 200_000, 80)).toBe(0);
  });
});
