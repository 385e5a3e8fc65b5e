import { describe, expect, it } from "vitest";
import { calculateDeal } from "./calculate-deal";
import type { DealInput, TaxRules } from "./deal-types";
import { optionPayment, solvePayment } from "./solve";

const rules = (ratePercent: number): TaxRules => ({
  rates: ratePercent > 0 ? [{ name: "State", ratePercent }] : [],
  tradeIn: { rule: "full" },
  rebates: "taxed",
  fees: { doc: true, dealer: true, addOn: true, gov: false },
  lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
});

const deal = (over: Partial<DealInput> = {}): DealInput => ({
  sellingPriceCents: 3_000_000,
  msrpCents: 3_200_000,
  isNew: true,
  addOns: [],
  fees: [
    { name: "Doc fee", kind: "doc", amountCents: 49_900 },
    { name: "Title", kind: "gov", amountCents: 7_500 },
  ],
  tradeIn: { valueCents: 0, owedCents: 0 },
  rebates: [],
  downPaymentCents: 200_000,
  taxRules: rules(6.25),
  finance: [{ aprPercent: 6.9, months: 72 }],
  lease: [{ months: 36, residualPercent: 58, moneyFactor: 0.00125, acquisitionFeeCents: 89_500 }],
  ...over,
});

const pay = (input: DealInput, structure: "finance" | "lease" = "finance") =>
  optionPayment(input, structure, 0);

describe("solve for the selling price", () => {
  it("finds the highest price whose payment, taxes included, is at most the target: one cent more exceeds it", () => {
    const input = deal();
    const result = solvePayment(
      input,
      { structure: "finance", index: 0, monthlyPaymentCents: 45_000 },
      "sellingPrice",
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.payment).toBe(pay({ ...input, sellingPriceCents: result.value }));
    expect(result.payment).toBeLessThanOrEqual(45_000);
    expect(pay({ ...input, sellingPriceCents: result.value + 1 })).toBeGreaterThan(45_000);
    // The tax follows the price: at the answer the 6.25 % tax is on the solved price, not the old one.
    const taxAtValue = calculateDeal({ ...input, sellingPriceCents: result.value }).tax.total;
    expect(taxAtValue).toBe(Math.round((result.value + 49_900) * 0.0625));
    // A round-trip: this deal at its own payment solves back to a price at or above its own.
    const own = pay(input) ?? 0;
    const back = solvePayment(
      input,
      { structure: "finance", index: 0, monthlyPaymentCents: own },
      "sellingPrice",
    );
    expect(back.ok && back.value >= input.sellingPriceCents).toBe(true);
  });

  it("is exact at a rate of 0 %", () => {
    const input = deal({ finance: [{ aprPercent: 0, months: 60 }], taxRules: rules(0), fees: [] });
    const result = solvePayment(
      input,
      { structure: "finance", index: 0, monthlyPaymentCents: 50_000 },
      "sellingPrice",
    );
    // (price - $2,000 down) / 60: $30,000.29 / 60 = 500.0048 rounds to $500.00, and one cent more
    // is $30,000.30 / 60 = 500.005, the exact half, which rounds away from zero to $500.01.
    expect(result).toEqual({ ok: true, value: 3_200_029, payment: 50_000, index: 0 });
    expect(pay({ ...input, sellingPriceCents: 3_200_030 })).toBe(50_001);
  });

  it("solves a lease with its money factor", () => {
    const input = deal();
    const result = solvePayment(
      input,
      { structure: "lease", index: 0, monthlyPaymentCents: 40_000 },
      "sellingPrice",
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.payment).toBeLessThanOrEqual(40_000);
    expect(pay({ ...input, sellingPriceCents: result.value + 1 }, "lease")).toBeGreaterThan(40_000);
    const [row] = calculateDeal({ ...input, sellingPriceCents: result.value, finance: [] }).lease;
    expect(row?.available && row.monthlyPayment).toBe(result.payment);
  });

  it("answers that no price reaches a target below the payment of a free car", () => {
    const input = deal({
      downPaymentCents: 0,
      fees: [{ name: "Doc fee", kind: "doc", amountCents: 2_000_000 }],
    });
    expect(
      solvePayment(input, { structure: "finance", index: 0, monthlyPaymentCents: 100 }, "sellingPrice"),
    ).toEqual({
      ok: false,
      message: "No selling price reaches $1.00/mo at these terms",
    });
  });
});

describe("solve for the down payment", () => {
  it("finds the lowest down whose payment reaches the target: one cent less exceeds it", () => {
    const input = deal();
    const result = solvePayment(
      input,
      { structure: "finance", index: 0, monthlyPaymentCents: 45_000 },
      "downPayment",
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.payment).toBeLessThanOrEqual(45_000);
    expect(pay({ ...input, downPaymentCents: result.value - 1 })).toBeGreaterThan(45_000);
  });

  it("answers 0 when no down is needed, and no down beyond the balance due", () => {
    const input = deal();
    const none = solvePayment(
      input,
      { structure: "finance", index: 0, monthlyPaymentCents: 999_999 },
      "downPayment",
    );
    expect(none.ok && none.value).toBe(0);
    const never = solvePayment(
      input,
      { structure: "lease", index: 0, monthlyPaymentCents: 1 },
      "downPayment",
    );
    expect(never).toEqual({ ok: false, message: "No down payment reaches $0.01/mo at these terms" });
  });
});

describe("solve for the term", () => {
  it("answers the shortest term on the grid that reaches the target", () => {
    const input = deal({
      finance: [
        { aprPercent: 7.9, months: 84 },
        { aprPercent: 5.9, months: 48 },
        { aprPercent: 6.9, months: 60 },
        { aprPercent: 6.9, months: 72 },
      ],
    });
    const at = (index: number) => optionPayment(input, "finance", index) ?? 0;
    const target = at(2); // the 60-month payment: 48 months is dearer, 60 the shortest that reaches it
    expect(at(1)).toBeGreaterThan(target);
    expect(
      solvePayment(input, { structure: "finance", index: 0, monthlyPaymentCents: target }, "months"),
    ).toEqual({
      ok: true,
      value: 60,
      payment: target,
      index: 2,
    });
    expect(
      solvePayment(input, { structure: "finance", index: 0, monthlyPaymentCents: 10_000 }, "months"),
    ).toEqual({
      ok: false,
      message: "No term reaches $100.00/mo at these terms",
    });
  });
});

describe("the payment request as stored", () => {
  it("reads a request and shows an answer only while it answers the standing request", async () => {
    const { paymentRequestState, readPaymentRequest } = await import("../schemas/payment-request");
    const request = { amount: 450, structure: "finance" as const, note: "Can you do 450?" };
    expect(readPaymentRequest("junk")).toBeNull();
    expect(readPaymentRequest({ amount: 0, structure: "finance" })).toBeNull();
    expect(paymentRequestState({ paymentRequest: request, paymentAnswer: { version: 3, request } })).toEqual({
      request,
      answer: { version: 3, request },
    });
    // A new request replaces the previous one: the old answer no longer shows.
    const next = { ...request, amount: 425 };
    expect(
      paymentRequestState({ paymentRequest: next, paymentAnswer: { version: 3, request } }).answer,
    ).toBeNull();
  });
});
