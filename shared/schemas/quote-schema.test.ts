import { describe, expect, it } from "vitest";
import { DEFAULT_INTEREST_RATES } from "../core/constants";
import { makeQuote } from "../testing/quote-fixtures";
import { MSG } from "../text/messages";
import { CORE_MSG } from "../text/page-text";
import {
  createQuoteSchema,
  customerInfoSchema,
  QUOTE_FIELDS,
  quoteDataSchema,
  SHOPPER_WRITABLE_FIELDS,
  validateQuoteField,
} from "./quote-schema";
import { fieldErrors } from "./schema-fields";

const minimal = {
  vehicle: { description: "2022 Honda Civic", mileage: 10 },
  pricing: { advertisedPrice: 20_000 },
};

function errorsOf(input: unknown) {
  const result = quoteDataSchema.safeParse(input);
  if (result.success) throw new Error("expected the quote to be rejected");
  return fieldErrors(result.error);
}

describe("quoteDataSchema", () => {
  it("fills a new deal's defaults", () => {
    const quote = quoteDataSchema.parse(minimal);
    expect(quote).toMatchObject({
      vehicle: {
        description: "2022 Honda Civic",
        color: "",
        mileage: 10,
        stockNumber: "",
        advertisedUrl: "",
      },
      pricing: { advertisedPrice: 20_000, discount: 0 },
      addOns: [],
      tradeIn: { hasTradeIn: false, vehicle: { condition: "Good", mileage: 0 } },
      amountOwedOnTradeIn: 0,
      downPayment: 0,
      selectedCreditTier: "good",
      customInterestRates: {},
    });
    expect(quote.interestRates["very-good"]["72"]).toBe(DEFAULT_INTEREST_RATES["very-good"][72]);
  });

  it.each([
    [{ vehicle: { ...minimal.vehicle, mileage: -1 } }, "vehicle.mileage", MSG.mileageNegative],
    [{ vehicle: { ...minimal.vehicle, mileage: 1.5 } }, "vehicle.mileage", MSG.mileageWhole],
    [{ pricing: { advertisedPrice: 1_000_000 } }, "pricing.advertisedPrice", MSG.amountTooLarge],
    [{ pricing: { advertisedPrice: 10.005 } }, "pricing.advertisedPrice", MSG.amountDecimals],
    [{ pricing: { advertisedPrice: 10, discount: -1 } }, "pricing.discount", MSG.amountNegative],
    [{ pricing: { advertisedPrice: "10" } }, "pricing.advertisedPrice", MSG.expectedNumber],
    [{ pricing: {} }, "pricing.advertisedPrice", MSG.advertisedPriceRequired],
    [{ taxItems: [{ id: "t", name: "Tax", rate: 100.5 }] }, "taxItems.0.rate", MSG.taxRateBetween0And100],
    [{ taxItems: [{ id: "t", name: "Tax", rate: -1 }] }, "taxItems.0.rate", MSG.taxRateBetween0And100],
    [{ selectedCreditTier: "platinum" }, "selectedCreditTier", MSG.creditTierInvalid],
    [{ downPayment: 5 }, "downPayment", MSG.downPaymentPositive],
    [{ downPayment: -1_000_000 }, "downPayment", MSG.amountTooLarge],
    [{ amountOwedOnTradeIn: -5 }, "amountOwedOnTradeIn", MSG.amountNegative],
    [{ customInterestRates: { good: { "60": 100 } } }, "customInterestRates.good.60", MSG.quoteRateInvalid],
    [{ customInterestRates: { good: { "61": 5 } } }, "customInterestRates.good", MSG.loanTermInvalid],
    [{ customInterestRates: { gold: {} } }, "customInterestRates", MSG.creditTierInvalid],
    [
      { vehicle: { ...minimal.vehicle, advertisedUrl: "javascript:alert(1)" } },
      "vehicle.advertisedUrl",
      MSG.urlInvalid,
    ],
    [{ vehicle: { ...minimal.vehicle, description: "  " } }, "vehicle.description", MSG.descriptionRequired],
    [
      { addOns: [{ id: "a", name: "Mats", price: 100, isSelected: true, sellingPrice: 150 }] },
      "addOns.0.sellingPrice",
      CORE_MSG.exceedsRetailPrice,
    ],
    [
      { tradeIn: { hasTradeIn: true, vehicle: { description: "Camry", mileage: 5, value: -1 } } },
      "tradeIn.vehicle.value",
      MSG.amountNegative,
    ],
  ])("rejects %j at %s", (patch, field, message) => {
    expect(errorsOf({ ...minimal, ...patch })).toContainEqual({ field, message });
  });

  it("rejects a table rate outside 0..100", () => {
    const quote = makeQuote();
    const interestRates = { ...quote.interestRates, poor: { ...quote.interestRates.poor, "84": 101 } };
    expect(errorsOf({ ...minimal, interestRates })).toContainEqual({
      field: "interestRates.poor.84",
      message: MSG.interestRatesInvalid,
    });
  });

  it("refuses unknown fields instead of stripping them, and keeps numeric ids as strings", () => {
    const result = quoteDataSchema.safeParse({
      ...minimal,
      sneaky: true,
      dealerFeeItems: [{ id: 7, name: "Doc fee", amount: 10, extra: 1 }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["dealerFeeItems.0", MSG.unknownKey],
      ["", MSG.unknownKey],
    ]);
    const quote = quoteDataSchema.parse({
      ...minimal,
      dealerFeeItems: [{ id: 7, name: "Doc fee", amount: 10 }],
    });
    expect(quote.dealerFeeItems).toEqual([{ id: "7", name: "Doc fee", description: "", amount: 10 }]);
  });

  it("refuses a discount above the advertised price with the form's message", () => {
    const result = quoteDataSchema.safeParse({
      ...minimal,
      pricing: { advertisedPrice: 100, discount: 100.01 },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["pricing.discount", CORE_MSG.discountAboveAdvertised],
    ]);
    expect(
      quoteDataSchema.safeParse({ ...minimal, pricing: { advertisedPrice: 100, discount: 100 } }).success,
    ).toBe(true);
  });

  it("accepts binary noise in two-decimal amounts", () => {
    expect(quoteDataSchema.safeParse({ ...minimal, pricing: { advertisedPrice: 0.1 + 0.2 } }).success).toBe(
      true,
    );
  });

  it("lists the deal's fields and the shopper's writable ones", () => {
    expect(QUOTE_FIELDS).toEqual([
      "vehicle",
      "pricing",
      "addOns",
      "dealerFeeItems",
      "taxItems",
      "governmentFeeItems",
      "tradeIn",
      "amountOwedOnTradeIn",
      "downPayment",
      "selectedCreditTier",
      "customInterestRates",
      "interestRates",
      "rebates",
      "taxRules",
      "structures",
      "leaseProgram",
      "shopperChoice",
      "paymentRequest",
      "paymentAnswer",
    ]);
    expect(SHOPPER_WRITABLE_FIELDS).toEqual([
      "tradeIn",
      "amountOwedOnTradeIn",
      "downPayment",
      "selectedCreditTier",
      "shopperChoice",
      "paymentRequest",
    ]);
  });
});

describe("customerInfoSchema and createQuoteSchema", () => {
  it("accepts digits-only 11-digit phones and optional blanks", () => {
    expect(customerInfoSchema.parse({ name: " Ann ", email: "", phone: "15551234567" })).toEqual({
      name: "Ann",
      email: "",
      phone: "15551234567",
    });
  });

  it("names the bad customer fields", () => {
    const result = customerInfoSchema.safeParse({ name: "", email: "nope", phone: "5551234567" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual([
        { field: "name", message: MSG.customerNameRequired },
        { field: "email", message: MSG.emailInvalidAddress },
        { field: "phone", message: MSG.phoneIncomplete },
      ]);
    }
  });

  it("refuses control characters and bidi overrides in names and descriptions, live updates included (#35)", () => {
    expect(customerInfoSchema.safeParse({ name: "Pat\u001b[2J" }).error?.issues[0]?.message).toBe(
      MSG.plainTextOnly,
    );
    expect(
      validateQuoteField("tradeIn", {
        hasTradeIn: true,
        vehicle: { description: "2015 Civic\u202e", mileage: 1, condition: "Good" },
      }),
    ).toEqual([{ field: "tradeIn.vehicle.description", message: MSG.plainTextOnly }]);
    expect(
      validateQuoteField("vehicle", { description: "2022 Honda Civic", mileage: 1, color: "Blue\u0007" }),
    ).toEqual([{ field: "vehicle.color", message: MSG.plainTextOnly }]);
    expect(validateQuoteField("vehicle", { description: "2022 Honda Civic — “Sport”", mileage: 1 })).toEqual(
      [],
    );
  });

  it("parses the POST /quotes body", () => {
    expect(createQuoteSchema.parse(minimal).pricing).toEqual({ advertisedPrice: 20_000, discount: 0 });
    const result = createQuoteSchema.safeParse({ vehicle: {}, pricing: {} });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error).map((error) => error.field)).toEqual([
        "vehicle.description",
        "vehicle.mileage",
        "pricing.advertisedPrice",
      ]);
    }
  });
});
