import { describe, expect, it } from "vitest";
import { CREDIT_TIER_IDS, LOAN_TERM_KEYS } from "../core/constants";
import { economicsSchema } from "../deal/economics";
import { flattenField } from "../live/quote-doc";
import {
  customerInfoSchema,
  QUOTE_FIELDS,
  quoteDataSchema,
  SHOPPER_WRITABLE_FIELDS,
} from "../schemas/quote-schema";
import { makeQuote, tradeIn } from "../testing/quote-fixtures";
import {
  DEAL_KEYS,
  ECONOMICS_KEYS,
  isLeafKey,
  mayWriteField,
  mayWriteKey,
  PAYMENT_REQUEST_KEYS,
  PRIVATE_KEYS,
  ROLES,
  WRITABLE_KEYS,
} from "./permissions";

const TAX_RULES = {
  tradeIn: { rule: "full" },
  rebates: "taxed",
  fees: { doc: true, dealer: true, addOn: true, gov: false },
  lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
};

/** Every leaf key the schema can produce: a quote with every optional leaf present, flattened. */
function schemaLeafKeys(): string[] {
  const rates = Object.fromEntries(
    CREDIT_TIER_IDS.map((tier) => [tier, Object.fromEntries(LOAN_TERM_KEYS.map((term) => [term, 5]))]),
  );
  const base = makeQuote({ tradeIn: tradeIn(1000) });
  const quote = quoteDataSchema.parse({
    ...base,
    vehicle: { ...base.vehicle, isNew: true, msrp: 30_000, vin: "1HGCM82633A004352" },
    taxRules: TAX_RULES,
    customInterestRates: rates,
    leaseProgram: {
      residuals: { "36": 56 },
      moneyFactors: Object.fromEntries(CREDIT_TIER_IDS.map((tier) => [tier, 0.002])),
    },
    shopperChoice: { structure: "lease", down: 2000, months: 36 },
    paymentRequest: {
      amount: 450,
      structure: "finance",
      note: "Can you do 450?",
      asked: { months: 60, down: 2000, payment: 434.17 },
    },
    paymentAnswer: { version: 2, request: { amount: 450, structure: "finance", note: "" } },
  });
  return Object.entries(quote).flatMap(([field, value]) => [...flattenField(field, value).keys()]);
}

describe("the permissions table", () => {
  it("lists exactly the schema's leaf keys of the deal, the private and the economics documents", () => {
    expect([...DEAL_KEYS].sort()).toEqual(schemaLeafKeys().sort());
    const info = customerInfoSchema.parse({ name: "Ann", email: "a@b.co", phone: "15551234567" });
    const rates = Object.fromEntries(
      CREDIT_TIER_IDS.map((tier) => [tier, Object.fromEntries(LOAN_TERM_KEYS.map((term) => [term, 4]))]),
    );
    const economics = economicsSchema.parse({
      vehicleCost: 26_500,
      addOnCosts: [{ id: "a1", cost: 200 }],
      buyRates: rates,
      buyMoneyFactors: Object.fromEntries(CREDIT_TIER_IDS.map((tier) => [tier, 0.001])),
      // Issue #49: the trade's ACV, each tier's reserve rule (every part), the fees counted as gross.
      tradeInAcv: 4_500,
      reserveRules: Object.fromEntries(
        CREDIT_TIER_IDS.map((tier) => [
          tier,
          { method: "markup", flatAmount: 300, amountFinancedPercent: 1, maxMarkup: 2, maxReserve: 1_500 },
        ]),
      ),
      feesInGross: ["doc"],
    });
    expect([...PRIVATE_KEYS].sort()).toEqual([...flattenField("customerInfo", info).keys()].sort());
    // Issue #38: the economics have a document of their own; no key is in two documents.
    expect([...ECONOMICS_KEYS].sort()).toEqual([...flattenField("economics", economics).keys()].sort());
    for (const key of ECONOMICS_KEYS) {
      expect(isLeafKey(key, "economics"), key).toBe(true);
      expect(isLeafKey(key, "private"), key).toBe(false);
      expect(isLeafKey(key, "deal"), key).toBe(false);
    }
  });

  it("gives every role only leaf keys, and each field of a writable key is editable for it", () => {
    for (const role of ROLES) {
      for (const kind of ["deal", "private", "economics"] as const) {
        for (const key of WRITABLE_KEYS[role][kind]) {
          expect(isLeafKey(key, kind), `${role} ${kind} ${key}`).toBe(true);
          expect(mayWriteKey(role, kind, key)).toBe(true);
          expect(mayWriteField(role, kind, key.split(".")[0] as string)).toBe(true);
        }
      }
    }
  });

  it("lets the dealer write every key but the shopper's payment request, and a shopper only the trade-in (not its value), amount owed, downpayment, tier, payment choice and payment request", () => {
    for (const key of DEAL_KEYS)
      expect(mayWriteKey("DEALER", "deal", key)).toBe(!PAYMENT_REQUEST_KEYS.includes(key));
    for (const key of PRIVATE_KEYS) expect(mayWriteKey("DEALER", "private", key)).toBe(true);
    for (const key of ECONOMICS_KEYS) {
      expect(mayWriteKey("DEALER", "economics", key)).toBe(true);
      expect(mayWriteKey("DEALER", "private", key)).toBe(false);
    }
    expect([...WRITABLE_KEYS.SHOPPER.deal].sort()).toEqual(
      [
        "amountOwedOnTradeIn",
        "downPayment",
        "selectedCreditTier",
        "shopperChoice",
        "tradeIn.hasTradeIn",
        "tradeIn.vehicle.condition",
        "tradeIn.vehicle.description",
        "tradeIn.vehicle.mileage",
        "tradeIn.vehicle.vin",
        "paymentRequest.amount",
        "paymentRequest.structure",
        "paymentRequest.note",
        "paymentRequest.asked.months",
        "paymentRequest.asked.down",
        "paymentRequest.asked.payment",
      ].sort(),
    );
    expect(WRITABLE_KEYS.SHOPPER.private.size).toBe(0);
    expect(WRITABLE_KEYS.SHOPPER.economics.size).toBe(0);
    expect(SHOPPER_WRITABLE_FIELDS).toEqual([
      "tradeIn",
      "amountOwedOnTradeIn",
      "downPayment",
      "selectedCreditTier",
      "shopperChoice",
      "paymentRequest",
    ]);
    expect(QUOTE_FIELDS.filter((field) => !mayWriteField("DEALER", "deal", field))).toEqual([
      "paymentRequest",
    ]);
  });

  it("matches no parent key, prefix, empty segment or prototype name", () => {
    for (const key of [
      "tradeIn",
      "tradeIn.vehicle",
      "tradeIn.vehicle.",
      "tradeIn..vin",
      "tradeIn.__proto__.polluted",
      "tradeIn.vehicle.constructor",
      "__proto__",
      "constructor",
      "prototype",
      "tradeIn.vehicle.valueX",
      "vehicle.description.x",
      "customInterestRates.good",
      "customInterestRates.good.61",
      "",
    ]) {
      expect(isLeafKey(key), key).toBe(false);
      for (const role of ROLES) expect(mayWriteKey(role, "deal", key)).toBe(false);
    }
  });
});
