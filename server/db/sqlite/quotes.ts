import { dealDocName, economicsDocName, privateDocName } from "@shared/live/quote-doc";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../connection";
import * as q from "../queries/quotes";
import type { DocumentStore, EconomicsSplit, StoredDoc } from "../repositories/documents";
import type { QuoteStore } from "../repositories/quotes";
import { quoteEvents, quotes, teamEvents, yjsDocuments } from "../schema";
import { insertHandoffEvents } from "./handoff";
import { createLiveStore } from "./live-store";
import { insertRestEvent } from "./rows";
import { sqliteStateClock } from "./state-clock";

// Quotes and their stored documents on SQLite (versions.ts: versions and history; users.ts on the
// synchronous driver behind the promises). The drizzle text is queries/quotes.ts, shared with PostgreSQL.

export function createQuoteStore(db: Db): QuoteStore {
  const stateClock = sqliteStateClock(db.$client);
  return {
    find: async (id) => db.select().from(quotes).where(eq(quotes.id, id)).get(),
    async create(row, documents, handoff) {
      db.transaction((tx) => {
        tx.insert(quotes).values(row).run();
        tx.insert(yjsDocuments)
          .values([
            {
              docName: dealDocName(row.id),
              quoteId: row.id,
              state: Buffer.from(documents.deal),
              updatedAt: row.createdAt,
            },
            {
              docName: privateDocName(row.id),
              quoteId: row.id,
              state: Buffer.from(documents.private),
              updatedAt: row.createdAt,
            },
            {
              docName: economicsDocName(row.id),
              quoteId: row.id,
              state: Buffer.from(documents.economics),
              updatedAt: row.createdAt,
            },
          ])
          .run();
        insertHandoffEvents(tx, handoff);
      });
    },
    list: async (scope) =>
      db
        .select(q.listColumns(quotes))
        .from(quotes)
        .where(q.inScope(quotes, scope))
        .orderBy(q.byNewest(quotes))
        .all(),
    any: async (dealershipId) =>
      db.select({ id: quotes.id }).from(quotes).where(eq(quotes.dealerId, dealershipId)).limit(1).get() !==
      undefined,
    async delete(id, handoff) {
      // Documents, update log, history and versions go with the quote (ON DELETE CASCADE).
      db.transaction((tx) => {
        tx.delete(quotes).where(eq(quotes.id, id)).run();
        insertHandoffEvents(tx, handoff);
      });
    },
    async renew(id, expiresAt, event) {
      return db.transaction((tx) => {
        tx.update(quotes)
          .set(q.renewed(quotes, expiresAt, event.at))
          .where(eq(quotes.id, id))
          .run();
        return insertRestEvent(tx, id, event);
      });
    },
    async reassign(id, salespersonId, event, audit, handoff) {
      db.transaction((tx) => {
        tx.update(quotes).set(q.reassigned(quotes, salespersonId)).where(eq(quotes.id, id)).run();
        insertRestEvent(tx, id, event);
        tx.insert(teamEvents).values(audit).run();
        insertHandoffEvents(tx, handoff);
      });
    },
    async setListingFigures(id, figures) {
      db.update(quotes).set(figures).where(eq(quotes.id, id)).run();
    },
    async setListingGross(id, grossCents) {
      db.update(quotes).set({ grossCents }).where(eq(quotes.id, id)).run();
    },
    withoutListingFigures: async (after, limit) =>
      db
        .select({ id: quotes.id })
        .from(quotes)
        .where(q.withoutListingFigures(quotes, after))
        .orderBy(asc(quotes.id))
        .limit(limit)
        .all()
        .map((row) => row.id),
    acceptedSince: async (scope, since, limit) =>
      db
        .select(q.acceptedColumns(quotes))
        .from(quotes)
        .where(q.acceptedSince(quotes, scope, since))
        .orderBy(q.byNewestLock(quotes))
        .limit(limit)
        .all(),
    async labels(scope, ids) {
      if (ids.length === 0) return [];
      return db
        .select(q.labelColumns(quotes))
        .from(quotes)
        .where(q.labelsOf(quotes, scope, ids))
        .all();
    },
    stateClock: async () => stateClock(),
    async stateSeqs(ids) {
      if (ids.length === 0) return new Map();
      const rows = db
        .select(q.stateSeqColumns(quotes))
        .from(quotes)
        .where(inArray(quotes.id, [...ids]))
        .all();
      return new Map(rows.map((row) => [row.id, row.stateSeq]));
    },
    async unlock(id, event, handoff) {
      return db.transaction((tx) => {
        tx.update(quotes).set(q.unlocked(quotes)).where(eq(quotes.id, id)).run();
        insertHandoffEvents(tx, handoff);
        return insertRestEvent(tx, id, event);
      });
    },
    async recordStep(id, event, unlessWithinMs, handoff) {
      return db.transaction((tx) => {
        if (unlessWithinMs !== undefined) {
          const recent = tx
            .select({ id: quoteEvents.id })
            .from(quoteEvents)
            .where(q.recentStep(quoteEvents, id, event.field, event.at - unlessWithinMs))
            .limit(1)
            .get();
          if (recent) return null;
        }
        tx.update(quotes)
          .set({ [q.stepColumn(event.field)]: event.at })
          .where(q.firstStep(quotes, id, event.field, event.at))
          .run();
        // Before the step's own row: "the first visit of the day" looks for an earlier one.
        insertHandoffEvents(tx, handoff ? [handoff] : []);
        return insertRestEvent(tx, id, event);
      });
    },
  };
}

