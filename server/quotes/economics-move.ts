import { economicsArray, fieldOfKey, type KvPair, privateArray } from "@shared/live/quote-doc";
import * as Y from "yjs";
import type { EconomicsSplit, StoredDoc } from "../db/repositories/documents";
import { docFromStored } from "../db/stored-doc";
import type { Stores } from "../db/stores";

// Issue #38 (docs/decisions/019-deal-economics.md): a quote's economics moved from its private
// document (which every member working the quote receives) to a document of their own, which
// only members who see gross receive. Quotes stored before keep theirs in the private document:
// this step, run once at start-up after the SQL migrations, moves them, on both backends.
//
// Per quote, one transaction (DocumentStore.moveEconomics): the economics document is written with
// the private document's `economics.*` pairs exactly as they are, then the private document's
// update deleting them is appended to its log. A quote is done once it has an economics document,
// so a re-run (or a crash half-way through the quotes) finishes the rest and redoes nothing; two
// processes starting together on PostgreSQL wait for each other on the private document's row.
// A quote whose private document holds no economics gets an empty economics document: its
// economics read as they read today (no cost, no pack), so no figure moves.

const BATCH = 100;

/** The economics document's first state and the private document's update taking them out. */
function splitEconomics(stored: StoredDoc): EconomicsSplit {
  const priv = docFromStored(stored, "economics-move");
  const economics = new Y.Doc({ guid: "economics-move" });
  try {
    const array = privateArray(priv);
    const items = array.toArray();
    // Every pair of the field, a stale duplicate too: none of it may stay behind.
    const doomed: number[] = [];
    const seen = new Set<string>();
    const pairs: KvPair[] = [];
    for (let i = items.length - 1; i >= 0; i--) {
      const pair = items[i] as Partial<KvPair> | null;
      if (typeof pair?.key !== "string" || fieldOfKey(pair.key) !== "economics") continue;
      doomed.push(i);
      // The rightmost pair of a key is its value, as readers read it.
      if (seen.has(pair.key)) continue;
      seen.add(pair.key);
      pairs.unshift({ key: pair.key, val: pair.val });
    }
    if (pairs.length > 0) economicsArray(economics).push(pairs);
    let privateUpdate: Uint8Array | null = null;
    if (doomed.length > 0) {
      priv.on("updateV2", (update: Uint8Array) => {
        privateUpdate = privateUpdate ? Y.mergeUpdatesV2([privateUpdate, update]) : update;
      });
      // From the right (doomed is in descending order), so the earlier indexes stay valid.
      priv.transact(() => {
        for (const index of doomed) array.delete(index, 1);
      });
    }
    return { economics: Y.encodeStateAsUpdateV2(economics), privateUpdate };
  } finally {
    priv.destroy();
    economics.destroy();
  }
}

/**
 * Makes sure the quote has its economics document (moving its economics there if it has none yet):
 * for readers that miss it, e.g. a quote an older process created during a rolling upgrade.
 * One indexed read when it exists.
 */
export async function ensureEconomicsDocument(
  stores: Pick<Stores, "documents">,
  quoteId: string,
): Promise<void> {
  await stores.documents.moveEconomics(quoteId, splitEconomics);
}

/** Moves every stored quote's economics into its economics document; returns how many quotes it did. */
export async function moveEconomicsOut(
  stores: Pick<Stores, "documents">,
  log: (line: string) => void,
): Promise<number> {
  let moved = 0;
  let after = "";
  for (;;) {
    const ids = await stores.documents.quotesWithoutEconomics(after, BATCH);
    if (ids.length === 0) break;
    for (const id of ids) if (await stores.documents.moveEconomics(id, splitEconomics)) moved += 1;
    after = ids[ids.length - 1] as string;
  }
  if (moved > 0) log(`economics: moved the deal economics of ${moved} quotes into their own document`);
  return moved;
}
