import { CREDIT_TIER_IDS, DEFAULT_INTEREST_RATES, LOAN_TERMS } from "@shared/core/constants";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { crudMessage } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  defaultAddons,
  defaultDealerFees,
  defaultGovernmentFees,
  defaultTaxes,
  interestRateDefaults,
} from "../db/schema";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let token: string;
let dealerId: string;
beforeEach(async () => {
  t = createTestApp();
  const dealer = await createDealer(t);
  token = dealer.token;
  dealerId = dealer.user.dealershipId;
});
afterEach(async () => {
  await t.cleanup();
});

/** A quote made through the real API, read back: it copies the defaults of the moment. */
async function newQuote(): Promise<QuoteData> {
  const created = await call("POST", "/api/quotes", {
    vehicle: { description: "2024 Honda Accord", mileage: 12 },
    pricing: { advertisedPrice: 30000 },
  });
  expect(created.status).toBe(201);
  return (await call("GET", `/api/quotes/${created.body.id}`)).body.data as QuoteData;
}

type Json = Record<string, unknown> & { message?: string; errors?: { field: string; message: string }[] };
async function call(method: string, url: string, body?: unknown, as = token) {
  const res = await t.call(method, url, body, as);
  return { status: res.status, body: (await res.json()) as Json };
}

// The four lists, each with a valid body, a changed body and the answer's keys.
const LISTS = [
  {
    kind: "addOn",
    path: "addons",
    quoteField: "addOns",
    listKey: "addons",
    itemKey: "addon",
    table: defaultAddons,
    valid: { name: "Floor mats", description: "All-weather", price: 199.99 },
    changed: { name: "Premium mats", description: "", price: 249.5 },
  },
  {
    kind: "taxRate",
    path: "taxes",
    quoteField: "taxItems",
    listKey: "taxes",
    itemKey: "tax",
    table: defaultTaxes,
    valid: { description: "State sales tax", rate: 6.25 },
    changed: { description: "County tax", rate: 8.875 },
  },
  {
    kind: "dealerFee",
    path: "dealer-fees",
    quoteField: "dealerFeeItems",
    listKey: "dealerFees",
    itemKey: "dealerFee",
    table: defaultDealerFees,
    valid: { name: "Doc fee", description: "Paperwork", amount: 85 },
    changed: { name: "Doc fee", description: "Waived", amount: 0 },
  },
  {
    kind: "governmentFee",
    path: "government-fees",
    quoteField: "governmentFeeItems",
    listKey: "governmentFees",
    itemKey: "governmentFee",
    table: defaultGovernmentFees,
    valid: { name: "Title", description: "State title fee", amount: 1234.56 },
    changed: { name: "Registration", description: "Two years", amount: 999999.99 },
  },
] as const;

function rowOf(list: (typeof LISTS)[number], id: string) {
  return t.db.select().from(list.table).where(eq(list.table.id, id)).get() as
    | (Record<string, unknown> & { deletedAt: number | null; dealerId: string })
    | undefined;
}