export function createDocumentStore(db: Db): DocumentStore {
  const store = createLiveStore(db);
  const sqlite = db.$client;
  const withoutEconomics = sqlite.prepare<[string, number], { id: string }>(
    `SELECT q.id FROM quotes q
      WHERE q.id > ? AND NOT EXISTS (SELECT 1 FROM yjs_documents d WHERE d.doc_name = 'quote/' || q.id || '/economics')
      ORDER BY q.id LIMIT ?`,
  );
  const hasDocument = sqlite.prepare<[string], { one: number }>(
    "SELECT 1 AS one FROM yjs_documents WHERE doc_name = ?",
  );
  // V2, as the log's oldest rows: the move's update is the server's own, not a client's.
  const insertUpdateV2 = sqlite.prepare<[string, string, Uint8Array, number]>(
    'INSERT INTO yjs_updates (doc_name, quote_id, "update", created_at, format) VALUES (?, ?, ?, ?, 2)',
  );
  // One synchronous transaction: nothing interleaves with it, and a crash keeps all of it or none.
  const move = sqlite.transaction((quoteId: string, split: (stored: StoredDoc) => EconomicsSplit) => {
    const economicsName = economicsDocName(quoteId);
    const privateName = privateDocName(quoteId);
    if (hasDocument.get(economicsName)) return false;
    const priv = store.load(privateName);
    if (!priv) return false;
    const { economics, privateUpdate } = split(priv);
    store.insertDocument(economicsName, quoteId, economics);
    if (privateUpdate) insertUpdateV2.run(privateName, quoteId, privateUpdate, Date.now());
    return true;
  });
  const withPending = sqlite.prepare<[string], { id: string }>(
    `SELECT DISTINCT u.quote_id AS id FROM yjs_updates u JOIN quotes q ON q.id = u.quote_id
      WHERE q.dealer_id = ? AND u.doc_name NOT LIKE '%/private'`,
  );
  return {
    load: async (docName) => store.load(docName),
    quotesWithoutEconomics: async (after, limit) => withoutEconomics.all(after, limit).map((row) => row.id),
    quotesWithPendingUpdates: async (dealershipId) => withPending.all(dealershipId).map((row) => row.id),
    moveEconomics: async (quoteId, split) => move(quoteId, split),
  };
}
