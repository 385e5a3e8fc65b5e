import { dealDocName } from "@shared/live/quote-doc";
import { and, desc, eq, sql } from "drizzle-orm";
import { acceptedName } from "../accepted-name";
import { type HistoryStore, historyRole } from "../repositories/history";
import { StaleSnapshotError, type VersionStore } from "../repositories/versions";
import { quoteEvents, quotes, quoteVersions, yjsDocuments } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertHandoffEvents } from "./handoff";
import { nextStateSeq } from "./quotes";
import { insertRestEvent } from "./rows";

// Versions of a quote and its history on PostgreSQL.

export function createVersionStore(db: PgDb): VersionStore {
  return {
    async latest(quoteId) {
      const rows = await db
        .select({ number: quoteVersions.number, kind: quoteVersions.kind })
        .from(quoteVersions)
        .where(eq(quoteVersions.quoteId, quoteId))
        .orderBy(desc(quoteVersions.number))
        .limit(1);
      return rows[0];
    },

    list(quoteId) {
      return db
        .select({
          number: quoteVersions.number,
          kind: quoteVersions.kind,
          createdAt: quoteVersions.createdAt,
          actor: quoteVersions.actor,
          fingerprint: quoteVersions.fingerprint,
        })
        .from(quoteVersions)
        .where(eq(quoteVersions.quoteId, quoteId))
        .orderBy(desc(quoteVersions.number));
    },

    async read(quoteId, number) {
      const rows = await db
        .select()
        .from(quoteVersions)
        .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.number, number)));
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
          .where(eq(quoteVersions.quoteId, version.quoteId))
          .orderBy(desc(quoteVersions.number))
          .limit(1);
        const number = (last?.number ?? 0) + 1;
        await tx.insert(quoteVersions).values({ ...version, number });
        const recorded = await insertRestEvent(tx, version.quoteId, event(number));
        await insertHandoffEvents(tx, handoff?.(number));
        if (lock === "accept")
          await tx
            .update(quotes)
            .set({
              lockedAt: version.createdAt,
              acceptedVersion: number,
              stateSeq: nextStateSeq,
              acceptedAt: sql`coalesce(${quotes.acceptedAt}, ${version.createdAt})`,
              // Issue #46: the desk log names the customer of an accepted deal: the name the
              // shopper typed, while the dealer's customer record has none.
              customerName: sql`CASE WHEN ${quotes.customerName} = '' THEN ${acceptedName(version.snapshot)} ELSE ${quotes.customerName} END`,
            })
            .where(eq(quotes.id, version.quoteId));
        else if (lock === "unlock")
          await tx
            .update(quotes)
            .set({ lockedAt: null, stateSeq: nextStateSeq })
            .where(eq(quotes.id, version.quoteId));
        return { number, event: recorded };
      });
    },
  };
}

export function createHistoryStore(db: PgDb): HistoryStore {
  return {
    async read(quoteId, limit) {
      const rows = await db
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
        .limit(limit);
      return rows.map((row) => ({ ...row, role: historyRole(row.role) }));
    },
  };
}