describe.each(LISTS)("/api/dealer-defaults/$path", (list) => {
  const url = `/api/dealer-defaults/${list.path}`;

  it("starts empty, then creates, lists, updates and soft-deletes an item", async () => {
    expect(await call("GET", url)).toEqual({ status: 200, body: { [list.listKey]: [] } });

    const created = await call("POST", url, list.valid);
    expect(created.status).toBe(201);
    const item = created.body[list.itemKey] as { id: string };
    expect(item).toEqual({ id: expect.any(String), ...list.valid });
    expect(await call("GET", url)).toEqual({ status: 200, body: { [list.listKey]: [item] } });
    expect(await call("GET", `${url}/${item.id}`)).toEqual({ status: 200, body: { [list.itemKey]: item } });

    const updated = await call("PUT", `${url}/${item.id}`, list.changed);
    expect(updated).toEqual({ status: 200, body: { [list.itemKey]: { id: item.id, ...list.changed } } });
    expect((await call("GET", url)).body[list.listKey]).toEqual([{ id: item.id, ...list.changed }]);

    const deleted = await call("DELETE", `${url}/${item.id}`);
    expect(deleted).toEqual({ status: 200, body: { message: crudMessage(list.kind, "deleted") } });
    expect((await call("GET", url)).body[list.listKey]).toEqual([]);
  });

  it("keeps a deleted item in the database and in earlier quotes, hidden from GET, new quotes, PUT and DELETE", async () => {
    const { id } = (await call("POST", url, list.valid)).body[list.itemKey] as { id: string };
    const earlier = await newQuote();
    await call("DELETE", `${url}/${id}`);
    const row = rowOf(list, id);
    expect(row?.deletedAt).toEqual(expect.any(Number));

    const notFound = { message: crudMessage(list.kind, "notFound") };
    expect(await call("GET", `${url}/${id}`)).toEqual({ status: 404, body: notFound });
    expect(await call("PUT", `${url}/${id}`, list.changed)).toEqual({ status: 404, body: notFound });
    expect(await call("DELETE", `${url}/${id}`)).toEqual({ status: 404, body: notFound });
    expect(rowOf(list, id)).toEqual(row);

    const idsIn = (data: QuoteData) => (data[list.quoteField] as { id: string }[]).map((item) => item.id);
    expect(idsIn(earlier)).toEqual([id]);
    expect(idsIn(await newQuote())).toEqual([]);
  });

  it("answers another dealer's id with 404 and leaves the row as it was", async () => {
    const { id } = (await call("POST", url, list.valid)).body[list.itemKey] as { id: string };
    const before = rowOf(list, id);
    const other = await createDealer(t);

    expect((await call("GET", url, undefined, other.token)).body[list.listKey]).toEqual([]);
    const notFound = { message: crudMessage(list.kind, "notFound") };
    expect(await call("GET", `${url}/${id}`, undefined, other.token)).toEqual({
      status: 404,
      body: notFound,
    });
    expect(await call("PUT", `${url}/${id}`, list.changed, other.token)).toEqual({
      status: 404,
      body: notFound,
    });
    expect(await call("DELETE", `${url}/${id}`, undefined, other.token)).toEqual({
      status: 404,
      body: notFound,
    });
    expect(rowOf(list, id)).toEqual(before);
    expect(before?.dealerId).toBe(dealerId);
    expect((await call("GET", url)).body[list.listKey]).toHaveLength(1);
  });

  it("lists active items oldest first", async () => {
    const ids: string[] = [];
    for (const suffix of ["A", "B", "C"]) {
      const body =
        "name" in list.valid ? { ...list.valid, name: suffix } : { ...list.valid, description: suffix };
      ids.push(((await call("POST", url, body)).body[list.itemKey] as { id: string }).id);
    }
    await call("DELETE", `${url}/${ids[1]}`);
    const items = (await call("GET", url)).body[list.listKey] as { id: string }[];
    expect(items.map((item) => item.id)).toEqual([ids[0], ids[2]]);
  });

  it("needs a signed-in dealer", async () => {
    expect((await t.call("GET", url)).status).toBe(401);
    expect((await t.call("POST", url, list.valid)).status).toBe(401);
    const bad = await t.call("GET", url, undefined, "not-a-token");
    expect(await bad.json()).toEqual({ message: CORE_MSG.authenticationRequired });
  });

  it("answers bad JSON with 400 and ignores unknown fields", async () => {
    const bad = await call("POST", url, "{not json");
    expect(bad).toEqual({ status: 400, body: { message: "Request body must be valid JSON" } });
    const extra = await call("POST", url, { ...list.valid, id: "chosen-by-client", dealerId: "someone" });
    expect(extra.status).toBe(201);
    const item = extra.body[list.itemKey] as { id: string };
    expect(item).toEqual({ id: expect.any(String), ...list.valid });
    expect(item.id).not.toBe("chosen-by-client");
    expect(rowOf(list, item.id)?.dealerId).toBe(dealerId);
  });
});

