// Issue #10, the live channel's identity and bounds: each Yjs client id belongs to whoever first
// wrote under it (staff member, shopper device), and every update, document, rate and presence
// state is bounded, with the close codes of shared/live/live-protocol.ts. A refusal stores nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealArray, dealDocName, type KvPair, readDoc, writeField } from "@shared/live/quote-doc";
import type { AddOn } from "@shared/schemas/quote-schema";
import { eq } from "drizzle-orm";
import * as encoding from "lib0/encoding";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { liveClientIds, yjsUpdates } from "../db/schema";
import {
  type Client,
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

type Deal = {
  downPayment: number;
  pricing: { advertisedPrice: number; discount: number };
  vehicle: { color: string };
  addOns: AddOn[];
};

const PHONE = "phone-device-0123456789";
const OTHER_PHONE = "other-device-9876543210";

const pairs = (push: KvPair[]) => (copy: Y.Doc) => dealArray(copy).push(push);

async function serverDeal(h: LiveHarness, id: string): Promise<Deal> {
  const res = await h.api("GET", `/api/quotes/${id}`);
  return ((await res.json()) as { data: Deal }).data;
}

const logRows = (h: LiveHarness, id: string) =>
  h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all().length;

describe("identity: Yjs client ids", () => {
  let h: LiveHarness;
  beforeAll(async () => {
    h = await startLiveHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it("refuses a shopper writing under the dealer's client id; the dealer's later edits still land", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "downPayment", -1000);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-1000));
    const rows = logRows(h, id);
    const shopper = await rawSocket(h, dealDocName(id));
    // Attack 4: a shopper-writable key, under the dealer's id, with the clock the dealer uses next.
    shopper.ws.send(
      craftUpdate(shopper.doc, pairs([{ key: "downPayment", val: -5 }]), 2, dealer.doc.clientID),
    );
    expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect(logRows(h, id)).toBe(rows);
    writeField(dealer.deal, "downPayment", -2000);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-2000));
    destroyClient(dealer);
  });

  it("refuses a shopper claiming the dealer's client id, seen in the presence states, before the dealer wrote", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    // The dealer has written nothing yet under its client id.
    const shopper = await rawSocket(h, dealDocName(id));
    dealer.provider.awareness.setLocalStateField("visible", true);
    // The shopper now sees the dealer's presence, and with it the dealer's client id.
    await eventually(() => expect(shopper.messages.some((m) => m[0] === 1)).toBe(true));
    shopper.ws.send(
      craftUpdate(shopper.doc, pairs([{ key: "downPayment", val: -5 }]), 2, dealer.doc.clientID),
    );
    expect((await shopper.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    writeField(dealer.deal, "downPayment", -3000);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-3000));
    expect(dealer.closed).toEqual([]);
    destroyClient(dealer);
  });

  it("refuses one shopper's device writing under another device's client id, and an unnamed client too", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const phone = connectClient(h, id, { device: PHONE });
    await synced(phone);
    writeField(phone.deal, "downPayment", -300);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-300));
    for (const device of [OTHER_PHONE, undefined]) {
      const other = await rawSocket(h, dealDocName(id), { device });
      other.ws.send(craftUpdate(other.doc, pairs([{ key: "downPayment", val: -1 }]), 2, phone.doc.clientID));
      expect((await other.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    }
    // A staff member may not write under the shopper's id either.
    const staff = await rawSocket(h, dealDocName(id), { token });
    staff.ws.send(craftUpdate(staff.doc, pairs([{ key: "downPayment", val: -2 }]), 2, phone.doc.clientID));
    expect((await staff.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect((await serverDeal(h, id)).downPayment).toBe(-300);
    writeField(phone.deal, "downPayment", -400);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-400));
    destroyClient(phone);
  });

  it("refuses an unnamed shopper writing under another open connection's client id", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const first = connectClient(h, id);
    await synced(first);
    writeField(first.deal, "downPayment", -800);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-800));
    const second = await rawSocket(h, dealDocName(id));
    second.ws.send(craftUpdate(second.doc, pairs([{ key: "downPayment", val: -1 }]), 2, first.doc.clientID));
    expect((await second.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    writeField(first.deal, "downPayment", -900);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-900));
    expect(first.closed).toEqual([]);
    destroyClient(first);
  });

  it("stores who owns each id: after a restart the owners still hold", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "downPayment", -700);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-700));
    const owners = h.db.select().from(liveClientIds).where(eq(liveClientIds.quoteId, id)).all();
    expect(owners).toContainEqual(
      expect.objectContaining({ docName: dealDocName(id), clientId: dealer.doc.clientID }),
    );
    expect(owners.find((row) => row.clientId === dealer.doc.clientID)?.principal).toMatch(/^staff:/);
    destroyClient(dealer);
  });
});

