import { dealDocName } from "@shared/live/quote-doc";
import { eq } from "drizzle-orm";
import { unlocked } from "../queries/quotes";
import * as v from "../queries/versions";
import { type HistoryStore, historyRole } from "../repositories/history";
import { StaleSnapshotError, type VersionStore } from "../repositories/versions";
import { quoteEvents, quotes, quoteVersions, yjsDocuments } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertHandoffEvents } from "./handoff";
import { insertRestEvent } from "./rows";

// Versions of a quote and its history on PostgreSQL.

export function createVersionStore(db: PgDb): VersionStore {
  return {
    async latest(quoteId) {
      const rows = await db
        .select(v.latestColumns(quoteVersions))
        .from(quoteVersions)
        .where(v.ofQuote(quoteVersions, quoteId))
        .orderBy(v.newestFirst(quoteVersions))
        .limit(1);
      return rows[0];
    },

    list(quoteId) {
      return db
        .select(v.listColumns(quoteVersions))
        .from(quoteVersions)
        .where(v.ofQuote(quoteVersions, quoteId))
        .orderBy(v.newestFirst(quoteVersions));
    },

    async read(quoteId, number) {
      const rows = await db
        .select()
        .from(quoteVersions)
        .where(v.numbered(quoteVersions, quoteId, number));
      return rows[0];
    },

    save(version, event, lock, dealSeq, handoff) {
      return db.transaction(async (tx) => {
        // SQLite has one writer; here two saves could both read the same last number. The quote's
        // row lock makes the second wait for the first to commit, then read its number. NO KEY
        // UPDATE: foreign-key checks of other writers (history rows of an append) do not wait.
        await tx
          .select({ id: quotes.id })
          .from(quotes)
          .where(eq(quotes.id, version.quoteId))
          .for("no key update");
        // Under the quote's row lock, which every append takes before it writes: a deal still at
        // the snapshot's seq here stays so until the lock (and its state seq) commits.
        if (dealSeq !== undefined) {
          const [doc] = await tx
            .select({ headSeq: yjsDocuments.headSeq })
            .from(yjsDocuments)
            .where(eq(yjsDocuments.docName, dealDocName(version.quoteId)));
          if (doc && doc.headSeq !== dealSeq) throw new StaleSnapshotError();
        }
        const [last] = await tx
          .select({ number: quoteVersions.number })
          .from(quoteVersions)
          .where(v.ofQuote(quoteVersions, version.quoteId))
          .orderBy(v.newestFirst(quoteVersions))
          .limit(1);
        const number = (last?.number ?? 0) + 1;
        await tx.insert(quoteVersions).values({ ...version, number });
        const recorded = await insertRestEvent(tx, version.quoteId, event(number));
        await insertHandoffEvents(tx, handoff?.(number));
        if (lock === "accept")
          await tx
            .update(quotes)
            .set(v.accepting(quotes, version.createdAt, number, version.snapshot))
            .where(eq(quotes.id, version.quoteId));
        else if (lock === "unlock")
          await tx.update(quotes).set(unlocked(quotes)).where(eq(quotes.id, version.quoteId));
        return { number, event: recorded };
      });
    },
  };
}

export function createHistoryStore(db: PgDb): HistoryStore {
  return {
    async read(quoteId, limit) {
      const rows = await db
        .select(v.historyColumns(quoteEvents))
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, quoteId))
        .orderBy(...v.historyOrder(quoteEvents))
        .limit(limit);
      return rows.map((row) => ({ ...row, role: historyRole(row.role) }));
    },
  };
}
