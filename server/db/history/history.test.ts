import { historySentence } from "@shared/history/history-sentence";
import type { HistoryEvent } from "@shared/history/history-text";
import { dealArray, readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../../test-support/live-test-kit";

// The deal's history through the real server: real y-websocket providers edit, the server
// records, GET /api/quotes/{id}/history answers newest first.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

async function history(id: string, token?: string): Promise<HistoryEvent[]> {
  const res = await h.api("GET", `/api/quotes/${id}/history`, undefined, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: HistoryEvent[] }).events;
}

/** Waits until the stored history has `count` events (each step lands before the next starts). */
const historyOf = (id: string, token: string, count: number) =>
  eventually(async () => {
    const events = await history(id, token);
    expect(events).toHaveLength(count);
    return events;
  });

async function dealWithClients() {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealer = connectClient(h, id, { token });
  const shopper = connectClient(h, id);
  await Promise.all([synced(dealer), synced(shopper)]);
  return { id, token, dealer, shopper };
}

const pricing = (c: Client) => readDoc(c.deal).pricing as { advertisedPrice: number; discount: number };
// The test dealer is Dana, the dealership's owner: her own changes read "You".
const sentences = (events: HistoryEvent[]) => events.map((event) => historySentence(event, "Dana (owner)"));

describe("the deal's history", () => {
  it("records a scripted sequence of dealer and shopper edits, in order, with roles and display values", async () => {
    const { id, token, dealer, shopper } = await dealWithClients();
    const before = Date.now();
    const initialDown = readDoc(dealer.deal).downPayment as number;
    expect(initialDown).toBeLessThan(0);
    expect(await history(id, token)).toEqual([]); // the server's initial content is no history

    writeField(dealer.deal, "pricing", { ...pricing(dealer), discount: 750 });
    await historyOf(id, token, 1);
    writeField(shopper.deal, "downPayment", -3000);
    await historyOf(id, token, 2);
    writeField(shopper.deal, "selectedCreditTier", "excellent");
    await historyOf(id, token, 3);
    await eventually(() => expect(readDoc(dealer.deal).downPayment).toBe(-3000));
    writeField(dealer.deal, "downPayment", -3500);
    await historyOf(id, token, 4);
    await eventually(() => expect(readDoc(shopper.deal).downPayment).toBe(-3500));
    writeField(shopper.deal, "downPayment", -4000);
    await historyOf(id, token, 5);
    writeField(dealer.deal, "vehicle", { ...(readDoc(dealer.deal).vehicle as object), color: "Red" });
    const events = await historyOf(id, token, 6);

    const initialText = `$${Math.abs(initialDown).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(
      events.map(({ role, field, oldValue, newValue }) => ({ role, field, oldValue, newValue })),
    ).toEqual([
      { role: "DEALER", field: "vehicle.color", oldValue: "Blue", newValue: "Red" },
      { role: "SHOPPER", field: "downPayment", oldValue: "$3,500.00", newValue: "$4,000.00" },
      { role: "DEALER", field: "downPayment", oldValue: "$3,000.00", newValue: "$3,500.00" },
      { role: "SHOPPER", field: "selectedCreditTier", oldValue: "Good", newValue: "Excellent" },
      { role: "SHOPPER", field: "downPayment", oldValue: initialText, newValue: "$3,000.00" },
      { role: "DEALER", field: "pricing.discount", oldValue: "-$500.00", newValue: "-$750.00" },
    ]);
    expect(sentences(events)).toEqual([
      "You changed Color from Blue to Red",
      "Shopper changed Downpayment from $3,500.00 to $4,000.00",
      "You changed Downpayment from $3,000.00 to $3,500.00",
      "Shopper changed Credit tier from Good to Excellent",
      `Shopper changed Downpayment from ${initialText} to $3,000.00`,
      "You changed Discount from -$500.00 to -$750.00",
    ]);
    const times = events.map((e) => e.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((at) => at >= before && at <= Date.now())).toBe(true);
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("makes a burst of writes to one field one event, and a burst back to the start none", async () => {
    const { id, token, dealer, shopper } = await dealWithClients();
    // Typing 1, 10, 100, 1000 in the discount: four updates, one event.
    for (const discount of [1, 10, 100, 1000])
      writeField(dealer.deal, "pricing", { ...pricing(dealer), discount });
    await eventually(async () => {
      const [latest] = await history(id, token);
      expect(latest?.newValue).toBe("-$1,000.00");
    });
    const events = await history(id, token);
    expect(sentences(events)).toEqual(["You changed Discount from -$500.00 to -$1,000.00"]);

    // The shopper's typing goes the same way, and back to where it started leaves no event.
    const start = readDoc(shopper.deal).downPayment as number;
    for (const down of [-3, -30, -300, -3000]) writeField(shopper.deal, "downPayment", down);
    await eventually(async () => {
      const [latest] = await history(id, token);
      expect(latest?.newValue).toBe("$3,000.00");
    });
    expect(await history(id, token)).toHaveLength(2);
    writeField(shopper.deal, "downPayment", start);
    await eventually(async () => expect(await history(id, token)).toHaveLength(1));
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("shows a shopper's offline edit with the time it reached the server", async () => {
    const { id, token, dealer, shopper } = await dealWithClients();
    shopper.provider.disconnect();
    writeField(shopper.deal, "amountOwedOnTradeIn", 1200);
    await new Promise((r) => setTimeout(r, 300));
    const reconnectedAt = Date.now();
    shopper.provider.connect();
    const [event] = await historyOf(id, token, 1);
    expect(event?.role).toBe("SHOPPER");
    expect(event && historySentence(event)).toBe("Shopper set Amount owed on trade-in to $1,200.00");
    expect(event?.at).toBeGreaterThanOrEqual(reconnectedAt);
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("keeps the trade-in in plain words", async () => {
    const { id, token, dealer, shopper } = await dealWithClients();
    writeField(shopper.deal, "tradeIn", {
      hasTradeIn: true,
      vehicle: { description: "2015 Ford Focus", vin: "", mileage: 80000, condition: "Good" },
    });
    await historyOf(id, token, 3);
    await eventually(() =>
      expect((readDoc(dealer.deal).tradeIn as { hasTradeIn: boolean }).hasTradeIn).toBe(true),
    );
    const tradeIn = readDoc(dealer.deal).tradeIn as { hasTradeIn: boolean; vehicle: Record<string, unknown> };
    writeField(dealArray(dealer.doc), "tradeIn", {
      ...tradeIn,
      vehicle: { ...tradeIn.vehicle, value: 6000 },
    });
    expect(sentences(await historyOf(id, token, 4))).toEqual([
      "You set Trade-in value to -$6,000.00",
      "Shopper added a trade-in",
      "Shopper set Trade-in vehicle to 2015 Ford Focus",
      "Shopper set Trade-in mileage to 80,000 miles",
    ]);
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("stores an update together with its history or not at all", async () => {
    const { id, token, dealer, shopper } = await dealWithClients();
    const sql = h.db.$client;
    const storedUpdates = () =>
      (sql.prepare("SELECT COUNT(*) AS n FROM yjs_updates WHERE quote_id = ?").get(id) as { n: number }).n;
    // A history row that cannot be written (a real SQLite trigger, not a mock) must take the update with it.
    sql.exec(
      `CREATE TRIGGER refuse_history BEFORE INSERT ON quote_events WHEN NEW.quote_id = '${id}'
       BEGIN SELECT RAISE(ABORT, 'history refused'); END`,
    );
    const before = storedUpdates();
    writeField(dealer.deal, "pricing", { ...pricing(dealer), discount: 900 });
    await eventually(() =>
      expect(h.logs.some((line) => line.includes(`storing an update of quote/${id} failed`))).toBe(true),
    );
    expect(storedUpdates()).toBe(before);
    expect(pricing(shopper).discount).toBe(500);
    expect(await history(id, token)).toEqual([]);
    // Once history can be written again, the dealer's client sends the change again on reconnect.
    sql.exec("DROP TRIGGER refuse_history");
    await eventually(() => expect(pricing(shopper).discount).toBe(900), 10_000);
    expect(sentences(await history(id, token))).toEqual(["You changed Discount from -$500.00 to -$900.00"]);
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("answers only the quote's dealer: 404 for another dealer and without a token", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const id = await createQuoteVia(h, token);
    for (const asker of [other.token, undefined, "not.a.token"]) {
      const res = await h.api("GET", `/api/quotes/${id}/history`, undefined, asker);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Quote not found" });
    }
    expect((await h.api("GET", "/api/quotes/not-a-quote-id-at-all/history", undefined, token)).status).toBe(
      404,
    );
    expect((await h.api("GET", `/api/quotes/${id}/history`, undefined, token)).status).toBe(200);
  });
});
