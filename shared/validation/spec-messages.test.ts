// Every validation message of spec §5, each triggered by the form that shows it.

import { describe, expect, it } from "vitest";
import { MSG } from "../text/messages";
import { CORE_MSG } from "../text/page-text";
import { validateChangeEmail, validateChangePassword } from "./account";
import { validateSellingPrices } from "./add-on-prices";
import { validateDealership } from "./dealership";
import { defaultAddOnSummary, validateDefaultAddOn } from "./default-add-ons";
import { defaultFeeSummary, validateDefaultFee } from "./default-fees";
import { defaultTaxSummary, validateDefaultTax } from "./default-taxes";
import { interestRatesUpdate } from "./interest-rates";
import { validateForgotPassword, validateResetPassword } from "./password-reset";
import { type RegisterValues, validateRegister } from "./register";
import { validateShareQuote } from "./share-quote";
import { validateTradeIn } from "./trade-in";

const register = (patch: Partial<RegisterValues>) =>
  validateRegister({
    email: "dealer@example.com",
    password: "secret123",
    confirmPassword: "secret123",
    firstName: "Dana",
    lastName: "Lee",
    ...patch,
  });
const dealership = (patch: object) =>
  validateDealership({
    dealershipName: "Lee Motors",
    streetAddress: "",
    city: "",
    state: "",
    zipCode: "",
    phoneNumber: "(555) 123-4567",
    ...patch,
  });
const tradeIn = (patch: object) =>
  validateTradeIn({
    hasTradeIn: true,
    description: "2015 Camry",
    vin: "",
    mileage: "98,000",
    condition: "Good",
    value: "",
    amountOwed: "",
    ...patch,
  });
const share = (patch: object) => validateShareQuote({ name: "Ann", email: "", phone: "", ...patch });
const rates = { 24: 6, 36: 6.5, 48: 7, 60: 8.5, 72: 9, 84: 11 } as const;
const errorOf = (result: ReturnType<typeof interestRatesUpdate>) =>
  "error" in result ? result.error : undefined;

