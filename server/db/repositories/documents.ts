// The quotes' live documents as stored, and what the two live logs share (server/live/logs/). One repository of the storage seam (server/db/stores.ts).

export interface DocumentStore {
  /** A stored document as state plus later updates; null when it has no row. */
  load(docName: string): Promise<StoredDoc | null>;
  /** Issue #38 (the start-up move): up to `limit` ids after `after`, in id order, of quotes without an economics document. */
  quotesWithoutEconomics(after: string, limit: number): Promise<string[]>;
  /**
   * Issue #46: the dealership's quotes whose deal or economics document has updates in the log
   * since its last compaction: the ones whose listing figures (kept at compaction) may be behind
   * the stored document, to be read from it.
   */
  quotesWithPendingUpdates(dealershipId: string): Promise<string[]>;
  /**
   * Issue #38: gives the quote its economics document, in one transaction with the private
   * document's row locked: `split` reads the private document as stored and answers the economics
   * document's first state and the private document's update that takes the economics out of it
   * (V2; null: nothing to take out). The economics document is written first, then that update
   * appended to the private document's log. False, and nothing written, when the quote already
   * has an economics document or no private document (deleted).
   */
  moveEconomics(quoteId: string, split: (stored: StoredDoc) => EconomicsSplit): Promise<boolean>;
}

/** What the start-up move writes for one quote (DocumentStore.moveEconomics). */
export type EconomicsSplit = { economics: Uint8Array; privateUpdate: Uint8Array | null };

/** A live document as stored: its state blob and the log appended since (server/db/sqlite/document-store.ts). */
export type StoredDoc = {
  state: Uint8Array;
  /** Log rows in V2 (older SQLite rows; every PostgreSQL row), in seq order. */
  updates: Uint8Array[];
  /** Log rows in V1 (what this server appends on SQLite; none on PostgreSQL), in seq order. */
  updatesV1: Uint8Array[];
  lastSeq: number;
};

/** Listing columns an accepted live change moves along with the document (both live logs). */
export type ListingChange = { vehicleDescription?: string; customerName?: string };

/** "staff:<userId>" or "shopper:<device id>": who may write under a Yjs client id (both live logs). */
export type ClientIdClaim = { clientId: number; principal: string };
