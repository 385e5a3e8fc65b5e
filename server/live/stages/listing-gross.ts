import { dealDocName, economicsDocName } from "@shared/live/quote-doc";
import type { DocKind } from "@shared/rules/permissions";
import * as Y from "yjs";
import type { LoadedDocument } from "../../db/postgres/document-log";
import type { StoredDoc } from "../../db/repositories/documents";
import { docFromStored } from "../../db/stored-doc";
import { listingGrossOfDocs } from "../../quotes/listing-total";

// Issue #38: the desk log's Gross column follows two documents of a quote: the deal (prices,
// add-ons, the selected structure) and the economics document (vehicle cost, pack, add-on costs,
// buy rates). A compaction of either room writes it from its own document and its sibling's: the
// sibling's room when it is loaded, else what storage holds. The private document (the customer
// record) has no part in it.

type GrossRoom = { quoteId: string; kind: DocKind; doc: Y.Doc };

/** The other document the Gross column reads, or null for a room whose compaction does not move it. */
export function grossSiblingName(room: Pick<GrossRoom, "quoteId" | "kind">): string | null {
  if (room.kind === "deal") return economicsDocName(room.quoteId);
  return room.kind === "economics" ? dealDocName(room.quoteId) : null;
}

/** A PostgreSQL log's document as stored-doc reads it. */
export const storedFromLoaded = (loaded: LoadedDocument): StoredDoc => ({
  state: loaded.state,
  updates: loaded.updates.map((u) => u.update),
  updatesV1: [],
  lastSeq: loaded.headSeq,
});

/**
 * The quote's total gross in cents (null: not known), from the room's document and its sibling
 * (grossSiblingName): a loaded room's document, or the stored one (null: none, the quote is
 * being deleted). Only for a deal or an economics room.
 */
export function roomGrossCents(room: GrossRoom, sibling: Y.Doc | StoredDoc | null): number | null {
  const name = grossSiblingName(room);
  if (sibling === null || name === null) return null;
  const stored = sibling instanceof Y.Doc ? null : docFromStored(sibling, name);
  const other = stored ?? (sibling as Y.Doc);
  try {
    return room.kind === "deal" ? listingGrossOfDocs(room.doc, other) : listingGrossOfDocs(other, room.doc);
  } finally {
    stored?.destroy();
  }
}
