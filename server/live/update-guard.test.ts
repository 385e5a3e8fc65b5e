import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import {
  dealArray,
  dealDocName,
  type KvPair,
  privateDocName,
  readDoc,
  writeField,
} from "@shared/live/quote-doc";
import type { AddOn, FeeItem, TradeIn } from "@shared/schemas/quote-schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { quotes, yjsDocuments, yjsUpdates } from "../db/schema";
import {
  connectClient,
  craftUpdate,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type Deal = ReturnType<typeof readDoc> & {
  pricing: { advertisedPrice: number; discount: number };
  addOns: AddOn[];
  dealerFeeItems: FeeItem[];
  tradeIn: TradeIn;
};

/** What is stored for a quote: state blobs and log rows. */
function storedRows(id: string) {
  return {
    docs: h.db.select().from(yjsDocuments).where(eq(yjsDocuments.quoteId, id)).all(),
    log: h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all(),
  };
}

async function serverDeal(id: string, token?: string): Promise<Deal> {
  const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
  return ((await res.json()) as { data: Deal }).data;
}

/** A quote with a dealer provider open and one accepted shopper edit already stored. */
async function openQuote() {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealer = connectClient(h, id, { token });
  await synced(dealer);
  // Give the deal a fee and a trade-in value to attack.
  writeField(dealer.deal, "dealerFeeItems", [{ id: "f1", name: "Doc fee", description: "", amount: 199 }]);
  writeField(dealer.deal, "addOns", [
    { id: "a1", name: "Tint", description: "", price: 499, isSelected: true, sellingPrice: 399 },
  ]);
  writeField(dealer.deal, "tradeIn", {
    hasTradeIn: true,
    vehicle: { description: "2015 Civic", vin: "", mileage: 90000, condition: "Good", value: 6000 },
  });
  await eventually(async () => expect((await serverDeal(id)).tradeIn.vehicle.value).toBe(6000));
  return { id, token, dealer };
}

const attacks: [string, (deal: Y.Array<KvPair>, current: Deal) => void][] = [
  ["the discount", (deal, d) => writeField(deal, "pricing", { ...d.pricing, discount: 5000 })],
  [
    "an add-on price",
    (deal, d) =>
      writeField(
        deal,
        "addOns",
        d.addOns.map((a) => ({ ...a, price: 1, sellingPrice: 1 })),
      ),
  ],
  ["a custom rate", (deal) => writeField(deal, "customInterestRates", { good: { "60": 0 } })],
  [
    "the trade-in estimated value",
    (deal, d) =>
      writeField(deal, "tradeIn", { ...d.tradeIn, vehicle: { ...d.tradeIn.vehicle, value: 20000 } }),
  ],
  ["deleting a fee", (deal) => writeField(deal, "dealerFeeItems", [])],
];

describe("shopper guard with raw crafted messages", () => {
  for (const step of [1, 2] as const) {
    for (const [what, attack] of attacks) {
      it(`refuses ${what} sent as [0,${step}]: nothing applied, stored or broadcast; socket closed ${LIVE_CLOSE_CODES.changeRefused}`, async () => {
        const { id, dealer } = await openQuote();
        const shopper = await rawSocket(h, dealDocName(id));
        const dealerBefore = readDoc(dealer.deal);
        const serverBefore = await serverDeal(id);
        const rowsBefore = storedRows(id);

        const message = craftUpdate(shopper.doc, (copy) => attack(dealArray(copy), serverBefore), step);
        shopper.ws.send(message);
        expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);

        // An honest edit afterwards proves the broadcast path is alive and the attack never went out.
        writeField(dealer.deal, "selectedCreditTier", "fair");
        await eventually(async () => expect((await serverDeal(id)).selectedCreditTier).toBe("fair"));
        const { selectedCreditTier: _a, ...dealerAfter } = readDoc(dealer.deal);
        const { selectedCreditTier: _b, ...dealerExpected } = dealerBefore;
        expect(dealerAfter).toEqual(dealerExpected);
        const { selectedCreditTier: _c, ...serverAfter } = await serverDeal(id);
        const { selectedCreditTier: _d, ...serverExpected } = serverBefore;
        expect(serverAfter).toEqual(serverExpected);
        const rowsAfter = storedRows(id);
        expect(rowsAfter.docs).toEqual(rowsBefore.docs);
        expect(rowsAfter.log.slice(0, rowsBefore.log.length)).toEqual(rowsBefore.log);
        expect(rowsAfter.log).toHaveLength(rowsBefore.log.length + 1);
        destroyClient(dealer);
      });
    }
  }

  it("accepts what a shopper may change: trade-in vehicle, amount owed, downpayment, credit tier", async () => {
    const { id, dealer } = await openQuote();
    const shopper = await rawSocket(h, dealDocName(id));
    const current = await serverDeal(id);
    shopper.ws.send(
      craftUpdate(shopper.doc, (copy) => {
        const deal = dealArray(copy);
        writeField(deal, "tradeIn", {
          ...current.tradeIn,
          vehicle: { ...current.tradeIn.vehicle, mileage: 91000 },
        });
        writeField(deal, "amountOwedOnTradeIn", 1500);
        writeField(deal, "downPayment", -2500);
        writeField(deal, "selectedCreditTier", "excellent");
      }),
    );
    await eventually(() =>
      expect(readDoc(dealer.deal)).toMatchObject({
        amountOwedOnTradeIn: 1500,
        downPayment: -2500,
        selectedCreditTier: "excellent",
        tradeIn: { vehicle: { mileage: 91000, value: 6000 } },
      }),
    );
    expect(shopper.ws.readyState).toBe(shopper.ws.OPEN);
    shopper.ws.close();
    destroyClient(dealer);
  });

  it("refuses a shopper value the shared schema rejects (a positive downpayment)", async () => {
    const { id, dealer } = await openQuote();
    const shopper = await rawSocket(h, dealDocName(id));
    const before = await serverDeal(id);
    shopper.ws.send(craftUpdate(shopper.doc, (copy) => writeField(dealArray(copy), "downPayment", 500)));
    expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect((await serverDeal(id)).downPayment).toBe(before.downPayment);
    destroyClient(dealer);
  });

  it("refuses other root types and malformed pairs", async () => {
    const { id, dealer } = await openQuote();
    const crafted: ((doc: Y.Doc) => Uint8Array)[] = [
      (doc) => craftUpdate(doc, (copy) => copy.getMap("extra").set("x", 1)),
      (doc) => craftUpdate(doc, (copy) => dealArray(copy).push([{ key: "downPayment" } as never])),
      (doc) =>
        craftUpdate(doc, (copy) =>
          dealArray(copy).push([{ key: "downPayment", val: -1, extra: 1 } as never]),
        ),
      (doc) => craftUpdate(doc, (copy) => dealArray(copy).push([{ key: "hacked", val: 1 }])),
      (doc) => craftUpdate(doc, (copy) => dealArray(copy).push([new Y.Map() as never])),
    ];
    const before = await serverDeal(id);
    const rowsBefore = storedRows(id);
    for (const make of crafted) {
      const shopper = await rawSocket(h, dealDocName(id));
      shopper.ws.send(make(shopper.doc));
      expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    }
    expect(await serverDeal(id)).toEqual(before);
    expect(storedRows(id)).toEqual(rowsBefore);
    destroyClient(dealer);
  });
});

