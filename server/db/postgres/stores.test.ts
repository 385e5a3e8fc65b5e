import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type PostgresService, startPostgres } from "../../test-support/services";
import { storeContract } from "../../test-support/store-contract";
import { bytes, createQuote, registerOwner, T0 } from "../../test-support/store-contract/fixtures";
import { EmailTakenError } from "../repositories/users";
import * as schema from "../schema.pg";
import { closePostgres, openPostgres, type PgDb } from "./connection";
import { createDocumentLog } from "./document-log";
import { createPostgresStores } from "./stores";

// The storage contract on a real PostgreSQL (one server for the file, a fresh database per case),
// then what only a pool of connections can get wrong: concurrent writers and a lost server.

let postgres: PostgresService;
let databases = 0;

beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.cleanup();
});

async function openFresh(): Promise<{ db: PgDb; close(): Promise<void> }> {
  databases += 1;
  const db = await openPostgres(await postgres.createDatabase(`contract_${databases}`), 4);
  return { db, close: () => closePostgres(db) };
}

storeContract("PostgreSQL", async () => {
  const { db, close } = await openFresh();
  return { stores: createPostgresStores(db), close };
});

describe("PostgreSQL stores on a pool", () => {
  it("numbers versions saved at the same moment from several connections 1..n, none twice", async () => {
    const { db, close } = await openFresh();
    try {
      const stores = createPostgresStores(db);
      const ann = await registerOwner(stores, "ann@example.com");
      await createQuote(stores, ann, "q1");
      const saves = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((i) =>
          stores.versions.save(
            {
              quoteId: "q1",
              kind: "saved",
              createdAt: T0 + i,
              actor: "Ann",
              fingerprint: `f${i}`,
              snapshot: {},
            },
            (n) => ({ at: T0 + i, role: "DEALER", actor: "Ann", field: "version", newValue: `version ${n}` }),
          ),
        ),
      );
      expect(saves.map((s) => s.number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(saves.map((s) => s.event.newValue).sort()).toEqual(
        saves.map((s) => `version ${s.number}`).sort(),
      );
      expect(await stores.versions.latest("q1")).toEqual({ number: 6, kind: "saved" });
    } finally {
      await close();
    }
  });

  it("creates quotes concurrently, each with its documents on the transaction's own client", async () => {
    const { db, close } = await openFresh();
    try {
      const stores = createPostgresStores(db);
      const ann = await registerOwner(stores, "ann@example.com");
      const ids = Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, "0")}`);
      await Promise.all(ids.map((id) => createQuote(stores, ann, id)));
      const loaded = await Promise.all(ids.map((id) => stores.documents.load(`quote/${id}/private`)));
      expect(loaded.every((doc) => doc !== null && doc.lastSeq === 0)).toBe(true);
      expect(await stores.quotes.withoutListingFigures("", 100)).toEqual(ids);
    } finally {
      await close();
    }
  });

  it("loads a document as its state plus the updates after it, lastSeq at the log's head", async () => {
    const { db, close } = await openFresh();
    try {
      const stores = createPostgresStores(db);
      const ann = await registerOwner(stores, "ann@example.com");
      await createQuote(stores, ann, "q1");
      const log = createDocumentLog(db);
      const writer = new Y.Doc();
      const updates: Uint8Array[] = [];
      writer.on("updateV2", (update: Uint8Array) => updates.push(update));
      for (const value of ["a", "b", "c"]) writer.getArray<string>("items").push([value]);
      for (const [i, update] of updates.entries())
        expect(await log.append("quote/q1", i, update)).toMatchObject({ status: "ok", seq: i + 1 });
      const compacted = new Y.Doc();
      Y.applyUpdateV2(compacted, updates[0]!);
      Y.applyUpdateV2(compacted, updates[1]!);
      expect(await log.compact("quote/q1", Y.encodeStateAsUpdateV2(compacted), 2)).toBe(true);
      const loaded = await stores.documents.load("quote/q1");
      expect(loaded && { ...loaded, state: bytes(loaded.state), updates: loaded.updates.map(bytes) }).toEqual(
        {
          state: bytes(Y.encodeStateAsUpdateV2(compacted)),
          updates: [bytes(updates[2]!)],
          updatesV1: [],
          lastSeq: 3,
        },
      );
    } finally {
      await close();
    }
  });

  it("leaves no dealership behind when its owner's email is refused", async () => {
    const { db, close } = await openFresh();
    try {
      const stores = createPostgresStores(db);
      await registerOwner(stores, "ann@example.com");
      await expect(registerOwner(stores, "ann@example.com")).rejects.toBeInstanceOf(EmailTakenError);
      const { rows } = await db.$client.query<{ n: number }>("SELECT count(*)::int AS n FROM dealerships");
      expect(rows[0]?.n).toBe(1);
    } finally {
      await close();
    }
  });

  it("is not writable when the server cannot be reached", async () => {
    const pool = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/none", max: 1 });
    pool.on("error", () => {});
    try {
      const stores = createPostgresStores(drizzle(pool, { schema }) as PgDb);
      expect(stores.kind).toBe("postgres");
      expect(await stores.writable()).toBe(false);
    } finally {
      await pool.end();
    }
  });
});
