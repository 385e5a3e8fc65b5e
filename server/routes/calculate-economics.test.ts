import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #49: POST /api/calculate with the dealer's economics (gross with the trade at its ACV, fees
// counted as gross, reserve as lenders pay it), exact disclosures, and solve answers a desk can quote.
// The figures are the public worked examples the issue names.

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = createTestApp();
  token = (await createDealer(t)).token;
});
afterEach(async () => {
  await t.cleanup();
});

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field against exact figures.
type Json = Record<string, any>;
async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await t.call("POST", path, body, token);
  return { status: response.status, body: (await response.json()) as Json };
}

describe("POST /api/calculate: exact disclosures", () => {
  it.each([
    [60, 333.33, 333.53],
    [72, 277.78, 277.62],
  ])(
    "a 0 %% contract on $20,000 over %i months: finance charge $0.00, total of payments $20,000.00",
    async (months, payment, finalPayment) => {
      const { status, body } = await post("/api/calculate", {
        sellingPrice: 20000,
        finance: [{ aprPercent: 0, months }],
      });
      expect(status).toBe(200);
      expect(body.finance).toEqual([
        {
          aprPercent: 0,
          months,
          amountFinanced: 20000,
          payment,
          finalPayment,
          financeCharge: 0,
          totalOfPayments: 20000,
        },
      ]);
    },
  );

  it("answers no finalPayment where the last payment is like the others ($25,000 at 6 %, 60 months)", async () => {
    const { body } = await post("/api/calculate", {
      sellingPrice: 25000,
      finance: [{ aprPercent: 6, months: 60 }],
    });
    expect(body.finance[0]).toEqual({
      aprPercent: 6,
      months: 60,
      amountFinanced: 25000,
      payment: 483.32,
      financeCharge: 3999.2,
      totalOfPayments: 28999.2,
    });
  });
});

describe("POST /api/calculate: gross with the economics", () => {
  it.each([
    { allowance: 6000, sellingPrice: 25000 },
    { allowance: 5500, sellingPrice: 24500 },
  ])(
    "an allowance of $$allowance against an ACV of $4,500: front gross $1,000.00, the over-allowance named",
    async ({ allowance, sellingPrice }) => {
      const { status, body } = await post("/api/calculate", {
        sellingPrice,
        tradeIn: { value: allowance },
        economics: { vehicleCost: 22500, tradeInAcv: 4500 },
      });
      expect(status).toBe(200);
      expect(body.gross).toMatchObject({
        front: 1000,
        tradeOverAllowance: allowance - 4500,
        feesInGross: 0,
        addOns: 0,
        cash: { back: 0, total: 1000 },
      });
    },
  );

  it("takes the trade at its allowance without an ACV, and adds an under-allowance", async () => {
    const base = { sellingPrice: 25000, tradeIn: { value: 4000 } };
    const without = await post("/api/calculate", { ...base, economics: { vehicleCost: 22500 } });
    expect(without.body.gross.front).toBe(2500);
    const under = await post("/api/calculate", {
      ...base,
      economics: { vehicleCost: 22500, tradeInAcv: 4500 },
    });
    expect(under.body.gross).toMatchObject({ front: 3000, tradeOverAllowance: -500 });
  });

  it("counts a doc fee marked as front gross, and product profit as price less cost", async () => {
    const { body } = await post("/api/calculate", {
      sellingPrice: 30000,
      fees: [
        { name: "Doc fee", kind: "doc", amount: 699, countsAsGross: true },
        { name: "Dealer prep", kind: "dealer", amount: 300 },
        { name: "Title", kind: "gov", amount: 75, countsAsGross: true },
      ],
      addOns: [
        { name: "Service contract", price: 2495 },
        { name: "GAP", price: 895 },
      ],
      economics: { vehicleCost: 28000, pack: 500, addOnCosts: [1100, 300] },
    });
    // Front: 30,000 - 28,000 - 500 + 699 (a government fee never counts); products: 1,395 + 595.
    expect(body.gross).toMatchObject({
      front: 2199,
      feesInGross: 699,
      addOns: 1990,
      cash: { back: 1990, total: 4189 },
    });
  });

  it("a 0 % contract against a 3.9 % buy rate with 75 % participation costs the whole difference: -$2,045.71", async () => {
    const { body } = await post("/api/calculate", {
      sellingPrice: 20000,
      finance: [{ aprPercent: 0, months: 60 }],
      economics: { vehicleCost: 20000, participation: 75, buyRates: [{ months: 60, aprPercent: 3.9 }] },
    });
    expect(body.gross.finance).toEqual([
      { months: 60, aprPercent: 0, reserve: 0, rateBuyDown: -2045.71, back: -2045.71, total: -2045.71 },
    ]);
  });

  it("reserve by the difference in finance charges, the dealer's share of a positive markup", async () => {
    // $25,000 over 72 months, 7.9 % contract, 5.9 % buy: finance charges $6,472.04 and $4,746.35.
    const { body } = await post("/api/calculate", {
      sellingPrice: 25000,
      finance: [{ aprPercent: 7.9, months: 72 }],
      economics: { participation: 75, buyRates: [{ months: 72, aprPercent: 5.9 }] },
    });
    expect(body.finance[0]).toMatchObject({ financeCharge: 6472.04 });
    expect(body.gross.finance[0]).toEqual({
      months: 72,
      aprPercent: 7.9,
      reserve: 1294.27, // 75 % of 1,725.69
      rateBuyDown: 0,
      back: 1294.27,
      total: null,
    });
  });

  it("pays a flat reserve, or a percent of the amount financed, capped as the lender caps it", async () => {
    const body = (rule: unknown) => ({
      sellingPrice: 20000,
      finance: [{ aprPercent: 8, months: 60 }],
      economics: { participation: 100, buyRates: [{ months: 60, aprPercent: 4 }], reserveRule: rule },
    });
    expect(
      (await post("/api/calculate", body({ method: "flat", flatAmount: 350 }))).body.gross.finance[0].reserve,
    ).toBe(350);
    expect(
      (
        await post(
          "/api/calculate",
          body({ method: "amountFinanced", amountFinancedPercent: 2, maxReserve: 300 }),
        )
      ).body.gross.finance[0].reserve,
    ).toBe(300);
    const refused = await post("/api/calculate", body({ method: "flat" }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: "economics.reserveRule.flatAmount", message: "Enter the flat amount the lender pays" },
    ]);
  });

  it("answers no gross without economics, and refuses an unknown economics key", async () => {
    const plain = await post("/api/calculate", { sellingPrice: 20000 });
    expect(plain.body.gross).toBeUndefined();
    const bad = await post("/api/calculate", { sellingPrice: 20000, economics: { cost: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "economics.cost", message: "Unknown field" }]);
  });
});

