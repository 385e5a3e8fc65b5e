import type pg from "pg";
import type { PgDb } from "./connection";

// The ordered log of each live document on PostgreSQL (../shared/design/SCALE.md §3). Every
// process may write any document: the compare-and-set on `head_seq` is the only arbiter. Its row
// lock serializes the writers of one document, so the log row, the quote's listing columns and the
// history rows of an append commit together or not at all, with dense seqs 1, 2, 3, ...
// Bytes in, bytes out: this module never decodes the Yjs updates.

/** One update of a document's log; `wire` is its y-websocket message when a bus brought it along. */
export type LoggedUpdate = { seq: number; update: Uint8Array; wire?: Uint8Array };

/** A document as stored: the compacted state, then the updates after it, in order. */
export type LoadedDocument = {
  state: Uint8Array;
  snapshotSeq: number;
  updates: LoggedUpdate[];
  headSeq: number;
};

/** Listing columns an accepted change moves along with the document. */
export type ListingChange = { vehicleDescription?: string; customerName?: string };

type AppendResult =
  /** Committed as `seq`, at `at` (the database's clock, ms). */
  | { status: "ok"; seq: number; at: number }
  /** Someone appended first: catch up to `headSeq`, judge again, retry. */
  | { status: "stale"; headSeq: number }
  /** The document is gone (its quote was deleted). */
  | { status: "gone" };

/** Runs inside the append's transaction after the CAS succeeded, e.g. the deal's history rows. */
type AppendHook = (client: pg.PoolClient, at: number) => Promise<void>;

export type DocumentLog = {
  load(docName: string): Promise<LoadedDocument | null>;
  /**
   * Several documents (a quote's deal, private and economics documents) in one statement, so one
   * round trip and one snapshot: each stored one by name, a missing name is not stored.
   */
  loadMany(docNames: readonly string[]): Promise<Map<string, LoadedDocument>>;
  append(
    docName: string,
    expectedSeq: number,
    update: Uint8Array,
    listing?: ListingChange | null,
    alsoRecord?: AppendHook,
  ): Promise<AppendResult>;
  /** Updates after `seq`, or "compacted" when some of them were folded into the state meanwhile. */
  readSince(docName: string, seq: number): Promise<LoggedUpdate[] | "compacted" | "gone">;
  /** Head seq of each named document that still exists (a missing name means deleted). */
  heads(docNames: readonly string[]): Promise<Map<string, number>>;
  /**
   * Replaces the state with one that includes every update up to `upToSeq` and drops those log
   * rows. An older snapshot never replaces a newer one; returns whether this one was stored.
   */
  compact(docName: string, state: Uint8Array, upToSeq: number): Promise<boolean>;
  /** Writes a new document's first state (quote creation). */
  insertDocument(docName: string, quoteId: string, state: Uint8Array): Promise<void>;
};

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

// Each named document's state row, then its log after the snapshot, in one statement.
const LOAD_MANY = `
  WITH d AS (
    SELECT doc_name, state, snapshot_seq, head_seq FROM yjs_documents WHERE doc_name = ANY($1::text[]))
  SELECT doc_name, state, snapshot_seq, head_seq, NULL::bigint AS seq, NULL::bytea AS "update" FROM d
  UNION ALL
  SELECT u.doc_name, NULL, NULL, NULL, u.seq, u."update"
  FROM yjs_updates u JOIN d ON u.doc_name = d.doc_name AND u.seq > d.snapshot_seq
  ORDER BY doc_name, seq NULLS FIRST`;

// The state row's snapshot seq first, then the log after $2 unless a compaction folded past it.
const READ_SINCE = `
  WITH d AS (SELECT snapshot_seq FROM yjs_documents WHERE doc_name = $1)
  SELECT snapshot_seq, NULL::bigint AS seq, NULL::bytea AS "update" FROM d
  UNION ALL
  SELECT NULL, u.seq, u."update" FROM yjs_updates u JOIN d ON d.snapshot_seq <= $2
   WHERE u.doc_name = $1 AND u.seq > $2
  ORDER BY seq NULLS FIRST`;

type LoadRow = {
  doc_name: string;
  state: Buffer | null;
  snapshot_seq: number | null;
  head_seq: number | null;
  seq: number | null;
  update: Buffer | null;
};

// One statement, one round trip: the CAS first (its row lock orders the writers; under READ
// COMMITTED a writer that waited re-checks `head_seq` and matches nothing), then the log row and
// the listing columns only if the CAS matched.
const APPEND = `
WITH cas AS (
  UPDATE yjs_documents SET head_seq = head_seq + 1
   WHERE doc_name = $1 AND head_seq = $2
  RETURNING head_seq, quote_id
), clock AS (SELECT ${NOW_MS} AS ms),
ins AS (
  INSERT INTO yjs_updates (doc_name, seq, quote_id, "update", created_at)
  SELECT $1, cas.head_seq, cas.quote_id, $3, clock.ms FROM cas, clock
  RETURNING seq, created_at
), listing AS (
  UPDATE quotes SET updated_at = clock.ms,
         vehicle_description = COALESCE($4, vehicle_description),
         customer_name = COALESCE($5, customer_name)
    FROM cas, clock WHERE quotes.id = cas.quote_id
  RETURNING 1
)
SELECT seq, created_at AS at FROM ins`;

