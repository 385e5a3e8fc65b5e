import { describe, expect, it } from "vitest";
import { quoteFieldSchema, validateQuoteField } from "../schemas/quote-schema";
import { MSG } from "../text/messages";
import { newQuoteData } from "./new-quote";
import { computeBreakdown } from "./pricing";

describe("newQuoteData", () => {
  const body = {
    vehicle: {
      description: "2023 Kia Telluride",
      color: "Gray",
      mileage: 5,
      stockNumber: "K12",
      advertisedUrl: "",
    },
    pricing: { advertisedPrice: 40_000, discount: 1_000 },
  };

  it("snapshots the dealer's defaults and writes the default downpayment once", () => {
    const data = newQuoteData(body, {
      addOns: [{ id: 1, name: "Mats", description: null, price: 199 }],
      taxes: [{ id: 2, description: "State sales tax", rate: 6.25 }],
      dealerFees: [{ id: 3, name: "Doc fee", amount: 150 }],
      governmentFees: [{ id: 4, name: "Title", description: "State title", amount: 33 }],
      interestRates: { good: { 60: 7.25 }, poor: { "84": 18 } },
    });
    expect(data.addOns).toEqual([{ id: "1", name: "Mats", description: "", price: 199, isSelected: false }]);
    expect(data.taxItems).toEqual([{ id: "2", name: "State sales tax", description: "", rate: 6.25 }]);
    expect(data.interestRates.good["60"]).toBe(7.25);
    expect(data.interestRates.poor["84"]).toBe(18);
    expect(data.interestRates.good["24"]).toBe(6);
    // taxable 39,000 + 150 = 39,150.00; tax 6.25% = 2,446.875 -> 2,446.88; + 33.00 title
    // total 41,629.88 -> downpayment -4,163 (10% = 4,162.988)
    expect(computeBreakdown(data).totalBalance).toBe(4_162_988);
    expect(data.downPayment).toBe(-4_163);
    expect(data.selectedCreditTier).toBe("good");
  });
});

describe("single-field validation for live updates", () => {
  it("rejects undefined instead of defaulting it", () => {
    expect(quoteFieldSchema("downPayment").safeParse(undefined).success).toBe(false);
    expect(quoteFieldSchema("downPayment").safeParse(-500).success).toBe(true);
  });

  it("names nested fields", () => {
    expect(validateQuoteField("downPayment", 5)).toEqual([
      { field: "downPayment", message: MSG.downPaymentPositive },
    ]);
    expect(
      validateQuoteField("tradeIn", { hasTradeIn: true, vehicle: { description: "Camry", mileage: -1 } }),
    ).toEqual([{ field: "tradeIn.vehicle.mileage", message: MSG.mileageNegative }]);
    expect(validateQuoteField("selectedCreditTier", "fair")).toEqual([]);
  });
});
