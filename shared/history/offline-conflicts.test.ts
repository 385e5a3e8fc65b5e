import { describe, expect, it } from "vitest";
import { parseStaleEdits } from "../live/stale-edits-wire";
import { conflictText, conflictValue } from "./offline-conflicts";

describe("stale-edit notices (issue #36)", () => {
  it("shows values as amounts, labels and plain words", () => {
    expect(conflictValue("downPayment", 4200)).toBe("$4,200.00");
    expect(conflictValue("pricing.discount", -500)).toBe("$500.00");
    expect(conflictValue("amountOwedOnTradeIn", 3500.5)).toBe("$3,500.50");
    expect(conflictValue("selectedCreditTier", "very-good")).toBe("Very good");
    expect(conflictValue("tradeIn.vehicle.mileage", 98000)).toBe("98,000 miles");
    expect(conflictValue("tradeIn.vehicle.vin", undefined)).toBe("none");
  });

  it("names who changed the value, to what, and the value not applied", () => {
    expect(conflictText({ key: "downPayment", mine: 7000, theirs: 3000, by: "the dealer" })).toBe(
      "While you were offline, the dealer changed Down payment to $3,000.00. Your $7,000.00 was not applied.",
    );
    expect(
      conflictText({ key: "selectedCreditTier", mine: "fair", theirs: "good", by: "Mia (manager)" }),
    ).toBe("While you were offline, Mia (manager) changed Credit tier to Good. Your Fair was not applied.");
  });

  it("trusts nothing from the wire", () => {
    expect(parseStaleEdits("not json")).toBeNull();
    expect(parseStaleEdits(JSON.stringify({ conflicts: [{ key: 1, by: "x" }] }))).toBeNull();
    expect(
      parseStaleEdits(JSON.stringify({ conflicts: [{ key: "downPayment", by: "x".repeat(500) }] })),
    ).toBeNull();
    expect(
      parseStaleEdits(
        JSON.stringify({ conflicts: [{ key: "downPayment", mine: 1, theirs: 2, by: "the shopper" }] }),
      ),
    ).toEqual([{ key: "downPayment", mine: 1, theirs: 2, by: "the shopper" }]);
  });
});
