import type { ListingFigures } from "@shared/rules/quote-list";
import type { Db } from "../connection";
import type { ClientIdClaim, ListingChange, StoredDoc } from "../repositories/documents";
import type { PaymentRequestRecord, RecentRequests } from "../repositories/payment-requests";

// SQLite side of the live documents: stored state blobs (Yjs update V2) and the append-only update
// log (docs/decisions/004-quote-document-layout.md). The log keeps each accepted update as the
// client sent it (V1): encoding a V2 delta of every edit cost more than the rest of storing it
// (docs/decisions/005-live-server.md); rows appended before migration 0008 are V2 deltas. Bytes in,
// bytes out: this module never decodes them. Statements are prepared once; better-sqlite3 runs them
// synchronously, so an append has committed (WAL) before the caller broadcasts the updates.

/** One accepted update for `appendMany`. */
export type AppendEntry = {
  docName: string;
  quoteId: string;
  /** The update as the client sent it (V1). */
  update: Uint8Array;
  listing: ListingChange | null;
  /** Runs inside the transaction with its clock (the deal's history). */
  alsoRecord?: (at: number) => void;
  /** Yjs client ids this update is the first to write under, with who wrote them. */
  claims?: readonly ClientIdClaim[];
  /**
   * Issue #47: the shopper's payment request the update sets, stored with it (timed by the
   * append's clock); the delivery worker sends it to the CRM (handoff/payment-request-leads.ts).
   */
  paymentRequest?: PaymentRequestRecord | null;
  /**
   * Issue #47: the shopper's device ("shopper:<device id>") whose write this is: its first write
   * to the quote is kept with the append's clock (an earlier one stands).
   */
  firstWrite?: string | null;
};

export type SqliteLiveStore = {
  /** The stored state and the updates appended since it; null when the document has no row. */
  load(docName: string): StoredDoc | null;
  /**
   * Appends several accepted updates, in order, in one transaction (group commit): all of them
   * are stored or none. Returns each one's seq.
   */
  appendMany(entries: readonly AppendEntry[]): number[];
  /** Replaces the state blob and drops the log up to `upToSeq`, in one transaction. */
  compact(docName: string, state: Uint8Array, upToSeq: number): void;
  /** The desk log's deal figures (server/quotes/listing-total.ts), after a compaction. */
  setListingFigures(quoteId: string, figures: ListingFigures): void;
  /** Issue #38: the desk log's total gross in cents (null: not known), after a compaction. */
  setListingGross(quoteId: string, grossCents: number | null): void;
  /** Writes a new document's first state (quote creation). */
  insertDocument(docName: string, quoteId: string, state: Uint8Array): void;
  /** Whether the quote row still exists (deleted quotes are refused). */
  quoteExists(quoteId: string): boolean;
  /** Who wrote under each Yjs client id of the document (stored with the updates that claimed them). */
  clientIdOwners(docName: string): Map<number, string>;
  /** Issue #36: claims ids a connection announced in its presence; an id claimed before keeps its owner. */
  claimClientIds(docName: string, quoteId: string, claims: readonly ClientIdClaim[]): void;
  /** Issue #47: when each of these shopper devices first wrote to the quote (those that did). */
  firstWrites(quoteId: string, principals: readonly string[]): Map<string, number>;
  /** Issue #47: keeps `at` as these devices' first writes to the quote, unless one is kept already. */
  recordFirstWrites(quoteId: string, principals: readonly string[], at: number): void;
  /** Issue #47: the ages of the payment requests of the quote, and of the requester, within `windowMs`. */
  recentPaymentRequests(quoteId: string, requester: string, windowMs: number): RecentRequests;
};

