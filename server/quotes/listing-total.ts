import { computeBreakdown } from "@shared/pricing";
import { dealArray, dealDocName, readDoc } from "@shared/quote-doc";
import { quoteDataSchema } from "@shared/quote-schema";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type * as Y from "yjs";
import type { Db } from "../db/connection";
import { quotes } from "../db/schema";
import { createDocStore } from "../live/persistence";
import { loadStoredDoc } from "../live/stored-doc";

// The desk log's out-the-door column (issue #20). The figure is the quote page's own
// (shared/pricing.ts), kept in a listing column so that listing 5,000 quotes never opens a
// document: written at creation and at every compaction of the deal's room (so at the latest
// when its last connection leaves); a room open right now is read live by the listing instead.

/** The deal's out-the-door price in cents; null when the content does not make a valid deal. */
export function outTheDoorCentsOf(deal: Record<string, unknown>): number | null {
  const parsed = quoteDataSchema.safeParse({ customInterestRates: {}, ...deal });
  return parsed.success ? computeBreakdown(parsed.data).outTheDoorPrice : null;
}

export const outTheDoorCentsOfDoc = (doc: Y.Doc): number | null => outTheDoorCentsOf(readDoc(dealArray(doc)));

/**
 * Quotes stored before the column existed (migration 0004) get their figure in the background
 * after start-up, a batch at a time so that requests are served in between. Returns a stop.
 */
export function backfillListingTotals(db: Db, log: (line: string) => void, batch = 50): () => void {
  let stopped = false;
  let filled = 0;
  // A cursor over the ids: quotes whose document does not price stay null ("—") and are passed.
  let after = "";
  const store = createDocStore(db);
  const step = () => {
    if (stopped) return;
    let rows: { id: string }[];
    try {
      rows = db
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(isNull(quotes.outTheDoorCents), gt(quotes.id, after)))
        .orderBy(asc(quotes.id))
        .limit(batch)
        .all();
    } catch (error) {
      log(`desk log: out-the-door backfill stopped: ${String(error)}`);
      return;
    }
    if (rows.length === 0) {
      if (filled > 0) log(`desk log: out-the-door price filled in for ${filled} quotes`);
      return;
    }
    for (const row of rows) {
      after = row.id;
      let doc: Y.Doc | undefined;
      try {
        doc = loadStoredDoc(store, dealDocName(row.id)).doc;
        const cents = outTheDoorCentsOfDoc(doc);
        if (cents !== null) {
          db.update(quotes).set({ outTheDoorCents: cents }).where(eq(quotes.id, row.id)).run();
          filled += 1;
        }
      } catch {
        // No stored document, or one that does not load: the column stays empty.
      } finally {
        doc?.destroy();
      }
    }
    setImmediate(step);
  };
  setImmediate(step);
  return () => {
    stopped = true;
  };
}