// [list path, body, field, message]: every rule of spec §5 for the four lists, as the API words it.
const INVALID: [string, Record<string, unknown>, string, string][] = [
  ["addons", { description: "x", price: 10 }, "name", MSG.nameRequired],
  ["addons", { name: "   ", price: 10 }, "name", MSG.nameRequired],
  ["addons", { name: "x".repeat(201), price: 10 }, "name", MSG.textTooLong],
  ["addons", { name: "Mats", price: 10, description: 5 }, "description", MSG.expectedText],
  ["addons", { name: "Mats" }, "price", MSG.priceRequired],
  ["addons", { name: "Mats", price: 0 }, "price", MSG.priceRequired],
  ["addons", { name: "Mats", price: -5 }, "price", MSG.priceRequired],
  ["addons", { name: "Mats", price: 1_000_000 }, "price", MSG.priceTooLarge],
  ["addons", { name: "Mats", price: "10" }, "price", MSG.expectedNumber],
  ["addons", { name: "Mats", price: 1.005 }, "price", MSG.amountDecimals],
  ["taxes", { rate: 5 }, "description", MSG.descriptionRequired],
  ["taxes", { description: " ", rate: 5 }, "description", MSG.descriptionRequired],
  ["taxes", { description: "State" }, "rate", MSG.taxRateBetween0And100],
  ["taxes", { description: "State", rate: -0.01 }, "rate", MSG.taxRateBetween0And100],
  ["taxes", { description: "State", rate: 100.01 }, "rate", MSG.taxRateBetween0And100],
  ["taxes", { description: "State", rate: "7" }, "rate", MSG.expectedNumber],
  ["dealer-fees", { amount: 10 }, "name", MSG.nameRequired],
  ["dealer-fees", { name: "Doc" }, "amount", MSG.amountPositive],
  ["dealer-fees", { name: "Doc", amount: -1 }, "amount", MSG.amountPositive],
  ["dealer-fees", { name: "Doc", amount: 1_000_000 }, "amount", MSG.amountTooLarge],
  ["dealer-fees", { name: "Doc", amount: null }, "amount", MSG.expectedNumber],
  ["government-fees", { name: "", amount: 10 }, "name", MSG.nameRequired],
  ["government-fees", { name: "Title" }, "amount", MSG.amountPositive],
  ["government-fees", { name: "Title", amount: -0.01 }, "amount", MSG.amountPositive],
  ["government-fees", { name: "Title", amount: 999_999.995 }, "amount", MSG.amountTooLarge],
];

describe("validation of the default lists", () => {
  it.each(INVALID)("%s %j -> %s: %s", async (path, body, field, message) => {
    const url = `/api/dealer-defaults/${path}`;
    const created = await call("POST", url, body);
    expect(created.status).toBe(400);
    expect(created.body.errors).toContainEqual({ field, message });
    expect(created.body.message).toContain(message);
    expect((await call("GET", url)).body).toEqual({ [camel(path)]: [] });
  });

  it.each(INVALID)("PUT %s %j changes nothing", async (path, body, field, message) => {
    const list = LISTS.find((l) => l.path === path);
    if (!list) throw new Error(path);
    const url = `/api/dealer-defaults/${path}`;
    const { id } = (await call("POST", url, list.valid)).body[list.itemKey] as { id: string };
    const before = rowOf(list, id);
    const updated = await call("PUT", `${url}/${id}`, body);
    expect(updated.status).toBe(400);
    expect(updated.body.errors).toContainEqual({ field, message });
    expect(rowOf(list, id)).toEqual(before);
  });

  it("accepts the limits: a 0 fee, a 999,999.99 price, 0% and 100% taxes", async () => {
    const fee = await call("POST", "/api/dealer-defaults/dealer-fees", { name: "Waived", amount: 0 });
    expect(fee.body.dealerFee).toMatchObject({ amount: 0, description: "" });
    const price = await call("POST", "/api/dealer-defaults/addons", { name: "Warranty", price: 999_999.99 });
    expect(price.body.addon).toMatchObject({ price: 999_999.99 });
    expect(t.db.select().from(defaultAddons).get()?.priceCents).toBe(99_999_999);
    for (const rate of [0, 100]) {
      expect((await call("POST", "/api/dealer-defaults/taxes", { description: "T", rate })).status).toBe(201);
    }
  });

  it("trims names and descriptions", async () => {
    const created = await call("POST", "/api/dealer-defaults/addons", {
      name: "  Mats ",
      description: " Rubber  ",
      price: 10,
    });
    expect(created.body.addon).toMatchObject({ name: "Mats", description: "Rubber" });
  });
});

