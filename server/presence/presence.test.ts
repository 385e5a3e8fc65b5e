import { dealDocName, writeField } from "@shared/live/quote-doc";
import { countsAsPresent } from "@shared/rules/presence-rule";
import type { LiveStatusResponse } from "@shared/text/presence-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeAwarenessMessage, encodeAwarenessUpdate } from "../live/stages/protocol";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  type RawSocket,
  rawSocket,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";

// Presence over Yjs awareness through the real server: real y-websocket providers and raw
// sockets that lie about who they are.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type State = { role?: string; activity?: string; visible?: boolean; name?: string } | undefined;
const stateOf = (observer: Client, clientId: number): State =>
  observer.provider.awareness.getStates().get(clientId) as State;

/**
 * y-protocols never relays a state at clock 0 (a provider's initial empty state), so a page
 * announces itself with a first field, as the quote page does on opening.
 */
function present(client: Client) {
  client.provider.awareness.setLocalStateField("activity", null);
}

function announce(raw: RawSocket, clientId: number, clock: number, state: unknown) {
  raw.ws.send(encodeAwarenessMessage(encodeAwarenessUpdate([{ clientId, clock, state }])));
}

async function dealAndDealer() {
  const { token, user } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealer = connectClient(h, id, { token });
  await synced(dealer);
  present(dealer);
  return { id, token, user, dealer };
}

async function liveStatus(token?: string) {
  const res = await h.api("GET", "/api/quotes/live-status", undefined, token);
  return { status: res.status, body: (await res.json()) as LiveStatusResponse };
}

describe("presence", () => {
  it("shows each client with the role the server gave its connection, whatever it claims", async () => {
    const { id, dealer } = await dealAndDealer();
    const shopper = connectClient(h, id);
    await synced(shopper);
    present(shopper);
    shopper.provider.awareness.setLocalStateField("activity", "downPayment");
    await eventually(() =>
      expect(stateOf(dealer, shopper.doc.clientID)).toEqual({ role: "SHOPPER", activity: "downPayment" }),
    );
    await eventually(() => expect(stateOf(shopper, dealer.doc.clientID)?.role).toBe("DEALER"));

    const raw = await rawSocket(h, dealDocName(id));
    announce(raw, 424242, 1, { role: "DEALER", activity: "tradeIn" });
    await eventually(() => expect(stateOf(dealer, 424242)).toEqual({ role: "SHOPPER", activity: "tradeIn" }));
    raw.ws.close();
    destroyClient(shopper);
    destroyClient(dealer);
  });

  it("refuses a state for a client id another connection owns", async () => {
    const { id, dealer } = await dealAndDealer();
    const observer = connectClient(h, id);
    await synced(observer);
    present(observer);
    const dealerId = dealer.doc.clientID;
    await eventually(() => expect(stateOf(observer, dealerId)?.role).toBe("DEALER"));
    const raw = await rawSocket(h, dealDocName(id));
    // Overwrite the dealer's state, then remove it: both refused.
    announce(raw, dealerId, 1_000, { activity: "tradeIn" });
    announce(raw, dealerId, 1_001, null);
    // Messages are handled in order: once the marker arrives, the forgeries were dealt with.
    announce(raw, 777, 1, { activity: "marker-1", name: "Dana Whitfield", role: "DEALER" });
    // A shopper's state keeps only what a shopper's page says: no name, and the role the server gave.
    await eventually(() => expect(stateOf(observer, 777)).toEqual({ activity: "marker-1", role: "SHOPPER" }));
    // The dealer shows by the name and role the server knows (issue #20), untouched by the forgeries.
    expect(stateOf(observer, dealerId)).toEqual({ activity: null, role: "DEALER", name: "Dana (owner)" });
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.ws.close();
    destroyClient(observer);
    destroyClient(dealer);
  });

  it("lets a reconnecting shopper take its client id over from its old socket, and caps ids per socket", async () => {
    const { id, dealer } = await dealAndDealer();
    const old = await rawSocket(h, dealDocName(id));
    announce(old, 999, 1, { activity: "tradeIn" });
    await eventually(() => expect(stateOf(dealer, 999)?.activity).toBe("tradeIn"));
    // The same browser on a new socket while the server still holds the old one.
    const fresh = await rawSocket(h, dealDocName(id));
    announce(fresh, 999, 2, { activity: "downPayment" });
    await eventually(() => expect(stateOf(dealer, 999)?.activity).toBe("downPayment"));
    old.ws.close();
    await old.closed;
    announce(fresh, 1000, 1, { activity: "marker-2" });
    await eventually(() => expect(stateOf(dealer, 1000)?.activity).toBe("marker-2"));
    expect(stateOf(dealer, 999)?.activity).toBe("downPayment"); // the old socket's close did not take it
    // At most 4 ids per socket: the fifth and sixth are dropped.
    for (const extra of [1001, 1002, 1003, 1004]) announce(fresh, extra, 1, { activity: `marker-${extra}` });
    announce(fresh, 999, 3, { activity: "marker-3" });
    await eventually(() => expect(stateOf(dealer, 999)?.activity).toBe("marker-3"));
    expect([1001, 1002, 1003, 1004].map((extra) => stateOf(dealer, extra)?.activity)).toEqual([
      "marker-1001",
      "marker-1002",
      undefined,
      undefined,
    ]);
    fresh.ws.close();
    destroyClient(dealer);
  });

  it("removes a shopper's presence as soon as the socket closes, long before the 30 s awareness timeout", async () => {
    const { id, dealer } = await dealAndDealer();
    const shopper = connectClient(h, id);
    await synced(shopper);
    present(shopper);
    const shopperId = shopper.doc.clientID;
    await eventually(() => expect(stateOf(dealer, shopperId)?.role).toBe("SHOPPER"));
    const closedAt = Date.now();
    destroyClient(shopper);
    await eventually(() => expect(stateOf(dealer, shopperId)).toBeUndefined(), 2000);
    expect(Date.now() - closedAt).toBeLessThan(1000);
    destroyClient(dealer);
  });

  it("drops a silent peer (lost network) and its presence within 5 s", async () => {
    const { id, dealer } = await dealAndDealer();
    const raw = await rawSocket(h, dealDocName(id));
    // As our pages announce themselves: visible, renewed every 1.5 s while open.
    announce(raw, 31337, 1, { visible: true });
    await eventually(() => expect(stateOf(dealer, 31337)?.role).toBe("SHOPPER"));
    // No more reading or renewing, as with a phone that lost its network. The socket lingers
    // until the heartbeat (30 s) reaps it; the presence does not wait for that.
    const socket = (raw.ws as unknown as { _socket: { pause(): void } })._socket;
    socket.pause();
    const silentAt = Date.now();
    const awareness = dealer.provider.awareness;
    await eventually(
      () =>
        expect(
          countsAsPresent(stateOf(dealer, 31337), awareness.meta.get(31337)?.lastUpdated ?? 0, Date.now()),
        ).toBe(false),
      6000,
      50,
    );
    expect(Date.now() - silentAt).toBeLessThan(5000);
    raw.ws.terminate();
    destroyClient(dealer);
  });
});

