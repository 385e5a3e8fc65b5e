import {
  LIVE_CLOSE_CODES,
  LIVE_HELD_PROTOCOL,
  liveProtocols,
  liveServerUrl,
} from "@shared/live/live-protocol";
import { dealArray, dealDocName, readDoc, writeField } from "@shared/live/quote-doc";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  storedDoc,
  synced,
} from "../test-support/live-test-kit";

// Decision 034: a socket whose page does not hold the document yet gets the document's content
// with the handshake, before its SyncStep1 asks; the answer to that SyncStep1 leaves out what
// went. A page that says it holds the document (LIVE_HELD_PROTOCOL) is answered as before.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type SyncMessage = { step: "step1" | "step2" | "update"; payload: Uint8Array };

/** A socket that sends nothing by itself and keeps the sync messages it is sent, in order. */
async function quietSocket(docName: string, protocols: string[]) {
  const ws = new WebSocket(`${liveServerUrl(h.server.url)}/${docName}`, protocols);
  ws.binaryType = "nodebuffer";
  const sync: SyncMessage[] = [];
  ws.on("message", (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(decoder) !== 0) return;
    const type = decoding.readVarUint(decoder);
    const step = type === 0 ? "step1" : type === 1 ? "step2" : "update";
    sync.push({ step, payload: decoding.readVarUint8Array(decoder) });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const askFor = (held: Y.Doc) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeSyncStep1(encoder, held);
    ws.send(encoding.toUint8Array(encoder));
  };
  const answer = () =>
    eventually(() => {
      const step2 = sync.find((m) => m.step === "step2");
      if (!step2) throw new Error("no SyncStep2 yet");
      return step2.payload;
    });
  return { ws, sync, askFor, answer };
}

const structsOf = (update: Uint8Array) => Y.decodeUpdate(update).structs.length;
const dealOf = (...updates: Uint8Array[]) => {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return readDoc(dealArray(doc));
};

describe("the document's content with the handshake (decision 034)", () => {
  it("sends a page that holds nothing the whole document before it asks, and then answers its SyncStep1 with nothing more", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const page = await quietSocket(dealDocName(id), liveProtocols());
    // Nothing sent yet: the first sync message is the content, an update.
    const pushed = await eventually(() => {
      const first = page.sync[0];
      if (!first) throw new Error("nothing yet");
      return first;
    });
    expect(pushed.step).toBe("update");
    const stored = readDoc(dealArray(storedDoc(h, dealDocName(id))));
    expect(dealOf(pushed.payload)).toEqual(stored);
    expect(dealOf(pushed.payload).pricing).toEqual({ advertisedPrice: 25000, discount: 500 });
    // The page asks as a fresh page does (an empty state vector): the answer holds no item again.
    page.askFor(new Y.Doc());
    expect(structsOf(await page.answer())).toBe(0);
    page.ws.close();
  });

  it("answers the SyncStep1 of a page that was sent the content with what changed after it, so the two make the whole document", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const page = await quietSocket(dealDocName(id), liveProtocols());
    await eventually(() => expect(page.sync[0]?.step).toBe("update"));
    const pushed = page.sync[0]?.payload as Uint8Array;
    // The dealer changes the discount after the content went out, before the page asks.
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "pricing", { advertisedPrice: 25000, discount: 900 });
    await eventually(() =>
      expect(readDoc(dealArray(storedDoc(h, dealDocName(id)))).pricing).toMatchObject({ discount: 900 }),
    );
    page.askFor(new Y.Doc());
    const answer = await page.answer();
    expect(structsOf(answer)).toBeGreaterThan(0);
    // Whatever else the socket was sent, the content and the answer alone give today's deal.
    expect(dealOf(pushed, answer)).toEqual(readDoc(dealArray(storedDoc(h, dealDocName(id)))));
    expect(dealOf(pushed).pricing).toMatchObject({ discount: 500 });
    destroyClient(dealer);
    page.ws.close();
  });

  it("sends a page that says it holds the document nothing unasked, and answers its SyncStep1 with what it lacks", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const page = await quietSocket(dealDocName(id), [...liveProtocols(), LIVE_HELD_PROTOCOL]);
    await eventually(() => expect(page.sync.map((m) => m.step)).toEqual(["step1"]));
    // A page holding the document as stored gets no item back.
    page.askFor(storedDoc(h, dealDocName(id)));
    expect(structsOf(await page.answer())).toBe(0);
    expect(page.sync.some((m) => m.step === "update")).toBe(false);
    page.ws.close();
    // One holding nothing (its copy was lost) gets everything in the answer.
    const lost = await quietSocket(dealDocName(id), [...liveProtocols(), LIVE_HELD_PROTOCOL]);
    lost.askFor(new Y.Doc());
    const answer = await lost.answer();
    expect(dealOf(answer)).toEqual(readDoc(dealArray(storedDoc(h, dealDocName(id)))));
    expect(lost.sync.some((m) => m.step === "update")).toBe(false);
    lost.ws.close();
  });

  it("closes a socket whose SyncStep1 after the content is not a state vector (4400), and changes nothing", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const before = readDoc(dealArray(storedDoc(h, dealDocName(id))));
    const page = await quietSocket(dealDocName(id), liveProtocols());
    await eventually(() => expect(page.sync[0]?.step).toBe("update"));
    const closed = new Promise<number>((resolve) => page.ws.once("close", (code) => resolve(code)));
    // A SyncStep1 whose payload claims more clients than it holds.
    page.ws.send(Uint8Array.of(0, 0, 5, 0xff, 0xff, 0xff, 0xff, 0xff));
    expect(await closed).toBe(LIVE_CLOSE_CODES.malformed);
    expect(page.sync.some((m) => m.step === "step2")).toBe(false);
    // The document is as it was, and the next page still opens it.
    expect(readDoc(dealArray(storedDoc(h, dealDocName(id))))).toEqual(before);
    const next = await quietSocket(dealDocName(id), liveProtocols());
    await eventually(() => expect(next.sync[0]?.step).toBe("update"));
    expect(dealOf(next.sync[0]?.payload as Uint8Array)).toEqual(before);
    next.ws.close();
  });

  it("keeps a page's own edits, made before its socket joined, when it joins without saying it holds the document", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    // A copy of the document the page edited offline (a shopper's down payment).
    const copy = storedDoc(h, dealDocName(id));
    const shopper = connectClient(h, id, { doc: copy });
    writeField(dealArray(copy), "downPayment", -4000);
    await synced(shopper);
    await eventually(() => expect(readDoc(dealArray(storedDoc(h, dealDocName(id)))).downPayment).toBe(-4000));
    expect(readDoc(dealArray(copy)).pricing).toEqual({ advertisedPrice: 25000, discount: 500 });
    destroyClient(shopper);
  });
});