describe("POST /api/calculate/solve: answers a desk can quote", () => {
  const deal = {
    sellingPrice: 30000,
    downPayment: 2000,
    finance: [{ aprPercent: 6.9, months: 60 }],
  };
  const target = { structure: "finance", index: 0, monthlyPayment: 450 };

  it("rounds a price down to $100 and says what it held fixed; the payment is the rounded price's", async () => {
    const exact = await post("/api/calculate/solve", { ...deal, target, solveFor: "sellingPrice" });
    const rounded = await post("/api/calculate/solve", {
      ...deal,
      target,
      solveFor: "sellingPrice",
      roundTo: 100,
    });
    expect(rounded.status).toBe(200);
    expect(rounded.body.value).toBe(Math.floor(exact.body.value / 100) * 100);
    expect(rounded.body.heldFixed).toBe("at 60 months, 6.9 % APR, $2,000 down");
    expect(rounded.body.roundTo).toBe(100);
    const check = await post("/api/calculate", { ...deal, sellingPrice: rounded.body.value });
    expect(check.body.finance[0].payment).toBe(rounded.body.payment);
    expect(rounded.body.payment).toBeLessThanOrEqual(450);
  });

  it("rounds a down payment up to $50", async () => {
    const exact = await post("/api/calculate/solve", { ...deal, target, solveFor: "downPayment" });
    const rounded = await post("/api/calculate/solve", {
      ...deal,
      target,
      solveFor: "downPayment",
      roundTo: 50,
    });
    expect(rounded.body.value).toBe(Math.ceil(exact.body.value / 50) * 50);
    expect(rounded.body.heldFixed).toBe("at 60 months, 6.9 % APR, $30,000 selling price");
    const check = await post("/api/calculate", { ...deal, downPayment: rounded.body.value });
    expect(check.body.finance[0].payment).toBe(rounded.body.payment);
  });

  it("refuses a rounding it does not offer", async () => {
    const { status, body } = await post("/api/calculate/solve", {
      ...deal,
      target,
      solveFor: "sellingPrice",
      roundTo: 25,
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "roundTo", message: "Round to the cent, $1, $10, $50 or $100" }]);
  });

  it("marks an answer that loses money", async () => {
    const { body } = await post("/api/calculate/solve", {
      ...deal,
      target,
      solveFor: "sellingPrice",
      economics: { vehicleCost: 29000 },
    });
    expect(body.losesMoney).toBe(true);
    expect(body.gross.total).toBeLessThan(0);
  });

  it("never answers a down payment POST /api/calculate refuses (above $999,999.99): 422", async () => {
    const { status, body } = await post("/api/calculate/solve", {
      sellingPrice: 999999.99,
      fees: [{ name: "Doc fee", kind: "doc", amount: 999999.99 }],
      finance: [{ aprPercent: 5, months: 60 }],
      target: { structure: "finance", index: 0, monthlyPayment: 1 },
      solveFor: "downPayment",
    });
    expect(status).toBe(422);
    expect(body.message).toBe("No down payment reaches $1.00/mo at these terms");
  });
});
