import { describe, expect, it } from "vitest";
import { fieldErrors } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { addonBodySchema, validateDefaultAddOn } from "./default-add-ons";
import { feeBodySchema, validateDefaultFee } from "./default-fees";
import { defaultTaxSummary, taxBodySchema, validateDefaultTax } from "./default-taxes";
import {
  changedTerms,
  interestRatesBodySchema,
  interestRatesUpdate,
  parseQuoteRateEdit,
  quoteRateMessage,
  validateInterestRates,
} from "./interest-rates";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("default add-ons", () => {
  it("needs a name and a price above 0, at most 999,999.99", () => {
    expect(validateDefaultAddOn({ name: "Mats", description: "", price: "199.99" })).toEqual({});
    expect(validateDefaultAddOn({ name: "Mats", description: "", price: "1,000,000" })).toEqual({
      price: MSG.priceTooLarge,
    });
    expect(addonBodySchema.parse({ name: " Mats ", price: 199.99 })).toEqual({
      name: "Mats",
      description: "",
      price: 199.99,
    });
    expect(errorsOf(addonBodySchema.safeParse({ name: "", price: 0 }))).toEqual([
      { field: "name", message: MSG.nameRequired },
      { field: "price", message: MSG.priceRequired },
    ]);
    expect(errorsOf(addonBodySchema.safeParse({ name: "Mats", price: 1_000_000 }))).toEqual([
      { field: "price", message: MSG.priceTooLarge },
    ]);
  });
});

describe("default taxes", () => {
  it("accepts 0..100 inclusive", () => {
    expect(validateDefaultTax({ description: "State", rate: "0" })).toEqual({});
    expect(validateDefaultTax({ description: "State", rate: "100" })).toEqual({});
    expect(validateDefaultTax({ description: "State", rate: "8.875%" })).toEqual({});
    expect(validateDefaultTax({ description: "State", rate: "" })).toEqual({ rate: MSG.rateRequired }); // issue #34: empty says required
    expect(defaultTaxSummary({ description: "State", rate: "7" })).toBeUndefined();
    expect(taxBodySchema.parse({ description: "State", rate: 6.25 })).toEqual({
      description: "State",
      rate: 6.25,
    });
    expect(errorsOf(taxBodySchema.safeParse({ description: " ", rate: 101 }))).toEqual([
      { field: "description", message: MSG.descriptionRequired },
      { field: "rate", message: MSG.taxRateBetween0And100 },
    ]);
  });
});

describe("default dealer and government fees", () => {
  it("allow 0, reject negatives and amounts above the limit", () => {
    expect(validateDefaultFee({ name: "Doc", description: "", amount: "0" })).toEqual({});
    expect(validateDefaultFee({ name: "Doc", description: "", amount: "" })).toEqual({
      amount: MSG.amountRequired, // issue #34: empty says required
    });
    expect(validateDefaultFee({ name: "Doc", description: "", amount: "1,000,000" })).toEqual({
      amount: MSG.amountTooLarge,
    });
    expect(errorsOf(feeBodySchema.safeParse({ name: "Doc", amount: -1 }))).toEqual([
      { field: "amount", message: MSG.amountPositive },
    ]);
    expect(errorsOf(feeBodySchema.safeParse({ name: "Doc", amount: "10" }))).toEqual([
      { field: "amount", message: MSG.expectedNumber },
    ]);
  });
});

describe("interest rates", () => {
  const saved = { 24: 6, 36: 6.5, 48: 7, 60: 8.5, 72: 9, 84: 11 } as const;

  it("sends only the changed terms", () => {
    expect(changedTerms(saved, { 24: "6", 60: "7.9", 84: 12 })).toEqual([60, 84]);
    expect(interestRatesUpdate(saved, { 60: "7.9" })).toEqual({
      body: { rates: [{ term_months: 60, interest_rate: 7.9 }] },
    });
    expect(validateInterestRates({ 24: "abc", 36: "-1", 48: "100" })).toEqual({
      24: MSG.interestRatesInvalid,
      36: MSG.interestRatesInvalid,
    });
  });

  it("says an emptied rate is required (issue #34)", () => {
    expect(validateInterestRates({ 60: " " })).toEqual({ 60: MSG.rateRequired });
    expect(interestRatesUpdate(saved, { 60: "" })).toEqual({ error: MSG.rateRequired });
    expect(interestRatesUpdate(saved, { 60: "", 24: "abc" })).toEqual({ error: MSG.interestRatesInvalid });
  });

  it("parses the PUT body: the six terms only, 0..100, each once", () => {
    expect(interestRatesBodySchema.parse({ rates: [{ term_months: 36, interest_rate: 100 }] })).toEqual({
      rates: [{ term_months: 36, interest_rate: 100 }],
    });
    expect(
      errorsOf(interestRatesBodySchema.safeParse({ rates: [{ term_months: 30, interest_rate: 101 }] })),
    ).toEqual([
      { field: "rates.0.term_months", message: MSG.loanTermInvalid },
      { field: "rates.0.interest_rate", message: MSG.interestRatesInvalid },
    ]);
    const twice = { rates: [1, 2].map(() => ({ term_months: 60, interest_rate: 5 })) };
    expect(errorsOf(interestRatesBodySchema.safeParse(twice))).toEqual([
      { field: "rates", message: MSG.loanTermInvalid },
    ]);
  });

  it("accepts an inline quote rate only within 0..99.99", () => {
    expect(parseQuoteRateEdit("0")).toBe(0);
    expect(parseQuoteRateEdit("99.99")).toBe(99.99);
    expect(parseQuoteRateEdit("100")).toBeUndefined();
    expect(parseQuoteRateEdit("-0.5")).toBeUndefined();
    expect(parseQuoteRateEdit("")).toBeUndefined();
    expect(quoteRateMessage("abc")).toBe(MSG.quoteRateInvalid);
  });
});
