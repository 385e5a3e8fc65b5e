import { computeBreakdown } from "@shared/pricing";
import { dealArray, dealDocName, readDoc } from "@shared/quote-doc";
import { quoteDataSchema } from "@shared/quote-schema";
import { withPlainText } from "@shared/schema-fields";
import type * as Y from "yjs";
import type { Stores } from "../db/stores";
import { docFromStored } from "../live/stored-doc";

// The desk log's out-the-door column (issue #20). The figure is the quote page's own
// (shared/pricing.ts), kept in a listing column so that listing 5,000 quotes never opens a
// document: written at creation and at every compaction of the deal's room (so at the latest
// when its last connection leaves); a room open right now is read live by the listing instead.

/** The deal's out-the-door price in cents; null when the content does not make a valid deal. */
export function outTheDoorCentsOf(deal: Record<string, unknown>): number | null {
  const parsed = quoteDataSchema.safeParse({ customInterestRates: {}, ...(withPlainText(deal) as object) });
  return parsed.success ? computeBreakdown(parsed.data).outTheDoorPrice : null;
}

export const outTheDoorCentsOfDoc = (doc: Y.Doc): number | null => outTheDoorCentsOf(readDoc(dealArray(doc)));

/**
 * Quotes stored before the column existed (migration 0004) get their figure in the background
 * after start-up, a batch at a time so that requests are served in between. Returns a stop.
 */
export function backfillListingTotals(
  stores: Pick<Stores, "quotes" | "documents">,
  log: (line: string) => void,
  batch = 50,
): () => void {
  let stopped = false;
  let filled = 0;
  // A cursor over the ids: quotes whose document does not price stay null ("—") and are passed.
  let after = "";
  const fill = async (id: string) => {
    let doc: Y.Doc | undefined;
    try {
      const stored = await stores.documents.load(dealDocName(id));
      if (!stored) return;
      doc = docFromStored(stored, dealDocName(id));
      const cents = outTheDoorCentsOfDoc(doc);
      if (cents !== null) {
        await stores.quotes.setOutTheDoor(id, cents);
        filled += 1;
      }
    } catch {
      // A stored document that does not load: the column stays empty.
    } finally {
      doc?.destroy();
    }
  };
  const step = async () => {
    if (stopped) return;
    let ids: string[];
    try {
      ids = await stores.quotes.withoutOutTheDoor(after, batch);
    } catch (error) {
      log(`desk log: out-the-door backfill stopped: ${String(error)}`);
      return;
    }
    if (ids.length === 0) {
      if (filled > 0) log(`desk log: out-the-door price filled in for ${filled} quotes`);
      return;
    }
    for (const id of ids) {
      if (stopped) return;
      after = id;
      await fill(id);
    }
    setImmediate(() => void step());
  };
  setImmediate(() => void step());
  return () => {
    stopped = true;
  };
}
