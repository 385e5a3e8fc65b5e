import type { HistoryEvent } from "@shared/history/history-text";
import type { ListingFigures } from "@shared/rules/quote-list";
import type { AuditEntry } from "./dealerships";
import type { HandoffEventRecord } from "./handoff";
import type { RestEvent } from "./history";

// Quotes: their rows, the desk log, their state (lock, expiry, salesperson) and deletion. One repository of the storage seam (server/db/stores.ts).

/** The funnel steps stored as history rows (the others are the quote row and its versions). */
export type FunnelEvent = "shared" | "opened";

/** A quote as stored (its row; the deal itself is its live documents). */
export type QuoteRow = {
  id: string;
  createdAt: number;
  updatedAt: number;
  dealerId: string;
  salespersonId: string;
  expiresAt: number;
  vehicleDescription: string;
  customerName: string;
  outTheDoorCents: number | null;
  lockedAt: number | null;
  acceptedVersion: number | null;
  stateSeq: number;
  stockNumber: string | null;
  selectedStructure: string | null;
  monthlyCents: number | null;
  grossCents: number | null;
  sharedAt: number | null;
  openedAt: number | null;
  acceptedAt: number | null;
  inventoryId: string | null;
};

/** The quotes a member sees: the dealership's, or one salesperson's. */
export type QuoteScope = { dealershipId: string; salespersonId?: string };

export type ListedQuote = Pick<
  QuoteRow,
  | "id"
  | "createdAt"
  | "expiresAt"
  | "vehicleDescription"
  | "customerName"
  | "salespersonId"
  | "outTheDoorCents"
  | "lockedAt"
  | "grossCents"
>;

export interface QuoteStore {
  find(id: string): Promise<QuoteRow | undefined>;
  /** The quote row and its three documents' first states (deal, private, economics: issue #38), in one transaction. */
  create(
    row: QuoteRow,
    documents: { deal: Uint8Array; private: Uint8Array; economics: Uint8Array },
    handoff?: HandoffEventRecord[],
  ): Promise<void>;
  /** Newest first. */
  list(scope: QuoteScope): Promise<ListedQuote[]>;
  /** Whether the dealership has any quote. */
  any(dealershipId: string): Promise<boolean>;
  /** The quote and everything of it (documents, log, history, versions): cascade. */
  delete(id: string, handoff?: HandoffEventRecord[]): Promise<void>;
  /** A new expiry and its history row, together. */
  renew(id: string, expiresAt: number, event: RestEvent): Promise<HistoryEvent>;
  /** A new salesperson, with its history row and audit line. */
  reassign(
    id: string,
    salespersonId: string,
    event: RestEvent,
    audit: AuditEntry,
    handoff?: HandoffEventRecord[],
  ): Promise<void>;
  /** The desk log's deal figures (out-the-door price, stock number, structure chosen, monthly). */
  setListingFigures(id: string, figures: ListingFigures): Promise<void>;
  /** Issue #38: the desk log's total gross in cents (null: not known). */
  setListingGross(id: string, grossCents: number | null): Promise<void>;
  /** Ids after `after` (in id order) whose figures are not computed yet (the start-up backfill). */
  withoutListingFigures(after: string, limit: number): Promise<string[]>;
  /** Deals accepted since `since`, newest first. */
  acceptedSince(
    scope: QuoteScope,
    since: number,
    limit: number,
  ): Promise<Pick<QuoteRow, "id" | "acceptedVersion" | "lockedAt" | "vehicleDescription" | "customerName">[]>;
  /** The listing labels of these quotes, within the scope. */
  labels(
    scope: QuoteScope,
    ids: readonly string[],
  ): Promise<Pick<QuoteRow, "id" | "vehicleDescription" | "customerName">[]>;
  /** Unlocks the deal (the dealer reopens it) with its history row. */
  unlock(id: string, event: RestEvent, handoff?: HandoffEventRecord[]): Promise<HistoryEvent>;
  /**
   * Issue #33: each quote's state seq (bumped by every change of its lifecycle); a quote missing
   * from the answer was deleted. The live server polls it for the quotes it has open.
   */
  stateSeqs(ids: readonly string[]): Promise<Map<string, number>>;
  /**
   * Issue #52: a value that changes whenever any quote's state seq changes or a quote is deleted,
   * by any writer; null where the store has no cheap exact answer (then stateSeqs is read).
   */
  stateClock(): Promise<string | null>;
  /**
   * A step of the funnel (issue #40): its history row ("shared" or "opened") and, when it is the
   * first, the quote's shared_at / opened_at, together. With `unlessWithinMs`, nothing is written
   * (null) when the quote has an event of that step in the `unlessWithinMs` before it.
   */
  recordStep(
    id: string,
    event: RestEvent & { field: FunnelEvent },
    unlessWithinMs?: number,
    handoff?: HandoffEventRecord,
  ): Promise<HistoryEvent | null>;
}
