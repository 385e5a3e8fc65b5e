import { describe, expect, it } from "vitest";
import { createQuoteSchema } from "../schemas/quote-schema";
import { MSG } from "../text/messages";
import { CORE_MSG } from "../text/page-text";
import { canSaveSellingPrices, sellingPriceFromInput, sellingPriceMessage } from "./add-on-prices";
import {
  amountDialogKeyAction,
  amountDialogResult,
  amountFieldIsNegative,
  validateAmountDialog,
} from "./amount-dialog";
import { canEmail, canText, customerInfoFromShare, validateShareQuote } from "./share-quote";
import { firstInvalidField, type TradeInValues, tradeInFromDialog, validateTradeIn } from "./trade-in";
import {
  type VehicleFormValues,
  validateVehicleForm,
  vehicleFormSellingPrice,
  vehicleFormToQuote,
  vehicleFormValues,
} from "./vehicle-form";

describe("vehicle form", () => {
  const valid: VehicleFormValues = {
    description: "2022 Honda Civic EX",
    color: "",
    mileage: "12,000",
    stockNumber: "",
    vin: "",
    advertisedUrl: "",
    advertisedPrice: "25,000.00",
    discount: "",
    condition: "",
    msrp: "",
  };

  it("asks new or used, defaulting from the mileage, and takes an optional MSRP (issue #34)", () => {
    // 12,000 miles: used unless the dealer says otherwise; 1,000 miles or fewer: new.
    expect(vehicleFormToQuote(valid).vehicle).toMatchObject({ isNew: false });
    expect(vehicleFormToQuote(valid).vehicle).not.toHaveProperty("msrp");
    expect(vehicleFormToQuote({ ...valid, mileage: "1,000" }).vehicle.isNew).toBe(true);
    expect(vehicleFormToQuote({ ...valid, mileage: "1,001" }).vehicle.isNew).toBe(false);
    expect(vehicleFormToQuote({ ...valid, condition: "new" }).vehicle.isNew).toBe(true);
    expect(vehicleFormToQuote({ ...valid, mileage: "5", condition: "used" }).vehicle.isNew).toBe(false);
    expect(vehicleFormToQuote({ ...valid, msrp: "27,450.00" }).vehicle.msrp).toBe(27_450);
    expect(validateVehicleForm({ ...valid, msrp: "abc" })).toEqual({ msrp: MSG.invalidNumber });
    expect(validateVehicleForm({ ...valid, msrp: "1,000,000" })).toEqual({ msrp: MSG.priceTooLarge });
    // The edit dialog shows what is stored, and a quote from before the form asked as the mileage says.
    const vehicle = vehicleFormToQuote({ ...valid, condition: "new", msrp: "27,450" }).vehicle;
    const pricing = vehicleFormToQuote(valid).pricing;
    expect(vehicleFormValues(vehicle, pricing)).toMatchObject({ condition: "new", msrp: "27,450.00" });
    expect(vehicleFormValues({ ...vehicle, isNew: undefined, msrp: undefined }, pricing)).toMatchObject({
      condition: "",
      msrp: "",
    });
  });

  it("refuses a discount above the advertised price, never caps it", () => {
    expect(validateVehicleForm({ ...valid, advertisedPrice: "100.00", discount: "100.01" })).toEqual({
      discount: CORE_MSG.discountAboveAdvertised,
    });
    expect(validateVehicleForm({ ...valid, advertisedPrice: "100.00", discount: "100" })).toEqual({});
  });

  it("requires description, mileage and advertised price", () => {
    expect(validateVehicleForm(valid)).toEqual({});
    expect(validateVehicleForm({ ...valid, description: "", mileage: "", advertisedPrice: "" })).toEqual({
      description: MSG.descriptionRequired,
      mileage: MSG.mileageRequired,
      advertisedPrice: MSG.advertisedPriceRequired,
    });
  });

  it.each([
    [{ mileage: "-5" }, "mileage", MSG.mileageNegative],
    [{ mileage: "12.5" }, "mileage", MSG.mileageWhole],
    [{ mileage: "lots" }, "mileage", MSG.invalidNumber],
    [{ advertisedPrice: "1,000,000" }, "advertisedPrice", MSG.priceTooLarge],
    [{ advertisedPrice: "abc" }, "advertisedPrice", MSG.invalidNumber],
    [{ discount: "1.234" }, "discount", MSG.invalidNumber],
    [{ advertisedUrl: "ftp://dealer.example/car" }, "advertisedUrl", MSG.urlInvalid],
    [{ advertisedUrl: "dealer.example/car" }, "advertisedUrl", MSG.urlInvalid],
  ])("%j -> %s: %s", (patch, field, message) => {
    expect(validateVehicleForm({ ...valid, ...patch })).toEqual({ [field]: message });
  });

  it("accepts a new car with 0 miles and an https link", () => {
    expect(
      validateVehicleForm({ ...valid, mileage: "0", advertisedUrl: "https://dealer.example/civic" }),
    ).toEqual({});
  });

  it("takes a VIN as typed (spaces, dashes, lower case) and refuses one that is not 17 valid characters", () => {
    expect(validateVehicleForm({ ...valid, vin: "1hgcm8263 3a-004352" })).toEqual({});
    expect(vehicleFormToQuote({ ...valid, vin: "1hgcm8263 3a-004352" }).vehicle.vin).toBe(
      "1HGCM82633A004352",
    );
    expect(validateVehicleForm({ ...valid, vin: "1HGCM82633A00435" })).toEqual({ vin: MSG.vinInvalid });
    expect(validateVehicleForm({ ...valid, vin: "1HGCM82633AO04352" })).toEqual({ vin: MSG.vinInvalid });
    // The stored form is checked as stored: the live guard and the API refuse an unnormalized VIN.
    expect(
      createQuoteSchema.safeParse({
        ...vehicleFormToQuote(valid),
        vehicle: { ...vehicleFormToQuote(valid).vehicle, vin: "1hgcm82633a004352" },
      }).success,
    ).toBe(false);
  });

  it("shows selling price = advertised - discount, capped", () => {
    expect(vehicleFormSellingPrice({ advertisedPrice: "25,000.00", discount: "1,500.50" })).toBe(2_349_950);
    expect(vehicleFormSellingPrice({ advertisedPrice: "100", discount: "150" })).toBe(0);
  });

  it("round-trips to the POST /quotes body", () => {
    const body = vehicleFormToQuote({ ...valid, discount: "500", color: " Blue " });
    expect(createQuoteSchema.parse(body)).toEqual(body);
    expect(body.pricing).toEqual({ advertisedPrice: 25_000, discount: 500 });
    expect(vehicleFormValues(body.vehicle, body.pricing)).toMatchObject({
      color: "Blue",
      mileage: "12000",
      advertisedPrice: "25,000.00",
      discount: "500.00",
    });
  });
});