const camel = (path: string) => LISTS.find((l) => l.path === path)?.listKey ?? path;

describe("/api/dealer-defaults/interest-rates/{tier}", () => {
  const specTier = (tier: (typeof CREDIT_TIER_IDS)[number]) =>
    LOAN_TERMS.map((term) => ({ term_months: term, interest_rate: DEFAULT_INTEREST_RATES[tier][term] }));

  it.each(CREDIT_TIER_IDS)("gives a new dealer the spec's table for %s", async (tier) => {
    expect(await call("GET", `/api/dealer-defaults/interest-rates/${tier}`)).toEqual({
      status: 200,
      body: { interestRates: specTier(tier) },
    });
  });

  it("updates only the given terms of one tier and answers the whole tier", async () => {
    const put = await call("PUT", "/api/dealer-defaults/interest-rates/good", {
      rates: [
        { term_months: 60, interest_rate: 7.25 },
        { term_months: 24, interest_rate: 0 },
      ],
    });
    const expected = specTier("good").map((entry) =>
      entry.term_months === 60
        ? { term_months: 60, interest_rate: 7.25 }
        : entry.term_months === 24
          ? { term_months: 24, interest_rate: 0 }
          : entry,
    );
    expect(put).toEqual({ status: 200, body: { interestRates: expected } });
    expect((await call("GET", "/api/dealer-defaults/interest-rates/good")).body.interestRates).toEqual(
      expected,
    );
    expect((await call("GET", "/api/dealer-defaults/interest-rates/fair")).body.interestRates).toEqual(
      specTier("fair"),
    );

    // A second partial update keeps the first one.
    await call("PUT", "/api/dealer-defaults/interest-rates/good", {
      rates: [{ term_months: 84, interest_rate: 100 }],
    });
    const after = (await call("GET", "/api/dealer-defaults/interest-rates/good")).body.interestRates;
    expect(after).toEqual(
      expected.map((e) => (e.term_months === 84 ? { term_months: 84, interest_rate: 100 } : e)),
    );

    const other = await createDealer(t);
    expect(
      (await call("GET", "/api/dealer-defaults/interest-rates/good", undefined, other.token)).body,
    ).toEqual({
      interestRates: specTier("good"),
    });
    const quote = await newQuote();
    expect(quote.interestRates.good).toEqual({ "24": 0, "36": 6.5, "48": 7, "60": 7.25, "72": 9, "84": 100 });
  });

  it.each([
    [
      [
        { term_months: 60, interest_rate: 7 },
        { term_months: 36, interest_rate: 100.5 },
      ],
      MSG.interestRatesInvalid,
    ],
    [[{ term_months: 60, interest_rate: -1 }], MSG.interestRatesInvalid],
    [[{ term_months: 60, interest_rate: "7" }], MSG.expectedNumber],
    [[{ term_months: 30, interest_rate: 7 }], MSG.loanTermInvalid],
    [
      [
        { term_months: 60, interest_rate: 7 },
        { term_months: 60, interest_rate: 8 },
      ],
      MSG.loanTermInvalid,
    ],
    [[], MSG.noChangesToSave],
    [undefined, MSG.expectedList],
  ])("refuses rates %j with '%s' and changes nothing", async (rates, message) => {
    const res = await call("PUT", "/api/dealer-defaults/interest-rates/excellent", { rates });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(t.db.select().from(interestRateDefaults).all()).toEqual([]);
    expect((await call("GET", "/api/dealer-defaults/interest-rates/excellent")).body.interestRates).toEqual(
      specTier("excellent"),
    );
  });

  it("answers an unknown tier with 404 and a clear message", async () => {
    const notFound = { status: 404, body: { message: MSG.creditTierInvalid } };
    expect(await call("GET", "/api/dealer-defaults/interest-rates/great")).toEqual(notFound);
    expect(
      await call("PUT", "/api/dealer-defaults/interest-rates/Good", {
        rates: [{ term_months: 60, interest_rate: 7 }],
      }),
    ).toEqual(notFound);
    expect(t.db.select().from(interestRateDefaults).all()).toEqual([]);
  });

  it("needs a signed-in dealer", async () => {
    expect((await t.call("GET", "/api/dealer-defaults/interest-rates/good")).status).toBe(401);
  });
});
