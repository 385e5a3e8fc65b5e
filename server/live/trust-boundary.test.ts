import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import {
  dealArray,
  dealDocName,
  type KvPair,
  readDoc,
  readEntries,
  writeField,
} from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { createLiveStore } from "../db/sqlite/live-store";
import {
  connectClient,
  craftUpdate,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  storedDoc,
  synced,
} from "../test-support/live-test-kit";

// The attacks of issue #10 "Live trust boundary", each sent by an anonymous shopper (or a dealer
// where the rule is the dealer's too) through a bare socket speaking the stock protocol.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type Deal = {
  tradeIn: { vehicle: { value?: number } };
  pricing: { advertisedPrice: number; discount: number };
};

async function serverDeal(id: string): Promise<Deal> {
  const res = await h.api("GET", `/api/quotes/${id}`);
  return ((await res.json()) as { data: Deal }).data;
}

async function openQuote() {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealer = connectClient(h, id, { token });
  await synced(dealer);
  writeField(dealer.deal, "tradeIn", {
    hasTradeIn: true,
    vehicle: { description: "2015 Civic", vin: "", mileage: 90000, condition: "Good", value: 6000 },
  });
  await eventually(async () => expect((await serverDeal(id)).tradeIn.vehicle.value).toBe(6000));
  return { id, token, dealer };
}

/** The process is healthy: a JSON POST and an honest live edit each answer in under a second. */
async function expectHealthy(token: string, dealer: ReturnType<typeof connectClient>, id: string) {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, "polluted")).toBe(false);
  const started = performance.now();
  await createQuoteVia(h, token);
  writeField(dealer.deal, "selectedCreditTier", "fair");
  await eventually(async () => {
    const deal = (await serverDeal(id)) as unknown as { selectedCreditTier: string };
    expect(deal.selectedCreditTier).toBe("fair");
  });
  expect(performance.now() - started).toBeLessThan(1000);
}

const pairs = (push: KvPair[]) => (copy: Y.Doc) => dealArray(copy).push(push);

const attacks: [string, (copy: Y.Doc) => void][] = [
  ["a __proto__ segment under the trade-in", pairs([{ key: "tradeIn.__proto__.polluted", val: "yes" }])],
  ["a constructor.prototype key", pairs([{ key: "tradeIn.constructor.prototype.polluted", val: "yes" }])],
  ["a top-level __proto__ key", pairs([{ key: "__proto__", val: { polluted: "yes" } }])],
  ["a parent key overriding the trade-in value", pairs([{ key: "tradeIn.vehicle", val: { value: 99999 } }])],
  ["an unknown key under the trade-in", pairs([{ key: "tradeIn.junk", val: "x".repeat(1000) }])],
  ["an empty segment", pairs([{ key: "tradeIn..vin", val: "x" }])],
  ["a trailing dot", pairs([{ key: "tradeIn.vehicle.vin.", val: "x" }])],
  [
    "a dealer-only key rewritten with its current value",
    (copy) => {
      const deal = dealArray(copy);
      const current = readEntries(deal).get("pricing.discount");
      writeField(deal, "downPayment", -100);
      deal.push([{ key: "pricing.discount", val: current }]);
    },
  ],
  [
    "the trade-in value rewritten with its current value",
    (copy) => {
      const deal = dealArray(copy);
      deal.push([{ key: "tradeIn.vehicle.value", val: 6000 }]);
    },
  ],
  [
    "deleting the dealer's discount pair",
    (copy) => {
      const deal = dealArray(copy);
      const index = deal.toArray().findIndex((pair) => pair.key === "pricing.discount");
      deal.delete(index, 1);
    },
  ],
];