describe("amount dialog", () => {
  it.each([
    ["downPayment", true],
    ["discount", false],
    ["advertisedPrice", false],
  ] as const)("%s is negative: %s (from the field, never from a title)", (field, negative) => {
    expect(amountFieldIsNegative(field)).toBe(negative);
  });

  it("saves signed dollars, blank as 0, never -0", () => {
    expect(amountDialogResult("downPayment", "2,500.00")).toBe(-2_500);
    expect(Object.is(amountDialogResult("downPayment", ""), 0)).toBe(true);
    expect(amountDialogResult("discount", "3,000.50")).toBe(3_000.5);
  });

  it("validates the amount and maps keys", () => {
    expect(validateAmountDialog("")).toEqual({});
    expect(validateAmountDialog("1,000,000")).toEqual({ amount: MSG.amountTooLarge });
    expect(validateAmountDialog("1..2")).toEqual({ amount: MSG.invalidNumber });
    expect(amountDialogKeyAction("Enter")).toBe("save");
    expect(amountDialogKeyAction("Escape")).toBe("cancel");
    expect(amountDialogKeyAction("a")).toBeUndefined();
  });
});

describe("trade-in dialog", () => {
  const values: TradeInValues = {
    hasTradeIn: true,
    description: "",
    vin: "",
    mileage: "",
    condition: "Good",
    value: "",
    amountOwed: "",
  };

  it("focuses the first invalid field", () => {
    const errors = validateTradeIn(values);
    expect(errors).toEqual({ description: MSG.tradeInDescriptionRequired, mileage: MSG.mileageRequired });
    expect(firstInvalidField(errors)).toBe("description");
    expect(firstInvalidField(validateTradeIn({ ...values, description: "Camry", mileage: "-3" }))).toBe(
      "mileage",
    );
    expect(firstInvalidField({})).toBeUndefined();
  });

  it("has no errors without a trade-in, and a shopper on amount owed is checked on that alone", () => {
    expect(validateTradeIn({ ...values, hasTradeIn: false })).toEqual({});
    expect(validateTradeIn({ ...values, amountOwed: "-1" }, { amountOwedOnly: true })).toEqual({
      amountOwed: MSG.amountNegative,
    });
  });

  it("saves magnitudes and keeps the dealer's value from shoppers", () => {
    const current = {
      hasTradeIn: true,
      vehicle: { description: "Camry", vin: "", mileage: 1, condition: "Good", value: 9_000 },
    };
    const typed = {
      ...values,
      description: " Camry ",
      mileage: "98,000",
      value: "7,500",
      amountOwed: "1,200.50",
    };
    expect(tradeInFromDialog(typed, current, false)).toEqual({
      tradeIn: {
        hasTradeIn: true,
        vehicle: { description: "Camry", vin: "", mileage: 98_000, condition: "Good", value: 9_000 },
      },
      amountOwedOnTradeIn: 1_200.5,
    });
    expect(tradeInFromDialog(typed, current, true).tradeIn.vehicle.value).toBe(7_500);
  });
});

describe("add-on selling prices", () => {
  it("accepts empty (0), retail itself and anything between", () => {
    expect(sellingPriceMessage("", 19.99)).toBeUndefined();
    expect(sellingPriceMessage("19.99", 19.99)).toBeUndefined();
    expect(sellingPriceMessage("10", 19.99)).toBeUndefined();
    expect(sellingPriceFromInput("")).toBe(0);
    expect(canSaveSellingPrices({})).toBe(true);
    expect(canSaveSellingPrices({ a: CORE_MSG.exceedsRetailPrice })).toBe(false);
  });
});

describe("share quote", () => {
  it("enables Email and Text only with a valid address or a complete phone", () => {
    expect(canEmail({ email: "ann@example.com" })).toBe(true);
    expect(canEmail({ email: "ann@" })).toBe(false);
    expect(canText({ phone: "1 (555) 123-4567" })).toBe(true);
    expect(canText({ phone: "(555) 123-4567" })).toBe(true);
    expect(canText({ phone: "1 (555) 123-456" })).toBe(false);
  });

  it("saves trimmed name and email and a digits-only phone", () => {
    const values = { name: " Ann Buyer ", email: " ann@example.com ", phone: "1 (555) 123-4567" };
    expect(validateShareQuote(values)).toEqual({});
    expect(customerInfoFromShare(values)).toEqual({
      name: "Ann Buyer",
      email: "ann@example.com",
      phone: "15551234567",
    });
    expect(customerInfoFromShare({ name: "Ann", email: "", phone: "" })).toEqual({ name: "Ann" });
  });
});
