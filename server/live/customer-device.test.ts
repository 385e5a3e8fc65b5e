import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import { dealArray, dealDocName, readDoc, writeField } from "@shared/live/quote-doc";
import { and, eq } from "drizzle-orm";
import * as encoding from "lib0/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { liveClientIds, yjsUpdates } from "../db/schema";
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
  upgradeStatus,
} from "../test-support/live-test-kit";

// Issue #36: ids announced in presence are their announcer's for the document's life, and the
// customer's own phone always gets a shopper slot.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness({ env: { LIVE_MAX_SHOPPERS_PER_QUOTE: "3" } });
});
afterAll(async () => {
  await h.stop();
});

const logRows = (id: string) => h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all().length;

async function serverDeal(id: string) {
  const res = await h.api("GET", `/api/quotes/${id}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

function varUint(n: number): number[] {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, n);
  return [...encoding.toUint8Array(encoder)];
}

/** A sync update of one GC struct of `length` clocks under `client` (13 bytes of update). */
function gcStruct(client: number, length: number): Uint8Array {
  const update = [
    ...varUint(1), // one client
    ...varUint(1), // one struct
    ...varUint(client),
    ...varUint(0), // from clock 0
    0, // info: GC
    ...varUint(length),
    ...varUint(0), // empty delete set
  ];
  return new Uint8Array([0, 2, ...varUint(update.length), ...update]);
}

describe("an id announced in presence is its announcer's (issue #36)", () => {
  async function dealerAnnouncedThenLeft() {
    const { token, user } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealerDoc = new Y.Doc();
    const dealer = connectClient(h, id, { token, doc: dealerDoc });
    await synced(dealer);
    dealer.provider.awareness.setLocalStateField("visible", true);
    // Stored with the id claims, although nothing was written under it.
    await eventually(() =>
      expect(
        h.db
          .select()
          .from(liveClientIds)
          .where(
            and(eq(liveClientIds.docName, dealDocName(id)), eq(liveClientIds.clientId, dealerDoc.clientID)),
          )
          .all()
          .map((row) => row.principal),
      ).toEqual([`staff:${user.id}`]),
    );
    // The dealer's page goes away (a dropped connection); its edits made offline wait in its copy.
    dealer.provider.disconnect();
    await eventually(() => expect(dealer.provider.wsconnected).toBe(false));
    const pricing = readDoc(dealer.deal).pricing as { advertisedPrice: number; discount: number };
    writeField(dealer.deal, "pricing", { ...pricing, discount: 1250 });
    return { id, token, dealer, dealerDoc };
  }

  it("500 value-neutral pairs under the dealer's announced id from a shopper are refused; the dealer's offline edit lands later", async () => {
    const { id, dealer, dealerDoc } = await dealerAnnouncedThenLeft();
    const rows = logRows(id);
    const before = await serverDeal(id);
    const shopper = await rawSocket(h, dealDocName(id));
    const current = readDoc(dealArray(shopper.doc));
    shopper.ws.send(
      craftUpdate(
        shopper.doc,
        (copy) => {
          // Re-written pairs of the shopper's own keys with their current values: 500 clocks taken.
          for (let i = 0; i < 250; i++) {
            writeField(dealArray(copy), "downPayment", i % 2 === 0 ? -1 : (current.downPayment as number));
          }
        },
        2,
        dealerDoc.clientID,
      ),
    );
    expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect(logRows(id)).toBe(rows);
    expect(await serverDeal(id)).toEqual(before);

    dealer.provider.connect();
    await eventually(async () =>
      expect(((await serverDeal(id)).pricing as { discount: number }).discount).toBe(1250),
    );
    destroyClient(dealer);
  });

  it("one 13-byte GC struct of 2^20 clocks under the dealer's announced id is refused; the dealer's offline edit lands later", async () => {
    const { id, dealer, dealerDoc } = await dealerAnnouncedThenLeft();
    const rows = logRows(id);
    const shopper = await rawSocket(h, dealDocName(id));
    shopper.ws.send(gcStruct(dealerDoc.clientID, 2 ** 20));
    expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect(logRows(id)).toBe(rows);
    dealer.provider.connect();
    await eventually(async () => {
      const deal = await serverDeal(id);
      expect((deal.pricing as { discount: number }).discount).toBe(1250);
    });
    expect(readDoc(dealer.deal).pricing).toMatchObject({ discount: 1250 });
    destroyClient(dealer);
  });

  it("a shopper may not announce presence under the dealer's announced id either", async () => {
    const { id, dealer, dealerDoc } = await dealerAnnouncedThenLeft();
    const shopperDoc = new Y.Doc();
    shopperDoc.clientID = dealerDoc.clientID;
    const shopper = connectClient(h, id, { doc: shopperDoc, device: `squatter-${id}` });
    await synced(shopper);
    shopper.provider.awareness.setLocalStateField("activity", "viewing");
    const watcher = await rawSocket(h, dealDocName(id));
    // The watcher hears nobody at that id.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shopper.provider.awareness.getStates().size).toBeGreaterThan(0);
    const relayed = watcher.messages.filter((m) => m[0] === 1);
    for (const message of relayed) expect(Buffer.from(message).includes(Buffer.from("viewing"))).toBe(false);
    watcher.ws.close();
    destroyClient(shopper);
    destroyClient(dealer);
  });
});

describe("the customer's own device always gets in (issues #36, #47)", () => {
  it("with the shopper slots full of sockets that never wrote, the device that wrote takes the newest one's slot (4409); a device that never wrote is refused", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const device = `customer-phone-${id}`;
    const phone = connectClient(h, id, { device });
    await synced(phone);
    writeField(phone.deal, "downPayment", -800);
    await eventually(async () => expect((await serverDeal(id)).downPayment).toBe(-800));
    phone.provider.disconnect();
    await eventually(() => expect(phone.provider.wsconnected).toBe(false));

    // A link holder fills the three slots; nobody else gets in.
    const squatters = [];
    for (let i = 0; i < 3; i++)
      squatters.push(await rawSocket(h, dealDocName(id), { device: `squat-${i}-${id}` }));
    expect(await upgradeStatus(h, dealDocName(id))).toBe(429);

    writeField(phone.deal, "downPayment", -900);
    phone.provider.connect();
    // Issue #47: of sockets whose devices never wrote, the most recent newcomer goes.
    const closed = await squatters[2]?.closed;
    expect(closed).toEqual({ code: LIVE_CLOSE_CODES.replaced, reason: LIVE_CLOSE_REASONS.replaced });
    expect(LIVE_CLOSE_REASONS.replaced).toBe("Replaced by the customer's device");
    await synced(phone);
    await eventually(async () => expect((await serverDeal(id)).downPayment).toBe(-900));
    for (const squatter of squatters.slice(0, 2)) expect(squatter.ws.readyState).toBe(squatter.ws.OPEN);
    // The slots are full again (the phone holds one): still nobody else.
    expect(await upgradeStatus(h, dealDocName(id))).toBe(429);
    for (const squatter of squatters.slice(0, 2)) squatter.ws.close();
    destroyClient(phone);
  });
});