describe("a phone offline for a while, the dealer editing meanwhile, a restart between", () => {
  let dataDir: string;
  let h: LiveHarness;
  afterEach(async () => {
    await h?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps both sides' edits when the phone reconnects with its offline edit", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-offline-"));
    h = await startLiveHarness({ dataDir });
    const port = h.server.port;
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    // The stock y-websocket provider, as the phone's browser opens it (with its device id).
    const phone: Client = connectClient(h, id, { device: PHONE });
    let dealer = connectClient(h, id, { token });
    await Promise.all([synced(phone), synced(dealer)]);
    writeField(phone.deal, "downPayment", -1500);
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-1500));

    // The phone loses its connection and keeps editing; it never hears of what follows.
    phone.provider.shouldConnect = false;
    phone.provider.disconnect();
    writeField(phone.deal, "downPayment", -2500);
    writeField(dealer.deal, "pricing", { advertisedPrice: 25_000, discount: 900 });
    await eventually(async () => expect((await serverDeal(h, id)).pricing.discount).toBe(900));
    destroyClient(dealer);

    // The server restarts: the room, and who owns which id, come back from disk.
    await h.stop();
    h = await startLiveHarness({ dataDir, port });
    dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "vehicle", { ...(readDoc(dealer.deal).vehicle as object), color: "Red" });
    await eventually(async () => expect((await serverDeal(h, id)).vehicle.color).toBe("Red"));

    // The phone comes back with the edit it made offline, under its old client id.
    phone.provider.shouldConnect = true;
    phone.provider.connect();
    await eventually(async () => {
      const deal = await serverDeal(h, id);
      expect(deal.downPayment).toBe(-2500);
      expect(deal.pricing.discount).toBe(900);
      expect(deal.vehicle.color).toBe("Red");
    });
    await eventually(() => {
      expect(readDoc(phone.deal)).toEqual(readDoc(dealer.deal));
      expect((readDoc(phone.deal) as unknown as Deal).pricing.discount).toBe(900);
    });
    expect(phone.closed.map((c) => c.code)).not.toContain(LIVE_CLOSE_CODES.changeRefused);
    destroyClient(phone);
    destroyClient(dealer);
  });
});

