import { beforeAll, expect, it } from "vitest";
import * as Y from "yjs";
import { itemUpdate, postgresWithTwoPools } from "../../test-support/pg-test-kit";
import type { PgDb } from "./connection";
import { createDocumentLog, type DocumentLog, type LoggedUpdate } from "./document-log";

const pools = postgresWithTwoPools();
let db: PgDb;
let log: DocumentLog;
let otherLog: DocumentLog;

beforeAll(() => {
  db = pools.db;
  log = createDocumentLog(pools.db);
  otherLog = createDocumentLog(pools.other);
});

let quoteCount = 0;
/** A quote row and its deal document with an empty Yjs state. */
async function newDocument(): Promise<{ quoteId: string; docName: string }> {
  quoteCount += 1;
  const quoteId = `q${quoteCount}`;
  await db.$client.query(
    `INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description)
     VALUES ($1, 'dealer', 'dealer', 0, 0, 0, '2024 Honda Civic')`,
    [quoteId],
  );
  const docName = `quote/${quoteId}`;
  await log.insertDocument(docName, quoteId, Y.encodeStateAsUpdate(new Y.Doc()));
  return { quoteId, docName };
}

function itemsOf(state: Uint8Array, updates: LoggedUpdate[]): number[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  for (const u of updates) Y.applyUpdate(doc, u.update);
  return doc.getArray<number>("items").toArray();
}

it("appends only on the expected head: a second writer on the same head is told it is stale", async () => {
  const { quoteId, docName } = await newDocument();
  const writer = new Y.Doc();
  const before = Date.now();
  const first = await log.append(docName, 0, itemUpdate(writer, 1), { customerName: "Pat Shopper" });
  expect(first).toMatchObject({ status: "ok", seq: 1 });
  if (first.status === "ok") {
    expect(first.at).toBeGreaterThanOrEqual(before - 1000);
    expect(first.at).toBeLessThanOrEqual(Date.now() + 1000);
  }
  expect(await otherLog.append(docName, 0, itemUpdate(new Y.Doc(), 2))).toEqual({
    status: "stale",
    headSeq: 1,
  });
  expect(await otherLog.append(docName, 1, itemUpdate(writer, 3))).toMatchObject({ status: "ok", seq: 2 });

  const loaded = await otherLog.load(docName);
  expect(loaded?.headSeq).toBe(2);
  expect(loaded?.updates.map((u) => u.seq)).toEqual([1, 2]);
  // The refused update (2) was never stored.
  expect(itemsOf(loaded!.state, loaded!.updates)).toEqual([1, 3]);
  const { rows } = await db.$client.query(
    "SELECT customer_name, vehicle_description, updated_at FROM quotes WHERE id = $1",
    [quoteId],
  );
  expect(rows[0]).toMatchObject({ customer_name: "Pat Shopper", vehicle_description: "2024 Honda Civic" });
  expect(Number(rows[0].updated_at)).toBeGreaterThanOrEqual(before - 1000);
});

