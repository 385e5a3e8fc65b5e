import {
  encodeHistoryWanted,
  type HistoryPush,
  MESSAGE_HISTORY,
  parseHistoryPush,
} from "@shared/history/history-push";
import type { HistoryEvent } from "@shared/history/history-text";
import { dealDocName, readDoc, writeField } from "@shared/live/quote-doc";
import * as decoding from "lib0/decoding";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  type RawSocket,
  rawSocket,
  startLiveHarness,
  synced,
} from "../../test-support/live-test-kit";

// History pushed over the live channel (issue #12): after the commit, the dealer's sockets of the
// deal that asked for it (their History panel is on screen) get the rows the change wrote;
// shoppers never do, even when they ask.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

function pushesOf(socket: RawSocket): HistoryPush[] {
  return socket.messages
    .filter((m) => m[0] === MESSAGE_HISTORY)
    .map((m) => {
      const decoder = decoding.createDecoder(m);
      decoding.readVarUint(decoder);
      return parseHistoryPush(decoding.readVarString(decoder)) as HistoryPush;
    });
}

async function storedHistory(id: string, token: string): Promise<HistoryEvent[]> {
  const res = await h.api("GET", `/api/quotes/${id}/history`, undefined, token);
  return ((await res.json()) as { events: HistoryEvent[] }).events;
}

it("pushes each recorded change to the dealer's sockets after the commit, and never to a shopper", async () => {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealerPage = await rawSocket(h, dealDocName(id), { token });
  const shopperPage = await rawSocket(h, dealDocName(id));
  dealerPage.ws.send(encodeHistoryWanted(true));
  shopperPage.ws.send(encodeHistoryWanted(true));
  const dealer = connectClient(h, id, { token });
  const shopper = connectClient(h, id);
  await Promise.all([synced(dealer), synced(shopper)]);

  writeField(dealer.deal, "pricing", { advertisedPrice: 25000, discount: 900 });
  const [first] = await eventually(() => {
    const pushes = pushesOf(dealerPage);
    expect(pushes).toHaveLength(1);
    return pushes;
  });
  const stored = await storedHistory(id, token);
  expect(first).toEqual({ events: stored, removed: [] });
  expect(first?.events).toMatchObject([
    { role: "DEALER", field: "pricing.discount", oldValue: "-$500.00", newValue: "-$900.00" },
  ]);

  // The same key again within 10 s extends that row; back to where it began removes it.
  writeField(dealer.deal, "pricing", { advertisedPrice: 25000, discount: 950 });
  await eventually(() => expect(pushesOf(dealerPage)).toHaveLength(2));
  expect(pushesOf(dealerPage)[1]).toMatchObject({
    events: [{ id: stored[0]?.id, oldValue: "-$500.00", newValue: "-$950.00" }],
    removed: [],
  });
  writeField(dealer.deal, "pricing", { advertisedPrice: 25000, discount: 500 });
  await eventually(() => expect(pushesOf(dealerPage)).toHaveLength(3));
  expect(pushesOf(dealerPage)[2]).toEqual({ events: [], removed: [stored[0]?.id] });
  expect(await storedHistory(id, token)).toEqual([]);

  // A shopper's change is pushed to the dealer too, with the shopper's role.
  writeField(shopper.deal, "downPayment", -1500);
  await eventually(() => expect(pushesOf(dealerPage)).toHaveLength(4));
  expect(pushesOf(dealerPage)[3]?.events).toMatchObject([{ role: "SHOPPER", field: "downPayment" }]);
  await eventually(() => expect(readDoc(dealer.deal).downPayment).toBe(-1500));

  expect(shopperPage.messages.some((m) => m[0] === MESSAGE_HISTORY)).toBe(false);
  dealerPage.ws.close();
  shopperPage.ws.close();
  destroyClient(dealer);
  destroyClient(shopper);
});

it("pushes history only while the dealer's page asks for it (its panel on screen)", async () => {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealerPage = await rawSocket(h, dealDocName(id), { token });
  const dealer = connectClient(h, id, { token });
  await synced(dealer);
  const discount = (value: number) =>
    writeField(dealer.deal, "pricing", { advertisedPrice: 25000, discount: value });
  const storedCount = async () => (await storedHistory(id, token)).length;

  // Not asked: the change is recorded, nothing is pushed.
  writeField(dealer.deal, "downPayment", -1000);
  await eventually(async () => expect(await storedCount()).toBe(1));
  // Asked: the next change is pushed.
  dealerPage.ws.send(encodeHistoryWanted(true));
  discount(700);
  await eventually(() => expect(pushesOf(dealerPage)).toHaveLength(1));
  expect(pushesOf(dealerPage)[0]?.events).toMatchObject([
    { field: "pricing.discount", newValue: "-$700.00" },
  ]);
  // Off again (scrolled away): recorded, not pushed.
  dealerPage.ws.send(encodeHistoryWanted(false));
  const shown = JSON.stringify(await storedHistory(id, token));
  writeField(dealer.deal, "downPayment", -2000);
  await eventually(async () => expect(JSON.stringify(await storedHistory(id, token))).not.toBe(shown));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(pushesOf(dealerPage)).toHaveLength(1);

  // Anything but 0 or 1 is a malformed message: the socket is closed, the deal unchanged.
  dealerPage.ws.send(Uint8Array.of(MESSAGE_HISTORY, 2));
  expect((await dealerPage.closed).code).toBe(4400);
  expect(await storedCount()).toBe(2);
  destroyClient(dealer);
});
