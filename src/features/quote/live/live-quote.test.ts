// The browser hook's store against the real live server (port 0, temp SQLite), with real
// y-websocket providers over `ws` and y-indexeddb on fake-indexeddb.
import "fake-indexeddb/auto";
import { type HistoryPush, MESSAGE_HISTORY } from "@shared/history/history-push";
import { LIVE_HELD_PROTOCOL, liveServerUrl } from "@shared/live/live-protocol";
import { dealArray, dealDocName, economicsDocName, readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import { createTokenService } from "../../../../server/auth/tokens";
import { createSqliteStores } from "../../../../server/db/sqlite/stores";
import { createDealer } from "../../../../server/test-support/fixtures";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../../../../server/test-support/live-test-kit";
import type { QuoteUpdatedEvent } from "./field-adapter";
import { LiveQuote, type LiveQuoteOptions, localCopyName } from "./live-quote";

let h: LiveHarness;
let token: string;
const open: LiveQuote[] = [];

beforeAll(async () => {
  h = await startLiveHarness();
  token = (await h.dealer()).token;
});

afterAll(async () => {
  for (const live of open) live.destroy();
  await h.stop();
});

function openLive(quoteId: string, options: Partial<LiveQuoteOptions> = {}): LiveQuote {
  const live = new LiveQuote({
    quoteId,
    role: "shopper",
    serverUrl: liveServerUrl(h.server.url),
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    ...options,
  });
  open.push(live);
  return live;
}

describe("LiveQuote against the live server", () => {
  it("shows the server's deal, sends each side's edit to the other, and emits quote_updated for both", async () => {
    const quoteId = await createQuoteVia(h, token);
    const dealer = openLive(quoteId, { role: "dealer", token });
    const shopper = openLive(quoteId);
    await eventually(() => expect(shopper.getSnapshot().status).toBe("connected"));
    await eventually(() => expect(shopper.getSnapshot().data?.pricing.discount).toBe(500));
    await eventually(() => expect(dealer.getSnapshot().customerInfo).toBeNull());

    const shopperEvents: QuoteUpdatedEvent[] = [];
    shopper.onQuoteUpdated((event) => shopperEvents.push(event));
    expect(await dealer.update("pricing", { advertisedPrice: 25_000, discount: 1_250 })).toEqual({
      ok: true,
      changed: true,
    });
    await eventually(() => expect(shopper.getSnapshot().data?.pricing.discount).toBe(1_250));
    expect(shopperEvents).toContainEqual({
      field: "pricing",
      value: { advertisedPrice: 25_000, discount: 1_250 },
      local: false,
    });

    expect(await shopper.update("downPayment", -4_000)).toEqual({ ok: true, changed: true });
    await eventually(() => expect(dealer.getSnapshot().data?.downPayment).toBe(-4_000));

    expect(await dealer.update("customerInfo", { name: "Ana Ruiz", email: "ana@example.com" })).toMatchObject(
      {
        ok: true,
      },
    );
    await eventually(() => expect(dealer.getSnapshot().customerInfo?.name).toBe("Ana Ruiz"));
    expect(shopper.getSnapshot().customerInfo).toBeNull();
  });

  it("opens the economics document for a dealer who sees gross, and lets it go alone when the right is lost (issue #38)", async () => {
    const owner = await h.dealer();
    const settings = { pack: 500, participation: 0, buyRates: {}, buyMoneyFactors: {} };
    const turn = async (salespeopleSeeGross: boolean) =>
      expect(
        (
          await h.api(
            "PUT",
            "/api/dealer-defaults/economics",
            { ...settings, salespeopleSeeGross },
            owner.token,
          )
        ).status,
      ).toBe(200);
    await turn(true);
    const sam = await createDealer(
      { db: h.db, tokens: createTokenService(createSqliteStores(h.db).users, h.server.config.jwtSecret) },
      { dealershipId: owner.user.dealershipId, role: "salesperson" },
    );
    const quoteId = await createQuoteVia(h, sam.token);
    const seller = openLive(quoteId, { role: "dealer", token: sam.token, economics: true, persist: false });
    await eventually(() => expect(seller.getSnapshot().economicsRaw?.economics).toMatchObject({ pack: 500 }));
    expect(
      await seller.update("economics", { ...settings, vehicleCost: 20_000, addOnCosts: [] }),
    ).toMatchObject({
      ok: true,
    });
    // The edit went to the economics document, not the private one.
    const stored = connectClient(h, quoteId, { token: owner.token, economics: true });
    await synced(stored);
    await eventually(() => expect(readDoc(stored.deal).economics).toMatchObject({ vehicleCost: 20_000 }));
    destroyClient(stored);

    await turn(false);
    await eventually(() => expect(seller.getSnapshot().economicsClosed).toBe(true));
    const after = seller.getSnapshot();
    expect(after.economicsRaw).toBeNull();
    // The deal stays open: the page goes on, without the Desk's figures.
    expect(after.ended).toBeNull();
    expect(after.status).toBe("connected");
    expect(await seller.update("economics", { ...settings, addOnCosts: [] })).toMatchObject({ ok: false });
    expect(await seller.update("downPayment", -3_000)).toEqual({ ok: true, changed: true });

    // The next page without the right opens no economics document and leaves no copy of one.
    const copyName = localCopyName("dealer", economicsDocName(quoteId));
    const kept = new IndexeddbPersistence(copyName, new Y.Doc());
    await kept.whenSynced;
    await kept.destroy();
    expect((await indexedDB.databases()).map((db) => db.name)).toContain(copyName);
    const later = openLive(quoteId, { role: "dealer", token: sam.token });
    await eventually(() => expect(later.getSnapshot().status).toBe("connected"));
    expect(later.getSnapshot().economicsRaw).toBeNull();
    await eventually(async () =>
      expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(copyName),
    );
  });

  it("drops a local copy the server refuses, and resyncs from the server's document", async () => {
    const quoteId = await createQuoteVia(h, token);
    // A shopper's local copy holding a dealer-only change (a tampered or stale replica).
    const probe = connectClient(h, quoteId);
    await synced(probe);
    const tampered = new Y.Doc();
    Y.applyUpdate(tampered, Y.encodeStateAsUpdate(probe.doc));
    destroyClient(probe);
    writeField(dealArray(tampered), "pricing", { advertisedPrice: 1, discount: 0 });
    const name = localCopyName("shopper", dealDocName(quoteId));
    const seed = new IndexeddbPersistence(name, tampered);
    await seed.whenSynced;
    await seed.destroy();

    const shopper = openLive(quoteId);
    const dealer = openLive(quoteId, { role: "dealer", token });
    // Refused (4403), dropped, resynced: the shopper ends up with the server's deal...
    await eventually(() => {
      expect(
        h.logs.some((line) => line.includes("refused an update from a SHOPPER") && line.includes(quoteId)),
      ).toBe(true);
      expect(shopper.getSnapshot().status).toBe("connected");
      expect(shopper.getSnapshot().data?.pricing).toEqual({ advertisedPrice: 25_000, discount: 500 });
    }, 10_000);

    // ...the dealer never saw the change, and the shopper's edits flow again.
    expect(await shopper.update("selectedCreditTier", "fair")).toMatchObject({ ok: true });
    await eventually(() => expect(dealer.getSnapshot().data?.selectedCreditTier).toBe("fair"));
    expect(dealer.getSnapshot().data?.pricing.advertisedPrice).toBe(25_000);

    // The local copy on the device no longer holds the refused change.
    const reread = new Y.Doc();
    const check = new IndexeddbPersistence(name, reread);
    await check.whenSynced;
    await eventually(() => expect(readDoc(dealArray(reread)).selectedCreditTier).toBe("fair"));
    expect((readDoc(dealArray(reread)).pricing as { advertisedPrice: number }).advertisedPrice).toBe(25_000);
    await check.destroy();
  });

  it("says on its later sockets that it holds the document, and still gets what changed while it was away (decision 034)", async () => {
    const quoteId = await createQuoteVia(h, token);
    const sockets: { protocols: string[]; ws: WebSocket; answered: boolean }[] = [];
    class Recorded extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols);
        const socket = { protocols: [protocols ?? []].flat(), ws: this, answered: false };
        sockets.push(socket);
        // The server's SyncStep2 (the page's copy is synced once it has read it).
        this.on("message", (data: ArrayBuffer | Buffer) => {
          const bytes = new Uint8Array(data);
          if (bytes[0] === 0 && bytes[1] === 1) socket.answered = true;
        });
      }
    }
    const shopper = openLive(quoteId, {
      persist: false,
      WebSocketPolyfill: Recorded as unknown as typeof globalThis.WebSocket,
    });
    await eventually(() => expect(shopper.getSnapshot().data?.pricing.discount).toBe(500));
    await eventually(() => expect(sockets[0]?.answered).toBe(true));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.protocols).not.toContain(LIVE_HELD_PROTOCOL);
    // The connection drops; the dealer changes the discount meanwhile.
    sockets[0]?.ws.terminate();
    await eventually(() => expect(shopper.getSnapshot().status).not.toBe("connected"));
    const dealer = connectClient(h, quoteId, { token });
    await synced(dealer);
    writeField(dealer.deal, "pricing", { advertisedPrice: 25_000, discount: 1_100 });
    // The page's next socket says it holds the document, and gets the change in the server's answer.
    await eventually(() => expect(shopper.getSnapshot().data?.pricing.discount).toBe(1_100), 10_000);
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    expect(sockets.at(-1)?.protocols).toContain(LIVE_HELD_PROTOCOL);
    destroyClient(dealer);
  });

  it("asks for history pushes while someone listens, again after a reconnect, and stops asking when nobody does", async () => {
    const quoteId = await createQuoteVia(h, token);
    const dealer = openLive(quoteId, { role: "dealer", token });
    await eventually(() => expect(dealer.getSnapshot().status).toBe("connected"));
    const provider = (dealer as unknown as { deal: { provider: { ws: WebSocket | null } } }).deal.provider;
    const pushes: HistoryPush[] = [];
    const stop = dealer.onHistory((push) => pushes.push(push));
    await dealer.update("pricing", { advertisedPrice: 25_000, discount: 900 });
    // The discount's event arrives pushed (with whatever else the server recorded in that time).
    await eventually(() =>
      expect(pushes.flatMap((push) => push.events)).toContainEqual(
        expect.objectContaining({ field: "pricing.discount", newValue: "-$900.00" }),
      ),
    );
    const before = pushes.length;

    // A new socket starts without pushes: the page asks again once it is connected.
    const first = provider.ws;
    first?.close();
    await eventually(() => {
      expect(provider.ws).not.toBe(first);
      expect(provider.ws?.readyState).toBe(WebSocket.OPEN);
    }, 10_000);
    await eventually(
      async () => {
        expect(await dealer.update("downPayment", -1_000 - pushes.length)).toMatchObject({ ok: true });
        expect(pushes.length).toBeGreaterThan(before);
      },
      10_000,
      300,
    );

    // The last listener gone: the page tells the server to stop.
    const sent: number[][] = [];
    const socket = provider.ws as WebSocket;
    const send = socket.send.bind(socket);
    socket.send = ((data: Uint8Array) => {
      sent.push([...data]);
      send(data);
    }) as typeof socket.send;
    stop();
    expect(sent).toContainEqual([MESSAGE_HISTORY, 0]);
  });

  it("refuses a shopper's dealer-only update before it leaves the browser", async () => {
    const quoteId = await createQuoteVia(h, token);
    const shopper = openLive(quoteId);
    await eventually(() => expect(shopper.getSnapshot().data).not.toBeNull());
    const result = await shopper.update("pricing", { advertisedPrice: 1, discount: 0 });
    expect(result.ok).toBe(false);
    expect(shopper.getSnapshot().data?.pricing.advertisedPrice).toBe(25_000);
  });

  it("ends when the quote is deleted and leaves no copy of it on the device", async () => {
    const quoteId = await createQuoteVia(h, token);
    const shopper = openLive(quoteId);
    await eventually(() => expect(shopper.getSnapshot().status).toBe("connected"));
    await shopper.update("downPayment", -1_000);
    const name = localCopyName("shopper", dealDocName(quoteId));
    const localCopies = async () => (await indexedDB.databases()).map((db) => db.name);
    await eventually(async () => expect(await localCopies()).toContain(name));
    const res = await h.api("DELETE", `/api/quotes/${quoteId}`, undefined, token);
    expect(res.status).toBe(204);
    await eventually(() => expect(shopper.getSnapshot().ended).toBe("quoteDeleted"));
    await eventually(async () => expect(await localCopies()).not.toContain(name));
  });
});
