import { and, desc, eq, sql } from "drizzle-orm";
import { acceptedName } from "../accepted-name";
import type { Db } from "../connection";
import { type HistoryStore, historyRole } from "../repositories/history";
import type { VersionStore } from "../repositories/versions";
import { quoteEvents, quotes, quoteVersions } from "../schema";
import { insertHandoffEvents } from "./handoff";
import { nextStateSeq } from "./quotes";
import { insertRestEvent } from "./rows";

// Quotes' versions and history on SQLite (users.ts on the synchronous driver behind the promises).

export function createVersionStore(db: Db): VersionStore {
  const lastOf = (tx: Pick<Db, "select">, quoteId: string) =>
    tx
      .select({ number: quoteVersions.number, kind: quoteVersions.kind })
      .from(quoteVersions)
      .where(eq(quoteVersions.quoteId, quoteId))
      .orderBy(desc(quoteVersions.number))
      .limit(1)
      .get();
  return {
    latest: async (quoteId) => lastOf(db, quoteId),
    list: async (quoteId) =>
      db
        .select({
          number: quoteVersions.number,
          kind: quoteVersions.kind,
          createdAt: quoteVersions.createdAt,
          actor: quoteVersions.actor,
          fingerprint: quoteVersions.fingerprint,
        })
        .from(quoteVersions)
        .where(eq(quoteVersions.quoteId, quoteId))
        .orderBy(desc(quoteVersions.number))
        .all(),
    read: async (quoteId, number) =>
      db
        .select()
        .from(quoteVersions)
        .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.number, number)))
        .get(),
    async save(version, event, lock, _dealSeq, handoff) {
      return db.transaction((tx) => {
        const number = (lastOf(tx, version.quoteId)?.number ?? 0) + 1;
        tx.insert(quoteVersions)
          .values({ ...version, number })
          .run();
        if (lock === "accept")
          tx.update(quotes)
            .set({
              lockedAt: version.createdAt,
              acceptedVersion: number,
              stateSeq: nextStateSeq,
              acceptedAt: sql`coalesce(${quotes.acceptedAt}, ${version.createdAt})`,
              // Issue #46: the desk log names the customer of an accepted deal: the name the
              // shopper typed, while the dealer's customer record has none.
              customerName: sql`CASE WHEN ${quotes.customerName} = '' THEN ${acceptedName(version.snapshot)} ELSE ${quotes.customerName} END`,
            })
            .where(eq(quotes.id, version.quoteId))
            .run();
        if (lock === "unlock")
          tx.update(quotes)
            .set({ lockedAt: null, stateSeq: nextStateSeq })
            .where(eq(quotes.id, version.quoteId))
            .run();
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
        .select({
          id: quoteEvents.id,
          at: quoteEvents.at,
          role: quoteEvents.role,
          actor: quoteEvents.actorName,
          field: quoteEvents.field,
          oldValue: quoteEvents.oldValue,
          newValue: quoteEvents.newValue,
        })
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, quoteId))
        .orderBy(desc(quoteEvents.at), desc(quoteEvents.id))
        .limit(limit)
        .all();
      return rows.map((row) => ({ ...row, role: historyRole(row.role) }));
    },
  };
}
