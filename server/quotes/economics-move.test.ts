import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  dealArray,
  economicsArray,
  economicsDocName,
  privateArray,
  privateDocName,
  readDoc,
  readEntries,
  writeField,
  writeFields,
} from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { closeDatabase, type Db, openDatabase } from "../db/connection";
import { closePostgres, openPostgres, type PgDb } from "../db/postgres/connection";
import { createDocumentLog } from "../db/postgres/document-log";
import { createPostgresStores } from "../db/postgres/stores";
import { createLiveStore } from "../db/sqlite/live-store";
import { createSqliteStores } from "../db/sqlite/stores";
import { docFromStored } from "../db/stored-doc";
import type { Stores } from "../db/stores";
import { type PostgresService, startPostgres } from "../test-support/services";
import { quoteRow, registerOwner } from "../test-support/store-contract/fixtures";
import { moveEconomicsOut } from "./economics-move";

// Issue #38: quotes stored before the economics had a document of their own keep them in the
// private document; the start-up step moves them, on both backends, losing nothing, and a second
// run (or a second process starting at the same time on PostgreSQL) changes nothing more.

const economics = {
  vehicleCost: 20_000,
  pack: 500,
  participation: 75,
  addOnCosts: [{ id: "mats", cost: 30 }],
  buyRates: { excellent: { "72": 4.9 } },
  buyMoneyFactors: { excellent: 0.001 },
};
const customer = { name: "Pat Shopper", email: "pat@example.com", phone: "" };

/** A private document as quotes kept it before: the customer record and the economics together. */
function legacyPrivate(): { state: Uint8Array; later: (format: "v1" | "v2") => Uint8Array } {
  const doc = new Y.Doc();
  writeFields(privateArray(doc), { customerInfo: customer, economics });
  const state = Y.encodeStateAsUpdateV2(doc);
  // A later edit still in the log: the vehicle's cost changed after the last compaction.
  const later = (format: "v1" | "v2") => {
    const copy = new Y.Doc();
    Y.applyUpdateV2(copy, state);
    const vector = Y.encodeStateVector(copy);
    writeField(privateArray(copy), "economics", { ...economics, vehicleCost: 21_000 });
    return format === "v1" ? Y.encodeStateAsUpdate(copy, vector) : Y.encodeStateAsUpdateV2(copy, vector);
  };
  return { state, later };
}

const dealState = () => {
  const doc = new Y.Doc();
  writeFields(dealArray(doc), { vehicle: { description: "2021 Honda Civic EX" } });
  return Y.encodeStateAsUpdateV2(doc);
};

type Backend = {
  stores: Stores;
  /** What the quote looked like before issue #38's follow-up: no economics document. */
  dropEconomicsDocument(quoteId: string): Promise<void>;
  appendToPrivate(quoteId: string, later: (format: "v1" | "v2") => Uint8Array): Promise<void>;
};

async function readStored(stores: Stores, name: string, kind: "private" | "economics") {
  const stored = await stores.documents.load(name);
  if (!stored) return null;
  const doc = docFromStored(stored, name);
  try {
    const array = kind === "private" ? privateArray(doc) : economicsArray(doc);
    return { content: readDoc(array), keys: [...readEntries(array).keys()], seq: stored.lastSeq };
  } finally {
    doc.destroy();
  }
}

/** Quote "a" holds economics (one in its log), quote "b" none at all. */
async function legacyQuotes(backend: Backend, prefix: string) {
  const owner = await registerOwner(backend.stores, `${prefix}@example.com`);
  const legacy = legacyPrivate();
  const empty = Y.encodeStateAsUpdateV2(new Y.Doc());
  const withEconomics = `${prefix}-quote-with-economics`;
  const without = `${prefix}-quote-without`;
  await backend.stores.quotes.create(quoteRow(owner, withEconomics), {
    deal: dealState(),
    private: legacy.state,
    economics: empty,
  });
  await backend.stores.quotes.create(quoteRow(owner, without), {
    deal: dealState(),
    private: empty,
    economics: empty,
  });
  for (const id of [withEconomics, without]) await backend.dropEconomicsDocument(id);
  await backend.appendToPrivate(withEconomics, legacy.later);
  return { withEconomics, without };
}

