import { beforeAll, expect, it } from "vitest";
import * as Y from "yjs";
import { itemUpdate, postgresWithTwoPools } from "../../test-support/pg-test-kit";
import type { PgDb } from "./connection";
import type { LiveAppend } from "./live-append";
import { createLiveStore, type PostgresLiveStore } from "./live-store";

// The live append on PostgreSQL as the rooms use it: the appends a process asks for in one
// event-loop turn share one round trip and one transaction, each with its own answer, and two
// processes batching appends to the same quotes never deadlock.

const pools = postgresWithTwoPools();
let db: PgDb;
let store: PostgresLiveStore;
let otherStore: PostgresLiveStore;

beforeAll(() => {
  db = pools.db;
  store = createLiveStore(pools.db);
  otherStore = createLiveStore(pools.other);
});

let quoteCount = 0;
/** A quote with its deal and private documents, both with an empty Yjs state. */
async function newQuote(): Promise<{ quoteId: string; deal: string; private: string }> {
  quoteCount += 1;
  const quoteId = `batch-q${quoteCount}`;
  await db.$client.query(
    `INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description)
     VALUES ($1, 'dealer', 'dealer', 0, 0, 0, '2024 Honda Civic')`,
    [quoteId],
  );
  const empty = Y.encodeStateAsUpdateV2(new Y.Doc());
  await store.log.insertDocument(`quote/${quoteId}`, quoteId, empty);
  await store.log.insertDocument(`private/${quoteId}`, quoteId, empty);
  return { quoteId, deal: `quote/${quoteId}`, private: `private/${quoteId}` };
}

const writers = new Map<string, Y.Doc>();
/** The next update (V2, as the log stores it) of a document's own writer. */
function nextUpdate(docName: string, value: number): Uint8Array {
  let writer = writers.get(docName);
  if (!writer) {
    writer = new Y.Doc();
    writers.set(docName, writer);
  }
  return itemUpdate(writer, value, "v2");
}

function appendOf(quoteId: string, docName: string, expectedSeq: number, value: number): LiveAppend {
  return {
    docName,
    quoteId,
    expectedSeq,
    expectedState: null,
    update: nextUpdate(docName, value),
    listing: null,
    claims: [],
    change: null,
  };
}

/** The transaction ids that wrote each document's log rows. */
async function logWriters(docNames: string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.$client.query<{ doc_name: string; xmin: string }>(
    "SELECT doc_name, xmin::text AS xmin FROM yjs_updates WHERE doc_name = ANY($1) ORDER BY seq",
    [docNames],
  );
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.doc_name, [...(out.get(row.doc_name) ?? []), row.xmin]);
  return out;
}

it("stores the appends of one turn in one transaction, each with its own answer", async () => {
  const [a, b, c, gone] = [await newQuote(), await newQuote(), await newQuote(), await newQuote()];
  await db.$client.query("DELETE FROM quotes WHERE id = $1", [gone.quoteId]);
  const results = await Promise.all([
    store.append(appendOf(a.quoteId, a.deal, 0, 1)),
    // Someone else's head is 0, not 4: stale, and nothing of it is stored.
    store.append(appendOf(b.quoteId, b.deal, 4, 2)),
    store.append({
      ...appendOf(c.quoteId, c.deal, 0, 3),
      listing: { customerName: "Pat Shopper" },
      change: {
        quoteId: c.quoteId,
        role: "SHOPPER",
        before: new Map([["downPayment", 0]]),
        after: new Map([["downPayment", -1500]]),
        keys: ["downPayment"],
      },
    }),
    store.append(appendOf(gone.quoteId, gone.deal, 0, 4)),
  ]);
  expect(results.map((r) => r.status)).toEqual(["ok", "stale", "ok", "gone"]);
  expect(results[0]).toMatchObject({ status: "ok", seq: 1 });
  expect(results[2]).toMatchObject({
    status: "ok",
    seq: 1,
    history: {
      events: [{ field: "downPayment", oldValue: null, newValue: "$1,500.00", role: "SHOPPER" }],
      removed: [],
    },
  });

  const written = await logWriters([a.deal, b.deal, c.deal]);
  expect([...written.keys()].sort()).toEqual([a.deal, c.deal].sort());
  // One transaction wrote both log rows.
  expect(written.get(a.deal)).toEqual(written.get(c.deal));
  const customer = await db.$client.query("SELECT customer_name FROM quotes WHERE id = $1", [c.quoteId]);
  expect(customer.rows[0].customer_name).toBe("Pat Shopper");
  const events = await db.$client.query("SELECT field, new_value FROM quote_events WHERE quote_id = $1", [
    c.quoteId,
  ]);
  expect(events.rows).toEqual([{ field: "downPayment", new_value: "$1,500.00" }]);
});

it("never puts a quote's two documents in one transaction", async () => {
  const q = await newQuote();
  const results = await Promise.all([
    store.append(appendOf(q.quoteId, q.deal, 0, 1)),
    store.append(appendOf(q.quoteId, q.private, 0, 2)),
  ]);
  expect(results.map((r) => r.status)).toEqual(["ok", "ok"]);
  const written = await logWriters([q.deal, q.private]);
  expect(written.get(q.deal)).toHaveLength(1);
  expect(written.get(q.private)).toHaveLength(1);
  expect(written.get(q.deal)).not.toEqual(written.get(q.private));
});

it("two processes batching appends to the same quotes in opposite orders never deadlock, and lose nothing", async () => {
  const quotes = [await newQuote(), await newQuote(), await newQuote(), await newQuote()];
  // Each process writes one document of every quote: the first the deal documents in quote
  // order, the second the private ones in reverse order. Without one lock order, two such
  // batches hold one quote each and wait for the other's: PostgreSQL then aborts one (40P01).
  const firstDocs = quotes.map((q) => ({ quoteId: q.quoteId, docName: q.deal }));
  const secondDocs = quotes.map((q) => ({ quoteId: q.quoteId, docName: q.private })).reverse();
  const heads = new Map<string, number>();
  const stored = new Map<string, number[]>();
  let value = 0;
  const round = (target: PostgresLiveStore, docs: { quoteId: string; docName: string }[]) =>
    docs.map(async ({ quoteId, docName }) => {
      value += 1;
      const mine = value;
      const result = await target.append(appendOf(quoteId, docName, heads.get(docName) ?? 0, mine));
      if (result.status !== "ok") throw new Error(`${docName}: ${result.status}`);
      heads.set(docName, result.seq);
      stored.set(docName, [...(stored.get(docName) ?? []), mine]);
    });
  for (let i = 0; i < 25; i++) {
    await Promise.all([...round(store, firstDocs), ...round(otherStore, secondDocs)]);
  }
  for (const q of quotes) {
    for (const docName of [q.deal, q.private]) {
      const loaded = await store.log.load(docName);
      expect(loaded?.headSeq).toBe(25);
      const doc = new Y.Doc();
      Y.applyUpdateV2(doc, loaded!.state);
      for (const u of loaded!.updates) Y.applyUpdateV2(doc, u.update);
      expect(doc.getArray<number>("items").toArray()).toEqual(stored.get(docName));
    }
  }
});