it("two writers racing on one document end with dense seqs and every update stored once", async () => {
  const { docName } = await newDocument();
  let retries = 0;
  const writeAll = async (target: DocumentLog, first: number) => {
    const writer = new Y.Doc();
    let head = 0;
    for (let i = 0; i < 60; i++) {
      const update = itemUpdate(writer, first + i);
      for (;;) {
        const result = await target.append(docName, head, update);
        if (result.status === "ok") {
          head = result.seq;
          break;
        }
        if (result.status === "gone") throw new Error("gone");
        retries += 1;
        head = result.headSeq;
      }
    }
  };
  await Promise.all([writeAll(log, 1000), writeAll(otherLog, 2000)]);
  const loaded = await log.load(docName);
  expect(loaded?.updates.map((u) => u.seq)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  const items = itemsOf(loaded!.state, loaded!.updates).sort((a, b) => a - b);
  expect(items).toEqual([
    ...Array.from({ length: 60 }, (_, i) => 1000 + i),
    ...Array.from({ length: 60 }, (_, i) => 2000 + i),
  ]);
  expect(retries).toBeGreaterThan(0);
});

it("writes the history rows in the append's transaction: none on a stale append, no log row when they fail", async () => {
  const { quoteId, docName } = await newDocument();
  const writer = new Y.Doc();
  const record = async (client: import("pg").PoolClient, at: number) => {
    await client.query(
      "INSERT INTO quote_events (quote_id, at, role, field, old_value, new_value) VALUES ($1, $2, 'DEALER', 'downPayment', '$0.00', '$500.00')",
      [quoteId, at],
    );
  };
  const ok = await log.append(docName, 0, itemUpdate(writer, 1), null, record);
  expect(ok.status).toBe("ok");
  let ranOnStale = false;
  expect(
    await otherLog.append(docName, 0, itemUpdate(writer, 2), null, async () => {
      ranOnStale = true;
    }),
  ).toEqual({ status: "stale", headSeq: 1 });
  expect(ranOnStale).toBe(false);
  await expect(
    log.append(docName, 1, itemUpdate(writer, 3), null, async (client) => {
      await client.query("INSERT INTO quote_events (quote_id) VALUES ('no such columns filled')");
    }),
  ).rejects.toThrow();
  const events = await db.$client.query("SELECT at FROM quote_events WHERE quote_id = $1", [quoteId]);
  expect(events.rows.map((r) => Number(r.at))).toEqual([ok.status === "ok" ? ok.at : -1]);
  expect((await log.heads([docName])).get(docName)).toBe(1);
});

it("compacts by watermark: an older snapshot never wins, later rows are kept, readers see a consistent log", async () => {
  const { docName } = await newDocument();
  const writer = new Y.Doc();
  const snapshots = new Map<number, Uint8Array>();
  for (let i = 1; i <= 5; i++) {
    await log.append(docName, i - 1, itemUpdate(writer, i));
    snapshots.set(i, Y.encodeStateAsUpdate(writer));
  }
  expect(await log.compact(docName, snapshots.get(3)!, 3)).toBe(true);
  // A process holding an older room compacts late: nothing changes.
  expect(await otherLog.compact(docName, snapshots.get(2)!, 2)).toBe(false);
  // Nobody may claim a snapshot past the head.
  expect(await otherLog.compact(docName, snapshots.get(5)!, 9)).toBe(false);
  const loaded = await otherLog.load(docName);
  expect(loaded).toMatchObject({ snapshotSeq: 3, headSeq: 5 });
  expect(loaded?.updates.map((u) => u.seq)).toEqual([4, 5]);
  expect(itemsOf(loaded!.state, loaded!.updates)).toEqual([1, 2, 3, 4, 5]);
  expect(await otherLog.readSince(docName, 1)).toBe("compacted");
  expect(((await otherLog.readSince(docName, 3)) as LoggedUpdate[]).map((u) => u.seq)).toEqual([4, 5]);
  expect(await otherLog.readSince(docName, 5)).toEqual([]);
});

it("loads never miss an update while another process appends and compacts", async () => {
  const { docName } = await newDocument();
  const writer = new Y.Doc();
  let done = false;
  const writing = (async () => {
    for (let i = 1; i <= 150; i++) {
      await log.append(docName, i - 1, itemUpdate(writer, i));
      if (i % 10 === 0) await log.compact(docName, Y.encodeStateAsUpdate(writer), i);
    }
    done = true;
  })();
  let loads = 0;
  while (!done) {
    const loaded = await otherLog.load(docName);
    const items = itemsOf(loaded!.state, loaded!.updates);
    expect(items).toEqual(Array.from({ length: loaded!.headSeq }, (_, i) => i + 1));
    loads += 1;
  }
  await writing;
  expect(loads).toBeGreaterThan(5);
});

it("reports a deleted quote's documents as gone to appends, heads and reads", async () => {
  const { quoteId, docName } = await newDocument();
  const kept = await newDocument();
  await log.append(docName, 0, itemUpdate(new Y.Doc(), 1));
  await db.$client.query("DELETE FROM quotes WHERE id = $1", [quoteId]);
  expect(await otherLog.append(docName, 1, itemUpdate(new Y.Doc(), 2))).toEqual({ status: "gone" });
  expect(await otherLog.load(docName)).toBeNull();
  expect(await otherLog.readSince(docName, 0)).toBe("gone");
  const heads = await otherLog.heads([docName, kept.docName]);
  expect([...heads]).toEqual([[kept.docName, 0]]);
  const rows = await db.$client.query("SELECT count(*)::int AS n FROM yjs_updates WHERE doc_name = $1", [
    docName,
  ]);
  expect(rows.rows[0].n).toBe(0);
});

it("refuses appends while PostgreSQL is down, keeps every acknowledged one, and works again once it is back", async () => {
  const { docName } = await newDocument();
  const writer = new Y.Doc();
  const acknowledged: number[] = [];
  let head = 0;
  for (let i = 1; i <= 5; i++) {
    const result = await log.append(docName, head, itemUpdate(writer, i));
    if (result.status === "ok") {
      head = result.seq;
      acknowledged.push(i);
    }
  }
  await pools.postgres.stop();
  // The room drops and its clients keep the edit (they resend it on reconnect).
  const pending = itemUpdate(writer, 6);
  await expect(log.append(docName, head, pending)).rejects.toThrow();
  await expect(otherLog.heads([docName])).rejects.toThrow();
  await pools.postgres.start();
  // The pools hand out fresh connections: the resent edit is stored after the restart.
  const resent = await log.append(docName, head, pending);
  expect(resent).toMatchObject({ status: "ok", seq: 6 });
  acknowledged.push(6);
  const loaded = await otherLog.load(docName);
  expect(itemsOf(loaded!.state, loaded!.updates)).toEqual(acknowledged);
});