function moveContract(backend: () => Backend) {
  it("moves the economics into their own document and out of the private one; a re-run is a no-op", async () => {
    const { stores } = backend();
    const { withEconomics, without } = await legacyQuotes(backend(), `move-${Date.now()}`);
    const before = await readStored(stores, privateDocName(withEconomics), "private");
    expect(before?.content.economics).toMatchObject({ vehicleCost: 21_000, pack: 500 });
    expect(await stores.documents.load(economicsDocName(withEconomics))).toBeNull();

    const lines: string[] = [];
    expect(await moveEconomicsOut(stores, (line) => lines.push(line))).toBeGreaterThanOrEqual(2);
    expect(lines).toEqual([expect.stringMatching(/^economics: moved the deal economics of \d+ quotes/)]);

    // Every value, the log's later one included, now in the economics document.
    const moved = await readStored(stores, economicsDocName(withEconomics), "economics");
    expect(moved?.content).toEqual({ economics: { ...economics, vehicleCost: 21_000 } });
    const priv = await readStored(stores, privateDocName(withEconomics), "private");
    expect(priv?.content).toEqual({ customerInfo: customer });
    expect(priv?.keys.filter((key) => key.startsWith("economics"))).toEqual([]);
    // A quote without economics gets an empty economics document (its economics read as before);
    // its private document is not touched.
    expect((await readStored(stores, economicsDocName(without), "economics"))?.content).toEqual({});
    expect(await readStored(stores, privateDocName(without), "private")).toMatchObject({
      content: {},
      seq: 0,
    });

    // Again: nothing to do, nothing changed.
    const stored = async () => [
      await stores.documents.load(privateDocName(withEconomics)),
      await stores.documents.load(economicsDocName(withEconomics)),
      await stores.documents.load(economicsDocName(without)),
    ];
    const first = await stored();
    const again: string[] = [];
    expect(await moveEconomicsOut(stores, (line) => again.push(line))).toBe(0);
    expect(again).toEqual([]);
    expect(await stored()).toEqual(first);
  });
}

describe("the start-up move of the economics on SQLite (issue #38)", () => {
  let dir: string;
  let db: Db;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "dealdesk-economics-move-"));
    db = openDatabase(dir);
  });
  afterAll(() => {
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  });
  moveContract(() => ({
    stores: createSqliteStores(db),
    async dropEconomicsDocument(quoteId) {
      db.$client.prepare("DELETE FROM yjs_documents WHERE doc_name = ?").run(economicsDocName(quoteId));
    },
    async appendToPrivate(quoteId, later) {
      createLiveStore(db).appendMany([
        { docName: privateDocName(quoteId), quoteId, update: later("v1"), listing: null },
      ]);
    },
  }));
});

describe("the start-up move of the economics on PostgreSQL (issue #38)", () => {
  let postgres: PostgresService;
  let db: PgDb;
  let other: PgDb;
  beforeAll(async () => {
    postgres = await startPostgres();
    db = await openPostgres(postgres.url);
    other = await openPostgres(postgres.url);
  }, 120_000);
  afterAll(async () => {
    if (db) await closePostgres(db);
    if (other) await closePostgres(other);
    await postgres?.cleanup();
  });
  const backend = (pool: () => PgDb) => (): Backend => ({
    stores: createPostgresStores(pool()),
    async dropEconomicsDocument(quoteId) {
      await pool().$client.query("DELETE FROM yjs_documents WHERE doc_name = $1", [
        economicsDocName(quoteId),
      ]);
    },
    async appendToPrivate(quoteId, later) {
      const result = await createDocumentLog(pool()).append(privateDocName(quoteId), 0, later("v2"));
      expect(result.status).toBe("ok");
    },
  });
  moveContract(backend(() => db));

  it("moves each quote once when two processes start together", async () => {
    const a = backend(() => db)();
    const b = backend(() => other)();
    const quotes = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) => legacyQuotes(a, `together-${n}-${Date.now()}`)),
    );
    const [movedA, movedB] = await Promise.all([
      moveEconomicsOut(a.stores, () => {}),
      moveEconomicsOut(b.stores, () => {}),
    ]);
    expect(movedA + movedB).toBe(quotes.length * 2);
    for (const { withEconomics } of quotes) {
      expect((await readStored(a.stores, economicsDocName(withEconomics), "economics"))?.content).toEqual({
        economics: { ...economics, vehicleCost: 21_000 },
      });
      // The private document's log got exactly one update: the one taking the economics out.
      const priv = await readStored(a.stores, privateDocName(withEconomics), "private");
      expect(priv).toMatchObject({ content: { customerInfo: customer }, seq: 2 });
    }
  });
});
