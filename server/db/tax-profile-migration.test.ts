import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { computeBreakdown, paymentGrid } from "@shared/deal/pricing";
import { STANDARD_PROFILE_LABEL } from "@shared/deal/tax-profiles";
import { dealArray, dealDocName, privateDocName, writeFields } from "@shared/live/quote-doc";
import type { QuoteData } from "@shared/schemas/quote-schema";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, expect, it } from "vitest";
import * as Y from "yjs";
import { migrationsUpTo } from "../test-support/migrations";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { users } from "./schema";

// A database from before tax profiles (only drizzle/0000_init applied), holding a dealer's taxes
// list and a quote written the way quotes were written then. Opening it with today's code runs
// the new migration; the quote must show every number it showed before, and the taxes list must
// price new quotes exactly as it did.

let t: TestApp | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await t?.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** drizzle/ as it was before this change: the first migration only. */
function migrationsBeforeTaxProfiles(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-old-migrations-"));
  dirs.push(dir);
  return migrationsUpTo(dir, "0000_init");
}

// The deal as quotes were stored before: no rebates, no tax rules, no base caps.
const oldDeal = {
  vehicle: { description: "2025 Honda Accord", color: "", mileage: 12, stockNumber: "", advertisedUrl: "" },
  pricing: { advertisedPrice: 31999.99, discount: 1000 },
  addOns: [
    { id: "1", name: "Floor mats", description: "", price: 249.5, isSelected: true, sellingPrice: 199.5 },
  ],
  dealerFeeItems: [{ id: "1", name: "Doc fee", description: "", amount: 499 }],
  taxItems: [
    { id: "1", name: "State tax", description: "", rate: 6.25 },
    { id: "2", name: "City tax", description: "", rate: 0.875 },
  ],
  governmentFeeItems: [{ id: "1", name: "Title", description: "", amount: 33 }],
  tradeIn: {
    hasTradeIn: true,
    vehicle: { description: "2015 Civic", vin: "", mileage: 120000, condition: "Good", value: 6500 },
  },
  amountOwedOnTradeIn: 2100.25,
  downPayment: -2500,
  selectedCreditTier: "good",
  customInterestRates: {},
  interestRates: {
    excellent: { 24: 5, 36: 5.5, 48: 6, 60: 7.5, 72: 8, 84: 10 },
    "very-good": { 24: 5.5, 36: 6, 48: 6.5, 60: 8, 72: 8.5, 84: 10.5 },
    good: { 24: 6, 36: 6.5, 48: 7, 60: 8.5, 72: 9, 84: 11 },
    fair: { 24: 7, 36: 7.5, 48: 8, 60: 9.5, 72: 10, 84: 12 },
    poor: { 24: 8, 36: 8.5, 48: 9, 60: 10.5, 72: 11, 84: 13 },
  },
};

