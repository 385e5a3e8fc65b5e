import { calculateDeal } from "@shared/deal/calculate-deal";
import { calculateBodySchema, toDealInput } from "@shared/validation/calculate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #38: POST /api/calculate/solve, the contract (README "Solve for a payment").

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = createTestApp();
  token = (await createDealer(t)).token;
});
afterEach(async () => {
  await t.cleanup();
});

type Json = Record<string, unknown> & { message?: string; errors?: { field: string; message: string }[] };
async function post(body: unknown, as: string = token): Promise<{ status: number; body: Json }> {
  const response = await t.call("POST", "/api/calculate/solve", body, as);
  return { status: response.status, body: (await response.json()) as Json };
}

const deal = {
  sellingPrice: 30000,
  msrp: 32000,
  isNew: true,
  fees: [
    { name: "Doc fee", kind: "doc", amount: 499 },
    { name: "Title", kind: "gov", amount: 75 },
  ],
  downPayment: 2000,
  taxProfile: {
    rates: [{ name: "Sales tax", ratePercent: 6.25 }],
    tradeIn: { rule: "full" },
    rebates: "taxed",
    fees: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
  },
  finance: [
    { aprPercent: 6.9, months: 60 },
    { aprPercent: 6.9, months: 72 },
  ],
  lease: [{ months: 36, residualPercent: 58, moneyFactor: 0.00125 }],
};

/** The payment POST /api/calculate gives for `body` (the bar recomputes the answer through it). */
async function paymentOf(body: Record<string, unknown>, structure: "finance" | "lease", index: number) {
  const response = await t.call("POST", "/api/calculate", body, token);
  const json = (await response.json()) as {
    finance: { payment: number }[];
    lease: { monthlyPayment: number | null }[];
  };
  return structure === "finance" ? json.finance[index]?.payment : json.lease[index]?.monthlyPayment;
}

describe("POST /api/calculate/solve", () => {
  it("solves the selling price for $450.00/mo: the payment at the value fits, one cent more does not", async () => {
    const target = { structure: "finance", index: 1, monthlyPayment: 450 };
    const { status, body } = await post({ ...deal, target, solveFor: "sellingPrice" });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["heldFixed", "payment", "roundTo", "value"]);
    expect(body.heldFixed).toBe("at 72 months, 6.9 % APR, $2,000 down");
    expect(body.roundTo).toBe(0.01);
    const value = body.value as number;
    expect(await paymentOf({ ...deal, sellingPrice: value }, "finance", 1)).toBe(body.payment);
    expect(body.payment as number).toBeLessThanOrEqual(450);
    const oneCentMore = Number((value + 0.01).toFixed(2));
    expect(await paymentOf({ ...deal, sellingPrice: oneCentMore }, "finance", 1)).toBeGreaterThan(450);
  });

  it("solves the down payment and the term, and a lease by its money factor", async () => {
    const down = await post({
      ...deal,
      target: { structure: "lease", index: 0, monthlyPayment: 400 },
      solveFor: "downPayment",
    });
    expect(down.status).toBe(200);
    const value = down.body.value as number;
    expect(await paymentOf({ ...deal, downPayment: value }, "lease", 0)).toBe(down.body.payment);
    const oneCentLess = Number((value - 0.01).toFixed(2));
    expect(await paymentOf({ ...deal, downPayment: oneCentLess }, "lease", 0)).toBeGreaterThan(400);

    const input = toDealInput(calculateBodySchema.parse(deal));
    const at72 = calculateDeal(input).finance[1]?.payment ?? 0;
    const months = await post({
      ...deal,
      target: { structure: "finance", index: 0, monthlyPayment: at72 / 100 },
      solveFor: "months",
    });
    expect(months).toEqual({
      status: 200,
      body: {
        value: 72,
        payment: at72 / 100,
        roundTo: 0.01,
        heldFixed: "at 6.9 % APR, $2,000 down, $30,000 selling price",
      },
    });
  });

  it("answers 422 with the sentence when no value reaches the target", async () => {
    const price = await post({
      ...deal,
      target: { structure: "finance", index: 1, monthlyPayment: 1 },
      solveFor: "sellingPrice",
    });
    // $2,000 down against $574 of fees and their tax: even a free car leaves nothing to finance, so
    // a dollar reaches it; a fee beyond the down payment does not.
    expect(price.status).toBe(200);
    const dear = await post({
      ...deal,
      downPayment: 0,
      target: { structure: "finance", index: 1, monthlyPayment: 1 },
      solveFor: "sellingPrice",
    });
    expect(dear).toEqual({
      status: 422,
      body: { message: "No selling price reaches $1.00/mo at these terms" },
    });
    const term = await post({
      ...deal,
      target: { structure: "finance", index: 0, monthlyPayment: 100 },
      solveFor: "months",
    });
    expect(term).toEqual({ status: 422, body: { message: "No term reaches $100.00/mo at these terms" } });
  });

  it("refuses a bad target or an unknown field with 400, and a visitor with 401", async () => {
    const bad = await post({
      ...deal,
      target: { structure: "finance", index: 5, monthlyPayment: 450 },
      solveFor: "sellingPrice",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: "target.index", message: "Choose one of the body's options of that structure" },
    ]);
    const what = await post({
      ...deal,
      target: { structure: "finance", index: 0, monthlyPayment: 450 },
      solveFor: "apr",
    });
    expect(what.status).toBe(400);
    const extra = await post({
      ...deal,
      target: { structure: "finance", index: 0, monthlyPayment: 450, x: 1 },
      solveFor: "months",
    });
    expect(extra.body.errors).toEqual([{ field: "target.x", message: "Unknown field" }]);
    const zero = await post({
      ...deal,
      target: { structure: "finance", index: 0, monthlyPayment: 0 },
      solveFor: "months",
    });
    expect(zero.body.errors?.[0]?.message).toBe("Enter a monthly payment above $0.00");
    const body = {
      ...deal,
      target: { structure: "finance", index: 0, monthlyPayment: 450 },
      solveFor: "months",
    };
    expect((await t.call("POST", "/api/calculate/solve", body)).status).toBe(401);
  });
});