const toBuffer = (v: Uint8Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

export function createDocumentLog(db: PgDb): DocumentLog {
  const pool = db.$client;

  const headOf = async (client: pg.Pool | pg.PoolClient, docName: string): Promise<number | null> => {
    const { rows } = await client.query<{ head_seq: number }>(
      "SELECT head_seq FROM yjs_documents WHERE doc_name = $1",
      [docName],
    );
    return rows[0]?.head_seq ?? null;
  };

  const appendWith = async (
    client: pg.Pool | pg.PoolClient,
    docName: string,
    expectedSeq: number,
    update: Uint8Array,
    listing: ListingChange | null | undefined,
  ): Promise<AppendResult> => {
    const { rows } = await client.query<{ seq: number; at: number }>(APPEND, [
      docName,
      expectedSeq,
      toBuffer(update),
      listing?.vehicleDescription ?? null,
      listing?.customerName ?? null,
    ]);
    const row = rows[0];
    if (row) return { status: "ok", seq: row.seq, at: row.at };
    const head = await headOf(client, docName);
    return head === null ? { status: "gone" } : { status: "stale", headSeq: head };
  };

  /** One statement (one snapshot: a compaction cannot hide rows between the state and its log). */
  async function loadMany(docNames: readonly string[]): Promise<Map<string, LoadedDocument>> {
    const { rows } = await pool.query<LoadRow>(LOAD_MANY, [docNames]);
    const loaded = new Map<string, LoadedDocument>();
    for (const row of rows) {
      if (row.seq === null) {
        loaded.set(row.doc_name, {
          state: row.state as Buffer,
          snapshotSeq: row.snapshot_seq as number,
          headSeq: row.head_seq as number,
          updates: [],
        });
        continue;
      }
      // Rows come ordered by document, its state first, then its log in seq order.
      loaded.get(row.doc_name)?.updates.push({ seq: row.seq, update: row.update as Buffer });
    }
    return loaded;
  }

  return {
    async load(docName) {
      return (await loadMany([docName])).get(docName) ?? null;
    },

    loadMany,

    async append(docName, expectedSeq, update, listing, alsoRecord) {
      if (!alsoRecord) return appendWith(pool, docName, expectedSeq, update, listing);
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await appendWith(client, docName, expectedSeq, update, listing);
        if (result.status !== "ok") {
          await client.query("ROLLBACK");
          return result;
        }
        await alsoRecord(client, result.at);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async readSince(docName, seq) {
      // One statement, so one snapshot: the state row's snapshot seq and the log after `seq`
      // (none when a compaction folded past it), as a read-only transaction saw them before.
      const { rows } = await pool.query<{
        snapshot_seq: number | null;
        seq: number | null;
        update: Buffer | null;
      }>(READ_SINCE, [docName, seq]);
      const head = rows[0];
      if (!head || head.snapshot_seq === null) return "gone";
      if (head.snapshot_seq > seq) return "compacted";
      return rows.slice(1).map((r) => ({ seq: r.seq as number, update: r.update as Buffer }));
    },

    async heads(docNames) {
      if (docNames.length === 0) return new Map();
      const { rows } = await pool.query<{ doc_name: string; head_seq: number }>(
        "SELECT doc_name, head_seq FROM yjs_documents WHERE doc_name = ANY($1)",
        [docNames],
      );
      return new Map(rows.map((r) => [r.doc_name, r.head_seq]));
    },

    async compact(docName, state, upToSeq) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const updated = await client.query(
          `UPDATE yjs_documents SET state = $2, snapshot_seq = $3, updated_at = ${NOW_MS}
            WHERE doc_name = $1 AND snapshot_seq < $3 AND head_seq >= $3`,
          [docName, toBuffer(state), upToSeq],
        );
        const stored = updated.rowCount === 1;
        if (stored)
          await client.query("DELETE FROM yjs_updates WHERE doc_name = $1 AND seq <= $2", [docName, upToSeq]);
        await client.query("COMMIT");
        return stored;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async insertDocument(docName, quoteId, state) {
      await pool.query(
        `INSERT INTO yjs_documents (doc_name, quote_id, state, head_seq, snapshot_seq, updated_at)
         VALUES ($1, $2, $3, 0, 0, ${NOW_MS})`,
        [docName, quoteId, toBuffer(state)],
      );
    },
  };
}