it("an existing quote keeps every number, and the taxes list becomes the standard profile", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-old-db-"));
  dirs.push(dataDir);
  const sqlite = new Database(path.join(dataDir, "dealdesk.sqlite"));
  sqlite.pragma("foreign_keys = ON");
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBeforeTaxProfiles() });
  const now = Date.now();
  sqlite
    .prepare(
      "INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_name, tokens_valid_after, created_at, updated_at) VALUES (?, ?, 'x', 'Dana', 'Dealer', 'Example Motors', ?, ?, ?)",
    )
    .run("dealer-1", "dana@example.com", now - 1000, now, now);
  const insertTax = sqlite.prepare(
    "INSERT INTO default_taxes (id, dealer_id, description, rate, created_at, updated_at) VALUES (?, 'dealer-1', ?, ?, ?, ?)",
  );
  insertTax.run("tax-1", "State tax", 6.25, now, now);
  insertTax.run("tax-2", "City tax", 0.875, now, now + 1);
  sqlite
    .prepare(
      "INSERT INTO quotes (id, dealer_id, created_at, expires_at, updated_at, vehicle_description, customer_name) VALUES ('oldQuote0123456789abcd', 'dealer-1', ?, ?, ?, '2025 Honda Accord', '')",
    )
    .run(now, now + 7 * 86_400_000, now);
  const doc = new Y.Doc();
  writeFields(dealArray(doc), oldDeal);
  const insertDoc = sqlite.prepare(
    "INSERT INTO yjs_documents (doc_name, quote_id, state, updated_at) VALUES (?, 'oldQuote0123456789abcd', ?, ?)",
  );
  insertDoc.run(dealDocName("oldQuote0123456789abcd"), Buffer.from(Y.encodeStateAsUpdateV2(doc)), now);
  insertDoc.run(
    privateDocName("oldQuote0123456789abcd"),
    Buffer.from(Y.encodeStateAsUpdateV2(new Y.Doc())),
    now,
  );
  sqlite.close();

  // Today's code on that database: the new migration runs at open.
  t = createTestApp({ dataDir });
  const row = t.db.select().from(users).where(eq(users.id, "dealer-1")).get();
  if (!row) throw new Error("the old dealer is gone");
  const dealerToken = await t.tokens.issue(row);

  const read = await t.call("GET", "/api/quotes/oldQuote0123456789abcd", undefined, dealerToken);
  expect(read.status).toBe(200);
  const data = ((await read.json()) as { data: QuoteData }).data;
  const b = computeBreakdown(data);
  // By hand, spec §9: selling 30,999.99 + 199.50 + 499 - 6,500 = 25,198.49 taxable;
  // 6.25% = 1,574.905 -> 1,574.91; 0.875% = 220.486... -> 220.49; + 33 title = 27,026.89 total balance;
  // - 2,500 down + 2,100.25 owed = 26,627.14 out the door.
  expect({
    taxableAmount: b.taxableAmount,
    taxes: b.taxes.map((line) => line.amount),
    totalBalance: b.totalBalance,
    outTheDoorPrice: b.outTheDoorPrice,
    dueToCustomer: b.dueToCustomer,
  }).toEqual({
    taxableAmount: 2_519_849,
    taxes: [157_491, 22_049],
    totalBalance: 2_702_689,
    outTheDoorPrice: 2_662_714,
    dueToCustomer: 0,
  });
  expect(data.taxRules).toBeUndefined();
  expect(data.rebates).toBeUndefined(); // the stored document is untouched
  // 26,627.14 at 8.5% (good, 60 months), nearest cent.
  expect(paymentGrid(data).good[60].payment).toBe(54_630);

  // The taxes list is the standard profile: same rules, same lines.
  const profile = await t.call("GET", "/api/dealer-defaults/tax-profile", undefined, dealerToken);
  const body = (await profile.json()) as { taxRules: { profileLabel: string; tradeIn: { rule: string } } };
  expect(body.taxRules.profileLabel).toBe(STANDARD_PROFILE_LABEL);
  expect(body.taxRules.tradeIn.rule).toBe("full");

  // A new quote from that taxes list prices the same deal to the same cents.
  const created = await t.call(
    "POST",
    "/api/quotes",
    {
      vehicle: { description: "2025 Honda Accord", mileage: 12 },
      pricing: { advertisedPrice: 31999.99, discount: 1000 },
    },
    dealerToken,
  );
  const id = ((await created.json()) as { id: string }).id;
  const fresh = (
    (await (await t.call("GET", `/api/quotes/${id}`, undefined, dealerToken)).json()) as { data: QuoteData }
  ).data;
  expect(fresh.taxRules?.profileLabel).toBe(STANDARD_PROFILE_LABEL);
  const same = computeBreakdown({
    ...fresh,
    addOns: data.addOns,
    dealerFeeItems: data.dealerFeeItems,
    governmentFeeItems: data.governmentFeeItems,
    tradeIn: data.tradeIn,
    amountOwedOnTradeIn: data.amountOwedOnTradeIn,
    downPayment: data.downPayment,
  });
  expect(fresh.taxItems.map((item) => [item.name, item.rate])).toEqual([
    ["State tax", 6.25],
    ["City tax", 0.875],
  ]);
  expect(same.taxes.map((line) => line.amount)).toEqual(b.taxes.map((line) => line.amount));
  expect(same.outTheDoorPrice).toBe(b.outTheDoorPrice);
});