const cases: [string, string, string | undefined][] = [
  ["register email blank", MSG.emailRequired, register({ email: " " }).email],
  ["register email invalid", MSG.emailInvalid, register({ email: "dealer@" }).email],
  ["register password blank", MSG.passwordRequired, register({ password: "" }).password],
  ["register password short", MSG.passwordMinLength, register({ password: "short" }).password],
  ["register confirm blank", MSG.confirmPasswordRequired, register({ confirmPassword: "" }).confirmPassword],
  [
    "register confirm differs",
    MSG.passwordsDoNotMatch,
    register({ confirmPassword: "secret124" }).confirmPassword,
  ],
  ["register first name", MSG.firstNameRequired, register({ firstName: "" }).firstName],
  ["register last name", MSG.lastNameRequired, register({ lastName: "  " }).lastName],
  ["register phone", MSG.phone10Digits, register({ phoneNumber: "555-1234" }).phoneNumber],
  ["register ZIP", MSG.zipInvalid, register({ zipCode: "1234" }).zipCode],
  ["forgot email blank", MSG.emailRequired, validateForgotPassword({ email: "" }).email],
  ["forgot email invalid", MSG.emailInvalidAddress, validateForgotPassword({ email: "a@b" }).email],
  [
    "reset password blank",
    MSG.passwordRequired,
    validateResetPassword({ password: "", confirmPassword: "" }).password,
  ],
  [
    "reset password short",
    MSG.passwordMinLength,
    validateResetPassword({ password: "1234567", confirmPassword: "1234567" }).password,
  ],
  [
    "reset mismatch",
    MSG.passwordsDoNotMatch,
    validateResetPassword({ password: "12345678", confirmPassword: "12345679" }).confirmPassword,
  ],
  [
    "change email invalid",
    MSG.emailInvalidAddress,
    validateChangeEmail({ newEmail: "nope", currentPassword: "x" }, "a@b.co").newEmail,
  ],
  [
    "change password short",
    MSG.passwordMinLengthLong,
    validateChangePassword({ currentPassword: "old", newPassword: "1234567", confirmPassword: "1234567" })
      .newPassword,
  ],
  [
    "change password mismatch",
    MSG.passwordsDoNotMatch,
    validateChangePassword({ currentPassword: "old", newPassword: "12345678", confirmPassword: "x" })
      .confirmPassword,
  ],
  ["dealership name", MSG.dealershipNameRequired, dealership({ dealershipName: "" }).dealershipName],
  ["dealership phone", MSG.phoneInvalid, dealership({ phoneNumber: "(555) 123" }).phoneNumber],
  ["dealership state", MSG.stateInvalid, dealership({ state: "C" }).state],
  ["trade-in description", MSG.tradeInDescriptionRequired, tradeIn({ description: "   " }).description],
  ["trade-in mileage empty", MSG.mileageRequired, tradeIn({ mileage: "" }).mileage],
  ["trade-in mileage zero", MSG.mileageRequired, tradeIn({ mileage: "0" }).mileage],
  ["add-on price text", MSG.invalidNumber, validateSellingPrices([{ id: "a", price: 100 }], { a: "1x" }).a],
  [
    "add-on price negative",
    MSG.priceNegative,
    validateSellingPrices([{ id: "a", price: 100 }], { a: "-1" }).a,
  ],
  [
    "add-on price above retail",
    CORE_MSG.exceedsRetailPrice,
    validateSellingPrices([{ id: "a", price: 100 }], { a: "100.01" }).a,
  ],
  ["share name", MSG.customerNameRequired, share({ name: " " }).name],
  ["share email", MSG.emailInvalidAddress, share({ email: "ann@example" }).email],
  ["share phone", MSG.phoneIncomplete, share({ phone: "1 (555) 123" }).phone],
  [
    "default add-on name",
    MSG.nameRequired,
    validateDefaultAddOn({ name: "", description: "", price: "5" }).name,
  ],
  [
    "default add-on price",
    MSG.priceRequired,
    validateDefaultAddOn({ name: "Mats", description: "", price: "0" }).price,
  ],
  [
    "default add-on summary",
    MSG.nameAndPriceRequired,
    defaultAddOnSummary({ name: "Mats", description: "", price: "" }),
  ],
  [
    "default tax description",
    MSG.descriptionRequired,
    validateDefaultTax({ description: "", rate: "5" }).description,
  ],
  [
    "default tax rate",
    MSG.rateBetween0And100,
    validateDefaultTax({ description: "State", rate: "101" }).rate,
  ],
  [
    "default tax update blank",
    MSG.descriptionAndRateRequired,
    defaultTaxSummary({ description: "State", rate: "" }),
  ],
  [
    "default tax update range",
    MSG.taxRateBetween0And100,
    defaultTaxSummary({ description: "State", rate: "-1" }),
  ],
  ["default fee name", MSG.nameRequired, validateDefaultFee({ name: "", description: "", amount: "5" }).name],
  [
    "default fee amount",
    MSG.amountPositive,
    validateDefaultFee({ name: "Doc", description: "", amount: "-5" }).amount,
  ],
  [
    "default fee summary",
    MSG.nameAndAmountRequired,
    defaultFeeSummary({ name: "", description: "", amount: "5" }),
  ],
  ["interest rates invalid", MSG.interestRatesInvalid, errorOf(interestRatesUpdate(rates, { 60: "100.5" }))],
  ["interest rates unchanged", MSG.noChangesToSave, errorOf(interestRatesUpdate(rates, { 60: "8.5" }))],
];

describe("spec §5 messages", () => {
  it.each(cases)("%s: %s", (_form, expected, actual) => {
    expect(actual).toBe(expected);
  });

  it("covers every §5 message", () => {
    const spec5 = [
      MSG.emailRequired,
      MSG.emailInvalid,
      MSG.passwordRequired,
      MSG.passwordMinLength,
      MSG.confirmPasswordRequired,
      MSG.passwordsDoNotMatch,
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.phone10Digits,
      MSG.zipInvalid,
      MSG.emailInvalidAddress,
      MSG.passwordMinLengthLong,
      MSG.dealershipNameRequired,
      MSG.phoneInvalid,
      MSG.stateInvalid,
      MSG.tradeInDescriptionRequired,
      MSG.mileageRequired,
      MSG.invalidNumber,
      MSG.priceNegative,
      CORE_MSG.exceedsRetailPrice,
      MSG.customerNameRequired,
      MSG.phoneIncomplete,
      MSG.nameRequired,
      MSG.priceRequired,
      MSG.nameAndPriceRequired,
      MSG.descriptionRequired,
      MSG.rateBetween0And100,
      MSG.descriptionAndRateRequired,
      MSG.taxRateBetween0And100,
      MSG.amountPositive,
      MSG.nameAndAmountRequired,
      MSG.interestRatesInvalid,
      MSG.noChangesToSave,
    ];
    const triggered = new Set(cases.map(([, expected]) => expected));
    expect(spec5.filter((message) => !triggered.has(message))).toEqual([]);
  });
});
