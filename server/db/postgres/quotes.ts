import { dealDocName, economicsDocName, privateDocName } from "@shared/live/quote-doc";
import { asc, eq, inArray } from "drizzle-orm";
import * as q from "../queries/quotes";
import type { DocumentStore } from "../repositories/documents";
import type { QuoteStore } from "../repositories/quotes";
import { quoteEvents, quotes, yjsDocuments } from "../schema.pg";
import type { PgDb } from "./connection";
import { createDocumentLog } from "./document-log";
import { insertHandoffEvents } from "./handoff";
import { insertAudit, insertRestEvent } from "./rows";

// Quotes and their documents on PostgreSQL (the drizzle text is queries/quotes.ts, shared with
// SQLite). Creation writes the quote row and both documents in one transaction on one client: on a
// pool, documents inserted on another connection could not see the uncommitted quote and their
// foreign key would refuse them (SCALE.md §4, row 5).

export function createQuoteStore(db: PgDb): QuoteStore {
  return {
    async find(id) {
      return (await db.select().from(quotes).where(eq(quotes.id, id)))[0];
    },

    async create(row, documents, handoff) {
      await db.transaction(async (tx) => {
        await tx.insert(quotes).values(row);
        // A new document's log is empty: its head and snapshot are both at seq 0.
        await tx.insert(yjsDocuments).values([
          {
            docName: dealDocName(row.id),
            quoteId: row.id,
            state: documents.deal,
            headSeq: 0,
            snapshotSeq: 0,
            updatedAt: row.createdAt,
          },
          {
            docName: privateDocName(row.id),
            quoteId: row.id,
            state: documents.private,
            headSeq: 0,
            snapshotSeq: 0,
            updatedAt: row.createdAt,
          },
          {
            docName: economicsDocName(row.id),
            quoteId: row.id,
            state: documents.economics,
            headSeq: 0,
            snapshotSeq: 0,
            updatedAt: row.createdAt,
          },
        ]);
        await insertHandoffEvents(tx, handoff);
      });
    },

    list(scope) {
      return db
        .select(q.listColumns(quotes))
        .from(quotes)
        .where(q.inScope(quotes, scope))
        .orderBy(q.byNewest(quotes));
    },

    async any(dealershipId) {
      const rows = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(eq(quotes.dealerId, dealershipId))
        .limit(1);
      return rows.length > 0;
    },

    async delete(id, handoff) {
      await db.transaction(async (tx) => {
        // One lock order with appends (which hold their document row, then update the quote):
        // the document rows first, then the cascade from the quote row (SCALE.md §4, row 6).
        await tx
          .select({ docName: yjsDocuments.docName })
          .from(yjsDocuments)
          .where(eq(yjsDocuments.quoteId, id))
          .orderBy(asc(yjsDocuments.docName))
          .for("update");
        await tx.delete(quotes).where(eq(quotes.id, id));
        await insertHandoffEvents(tx, handoff);
      });
    },

    renew(id, expiresAt, event) {
      return db.transaction(async (tx) => {
        await tx
          .update(quotes)
          .set(q.renewed(quotes, expiresAt, event.at))
          .where(eq(quotes.id, id));
        return insertRestEvent(tx, id, event);
      });
    },

    async reassign(id, salespersonId, event, audit, handoff) {
      await db.transaction(async (tx) => {
        await tx.update(quotes).set(q.reassigned(quotes, salespersonId)).where(eq(quotes.id, id));
        await insertRestEvent(tx, id, event);
        await insertAudit(tx, audit);
        await insertHandoffEvents(tx, handoff);
      });
    },

    async setListingFigures(id, figures) {
      await db.update(quotes).set(figures).where(eq(quotes.id, id));
    },

    async setListingGross(id, grossCents) {
      await db.update(quotes).set({ grossCents }).where(eq(quotes.id, id));
    },

    async withoutListingFigures(after, limit) {
      // The cursor compares and orders by the same (database) collation, so it visits every id.
      const rows = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(q.withoutListingFigures(quotes, after))
        .orderBy(asc(quotes.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    acceptedSince(scope, since, limit) {
      return db
        .select(q.acceptedColumns(quotes))
        .from(quotes)
        .where(q.acceptedSince(quotes, scope, since))
        .orderBy(q.byNewestLock(quotes))
        .limit(limit);
    },

    async labels(scope, ids) {
      if (ids.length === 0) return [];
      return db
        .select(q.labelColumns(quotes))
        .from(quotes)
        .where(q.labelsOf(quotes, scope, ids));
    },

    // No cheap exact answer here: the watch reads the state seqs at every poll (the bus tells of
    // changes at once; the poll is the fallback, and an awaited read does not hold the event loop).
    stateClock: async () => null,
    async stateSeqs(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select(q.stateSeqColumns(quotes))
        .from(quotes)
        .where(inArray(quotes.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.stateSeq]));
    },
    unlock(id, event, handoff) {
      return db.transaction(async (tx) => {
        await tx.update(quotes).set(q.unlocked(quotes)).where(eq(quotes.id, id));
        await insertHandoffEvents(tx, handoff);
        return insertRestEvent(tx, id, event);
      });
    },

    async recordStep(id, event, unlessWithinMs, handoff) {
      // Two processes recording at once may both write: a second "opened" row changes no figure
      // (the quote keeps the earliest time), so no lock is taken for it.
      if (unlessWithinMs !== undefined) {
        const recent = await db
          .select({ id: quoteEvents.id })
          .from(quoteEvents)
          .where(q.recentStep(quoteEvents, id, event.field, event.at - unlessWithinMs))
          .limit(1);
        if (recent.length > 0) return null;
      }
      return db.transaction(async (tx) => {
        await tx
          .update(quotes)
          .set({ [q.stepColumn(event.field)]: event.at })
          .where(q.firstStep(quotes, id, event.field, event.at));
        // Before the step's own row: "the first visit of the day" looks for an earlier one.
        await insertHandoffEvents(tx, handoff ? [handoff] : []);
        return insertRestEvent(tx, id, event);
      });
    },
  };
}

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";
const toBuffer = (v: Uint8Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

export function createDocumentStore(db: PgDb): DocumentStore {
  const log = createDocumentLog(db);
  const pool = db.$client;
  return {
    async load(docName) {
      const doc = await log.load(docName);
      if (!doc) return null;
      // The log is dense from the snapshot to the head, so its last seq is the head.
      return {
        state: doc.state,
        updates: doc.updates.map((u) => u.update),
        updatesV1: [],
        lastSeq: doc.headSeq,
      };
    },

    async quotesWithPendingUpdates(dealershipId) {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT DISTINCT u.quote_id AS id FROM yjs_updates u JOIN quotes q ON q.id = u.quote_id
          WHERE q.dealer_id = $1 AND u.doc_name NOT LIKE '%/private'`,
        [dealershipId],
      );
      return rows.map((row) => row.id);
    },

    async quotesWithoutEconomics(after, limit) {
      const { rows } = await pool.query<{ id: string }>(
        `SELECT q.id FROM quotes q
          WHERE q.id > $1 AND NOT EXISTS
                (SELECT 1 FROM yjs_documents d WHERE d.doc_name = 'quote/' || q.id || '/economics')
          ORDER BY q.id LIMIT $2`,
        [after, limit],
      );
      return rows.map((row) => row.id);
    },

    async moveEconomics(quoteId, split) {
      const economicsName = economicsDocName(quoteId);
      const privateName = privateDocName(quoteId);
      // Most calls find it done (a reader making sure): one indexed read, no lock taken.
      const done = await pool.query("SELECT 1 FROM yjs_documents WHERE doc_name = $1", [economicsName]);
      if (done.rows.length > 0) return false;
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // The private document's row first, as an append holds it: a process moving the same
        // quote waits here, then finds the economics document written and does nothing; a live
        // append waits too, then finds the head moved and catches up (SCALE.md §4).
        const head = await client.query<{ state: Buffer; snapshot_seq: number; head_seq: number }>(
          "SELECT state, snapshot_seq, head_seq FROM yjs_documents WHERE doc_name = $1 FOR UPDATE",
          [privateName],
        );
        const row = head.rows[0];
        const exists = await client.query("SELECT 1 FROM yjs_documents WHERE doc_name = $1", [economicsName]);
        if (!row || exists.rows.length > 0) {
          await client.query("ROLLBACK");
          return false;
        }
        const updates = await client.query<{ update: Buffer }>(
          'SELECT "update" FROM yjs_updates WHERE doc_name = $1 AND seq > $2 ORDER BY seq',
          [privateName, row.snapshot_seq],
        );
        const { economics, privateUpdate } = split({
          state: row.state,
          updates: updates.rows.map((u) => u.update),
          updatesV1: [],
          lastSeq: row.head_seq,
        });
        await client.query(
          `INSERT INTO yjs_documents (doc_name, quote_id, state, head_seq, snapshot_seq, updated_at)
           VALUES ($1, $2, $3, 0, 0, ${NOW_MS})`,
          [economicsName, quoteId, toBuffer(economics)],
        );
        if (privateUpdate) {
          await client.query("UPDATE yjs_documents SET head_seq = head_seq + 1 WHERE doc_name = $1", [
            privateName,
          ]);
          await client.query(
            `INSERT INTO yjs_updates (doc_name, seq, quote_id, "update", created_at)
             VALUES ($1, $2, $3, $4, ${NOW_MS})`,
            [privateName, row.head_seq + 1, quoteId, toBuffer(privateUpdate)],
          );
        }
        await client.query("COMMIT");
        return true;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
