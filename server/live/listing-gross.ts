import { dealDocName, privateDocName } from "@shared/quote-doc";
import * as Y from "yjs";
import type { LoadedDocument } from "../db/postgres/document-log";
import type { StoredDoc } from "../db/sqlite/document-store";
import { docFromStored } from "../db/stored-doc";
import { listingGrossOfDocs } from "../quotes/listing-total";

// Issue #38: the desk log's Gross column follows both documents of a quote: the deal (prices,
// add-ons, the selected structure) and the private one (the economics: vehicle cost, pack, add-on
// costs, buy rates). A room's compaction writes it from its own document and its sibling's: the
// sibling's room when it is loaded, else what storage holds.

type GrossRoom = { quoteId: string; kind: "deal" | "private"; doc: Y.Doc };

/** The other document of the room's quote. */
export const siblingDocName = (room: Pick<GrossRoom, "quoteId" | "kind">) =>
  room.kind === "deal" ? privateDocName(room.quoteId) : dealDocName(room.quoteId);

/** A PostgreSQL log's document as stored-doc reads it. */
export const storedFromLoaded = (loaded: LoadedDocument): StoredDoc => ({
  state: loaded.state,
  updates: loaded.updates.map((u) => u.update),
  updatesV1: [],
  lastSeq: loaded.headSeq,
});

/**
 * The quote's total gross in cents (null: not known), from the room's document and its sibling:
 * a loaded room's document, or the stored one (null: none, the quote is being deleted).
 */
export function roomGrossCents(room: GrossRoom, sibling: Y.Doc | StoredDoc | null): number | null {
  if (sibling === null) return null;
  const stored = sibling instanceof Y.Doc ? null : docFromStored(sibling, siblingDocName(room));
  const other = stored ?? (sibling as Y.Doc);
  try {
    return room.kind === "deal" ? listingGrossOfDocs(room.doc, other) : listingGrossOfDocs(other, room.doc);
  } finally {
    stored?.destroy();
  }
}