describe("an update that builds on changes the server does not have (issue #36)", () => {
  it("is not applied, and its sender is asked for what is missing instead of being closed; its answer lands", async () => {
    const { id, dealer } = await openQuote();
    const shopper = await rawSocket(h, dealDocName(id));
    // Two edits; only the second is sent, so it depends on an update the server never saw (one
    // it lost to a failed write, say).
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(shopper.doc));
    const base = Y.encodeStateVector(copy);
    writeField(dealArray(copy), "downPayment", -11);
    const vector = Y.encodeStateVector(copy);
    writeField(dealArray(copy), "downPayment", -12);
    const second = Y.encodeStateAsUpdate(copy, vector);
    const before = await serverDeal(id);
    const rowsBefore = storedRows(id);
    const seen = shopper.messages.length;
    shopper.ws.send(new Uint8Array([0, 2, ...varUint(second.length), ...second]));
    // Sync step 1 ([0, 0, state vector]): the server's state, so the client can send the rest.
    await eventually(() =>
      expect(shopper.messages.slice(seen).some((m) => m[0] === 0 && m[1] === 0)).toBe(true),
    );
    expect(await serverDeal(id)).toEqual(before);
    expect(storedRows(id)).toEqual(rowsBefore);
    // The answer: everything the server lacks, both edits.
    const all = Y.encodeStateAsUpdate(copy, base);
    shopper.ws.send(new Uint8Array([0, 2, ...varUint(all.length), ...all]));
    await eventually(async () => expect((await serverDeal(id)).downPayment).toBe(-12));
    await eventually(() => expect(readDoc(dealer.deal).downPayment).toBe(-12));
    expect(shopper.ws.readyState).toBe(shopper.ws.OPEN);
    shopper.ws.close();
    destroyClient(dealer);
  });
});

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 127) {
    out.push((n & 127) | 128);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

describe("shopper guard with a real provider", () => {
  it("refuses a discount change: the dealer's replica and the store are unchanged, the provider is closed", async () => {
    const { id, dealer } = await openQuote();
    const shopper = connectClient(h, id);
    await synced(shopper);
    const before = readDoc(dealer.deal);
    const rowsBefore = storedRows(id);
    const pricing = readDoc(shopper.deal).pricing as Deal["pricing"];
    writeField(shopper.deal, "pricing", { ...pricing, discount: 9999 });
    await eventually(() =>
      expect(shopper.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.changeRefused),
    );
    expect(readDoc(dealer.deal)).toEqual(before);
    expect((await serverDeal(id)).pricing).toEqual(pricing);
    expect(storedRows(id)).toEqual(rowsBefore);
    // y-websocket treats 44xx as final: it does not reconnect and resend the refused change.
    expect(shopper.provider.shouldConnect).toBe(false);
    destroyClient(shopper);
    destroyClient(dealer);
  });

  it("validates dealer updates too (a negative discount is refused) but lets the dealer change any field", async () => {
    const { id, token, dealer } = await openQuote();
    writeField(dealer.deal, "customInterestRates", { good: { "60": 3.9 } });
    await eventually(async () =>
      expect((await serverDeal(id)).customInterestRates).toEqual({ good: { "60": 3.9 } }),
    );
    const raw = await rawSocket(h, dealDocName(id), { token });
    raw.ws.send(
      craftUpdate(raw.doc, (copy) =>
        writeField(dealArray(copy), "pricing", { advertisedPrice: 25000, discount: -5 }),
      ),
    );
    expect((await raw.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect((await serverDeal(id)).pricing.discount).toBe(500);
    destroyClient(dealer);
  });

  it("makes an expired quote read-only for shoppers, still editable by its dealer", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    h.db
      .update(quotes)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(quotes.id, id))
      .run();
    const body = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as { expired: boolean };
    expect(body.expired).toBe(true);
    const dealer = connectClient(h, id, { token });
    const shopper = connectClient(h, id);
    await Promise.all([synced(dealer), synced(shopper)]);
    writeField(shopper.deal, "downPayment", -1234);
    await eventually(() =>
      expect(shopper.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.changeRefused),
    );
    expect((await serverDeal(id)).downPayment).not.toBe(-1234);
    writeField(dealer.deal, "downPayment", -4321);
    await eventually(async () => expect((await serverDeal(id)).downPayment).toBe(-4321));
    destroyClient(shopper);
    destroyClient(dealer);
  });

  it("keeps the private document to its dealer: customer info edits by the dealer are validated", async () => {
    const { id, token, dealer } = await openQuote();
    const raw = await rawSocket(h, privateDocName(id), { token });
    raw.ws.send(
      craftUpdate(raw.doc, (copy) =>
        writeField(copy.getArray("private"), "customerInfo", { name: "Pat", email: "not-an-email" }),
      ),
    );
    expect((await raw.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    const body = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
      data: { customerInfo: unknown };
    };
    expect(body.data.customerInfo).toEqual({ name: "" });
    destroyClient(dealer);
  });
});
