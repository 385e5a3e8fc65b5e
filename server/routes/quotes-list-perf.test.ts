// GET /api/quotes for a dealer with 5,000 quotes (issue #8): the list is built
// from the quotes table's listing columns alone, so it stays fast and never
// touches the stored documents.

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteListItem } from "../../shared/core/api-types";
import { quotes } from "../db/schema";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

const COUNT = 5_000;
const DAY = 86_400_000;

let t: TestApp;
let token: string;
let otherToken: string;
const seeded = new Map<string, { createdAt: number; expiresAt: number; vehicle: string; customer: string }>();

beforeAll(async () => {
  t = createTestApp();
  const dealer = await createDealer(t);
  const other = await createDealer(t);
  token = dealer.token;
  otherToken = other.token;
  const now = Date.now();
  const rows = Array.from({ length: COUNT }, (_, i) => {
    // Spread over a year, a third of them expired, one in four with a customer name.
    const createdAt = now - i * 90 * 60_000;
    const row = {
      id: randomUUID(),
      dealerId: dealer.user.dealershipId,
      salespersonId: dealer.user.id,
      createdAt,
      expiresAt: createdAt + 7 * DAY,
      updatedAt: createdAt,
      vehicleDescription: `${2015 + (i % 10)} Model ${i} Touring`,
      customerName: i % 4 === 0 ? `Customer ${i}` : "",
    };
    seeded.set(row.id, {
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      vehicle: row.vehicleDescription,
      customer: row.customerName,
    });
    return row;
  });
  t.db.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 500)
      tx.insert(quotes)
        .values(rows.slice(i, i + 500))
        .run();
  });
  // Another dealer's quote must never appear in the list.
  t.db
    .insert(quotes)
    .values({
      id: randomUUID(),
      dealerId: other.user.dealershipId,
      salespersonId: other.user.id,
      createdAt: now,
      expiresAt: now + 7 * DAY,
      updatedAt: now,
      vehicleDescription: "Someone else's car",
      customerName: "",
    })
    .run();
});

afterAll(async () => {
  await t.cleanup();
});

async function timedList(authToken: string): Promise<{ ms: number; body: QuoteListItem[]; status: number }> {
  const started = performance.now();
  const res = await t.call("GET", "/api/quotes", undefined, authToken);
  const body = (await res.json()) as QuoteListItem[];
  return { ms: performance.now() - started, body, status: res.status };
}

describe("GET /api/quotes with 5,000 quotes", () => {
  it("answers in under 200 ms", async () => {
    await timedList(token); // warm-up: first-call compilation is not what a dealer waits for daily
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { ms, body, status } = await timedList(token);
      expect(status).toBe(200);
      expect(body).toHaveLength(COUNT);
      times.push(ms);
    }
    // The median, so one scheduling hiccup on a shared machine does not decide the result.
    const median = [...times].sort((a, b) => a - b)[1] ?? Number.POSITIVE_INFINITY;
    expect(median, `times ${times.map((ms) => ms.toFixed(1)).join(", ")} ms`).toBeLessThan(200);
  });

  it("lists the listing columns without any stored document, and only the dealer's own quotes", async () => {
    // No quote here has a document: the seeding wrote listing rows only. Dropping the documents'
    // table proves the list reads none (a query touching it would now fail). Issue #46: the list
    // asks the (empty) update log which quotes changed since their last compaction; only those
    // are read from their stored documents.
    t.db.run(sql`DROP TABLE yjs_documents`);
    const { status, body } = await timedList(token);
    expect(status).toBe(200);
    expect(body).toHaveLength(COUNT);
    for (const item of body) {
      const row = seeded.get(item.id);
      expect(row, `unexpected quote ${item.id}`).toBeDefined();
      if (!row) continue;
      expect(item).toMatchObject({
        id: item.id,
        created_at: new Date(row.createdAt).toISOString(),
        expires_at: new Date(row.expiresAt).toISOString(),
        vehicleDescription: row.vehicle,
        customerName: row.customer,
      });
    }
    const others = await timedList(otherToken);
    expect(others.body.map((item) => item.vehicleDescription)).toEqual(["Someone else's car"]);
  });

  it("refuses a request without a token", async () => {
    const res = await t.call("GET", "/api/quotes");
    expect(res.status).toBe(401);
  });
});
