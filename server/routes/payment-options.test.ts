import { MSG } from "@shared/text/messages";
import { afterEach, describe, expect, it } from "vitest";
import { register } from "../test-support/auth-test-support";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #18: the dealership's payment options for new quotes (GET/PUT
// /api/dealer-defaults/payment-options), and the quote that snapshots them.

let t: TestApp;
afterEach(async () => {
  await t.cleanup();
});

const program = {
  residuals: { "36": 58, "39": 56 },
  moneyFactors: { excellent: 0.0011, "very-good": 0.0014, good: 0.0019, fair: 0.0026, poor: 0.0033 },
  acquisitionFee: 650,
  dispositionFee: 350,
  securityDeposit: 0,
};
const options = {
  structures: {
    downs: [1000, 2500, 5000],
    financeTerms: [36, 60, 72],
    leaseTerms: [36, 39, 48],
    hidden: ["cash"],
  },
  leaseProgram: program,
};

describe("payment options in defaults", () => {
  it("starts at 3 × 3 without a lease, saves the dealer's, and new quotes snapshot them", async () => {
    t = createTestApp();
    const owner = await register(t);
    const initial = await t.call("GET", "/api/dealer-defaults/payment-options", undefined, owner.token);
    expect(await initial.json()).toEqual({
      structures: {
        downs: [0, 2000, 4000],
        financeTerms: [48, 60, 72],
        leaseTerms: [24, 36, 48],
        hidden: [],
      },
      leaseProgram: null,
    });
    const saved = await t.call("PUT", "/api/dealer-defaults/payment-options", options, owner.token);
    expect(saved.status).toBe(200);
    expect(
      await (await t.call("GET", "/api/dealer-defaults/payment-options", undefined, owner.token)).json(),
    ).toEqual(options);

    const created = await t.call(
      "POST",
      "/api/quotes",
      {
        vehicle: { description: "2025 Kia Telluride", mileage: 5 },
        pricing: { advertisedPrice: 45000, discount: 0 },
      },
      owner.token,
    );
    const { id } = (await created.json()) as { id: string };
    const quote = (await (await t.call("GET", `/api/quotes/${id}`, undefined, owner.token)).json()) as {
      data: Record<string, unknown>;
    };
    expect(quote.data.structures).toEqual(options.structures);
    expect(quote.data.leaseProgram).toEqual(program);
    // A shopper reads the same grids (nothing here is private).
    const shopper = (await (await t.call("GET", `/api/quotes/${id}`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(shopper.data.leaseProgram).toEqual(program);
  });

  it("refuses a bad body with the form's messages and changes nothing", async () => {
    t = createTestApp();
    const owner = await register(t);
    const cases: [unknown, string][] = [
      [{ ...options, structures: { ...options.structures, financeTerms: [60, 60, 72] } }, MSG.termsDistinct],
      [{ ...options, structures: { ...options.structures, leaseTerms: [24, 36, 30] } }, MSG.leaseTermInvalid],
      [
        { ...options, structures: { ...options.structures, hidden: ["cash", "finance", "lease"] } },
        MSG.oneStructureShown,
      ],
      [{ ...options, structures: { ...options.structures, downs: [0, -1, 2] } }, MSG.amountNegative],
      [{ ...options, structures: { ...options.structures, downs: [0, 0, 0] } }, MSG.downsDistinct],
      [
        { ...options, leaseProgram: { ...program, moneyFactors: { ...program.moneyFactors, good: 0.5 } } },
        MSG.moneyFactorInvalid,
      ],
      [{ ...options, leaseProgram: { ...program, residuals: { "36": 140 } } }, MSG.residualPercentInvalid],
      [{ ...options, leaseProgram: { ...program, residuals: { "30": 50 } } }, MSG.leaseTermInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await t.call("PUT", "/api/dealer-defaults/payment-options", body, owner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { errors: { message: string }[] };
      expect(
        answer.errors.map((e) => e.message),
        JSON.stringify(body),
      ).toContain(message);
    }
    const after = await (
      await t.call("GET", "/api/dealer-defaults/payment-options", undefined, owner.token)
    ).json();
    expect(after).toMatchObject({ leaseProgram: null });
  });
});
