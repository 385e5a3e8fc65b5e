import { describe, expect, it } from "vitest";
import { conflictText, conflictValue } from "./offline-conflicts";

describe("offline conflicts", () => {
  it("shows values as the page does", () => {
    expect(conflictValue("downPayment", -4200)).toBe("-$4,200.00");
    expect(conflictValue("amountOwedOnTradeIn", 3500.5)).toBe("$3,500.50");
    expect(conflictValue("selectedCreditTier", "very-good")).toBe("Very good");
    expect(conflictValue("tradeIn.vehicle.mileage", 98000)).toBe("98,000 miles");
    expect(conflictValue("tradeIn.vehicle.vin", undefined)).toBe("none");
  });

  it("names each field and both values in one sentence", () => {
    expect(
      conflictText(
        [
          { key: "downPayment", mine: -5000, theirs: -4200 },
          { key: "selectedCreditTier", mine: "fair", theirs: "good" },
        ],
        "dealer",
      ),
    ).toBe(
      "While you were offline, the dealer also changed Downpayment: their -$4,200.00 was kept, not your -$5,000.00; Credit tier: their Good was kept, not your Fair.",
    );
  });
});
