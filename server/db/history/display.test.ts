import { describe, expect, it } from "vitest";
import { displayValue } from "./display";

// Display values as the quote page shows them (spec §2 signs, docs/decisions/009 money format).
describe("history display values", () => {
  it.each([
    ["pricing.advertisedPrice", 32000, "$32,000.00"],
    ["pricing.discount", 500, "-$500.00"],
    ["pricing.discount", 0, null],
    ["downPayment", -3000, "$3,000.00"],
    ["downPayment", 0, null],
    ["tradeIn.vehicle.value", 6000.5, "-$6,000.50"],
    ["amountOwedOnTradeIn", 1200, "$1,200.00"],
    ["amountOwedOnTradeIn", 0, null],
    ["selectedCreditTier", "very-good", "Very good"],
    ["vehicle.mileage", 12000, "12,000 miles"],
    ["tradeIn.vehicle.mileage", 0, null],
    ["tradeIn.hasTradeIn", true, "Yes"],
    ["tradeIn.hasTradeIn", false, "No"],
    ["vehicle.color", "  ", null],
    ["vehicle.color", "Red", "Red"],
    ["customInterestRates.good.60", 4.9, "4.9%"],
    ["downPayment", undefined, null],
  ])("%s = %o shows %o", (key, value, shown) => {
    expect(displayValue(key, value)).toBe(shown);
  });

  it("lists selected add-ons with the price the shopper pays, fees with amounts and taxes with rates", () => {
    const addOns = [
      { id: "a", name: "Floor Mats", price: 250, isSelected: true },
      { id: "b", name: "Tint", price: 400, isSelected: true, sellingPrice: 300 },
      { id: "c", name: "Nitrogen", price: 99, isSelected: false },
    ];
    expect(displayValue("addOns", addOns)).toBe("Floor Mats ($250.00), Tint ($300.00)");
    expect(
      displayValue(
        "addOns",
        addOns.map((a) => ({ ...a, isSelected: false })),
      ),
    ).toBeNull();
    expect(displayValue("dealerFeeItems", [{ id: "d", name: "Doc Fee", amount: 499 }])).toBe(
      "Doc Fee $499.00",
    );
    expect(displayValue("taxItems", [{ id: "t", name: "State Tax", rate: 6.25 }])).toBe("State Tax 6.25%");
  });

  it("never throws and keeps long text short", () => {
    expect(displayValue("vehicle.description", "x".repeat(500))?.length).toBe(200);
    expect(displayValue("addOns", "not a list")).toBeNull();
    expect(displayValue("interestRates", { good: { 60: 8.5 } })).toBe('{"good":{"60":8.5}}');
  });
});
