import { dealArray, privateArray, readDoc, writeFields } from "@shared/live/quote-doc";
import { makeQuote, tradeIn } from "@shared/testing/quote-fixtures";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { FieldAdapter, type QuoteUpdatedEvent } from "./field-adapter";
import { readQuoteData } from "./quote-reader";

/** Two replicas of one quote, as the server would have written it, and a way to sync them. */
function replicas() {
  const server = new Y.Doc();
  writeFields(dealArray(server), makeQuote({ downPayment: -2500 }) as unknown as Record<string, unknown>);
  const dealer = new Y.Doc();
  const shopper = new Y.Doc();
  const sync = (a: Y.Doc, b: Y.Doc) => {
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
  };
  sync(server, dealer);
  sync(server, shopper);
  const dealerPrivate = new Y.Doc();
  return {
    dealer: new FieldAdapter({
      deal: dealArray(dealer),
      private: privateArray(dealerPrivate),
      role: "dealer",
    }),
    shopper: new FieldAdapter({ deal: dealArray(shopper), private: null, role: "shopper" }),
    dealerDoc: dealer,
    shopperDoc: shopper,
    dealerPrivate,
    sync,
  };
}

const quoteOf = (adapter: FieldAdapter) => readQuoteData(adapter.readDeal());

describe("the field adapter", () => {
  it("reads the document once per change, however many fields it touched, and reports the change once", () => {
    const r = replicas();
    const events: QuoteUpdatedEvent[] = [];
    let changes = 0;
    r.shopper.onQuoteUpdated((e) => events.push(e));
    r.shopper.onChanged(() => changes++);
    const before = r.shopper.readDeal();
    expect(r.shopper.readDeal()).toBe(before);
    // Count the walks over the shopper's array (Yjs' own method, wrapped on this one instance).
    const array = dealArray(r.shopperDoc);
    const toArray = array.toArray.bind(array);
    let reads = 0;
    array.toArray = () => {
      reads++;
      return toArray();
    };

    r.dealerDoc.transact(() => {
      writeFields(dealArray(r.dealerDoc), {
        pricing: { advertisedPrice: 25_000, discount: 900 },
        downPayment: -4_000,
        selectedCreditTier: "fair",
      });
    });
    r.sync(r.dealerDoc, r.shopperDoc);

    expect(events.map((e) => e.field).sort()).toEqual(["downPayment", "pricing", "selectedCreditTier"]);
    expect(changes).toBe(1);
    expect(reads).toBe(1);
    const after = r.shopper.readDeal();
    expect(after).not.toBe(before);
    expect(r.shopper.readDeal()).toBe(after);
    expect(readQuoteData(after)).toMatchObject({ downPayment: -4_000, selectedCreditTier: "fair" });
    expect(reads).toBe(1);
  });

  it("writes a valid update and emits quote_updated locally, then remotely on the other side", async () => {
    const r = replicas();
    const dealerEvents: QuoteUpdatedEvent[] = [];
    const shopperEvents: QuoteUpdatedEvent[] = [];
    r.dealer.onQuoteUpdated((e) => dealerEvents.push(e));
    r.shopper.onQuoteUpdated((e) => shopperEvents.push(e));

    const result = await r.dealer.update("pricing", { advertisedPrice: 25_000, discount: 1_000 });
    expect(result).toEqual({ ok: true, changed: true });
    expect(dealerEvents).toEqual([
      { field: "pricing", value: { advertisedPrice: 25_000, discount: 1_000 }, local: true },
    ]);

    r.sync(r.dealerDoc, r.shopperDoc);
    expect(shopperEvents).toEqual([
      { field: "pricing", value: { advertisedPrice: 25_000, discount: 1_000 }, local: false },
    ]);
    expect(quoteOf(r.shopper)?.pricing.discount).toBe(1_000);
  });

  it("writes only the sub-keys that changed, so concurrent edits of one object both survive", async () => {
    const r = replicas();
    await r.dealer.update("tradeIn", tradeIn(4_000));
    r.sync(r.dealerDoc, r.shopperDoc);
    const current = quoteOf(r.shopper)?.tradeIn;
    if (!current) throw new Error("no trade-in");
    await r.shopper.update("tradeIn", { ...current, vehicle: { ...current.vehicle, mileage: 101_000 } });
    await r.dealer.update("tradeIn", { ...current, vehicle: { ...current.vehicle, value: 4_500 } });
    r.sync(r.dealerDoc, r.shopperDoc);
    for (const adapter of [r.dealer, r.shopper]) {
      expect(quoteOf(adapter)?.tradeIn.vehicle).toMatchObject({ mileage: 101_000, value: 4_500 });
    }
  });

  it("does not emit or write when nothing changed", async () => {
    const r = replicas();
    const events: QuoteUpdatedEvent[] = [];
    r.dealer.onQuoteUpdated((e) => events.push(e));
    const before = Y.encodeStateVector(r.dealerDoc);
    expect(await r.dealer.update("downPayment", -2500)).toEqual({ ok: true, changed: false });
    expect(events).toEqual([]);
    expect(Y.encodeStateVector(r.dealerDoc)).toEqual(before);
  });

  it("refuses an invalid value with the shared schema's message and changes nothing", async () => {
    const r = replicas();
    const before = readDoc(dealArray(r.dealerDoc));
    expect(await r.dealer.update("downPayment", 100)).toEqual({
      ok: false,
      errors: [{ field: "downPayment", message: MSG.downPaymentPositive }],
    });
    expect(await r.dealer.update("selectedCreditTier", "great" as never)).toEqual({
      ok: false,
      errors: [{ field: "selectedCreditTier", message: MSG.creditTierInvalid }],
    });
    expect(readDoc(dealArray(r.dealerDoc))).toEqual(before);
  });

  it("refuses a shopper's dealer-only change locally, before the server has to", async () => {
    const r = replicas();
    const before = readDoc(dealArray(r.shopperDoc));
    expect(await r.shopper.update("pricing", { advertisedPrice: 1, discount: 0 })).toEqual({
      ok: false,
      errors: [{ field: "pricing", message: CORE_MSG.forbidden }],
    });
    expect(await r.shopper.update("customerInfo", { name: "Sam" })).toMatchObject({ ok: false });
    expect(readDoc(dealArray(r.shopperDoc))).toEqual(before);
    expect(await r.shopper.update("selectedCreditTier", "fair")).toEqual({ ok: true, changed: true });
  });

  it("keeps the dealer's estimated trade-in value whatever a shopper's trade-in write holds", async () => {
    const r = replicas();
    await r.dealer.update("tradeIn", tradeIn(4_000));
    r.sync(r.dealerDoc, r.shopperDoc);
    const result = await r.shopper.update("tradeIn", tradeIn(9_999));
    expect(result.ok).toBe(true);
    expect(quoteOf(r.shopper)?.tradeIn.vehicle.value).toBe(4_000);
    const noValue = tradeIn(undefined);
    await r.shopper.update("tradeIn", { ...noValue, vehicle: { ...noValue.vehicle, mileage: 5 } });
    expect(quoteOf(r.shopper)?.tradeIn.vehicle).toMatchObject({ mileage: 5, value: 4_000 });
  });

  it("makes an expired quote read-only for the shopper", async () => {
    const doc = new Y.Doc();
    writeFields(dealArray(doc), makeQuote() as unknown as Record<string, unknown>);
    const shopper = new FieldAdapter({
      deal: dealArray(doc),
      private: null,
      role: "shopper",
      readOnly: true,
    });
    expect(await shopper.update("downPayment", -1)).toEqual({
      ok: false,
      errors: [{ field: "downPayment", message: CORE_MSG.quoteExpired }],
    });
  });

  it("saves customer info to the private document only", async () => {
    const r = replicas();
    const events: QuoteUpdatedEvent[] = [];
    r.dealer.onQuoteUpdated((e) => events.push(e));
    expect(await r.dealer.update("customerInfo", { name: "Sam Lee", phone: "15551234567" })).toEqual({
      ok: true,
      changed: true,
    });
    expect(readDoc(privateArray(r.dealerPrivate))).toEqual({
      customerInfo: { name: "Sam Lee", phone: "15551234567" },
    });
    expect(readDoc(dealArray(r.dealerDoc)).customerInfo).toBeUndefined();
    expect(events.map((e) => e.field)).toEqual(["customerInfo"]);
    expect(await r.dealer.update("customerInfo", { name: "Sam", phone: "555" })).toEqual({
      ok: false,
      errors: [{ field: "customerInfo.phone", message: MSG.phoneIncomplete }],
    });
  });
});

describe("reading a document for display", () => {
  it("is null while the document is empty", async () => {
    expect(readQuoteData({})).toBeNull();
  });

  it("keeps the readable fields and drops a bad line item or value", async () => {
    const good = makeQuote() as unknown as Record<string, unknown>;
    const data = readQuoteData({
      ...good,
      vehicle: { description: "2020 Ford F-150", mileage: "lots", color: 7 },
      downPayment: 50,
      dealerFeeItems: [{ id: "f1", name: "Doc fee", amount: 199 }, "junk", { name: "no id" }],
      selectedCreditTier: "platinum",
    });
    expect(data?.vehicle).toMatchObject({ description: "2020 Ford F-150", mileage: 0, color: "" });
    expect(data?.downPayment).toBe(0);
    expect(data?.dealerFeeItems.map((f) => f.id)).toEqual(["f1"]);
    expect(data?.selectedCreditTier).toBe("good");
    expect(data?.interestRates.good["60"]).toBe(8.5);
  });
});
