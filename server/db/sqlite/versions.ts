import { eq } from "drizzle-orm";
import type { Db } from "../connection";
import { unlocked } from "../queries/quotes";
import * as v from "../queries/versions";
import { type HistoryStore, historyRole } from "../repositories/history";
import type { VersionStore } from "../repositories/versions";
import { quoteEvents, quotes, quoteVersions } from "../schema";
import { insertHandoffEvents } from "./handoff";
import { insertRestEvent } from "./rows";

// Quotes' versions and history on SQLite (users.ts on the synchronous driver behind the promises).

export function createVersionStore(db: Db): VersionStore {
  const lastOf = (tx: Pick<Db, "select">, quoteId: string) =>
    tx
      .select(v.latestColumns(quoteVersions))
      .from(quoteVersions)
      .where(v.ofQuote(quoteVersions, quoteId))
      .orderBy(v.newestFirst(quoteVersions))
      .limit(1)
      .get();
  return {
    latest: async (quoteId) => lastOf(db, quoteId),
    list: async (quoteId) =>
      db
        .select(v.listColumns(quoteVersions))
        .from(quoteVersions)
        .where(v.ofQuote(quoteVersions, quoteId))
        .orderBy(v.newestFirst(quoteVersions))
        .all(),
    read: async (quoteId, number) =>
      db
        .select()
        .from(quoteVersions)
        .where(v.numbered(quoteVersions, quoteId, number))
        .get(),
    async save(version, event, lock, _dealSeq, handoff) {
      return db.transaction((tx) => {
        const number = (lastOf(tx, version.quoteId)?.number ?? 0) + 1;
        tx.insert(quoteVersions)
          .values({ ...version, number })
          .run();
        if (lock === "accept")
          tx.update(quotes)
            .set(v.accepting(quotes, version.createdAt, number, version.snapshot))
            .where(eq(quotes.id, version.quoteId))
            .run();
        if (lock === "unlock")
          tx.update(quotes).set(unlocked(quotes)).where(eq(quotes.id, version.quoteId)).run();
        insertHandoffEvents(tx, handoff?.(number));
        return { number, event: insertRestEvent(tx, version.quoteId, event(number)) };
      });
    },
  };
}

export function createHistoryStore(db: Db): HistoryStore {
  return {
    async read(quoteId, limit) {
      const rows = db
        .select(v.historyColumns(quoteEvents))
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, quoteId))
        .orderBy(...v.historyOrder(quoteEvents))
        .limit(limit)
        .all();
      return rows.map((row) => ({ ...row, role: historyRole(row.role) }));
    },
  };
}
