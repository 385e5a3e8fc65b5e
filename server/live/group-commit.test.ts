import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealArray, dealDocName, type KvPair, readDoc, writeField } from "@shared/live/quote-doc";
import * as encoding from "lib0/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  storedDoc,
  synced,
} from "../test-support/live-test-kit";

// The group commit (issue #12): the updates of one event-loop turn are stored in one SQLite
// transaction, and none of them is sent to anyone before that transaction has committed.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

// A storage failure made on purpose: the database refuses any update row carrying this marker.
const MARKER = "UNSTORABLE";
function refuseMarkedRows() {
  h.db.$client.exec(
    `CREATE TRIGGER IF NOT EXISTS refuse_marked BEFORE INSERT ON yjs_updates
     WHEN instr(NEW."update", CAST('${MARKER}' AS BLOB)) > 0
     BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
  );
}
const acceptAllRows = () => h.db.$client.exec("DROP TRIGGER IF EXISTS refuse_marked");

/** Update messages, each made on top of the ones before, from one copy of `base` (one clientID). */
function successiveUpdates(base: Y.Doc, ...changes: ((deal: Y.Array<KvPair>) => void)[]): Uint8Array[] {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(base));
  return changes.map((change) => {
    const vector = Y.encodeStateVector(copy);
    change(dealArray(copy));
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    encoding.writeVarUint(encoder, 2);
    encoding.writeVarUint8Array(encoder, Y.encodeStateAsUpdate(copy, vector));
    return encoding.toUint8Array(encoder);
  });
}

const storedDiscount = (id: string) =>
  (readDoc(storedDoc(h, dealDocName(id)).getArray("deal")).pricing as { discount: number }).discount;

describe("group commit", () => {
  it("stores two updates that arrive together in one transaction: when the second cannot be stored, nobody sees the first", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const writer = await rawSocket(h, dealDocName(id), { token });
    const observer = connectClient(h, id);
    await synced(observer);
    refuseMarkedRows();
    try {
      const [discount, color] = successiveUpdates(
        writer.doc,
        (deal) => writeField(deal, "pricing", { advertisedPrice: 25000, discount: 900 }),
        (deal) =>
          writeField(deal, "vehicle", { ...(readDoc(deal).vehicle as object), color: `Red ${MARKER}` }),
      );
      // Both frames are in the socket before the server's next turn reads them.
      writer.ws.send(discount as Uint8Array);
      writer.ws.send(color as Uint8Array);
      expect((await writer.closed).code).toBe(LIVE_CLOSE_CODES.serverError);
      await eventually(() =>
        expect(observer.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.serverError),
      );
      expect(readDoc(observer.deal).pricing).toEqual({ advertisedPrice: 25000, discount: 500 });
      expect(storedDiscount(id)).toBe(500);
      expect(h.logs.some((line) => line.includes(`storing 2 updates of quote/${id} failed`))).toBe(true);
    } finally {
      acceptAllRows();
    }
    destroyClient(observer);
  });

  it("loses no edit when a commit fails: the room loads again from disk and the writer's provider sends its edit again", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const writer = connectClient(h, id, { token });
    const observer = connectClient(h, id);
    await Promise.all([synced(writer), synced(observer)]);
    refuseMarkedRows();
    writeField(writer.deal, "vehicle", { ...(readDoc(writer.deal).vehicle as object), color: MARKER });
    writeField(writer.deal, "pricing", { advertisedPrice: 25000, discount: 800 });
    await eventually(() => expect(writer.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.serverError));
    expect(readDoc(observer.deal).vehicle).toMatchObject({ color: "Blue" });
    expect(storedDiscount(id)).toBe(500);

    // The disk takes rows again: the providers reconnect and the writer's edits arrive whole.
    acceptAllRows();
    await eventually(() => {
      expect(readDoc(observer.deal).vehicle).toMatchObject({ color: MARKER });
      expect(readDoc(observer.deal).pricing).toEqual({ advertisedPrice: 25000, discount: 800 });
      expect(storedDiscount(id)).toBe(800);
    }, 10_000);
    destroyClient(writer);
    destroyClient(observer);
  });

  it("answers a sync request that arrives in the same turn as an edit only with stored updates", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const writer = await rawSocket(h, dealDocName(id), { token });
    const reader = await rawSocket(h, dealDocName(id));
    refuseMarkedRows();
    try {
      const [edit] = successiveUpdates(writer.doc, (deal) =>
        writeField(deal, "vehicle", { ...(readDoc(deal).vehicle as object), color: MARKER }),
      );
      writer.ws.send(edit as Uint8Array);
      // SyncStep1 with an empty state vector: "send me everything", read in the same turn.
      reader.ws.send(Uint8Array.of(0, 0, 1, 0));
      expect((await reader.closed).code).toBe(LIVE_CLOSE_CODES.serverError);
      expect(readDoc(dealArray(reader.doc)).vehicle).toMatchObject({ color: "Blue" });
      expect(reader.messages.some((m) => Buffer.from(m).includes(MARKER))).toBe(false);
    } finally {
      acceptAllRows();
    }
  });
});