describe("bounds", () => {
  let h: LiveHarness;
  beforeAll(async () => {
    h = await startLiveHarness({
      env: {
        LIVE_MAX_UPDATE_BYTES: "4096",
        LIVE_MAX_DOCUMENT_BYTES: "12288",
        LIVE_UPDATES_PER_SECOND: "5",
        LIVE_UPDATE_BURST: "8",
        LIVE_HISTORY_EVENTS_PER_MINUTE: "6",
        LIVE_MAX_AWARENESS_BYTES: "1024",
        LIVE_AWARENESS_PER_SECOND: "5",
      },
    });
  });
  afterAll(async () => {
    await h.stop();
  });

  async function quote() {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    return { token, id };
  }

  it("closes with 4413 on an update over LIVE_MAX_UPDATE_BYTES and stores nothing", async () => {
    const { token, id } = await quote();
    const before = await serverDeal(h, id);
    const raw = await rawSocket(h, dealDocName(id), { token });
    const rows = logRows(h, id);
    // Valid pairs, just too many bytes at once.
    const big = Array.from({ length: 60 }, (_, i) => ({
      key: "vehicle.color",
      val: `Shade ${i} ${"x".repeat(60)}`,
    }));
    raw.ws.send(craftUpdate(raw.doc, pairs(big)));
    const closed = await raw.closed;
    expect(closed).toEqual({ code: LIVE_CLOSE_CODES.updateTooLarge, reason: "Update too large" });
    expect(logRows(h, id)).toBe(rows);
    expect(await serverDeal(h, id)).toEqual(before);
  });

  it("closes with 4422 when the document would pass LIVE_MAX_DOCUMENT_BYTES; what was stored before stays", async () => {
    const { token, id } = await quote();
    let closedWith = 0;
    let last = "";
    // Each edit adds an item of ~400 bytes to one of the four lists in turn (add-ons, fees, title
    // and registration, taxes), replacing the list it saw (a stale one would not apply), so each
    // update stays under LIVE_MAX_UPDATE_BYTES while the document grows; a fresh socket every 4
    // edits keeps each one under its own rate and history budgets: only the document's size refuses.
    const lists = { addOns: [], dealerFeeItems: [], governmentFeeItems: [], taxItems: [] } as Record<
      string,
      unknown[]
    >;
    const fields = Object.keys(lists);
    let edit = 0;
    for (let round = 0; round < 40 && closedWith === 0; round++) {
      const raw = await rawSocket(h, dealDocName(id), { token });
      for (let i = 0; i < 4 && raw.ws.readyState === raw.ws.OPEN; i++) {
        last = `${round}.${i} ${"c".repeat(180)}`;
        const field = fields[edit++ % fields.length] as string;
        const base = { id: `i${round}-${i}`, name: last, description: "d".repeat(190) };
        const item =
          field === "addOns"
            ? { ...base, price: 10, isSelected: false }
            : field === "taxItems"
              ? { ...base, rate: 1 }
              : { ...base, amount: 10 };
        const next = [...(lists[field] ?? []), item];
        raw.ws.send(craftUpdate(raw.doc, (copy) => writeField(dealArray(copy), field, next)));
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (raw.ws.readyState === raw.ws.OPEN) lists[field] = next;
        // The socket's copy follows what it sent (the server does not echo it back).
        Y.applyUpdate(raw.doc, Y.encodeStateAsUpdate(storedDoc(h, dealDocName(id))));
      }
      if (raw.ws.readyState === raw.ws.OPEN) raw.ws.close();
      closedWith = (await raw.closed).code;
      if (closedWith === 1005 || closedWith === 1000) closedWith = 0;
    }
    expect(closedWith).toBe(LIVE_CLOSE_CODES.documentTooLarge);
    const stored = await serverDeal(h, id);
    expect(JSON.stringify(stored)).not.toContain(last);
    // The quote still opens, in the state stored before the refusal.
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    expect(readDoc(dealer.deal).addOns).toEqual(stored.addOns);
    destroyClient(dealer);
  }, 30_000);

  it("closes with 4429 past the update rate and its burst; the updates within it are stored", async () => {
    const { token, id } = await quote();
    const raw = await rawSocket(h, dealDocName(id), { token });
    const rows = logRows(h, id);
    for (let i = 1; i <= 20; i++) raw.ws.send(craftUpdate(raw.doc, pairs([{ key: "downPayment", val: -i }])));
    expect((await raw.closed).code).toBe(LIVE_CLOSE_CODES.tooManyUpdates);
    // The crafted updates overlap (each starts from the same copy), so count stored rows, not values.
    expect(logRows(h, id) - rows).toBeGreaterThanOrEqual(1);
    expect(logRows(h, id) - rows).toBeLessThanOrEqual(8);
  });

  it("closes with 4429 past LIVE_HISTORY_EVENTS_PER_MINUTE; edits that extend an event do not count", async () => {
    const { token, id } = await quote();
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    const vehicle = () => readDoc(dealer.deal).vehicle as Record<string, unknown>;
    const edits: [string, () => void][] = [
      ["downPayment", () => writeField(dealer.deal, "downPayment", -100)],
      ["selectedCreditTier", () => writeField(dealer.deal, "selectedCreditTier", "fair")],
      ["vehicle.color", () => writeField(dealer.deal, "vehicle", { ...vehicle(), color: "Red" })],
      ["vehicle.mileage", () => writeField(dealer.deal, "vehicle", { ...vehicle(), mileage: 13_000 })],
      ["vehicle.stockNumber", () => writeField(dealer.deal, "vehicle", { ...vehicle(), stockNumber: "B2" })],
      [
        "pricing.discount",
        () => writeField(dealer.deal, "pricing", { advertisedPrice: 25_000, discount: 600 }),
      ],
      // The same key again within 10 s extends its event: no new one.
      ["downPayment again", () => writeField(dealer.deal, "downPayment", -200)],
    ];
    for (const [, edit] of edits) {
      edit();
      await new Promise((resolve) => setTimeout(resolve, 250)); // under the update rate
    }
    await eventually(async () => expect((await serverDeal(h, id)).downPayment).toBe(-200));
    expect(dealer.closed).toEqual([]);
    // A seventh key would be the seventh event this minute.
    writeField(dealer.deal, "pricing", { advertisedPrice: 26_000, discount: 600 });
    await eventually(() =>
      expect(dealer.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.tooManyUpdates),
    );
    expect((await serverDeal(h, id)).pricing.advertisedPrice).toBe(25_000);
    destroyClient(dealer);
  });

  it("closes with 4413 on a presence state over LIVE_MAX_AWARENESS_BYTES, and 4429 past the presence rate", async () => {
    const { id } = await quote();
    const announce = (clock: number, state: unknown) => {
      const json = JSON.stringify(state);
      const inner = encoding.createEncoder();
      encoding.writeVarUint(inner, 1);
      encoding.writeVarUint(inner, 4242);
      encoding.writeVarUint(inner, clock);
      encoding.writeVarString(inner, json);
      const outer = encoding.createEncoder();
      encoding.writeVarUint(outer, 1);
      encoding.writeVarUint8Array(outer, encoding.toUint8Array(inner));
      return encoding.toUint8Array(outer);
    };
    const big = await rawSocket(h, dealDocName(id));
    big.ws.send(announce(1, { activity: "x".repeat(2000) }));
    expect(await big.closed).toEqual({ code: LIVE_CLOSE_CODES.updateTooLarge, reason: "Update too large" });
    const chatty = await rawSocket(h, dealDocName(id));
    for (let clock = 1; clock <= 30; clock++) chatty.ws.send(announce(clock, { activity: "downPayment" }));
    expect(await chatty.closed).toEqual({
      code: LIVE_CLOSE_CODES.tooManyUpdates,
      reason: "Too many updates",
    });
  });
});
