import { MSG } from "@shared/text/messages";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = createTestApp({ calculateMaxPerMinute: 5 });
  token = (await createDealer(t)).token;
});
afterEach(async () => {
  await t.cleanup();
});

type Json = Record<string, unknown> & { message?: string; errors?: { field: string; message: string }[] };
async function post(body: unknown, as: string | undefined = token): Promise<{ status: number; body: Json }> {
  const response = await t.call("POST", "/api/calculate", body, as);
  return { status: response.status, body: (await response.json()) as Json };
}

// DESKING.md §5.2, the Edmunds sample, in a monthly-tax state at an assumed 7 %.
const edmunds = {
  sellingPrice: 21000,
  msrp: 23000,
  isNew: true,
  fees: [{ name: "Fees", kind: "dealer", amount: 1200, capitalized: true }],
  rebates: [{ name: "Manufacturer rebate", amount: 500 }],
  downPayment: 1700,
  taxProfile: {
    rates: [{ name: "Sales tax", ratePercent: 7 }],
    tradeIn: { rule: "full" },
    rebates: "taxed",
    fees: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
  },
  finance: [{ aprPercent: 6, months: 60 }],
  lease: [{ months: 36, residualPercent: 57, moneyFactor: 0.00125 }],
};

describe("POST /api/calculate", () => {
  it("answers the Edmunds lease to the cent, in dollars, with the purchase tax, cash and finance", async () => {
    const { status, body } = await post(edmunds);
    expect(status).toBe(200);
    expect(body).toEqual({
      tax: { taxableBase: 22200, lines: [{ name: "Sales tax", base: 22200, tax: 1554 }], total: 1554 },
      // 21,000 + 1,200 fees + 1,554 tax - 500 rebate - 1,700 down
      cash: { outTheDoor: 21554, dueToCustomer: 0 },
      finance: [
        {
          aprPercent: 6,
          months: 60,
          amountFinanced: 21554,
          payment: 416.7,
          // Issue #49: the final payment absorbs the rounding; the finance charge is the rate's.
          finalPayment: 416.64,
          financeCharge: 3447.94,
          totalOfPayments: 25001.94,
        },
      ],
      lease: [
        {
          months: 36,
          grossCapCost: 22200,
          capCostReduction: 2200,
          adjustedCapCost: 20000,
          residualValue: 13110,
          depreciation: 6890,
          rentCharge: 1490.08,
          basePayment: 232.78,
          monthlyTax: 16.29,
          monthlyPayment: 249.07,
          upfrontTax: 154,
          amountDueAtSigning: 2603.07,
          totalOfPayments: 11320.52,
          // Issue #34: added beside the fields above, which keep their figures: the $500 rebate
          // pays part of the amount due at signing, the rest is cash.
          available: true,
          cashDueAtSigning: 2103.07,
          tradeInApplied: 0,
        },
      ],
    });
  });

  it("answers a lease whose cap cost reduction reaches the residual as not available, never a payment (issue #34)", async () => {
    const { status, body } = await post({
      sellingPrice: 30000,
      msrp: 30000,
      tradeIn: { value: 14000, owed: 4200 },
      downPayment: 4000,
      lease: [
        { months: 24, residualPercent: 65, moneyFactor: 0.00125 },
        { months: 36, residualPercent: 55, moneyFactor: 0.00125 },
      ],
    });
    expect(status).toBe(200);
    const [short, long] = (body as { lease: Record<string, unknown>[] }).lease;
    expect(short).toEqual({
      months: 24,
      available: false,
      reason: "The cap cost reduction exceeds the depreciation",
      grossCapCost: 30000,
      capCostReduction: 13800,
      adjustedCapCost: 16200,
      residualValue: 19500,
      depreciation: null,
      rentCharge: null,
      basePayment: null,
      monthlyTax: null,
      monthlyPayment: null,
      upfrontTax: null,
      amountDueAtSigning: null,
      totalOfPayments: null,
      cashDueAtSigning: null,
      tradeInApplied: 9800,
    });
    // 36 months at 55%: $16,200 against a $16,500 residual, also not offered.
    expect(long?.available).toBe(false);
    const { body: zeroDown } = await post({
      sellingPrice: 30000,
      msrp: 30000,
      tradeIn: { value: 14000, owed: 4200 },
      lease: [{ months: 36, residualPercent: 50, moneyFactor: 0.00125 }],
    });
    const [row] = (
      zeroDown as {
        lease: {
          monthlyPayment: number;
          amountDueAtSigning: number;
          cashDueAtSigning: number;
          tradeInApplied: number;
          available: boolean;
        }[];
      }
    ).lease;
    expect(row?.available).toBe(true);
    expect(row?.monthlyPayment).toBeGreaterThan(0);
    expect(row?.tradeInApplied).toBe(9800);
    // "$0 down" is $0 cash cap cost reduction: the customer pays the first payment in cash.
    expect(row?.cashDueAtSigning).toBe(row?.monthlyPayment);
  });

  it("refuses a down payment above the balance due after the trade (issue #34)", async () => {
    const { status, body } = await post({
      sellingPrice: 20000,
      tradeIn: { value: 5000, owed: 1000 },
      downPayment: 16000.01,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: "Down payment cannot be more than the balance due ($16,000.00)",
      errors: [
        { field: "downPayment", message: "Down payment cannot be more than the balance due ($16,000.00)" },
      ],
    });
    expect(
      (await post({ sellingPrice: 20000, tradeIn: { value: 5000, owed: 1000 }, downPayment: 16000 })).status,
    ).toBe(200);
  });

  it("accepts a minimal body: a selling price alone, the default profile, no structures", async () => {
    const { status, body } = await post({ sellingPrice: 100.01 });
    expect(status).toBe(200);
    expect(body).toEqual({
      tax: { taxableBase: 100.01, lines: [], total: 0 },
      cash: { outTheDoor: 100.01, dueToCustomer: 0 },
      finance: [],
      lease: [],
    });
  });

  it("shows trade equity beyond the deal as due to customer, with $0.00 out the door and $0.00 payments", async () => {
    const { body } = await post({
      sellingPrice: 10000,
      tradeIn: { value: 15000, owed: 2000 },
      finance: [{ aprPercent: 5, months: 36 }],
    });
    expect(body.cash).toEqual({ outTheDoor: 0, dueToCustomer: 3000 });
    expect(body.finance).toEqual([
      { aprPercent: 5, months: 36, amountFinanced: 0, payment: 0, financeCharge: 0, totalOfPayments: 0 },
    ]);
  });

  it("refuses bad input with the form's messages, field by field", async () => {
    const { status, body } = await post({
      sellingPrice: 100.001,
      fees: [{ name: "", kind: "tax", amount: -1 }],
      taxProfile: { rates: [{ name: "Tax", ratePercent: 101 }], tradeIn: { rule: "capped" } },
      finance: [{ aprPercent: 100, months: 0 }],
      lease: [{ months: 36, moneyFactor: 0.5 }],
    });
    expect(status).toBe(400);
    const byField = Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      sellingPrice: MSG.amountDecimals,
      "fees.0.name": MSG.nameRequired,
      "fees.0.kind": MSG.optionInvalid,
      "fees.0.amount": MSG.amountPositive,
      "taxProfile.rates.0.ratePercent": MSG.taxRateBetween0And100,
      "taxProfile.tradeIn.capDollars": MSG.tradeInCapRequired,
      "finance.0.aprPercent": MSG.quoteRateInvalid,
      "finance.0.months": MSG.termMonthsInvalid,
      "lease.0.moneyFactor": MSG.moneyFactorInvalid,
      "lease.0.residualPercent": MSG.residualRequired,
    });
    expect(body.message).toContain(MSG.amountDecimals);
  });

  it("needs the MSRP for a residual percent, and a selling price", async () => {
    const missingMsrp = await post({
      sellingPrice: 30000,
      lease: [{ months: 36, residualPercent: 55, moneyFactor: 0.001 }],
    });
    expect(missingMsrp.status).toBe(400);
    expect(missingMsrp.body.errors).toEqual([{ field: "msrp", message: MSG.msrpRequiredForResidual }]);
    const missingPrice = await post({});
    expect(missingPrice.body.errors).toEqual([{ field: "sellingPrice", message: MSG.priceRequired }]);
    const notJson = await post("{not json");
    expect(notJson.status).toBe(400);
  });

  it("refuses unknown keys with 400 naming each field, at the top and inside, like every endpoint", async () => {
    for (const [body, field] of [
      [{ ...edmunds, sellingPrise: 1 }, "sellingPrise"],
      [{ ...edmunds, tradeIn: { value: 1000, owed: 0, payoff: 5 } }, "tradeIn.payoff"],
      [{ ...edmunds, finance: [{ aprPercent: 6, months: 60, apr: 5 }] }, "finance.0.apr"],
      [{ ...edmunds, taxProfile: { ...edmunds.taxProfile, county: "Dade" } }, "taxProfile.county"],
      [{ ...edmunds, lease: [{ ...edmunds.lease[0], residual: 50 }] }, "lease.0.residual"],
    ] as const) {
      const { status, body: answer } = await post(body);
      expect(status, field).toBe(400);
      expect(answer.errors).toEqual([{ field, message: MSG.unknownKey }]);
    }
  });

  it("answers 401 without a valid token", async () => {
    expect((await post(edmunds, "")).status).toBe(401);
    expect((await post(edmunds, "not-a-token")).status).toBe(401);
  });

  it("limits each dealer to the configured requests per minute, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await post({ sellingPrice: 1 })).status).toBe(200);
    const response = await t.call("POST", "/api/calculate", { sellingPrice: 1 }, token);
    expect(response.status).toBe(429);
    expect(((await response.json()) as Json).message).toBe(MSG.tooManyRequests);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another dealer has a window of their own.
    const other = await createDealer(t);
    expect((await post({ sellingPrice: 1 }, other.token)).status).toBe(200);
  });
});