describe("the live trust boundary", () => {
  for (const [what, attack] of attacks) {
    it(`refuses ${what} from a shopper: nothing stored, nothing polluted, the process stays healthy`, async () => {
      const { id, token, dealer } = await openQuote();
      const before = await serverDeal(id);
      const storedBefore = Y.encodeStateVector(storedDoc(h, dealDocName(id)));
      const shopper = await rawSocket(h, dealDocName(id));
      shopper.ws.send(craftUpdate(shopper.doc, attack));
      expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
      expect(Y.encodeStateVector(storedDoc(h, dealDocName(id)))).toEqual(storedBefore);
      expect(await serverDeal(id)).toEqual(before);
      await expectHealthy(token, dealer, id);
      destroyClient(dealer);
    });
  }

  it("refuses unknown and parent keys from the dealer too, and an out-of-range discount", async () => {
    const { id, token, dealer } = await openQuote();
    const before = await serverDeal(id);
    for (const attack of [
      pairs([{ key: "tradeIn.vehicle", val: { value: 1 } }]),
      pairs([{ key: "vehicle.__proto__.polluted", val: "yes" }]),
      pairs([{ key: "pricing.discount", val: 1_000_000 }]),
      pairs([{ key: "pricing.discount", val: 10.001 }]),
      pairs([{ key: "pricing.discount", val: -1 }]),
    ]) {
      const raw = await rawSocket(h, dealDocName(id), { token });
      raw.ws.send(craftUpdate(raw.doc, attack));
      expect((await raw.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    }
    expect(await serverDeal(id)).toEqual(before);
    await expectHealthy(token, dealer, id);
    destroyClient(dealer);
  });

  it("puts the deal back exactly where the accepted edits left it when an update is refused, after a few and after many", async () => {
    // The room judges in its document and restores it from its copy, which catches up with the
    // accepted edits only at a refusal or every 64 of them (rooms.ts).
    const { id, token, dealer } = await openQuote();
    for (const count of [3, 150]) {
      for (let i = 1; i <= count; i++) writeField(dealer.deal, "pricing.discount", count * 10 + i);
      await eventually(async () => expect((await serverDeal(id)).pricing.discount).toBe(count * 11));
      const shopper = await rawSocket(h, dealDocName(id));
      shopper.ws.send(craftUpdate(shopper.doc, pairs([{ key: "pricing.discount", val: 1 }])));
      expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
      expect((await serverDeal(id)).pricing.discount).toBe(count * 11);
      const late = connectClient(h, id);
      await synced(late);
      expect((readDoc(late.deal) as unknown as Deal).pricing.discount).toBe(count * 11);
      destroyClient(late);
    }
    await expectHealthy(token, dealer, id);
    expect((readDoc(dealArray(storedDoc(h, dealDocName(id)))) as unknown as Deal).pricing.discount).toBe(
      1650,
    );
    destroyClient(dealer);
  });

  it("takes a dealer's in-range discount above the price over the live channel (decision 014)", async () => {
    const { id, token, dealer } = await openQuote();
    const before = await serverDeal(id);
    const discount = before.pricing.advertisedPrice + 1;
    const raw = await rawSocket(h, dealDocName(id), { token });
    raw.ws.send(
      craftUpdate(raw.doc, (copy) => writeField(dealArray(copy), "pricing", { ...before.pricing, discount })),
    );
    await expect.poll(async () => (await serverDeal(id)).pricing.discount).toBe(discount);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.ws.close();
    destroyClient(dealer);
  });

  it("loads a document stored with hostile keys without polluting or crashing, and removes them once", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const name = dealDocName(id);
    // Written straight to the store, as an older server would have accepted it.
    const store = createLiveStore(h.db);
    const doc = storedDoc(h, name);
    const vector = Y.encodeStateVector(doc);
    dealArray(doc).push([
      { key: "tradeIn.__proto__.polluted", val: "yes" },
      { key: "__proto__", val: { polluted: "yes" } },
      { key: "tradeIn.vehicle", val: { value: 99999 } },
      { key: "tradeIn.junk", val: "x" },
    ]);
    store.appendMany([
      { docName: name, quoteId: id, update: Y.encodeStateAsUpdate(doc, vector), listing: null },
    ]);

    const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
    expect(res.status).toBe(200);
    const deal = ((await res.json()) as { data: Record<string, Record<string, unknown>> }).data;
    expect(deal.tradeIn?.junk).toBeUndefined();
    expect((deal.tradeIn?.vehicle as Record<string, unknown> | undefined)?.value).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    await eventually(() => {
      const keys = storedDoc(h, name)
        .getArray<KvPair>("deal")
        .toArray()
        .map((pair) => pair.key);
      expect(
        keys.filter((key) => key.includes("junk") || key.includes("proto") || key === "tradeIn.vehicle"),
      ).toEqual([]);
    });
    await eventually(() =>
      expect(dealer.deal.toArray().some((pair) => pair.key === "tradeIn.junk")).toBe(false),
    );
    expect(readDoc(dealer.deal)).toMatchObject({ vehicle: { description: "2021 Honda Civic EX" } });
    await expectHealthy(token, dealer, id);
    destroyClient(dealer);
  });
});
