import { computeBreakdown } from "@shared/deal/pricing";
import { EXAMPLE_LABEL_SUFFIX } from "@shared/deal/tax-profiles";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { MSG } from "@shared/text/messages";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = createTestApp();
  token = (await createDealer(t)).token;
});
afterEach(async () => {
  await t.cleanup();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in this test
type Json = Record<string, any>;
async function call(method: string, url: string, body?: unknown, as = token) {
  const response = await t.call(method, url, body, as);
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
}

const michigan = {
  profileLabel: "Michigan 2026",
  state: "MI",
  tradeIn: { rule: "capped", cap: 12000 },
  rebates: "taxed",
  fees: { doc: true, dealer: true, addOn: true, gov: false },
  lease: { method: "monthly", capReductionTaxable: true, tradeCredit: false },
};

describe("/api/dealer-defaults/tax-profile", () => {
  it("starts with the standard rules and offers the example state profiles, labelled as examples", async () => {
    const { status, body } = await call("GET", "/api/dealer-defaults/tax-profile");
    expect(status).toBe(200);
    expect(body.taxRules.tradeIn).toEqual({ rule: "full" });
    expect(body.templates.map((template: Json) => template.state)).toEqual([
      "CA",
      "TX",
      "VA",
      "MI",
      "OH",
      "FL",
      "NJ",
    ]);
    for (const template of body.templates) expect(template.label).toContain(EXAMPLE_LABEL_SUFFIX);
    const fl = body.templates.find((template: Json) => template.state === "FL");
    expect(fl.rates[1]).toEqual({ description: "County surtax (first $5,000)", rate: 0.5, baseCap: 5000 });
  });

  it("saves rules that new quotes snapshot; existing quotes keep theirs", async () => {
    const before = await call("POST", "/api/quotes", {
      vehicle: { description: "Before", mileage: 1 },
      pricing: { advertisedPrice: 30000 },
    });
    expect((await call("PUT", "/api/dealer-defaults/tax-profile", michigan)).status).toBe(200);
    expect((await call("GET", "/api/dealer-defaults/tax-profile")).body.taxRules).toEqual(michigan);
    await call("POST", "/api/dealer-defaults/taxes", { description: "Michigan sales tax", rate: 6 });
    const after = await call("POST", "/api/quotes", {
      vehicle: { description: "After", mileage: 1 },
      pricing: { advertisedPrice: 30000 },
    });
    const oldQuote = (await call("GET", `/api/quotes/${before.body.id}`)).body.data as QuoteData;
    const newQuote = (await call("GET", `/api/quotes/${after.body.id}`)).body.data as QuoteData;
    expect(oldQuote.taxRules?.tradeIn.rule).toBe("full");
    expect(newQuote.taxRules).toEqual(michigan);
    // A $15,000 trade is credited up to the $12,000 cap: 30,000 - 12,000 = 18,000 taxable.
    const withTrade = {
      ...newQuote,
      tradeIn: { hasTradeIn: true, vehicle: { ...newQuote.tradeIn.vehicle, value: 15000 } },
    };
    expect(computeBreakdown(withTrade).taxableAmount).toBe(1_800_000);
    expect(computeBreakdown(withTrade).taxesTotal).toBe(108_000);
  });

  it("refuses bad rules with the form's messages and keeps the saved ones", async () => {
    const capped = await call("PUT", "/api/dealer-defaults/tax-profile", {
      ...michigan,
      tradeIn: { rule: "capped" },
    });
    expect(capped.status).toBe(400);
    expect(capped.body.errors).toEqual([{ field: "tradeIn.cap", message: MSG.tradeInCapRequired }]);
    const wrong = await call("PUT", "/api/dealer-defaults/tax-profile", {
      ...michigan,
      rebates: "sometimes",
    });
    expect(wrong.body.errors).toEqual([{ field: "rebates", message: MSG.optionInvalid }]);
    expect((await call("GET", "/api/dealer-defaults/tax-profile")).body.taxRules.tradeIn).toEqual({
      rule: "full",
    });
    expect((await call("GET", "/api/dealer-defaults/tax-profile", undefined, "")).status).toBe(401);
  });

  it("keeps a tax line's base cap (Florida surtax) and copies it into new quotes", async () => {
    const created = await call("POST", "/api/dealer-defaults/taxes", {
      description: "County surtax",
      rate: 0.5,
      baseCap: 5000,
    });
    expect(created.status).toBe(201);
    const quote = await call("POST", "/api/quotes", {
      vehicle: { description: "FL", mileage: 1 },
      pricing: { advertisedPrice: 30000 },
    });
    const data = (await call("GET", `/api/quotes/${quote.body.id}`)).body.data as QuoteData;
    expect(data.taxItems[0]?.baseCap).toBe(5000);
    expect(computeBreakdown(data).taxesTotal).toBe(2_500);
  });
});