export function createLiveStore(db: Db): SqliteLiveStore {
  const sql = db.$client;
  const selectState = sql.prepare<[string], { state: Buffer }>(
    "SELECT state FROM yjs_documents WHERE doc_name = ?",
  );
  const selectUpdates = sql.prepare<[string], { seq: number; update: Buffer; format: number }>(
    'SELECT seq, "update" AS "update", format FROM yjs_updates WHERE doc_name = ? ORDER BY seq',
  );
  const insertUpdate = sql.prepare<[string, string, Uint8Array, number]>(
    'INSERT INTO yjs_updates (doc_name, quote_id, "update", created_at, format) VALUES (?, ?, ?, ?, 1)',
  );
  const setFigures = sql.prepare<[number | null, string, string | null, number | null, string]>(
    "UPDATE quotes SET out_the_door_cents = ?, stock_number = ?, selected_structure = ?, monthly_cents = ? WHERE id = ?",
  );
  const setGross = sql.prepare<[number | null, string]>("UPDATE quotes SET gross_cents = ? WHERE id = ?");
  const touchQuote = sql.prepare<[number, string]>("UPDATE quotes SET updated_at = ? WHERE id = ?");
  const setVehicle = sql.prepare<[string, string]>("UPDATE quotes SET vehicle_description = ? WHERE id = ?");
  const setCustomer = sql.prepare<[string, string]>("UPDATE quotes SET customer_name = ? WHERE id = ?");
  const updateState = sql.prepare<[Uint8Array, number, string]>(
    "UPDATE yjs_documents SET state = ?, updated_at = ? WHERE doc_name = ?",
  );
  const deleteLog = sql.prepare<[string, number]>("DELETE FROM yjs_updates WHERE doc_name = ? AND seq <= ?");
  const insertDoc = sql.prepare<[string, string, Uint8Array, number]>(
    "INSERT INTO yjs_documents (doc_name, quote_id, state, updated_at) VALUES (?, ?, ?, ?)",
  );
  const selectQuote = sql.prepare<[string], { id: string }>("SELECT id FROM quotes WHERE id = ?");
  const insertClaim = sql.prepare<[string, number, string, string]>(
    "INSERT OR IGNORE INTO live_client_ids (doc_name, client_id, quote_id, principal) VALUES (?, ?, ?, ?)",
  );
  const selectClaims = sql.prepare<[string], { client_id: number; principal: string }>(
    "SELECT client_id, principal FROM live_client_ids WHERE doc_name = ?",
  );
  const insertFirstWrite = sql.prepare<[string, string, number]>(
    "INSERT OR IGNORE INTO live_first_writes (quote_id, principal, written_at) VALUES (?, ?, ?)",
  );
  const selectFirstWrites = sql.prepare<[string, string], { principal: string; written_at: number }>(
    "SELECT principal, written_at FROM live_first_writes WHERE quote_id = ? AND principal IN (SELECT value FROM json_each(?))",
  );

  const insertRequest = sql.prepare<[string, string, string, number, string]>(
    "INSERT INTO payment_requests (quote_id, dealership_id, requester, at, request) VALUES (?, ?, ?, ?, ?)",
  );
  const requestsOfQuote = sql.prepare<[number, string, number], { age: number }>(
    "SELECT ? - at AS age FROM payment_requests WHERE quote_id = ? AND at > ?",
  );
  const requestsOfRequester = sql.prepare<[number, string, number], { age: number }>(
    "SELECT ? - at AS age FROM payment_requests WHERE requester = ? AND at > ?",
  );

  const appendMany = sql.transaction((entries: readonly AppendEntry[]) => {
    const now = Date.now();
    const seqs: number[] = [];
    // updated_at once per quote: several updates of one quote in a batch share the clock anyway.
    const touched = new Set<string>();
    for (const entry of entries) {
      seqs.push(Number(insertUpdate.run(entry.docName, entry.quoteId, entry.update, now).lastInsertRowid));
      if (!touched.has(entry.quoteId)) {
        touched.add(entry.quoteId);
        touchQuote.run(now, entry.quoteId);
      }
      const { listing } = entry;
      if (listing?.vehicleDescription !== undefined)
        setVehicle.run(listing.vehicleDescription, entry.quoteId);
      if (listing?.customerName !== undefined) setCustomer.run(listing.customerName, entry.quoteId);
      for (const claim of entry.claims ?? [])
        insertClaim.run(entry.docName, claim.clientId, entry.quoteId, claim.principal);
      if (entry.firstWrite) insertFirstWrite.run(entry.quoteId, entry.firstWrite, now);
      entry.alsoRecord?.(now);
      const request = entry.paymentRequest;
      if (request)
        insertRequest.run(entry.quoteId, request.dealershipId, request.requester, now, request.request);
    }
    return seqs;
  });
  const claimAll = sql.transaction((docName: string, quoteId: string, claims: readonly ClientIdClaim[]) => {
    for (const claim of claims) insertClaim.run(docName, claim.clientId, quoteId, claim.principal);
  });
  const recordFirstWrites = sql.transaction((quoteId: string, principals: readonly string[], at: number) => {
    for (const principal of principals) insertFirstWrite.run(quoteId, principal, at);
  });
  const compact = sql.transaction((docName: string, state: Uint8Array, upToSeq: number) => {
    updateState.run(state, Date.now(), docName);
    deleteLog.run(docName, upToSeq);
  });

  return {
    setListingFigures(quoteId, f) {
      setFigures.run(f.outTheDoorCents, f.stockNumber, f.selectedStructure, f.monthlyCents, quoteId);
    },
    setListingGross(quoteId, grossCents) {
      setGross.run(grossCents, quoteId);
    },
    load(docName) {
      const row = selectState.get(docName);
      if (!row) return null;
      const rows = selectUpdates.all(docName);
      return {
        state: row.state,
        updates: rows.filter((r) => r.format === 2).map((r) => r.update),
        updatesV1: rows.filter((r) => r.format === 1).map((r) => r.update),
        lastSeq: rows.length > 0 ? (rows[rows.length - 1] as { seq: number }).seq : 0,
      };
    },
    appendMany: (entries) => appendMany(entries),
    compact: (docName, state, upToSeq) => compact(docName, state, upToSeq),
    insertDocument(docName, quoteId, state) {
      insertDoc.run(docName, quoteId, state, Date.now());
    },
    quoteExists: (quoteId) => selectQuote.get(quoteId) !== undefined,
    claimClientIds: (docName, quoteId, claims) => claimAll(docName, quoteId, claims),
    recentPaymentRequests(quoteId, requester, windowMs) {
      const now = Date.now();
      const ages = (rows: { age: number }[]) => rows.map((row) => row.age);
      return {
        quote: ages(requestsOfQuote.all(now, quoteId, now - windowMs)),
        requester: ages(requestsOfRequester.all(now, requester, now - windowMs)),
      };
    },
    clientIdOwners: (docName) =>
      new Map(selectClaims.all(docName).map((row) => [row.client_id, row.principal] as const)),
    firstWrites: (quoteId, principals) =>
      new Map(
        selectFirstWrites
          .all(quoteId, JSON.stringify(principals))
          .map((row) => [row.principal, row.written_at] as const),
      ),
    recordFirstWrites: (quoteId, principals, at) => recordFirstWrites(quoteId, principals, at),
  };
}