describe("live status for the dashboard", () => {
  it("counts a shopper whose page is hidden or has stopped renewing as not looking", async () => {
    const { id, token, dealer } = await dealAndDealer();
    const raw = await rawSocket(h, dealDocName(id));
    announce(raw, 5150, 1, { visible: false });
    await eventually(() => expect(stateOf(dealer, 5150)).toEqual({ visible: false, role: "SHOPPER" }));
    expect((await liveStatus(token)).body.quotes).toEqual([]);
    announce(raw, 5150, 2, { visible: true });
    await eventually(async () => expect((await liveStatus(token)).body.quotes).toHaveLength(1));
    // No renewal: still connected (the socket answers pings), no longer looking after 3.5 s.
    const renewedAt = Date.now();
    await eventually(async () => expect((await liveStatus(token)).body.quotes).toEqual([]), 6000, 200);
    expect(Date.now() - renewedAt).toBeGreaterThanOrEqual(3000);
    raw.ws.close();
    destroyClient(dealer);
  });

  it("lists the dealer's quotes a shopper has open, once per visit, and nobody else's", async () => {
    const { id, token, dealer } = await dealAndDealer();
    const other = await h.dealer();
    expect((await liveStatus(token)).body.quotes).toEqual([]);
    expect((await liveStatus()).status).toBe(401);

    const shopper = connectClient(h, id);
    await synced(shopper);
    // Connected is not yet looking: the page announces itself first.
    expect((await liveStatus(token)).body.quotes).toEqual([]);
    present(shopper);
    const first = await eventually(async () => {
      const body = (await liveStatus(token)).body;
      expect(body.quotes).toHaveLength(1);
      return body;
    });
    expect(first.quotes).toEqual([{ id, visitStartedAt: expect.any(Number), label: "2021 Honda Civic EX" }]);
    expect((await liveStatus(other.token)).body.quotes).toEqual([]);

    // A reload (close and reopen within the minute) is the same visit.
    shopper.provider.disconnect();
    await eventually(async () => expect((await liveStatus(token)).body.quotes).toEqual([]));
    shopper.provider.connect();
    await synced(shopper);
    present(shopper);
    await eventually(async () =>
      expect((await liveStatus(token)).body.quotes.map((q) => q.visitStartedAt)).toEqual([
        first.quotes[0]?.visitStartedAt,
      ]),
    );
    // The customer's name, once the dealer wrote one, names the quote.
    const customer = connectClient(h, id, { token, private: true });
    await synced(customer);
    writeField(customer.deal, "customerInfo", { name: "Jane Doe" });
    await eventually(async () =>
      expect((await liveStatus(token)).body.quotes.map((q) => q.label)).toEqual(["Jane Doe"]),
    );
    destroyClient(customer);
    // The dealer's own connections are no shopper.
    destroyClient(shopper);
    await eventually(async () => expect((await liveStatus(token)).body.quotes).toEqual([]));
    destroyClient(dealer);
  });
});
