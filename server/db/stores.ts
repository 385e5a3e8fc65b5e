import type { AnalyticsFacts } from "@shared/analytics";
import type { DealerProfile, DefaultAddOn, DefaultFee, DefaultTax } from "@shared/api-types";
import type { CreditTier } from "@shared/constants";
import type { EconomicsSettings } from "@shared/economics";
import { LEAD_EVENT_TYPES } from "@shared/handoff";
import type { HistoryEvent } from "@shared/history-text";
import type { InvitableRole } from "@shared/permissions";
import type { ListingFigures } from "@shared/quote-list";
import type { InterestRates, LeaseProgram, QuoteTaxRules, Structures } from "@shared/quote-schema";
import type { AddonBody } from "@shared/validation/default-add-ons";
import type { FeeBody } from "@shared/validation/default-fees";
import type { TaxBody } from "@shared/validation/default-taxes";
import type { InterestRateEntry } from "@shared/validation/interest-rates";
import type { dealerships, handoffEndpoints, quotes, users, vehicles } from "./schema";

// The storage seam (../shared/design/SCALE.md §4): everything the routes and services read or
// write, as asynchronous repositories. `server/db/sqlite/` implements them on the embedded SQLite
// file (the zero-config default), `server/db/postgres/` on PostgreSQL (DATABASE_URL). Nothing
// outside those two folders writes SQL. Each method that changes several rows does it in one
// transaction; the interface names what belongs together, so callers never hold a transaction.
// Both implementations pass one contract suite (server/test-support/store-contract.ts).

export type UserRow = typeof users.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type DealershipRow = typeof dealerships.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;

/** The unique email index refused a row (two sign-ups racing, or an email taken meanwhile). */
export class EmailTakenError extends Error {
  constructor() {
    super("email taken");
    this.name = "EmailTakenError";
  }
}

/** A removed member's quotes changed since the caller read them: read them again (nothing stored). */
export class QuotesChangedError extends Error {
  constructor() {
    super("the member's quotes changed");
    this.name = "QuotesChangedError";
  }
}

/** The same ids, in any order (QuotesChangedError's check on both backends). */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === a.length && a.length === b.length && b.every((id) => set.has(id));
}

/** REGISTRATION=first: a dealership exists already, so this sign-up created nothing. */
export class RegistrationClosedError extends Error {
  constructor() {
    super("registration closed");
    this.name = "RegistrationClosedError";
  }
}

/** An unused, unexpired invitation, with its inviter's name ("" once the inviter is removed). */
export type PendingInvitationRow = {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  inviterName: string;
  expiresAt: number;
  createdAt: number;
};

/** What the page an invitation link opens shows before asking for a password (#51). */
export type InvitationPreviewRow = {
  email: string;
  role: InvitableRole;
  dealershipName: string;
  inviterName: string;
};

/** The inviter's name as the team page shows it; "" once they are removed. */
export const inviterName = (firstName: string | null, lastName: string | null): string =>
  `${firstName ?? ""} ${lastName ?? ""}`.trim();

/** One line of the team audit (team_events), names as they were at the time. */
export type AuditEntry = {
  dealershipId: string;
  at: number;
  actorId: string;
  actorName: string;
  action: string;
  detail: string;
};

/** A history row written by a REST call (versions, acceptance, renewal, reassignment). */
export type RestEvent = Omit<HistoryEvent, "id" | "oldValue"> & { oldValue?: string | null };

/** The quote_events columns of a REST history row, and the event it answers once stored with its id. */
export function restEventRow(quoteId: string, event: RestEvent) {
  const oldValue = event.oldValue ?? null;
  return {
    values: {
      quoteId,
      at: event.at,
      role: event.role,
      actorName: event.actor ?? null,
      field: event.field,
      oldValue,
      newValue: event.newValue,
    },
    answer: (id: number): HistoryEvent => ({ ...event, oldValue, id }),
  };
}

/** A stored history row's role: anything other than DEALER reads as the shopper. */
export const historyRole = (role: string): HistoryEvent["role"] => (role === "DEALER" ? "DEALER" : "SHOPPER");

export type UserChanges = Partial<
  Pick<UserRow, "email" | "passwordHash" | "firstName" | "lastName" | "tokensValidAfter">
>;

export interface UserStore {
  byId(id: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
  /** `tokens_valid_after` of each of these users that still exists (the live token watch). */
  tokensValidAfter(ids: readonly string[]): Promise<Map<string, number>>;
  /** Changes the user's own fields (updated_at too); throws EmailTakenError on a taken email. */
  update(id: string, changes: UserChanges): Promise<UserRow | undefined>;
  /** The members of a dealership. */
  members(dealershipId: string): Promise<UserRow[]>;
  /** Every account of the server, by email (the `dealdesk users list` command). */
  all(): Promise<UserRow[]>;
  /** One member of the dealership, or undefined (unknown id or another dealership's). */
  member(dealershipId: string, id: string): Promise<UserRow | undefined>;
  /**
   * A new dealership and its owner, together or not at all; throws EmailTakenError. With
   * `onlyFirst` (REGISTRATION=first) the same transaction makes sure no dealership exists yet and
   * keeps any other sign-up from creating one meanwhile; else it throws RegistrationClosedError.
   */
  registerOwner(
    profile: DealerProfile,
    owner: Omit<UserRow, "dealershipId" | "role">,
    options?: { onlyFirst?: boolean },
  ): Promise<UserRow>;
  /**
   * Uses the invitation (by its token's hash) and creates the member with its email, dealership and
   * role, plus the audit line, in one transaction. Null when the invitation is unknown, used or
   * expired; throws EmailTakenError (the invitation then stays unused).
   */
  acceptInvitation(
    tokenHash: string,
    now: number,
    member: Pick<UserRow, "id" | "passwordHash" | "firstName" | "lastName">,
    audit: (user: UserRow) => AuditEntry,
  ): Promise<UserRow | null>;
  /** A new role; tokens issued before `now` die (live sockets were admitted under the old role). */
  changeRole(id: string, role: UserRow["role"], now: number, audit: AuditEntry): Promise<void>;
  /**
   * Removes the member; their quotes pass to `heirId`. `handoff` (issue #39): the quotes the caller
   * built `quote.reassigned` events for, stored in the same transaction; when the member's quotes
   * are not exactly those (one was made meanwhile), QuotesChangedError is thrown and nothing changes.
   */
  remove(
    id: string,
    heirId: string,
    audit: AuditEntry,
    handoff?: { quoteIds: readonly string[]; events: readonly HandoffEventRecord[] },
  ): Promise<void>;
}

export interface DealershipStore {
  /** The profile (empty strings where not filled in, and for an unknown id). */
  profile(id: string): Promise<DealerProfile>;
  updateProfile(id: string, profile: DealerProfile): Promise<void>;
  /** Whether any dealership exists (REGISTRATION=first). */
  any(): Promise<boolean>;
  /** The row (checklist marks) and whether the dealership has any quote yet. */
  checklist(id: string): Promise<{ row: DealershipRow | undefined; hasQuote: boolean }>;
  /** Sets a checklist mark the first time; later marks change nothing. */
  markChecklist(
    id: string,
    column: "checklistTaxesAt" | "checklistSharedAt" | "checklistDismissedAt",
    at: number,
  ): Promise<void>;
  /**
   * A new invitation and its audit line; the dealership's earlier unused invitations to the same
   * email are revoked (deleted) in the same transaction, so only the newest link works.
   */
  invite(
    invitation: {
      id: string;
      dealershipId: string;
      email: string;
      role: InvitableRole;
      invitedBy: string;
      tokenHash: string;
      expiresAt: number;
      createdAt: number;
    },
    audit: AuditEntry,
  ): Promise<void>;
  /** The dealership's unused invitations expiring after `now`, soonest to expire first. */
  pendingInvitations(dealershipId: string, now: number): Promise<PendingInvitationRow[]>;
  /** The unused invitation with this token hash expiring after `now`, with its dealership's name; else undefined. */
  invitationByToken(tokenHash: string, now: number): Promise<InvitationPreviewRow | undefined>;
  /**
   * Deletes the dealership's unused invitation (its link stops working) and writes the audit line
   * with it; false, writing nothing, for an unknown, used or another dealership's invitation.
   */
  revokeInvitation(dealershipId: string, id: string, audit: AuditEntry): Promise<boolean>;
  /** The newest audit lines first. */
  audit(dealershipId: string, limit: number): Promise<AuditEntry[]>;
}

export interface ResetTokenStore {
  /** Stores a new token for the user, dropping the older ones (only the newest link works). */
  replace(row: {
    id: string;
    userId: string;
    tokenHash: string;
    expiresAt: number;
    createdAt: number;
  }): Promise<void>;
  /** Marks the token used and answers its user, or null when unknown, expired or already used. */
  consume(tokenHash: string, now: number): Promise<string | null>;
  drop(userId: string): Promise<void>;
}

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

/** The funnel steps stored as history rows (the others are the quote row and its versions). */
export type FunnelEvent = "shared" | "opened";

/** One row of the desk log export (GET /api/quotes/export.csv): listing columns and the accepted deal. */
export type ExportRow = Pick<
  QuoteRow,
  | "id"
  | "createdAt"
  | "expiresAt"
  | "salespersonId"
  | "customerName"
  | "vehicleDescription"
  | "stockNumber"
  | "lockedAt"
  | "outTheDoorCents"
  | "selectedStructure"
  | "monthlyCents"
  | "grossCents"
> & {
  /** The newest accepted version: when, the structure chosen and its monthly payment. */
  accepted: {
    at: number;
    structure: string | null;
    months: number | null;
    downCents: number | null;
    monthlyCents: number | null;
  } | null;
};

/** Issue #40: the figures of the Analytics page and the desk log export, read in one query each. */
export interface AnalyticsStore {
  /**
   * The figures' facts for the quotes created in [from, to) within the scope, one query each:
   * step counts per salesperson and week (weeks from `from`), the share-to-open and
   * open-to-acceptance times, and the accepted deals.
   */
  facts(scope: QuoteScope, from: number, to: number): Promise<AnalyticsFacts>;
  /** The scope's quotes (created in [from, to) when given), newest first. */
  exportRows(scope: QuoteScope, from: number | null, to: number | null): Promise<ExportRow[]>;
}

export type VersionRecord = {
  quoteId: string;
  number: number;
  kind: string;
  createdAt: number;
  actor: string;
  fingerprint: string;
  snapshot: unknown;
  /** Issue #40: the snapshot's chosen structure and figures, for analytics (null: not known). */
  choiceStructure?: string | null;
  choiceMonths?: number | null;
  choiceDownCents?: number | null;
  outTheDoorCents?: number | null;
  monthlyCents?: number | null;
};

export interface VersionStore {
  latest(quoteId: string): Promise<{ number: number; kind: string } | undefined>;
  /** Newest first, without snapshots. */
  list(quoteId: string): Promise<Omit<VersionRecord, "quoteId" | "snapshot">[]>;
  read(quoteId: string, number: number): Promise<VersionRecord | undefined>;
  /**
   * Stores the next version (number = last + 1) with its history row, in one transaction; `lock`
   * sets the quote's lock at the same time (accepted: locked with this version; counter: unlocked).
   * `dealSeq` (issue #33): the deal document's log seq the snapshot was read at; when another
   * process appended since, nothing is stored and StaleSnapshotError is thrown (read it again).
   * One process (SQLite) reads and saves in one step of the event loop: the check never fails.
   * `handoff` (issue #39): the events of the new version, stored in the same transaction.
   */
  save(
    version: Omit<VersionRecord, "number">,
    event: (number: number) => RestEvent,
    lock?: "accept" | "unlock",
    dealSeq?: number,
    handoff?: (number: number) => HandoffEventRecord[],
  ): Promise<{ number: number; event: HistoryEvent }>;
}

/** Issue #33: the deal changed between the snapshot and its save (another process's edit). */
export class StaleSnapshotError extends Error {
  constructor() {
    super("the deal changed while its version was being saved");
  }
}

export interface HistoryStore {
  /** Newest first (a merged burst sorts by its last keystroke), at most `limit`. */
  read(quoteId: string, limit: number): Promise<HistoryEvent[]>;
}

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

/** One dealer's items of one soft-deletable list; every call is scoped to that dealer. */
export interface ListStore<Body, Item> {
  /** Active items, oldest first. */
  active(dealerId: string): Promise<Item[]>;
  /** The dealer's own active item, or undefined (another dealer's or a deleted id). */
  find(dealerId: string, id: string): Promise<Item | undefined>;
  create(dealerId: string, body: Body): Promise<Item>;
  /** Undefined when the id is not the dealer's own active item; nothing is written then. */
  update(dealerId: string, id: string, body: Body): Promise<Item | undefined>;
  /** Sets deleted_at; existing quotes keep their own copies. False when not found. */
  softDelete(dealerId: string, id: string): Promise<boolean>;
}

export type PaymentOptions = { structures: Structures; leaseProgram: LeaseProgram | null };

export interface DefaultsStore {
  /** Stored rates over the spec's default table (spec §9). */
  interestRates(dealerId: string): Promise<InterestRates>;
  /** Upserts only the given terms of one tier, all or nothing. */
  saveTierRates(dealerId: string, tier: CreditTier, rates: InterestRateEntry[]): Promise<void>;
  /** The saved payment options as stored (unparsed JSON), or undefined. */
  paymentOptions(dealerId: string): Promise<{ structures: unknown; leaseProgram: unknown } | undefined>;
  savePaymentOptions(dealerId: string, options: PaymentOptions): Promise<void>;
  /** The saved tax rules as stored (unparsed JSON), or undefined. */
  taxRules(dealerId: string): Promise<unknown>;
  saveTaxRules(dealerId: string, rules: QuoteTaxRules): Promise<void>;
  /** Issue #38: the saved deal economics defaults as stored (unparsed JSON), or undefined. */
  economics(dealerId: string): Promise<unknown>;
  /**
   * Saves them; when "Salespeople see gross" changes, every quote of the dealership gets a new
   * state seq in the same transaction (issue #38: each live process judges its economics sockets
   * again, as after a role change).
   */
  saveEconomics(dealerId: string, settings: EconomicsSettings): Promise<void>;
}

/** Issue #38: "Salespeople see gross" of stored (unparsed) economics settings; absent or malformed: off. */
export const seesGrossSetting = (stored: unknown): boolean =>
  typeof stored === "object" &&
  stored !== null &&
  (stored as { salespeopleSeeGross?: unknown }).salespeopleSeeGross === true;

/** The four soft-deletable lists of /api/dealer-defaults, in dollars. */
export type DefaultLists = {
  addOns: ListStore<AddonBody, DefaultAddOn>;
  taxes: ListStore<TaxBody, DefaultTax>;
  dealerFees: ListStore<FeeBody, DefaultFee>;
  governmentFees: ListStore<FeeBody, DefaultFee>;
};

/** Timestamps of attempts per key (failed logins, reset mails), for the rate limiters. */
export interface AttemptStore {
  /** The key's attempts after `since`, newest first, at most `limit`. */
  recent(key: string, since: number, limit: number): Promise<number[]>;
  /** Records an attempt; attempts of any key at or before `forgetBefore` may be dropped. */
  add(key: string, at: number, forgetBefore: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Issue #39: an event for the dealership's other systems, stored in the transaction of the change
 * that caused it, with a pending delivery to each enabled endpoint subscribed to its type (or, for
 * a test event or a resend, to `endpointId` alone).
 */
/** A live document as stored: its state blob and the log appended since (server/db/sqlite/document-store.ts). */
export type StoredDoc = {
  state: Uint8Array;
  /** Log rows in V2 (older SQLite rows; every PostgreSQL row), in seq order. */
  updates: Uint8Array[];
  /** Log rows in V1 (what this server appends on SQLite; none on PostgreSQL), in seq order. */
  updatesV1: Uint8Array[];
  lastSeq: number;
};

/** Whether a lead address receives events of this type (every lead address does). */
export const isLeadEvent = (type: string) => (LEAD_EVENT_TYPES as readonly string[]).includes(type);

export type HandoffEventRecord = {
  publicId: string;
  dealershipId: string;
  type: string;
  quoteId: string | null;
  createdAt: number;
  /** JSON of the event's full data; each endpoint's copy leaves out what it may not receive. */
  payload: string;
  endpointId?: string;
  /** quote.opened: stored only when no "opened" step of the quote is at or after this instant. */
  onlyFirstSince?: number;
};

/** Issue #47: a shopper's accepted payment request, stored with its live update (payment_requests). */
export type PaymentRequestRecord = {
  dealershipId: string;
  /** Who asked: "shopper:<device id>", or "ip:<address>" for a page that names no device. */
  requester: string;
  /** JSON of the request (amount, structure, note, asked). */
  request: string;
};

/** Listing columns an accepted live change moves along with the document (both live logs). */
export type ListingChange = { vehicleDescription?: string; customerName?: string };

/** "staff:<userId>" or "shopper:<device id>": who may write under a Yjs client id (both live logs). */
export type ClientIdClaim = { clientId: number; principal: string };

/** Issue #47: the ages (ms, at the store's clock) of the requests accepted within a window. */
export type RecentRequests = { quote: readonly number[]; requester: readonly number[] };

/** Issue #47: a quote's payment requests held for its next lead, oldest first. */
export type HeldPaymentRequests = {
  quoteId: string;
  dealershipId: string;
  requests: { id: number; at: number; request: string }[];
};

/** Held request rows (oldest first) as one entry per quote, in the order of each quote's first row. */
export function groupHeldRequests(
  rows: readonly { id: number; quoteId: string; dealershipId: string; at: number; request: string }[],
): HeldPaymentRequests[] {
  const held = new Map<string, HeldPaymentRequests>();
  for (const row of rows) {
    const quote = held.get(row.quoteId) ?? {
      quoteId: row.quoteId,
      dealershipId: row.dealershipId,
      requests: [],
    };
    quote.requests.push({ id: row.id, at: row.at, request: row.request });
    held.set(row.quoteId, quote);
  }
  return [...held.values()];
}

export type HandoffEndpointRow = typeof handoffEndpoints.$inferSelect;

/** A delivery a process has leased: the event and where it goes. */
export type LeasedDelivery = {
  id: number;
  attempts: number;
  event: { publicId: string; type: string; quoteId: string | null; createdAt: number; payload: string };
  endpoint: HandoffEndpointRow;
};

/** One attempt, as the delivery log keeps it. */
export type HandoffAttemptRecord = {
  at: number;
  statusCode: number | null;
  durationMs: number;
  response: string;
  ok: boolean;
};

export type HandoffLogRow = {
  id: number;
  deliveryId: number;
  at: number;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  response: string;
  ok: boolean;
  eventType: string;
  eventId: string;
  deliveryStatus: "pending" | "delivered" | "failed";
};

export type EndpointChanges = Partial<
  Pick<HandoffEndpointRow, "url" | "events" | "includeGross" | "enabled" | "failingSince" | "disabledAt">
>;

/** Issue #39: endpoints, the outbox of events and their deliveries, and the delivery log. */
export interface HandoffStore {
  /** The dealership's endpoints of one kind, oldest first. */
  endpoints(dealershipId: string, kind: HandoffEndpointRow["kind"]): Promise<HandoffEndpointRow[]>;
  /** The dealership's own endpoint, or undefined. */
  endpoint(dealershipId: string, id: string): Promise<HandoffEndpointRow | undefined>;
  addEndpoint(row: HandoffEndpointRow): Promise<void>;
  /** Undefined for an unknown or another dealership's endpoint; nothing is written then. */
  updateEndpoint(
    dealershipId: string,
    id: string,
    changes: EndpointChanges,
    now: number,
  ): Promise<HandoffEndpointRow | undefined>;
  /** The endpoint with its deliveries and log; false when not found. */
  removeEndpoint(dealershipId: string, id: string): Promise<boolean>;
  /** Stores an event and its deliveries on its own (a test event); its id. */
  record(event: HandoffEventRecord): Promise<void>;
  /**
   * Issue #39: an event stored with the request alone (a payment request from the live channel)
   * gets its full payload, if it still has `pending`; answers the payload stored after it (another
   * process's, when it completed the event first).
   */
  completePayload(publicId: string, pending: string, payload: string): Promise<string | undefined>;
  /**
   * Leases up to `limit` deliveries that are due, each the oldest pending delivery of an enabled
   * endpoint (one at a time per endpoint, in event order) and not leased by a live process: on
   * PostgreSQL with FOR UPDATE SKIP LOCKED, so two processes never take the same one.
   */
  lease(owner: string, now: number, leaseMs: number, limit: number): Promise<LeasedDelivery[]>;
  /**
   * Logs the attempt and moves the delivery (pending again at `nextAttemptAt`, delivered or
   * failed), and the endpoint's failing-since mark; false (nothing written) when `owner` no longer
   * holds the lease. Answers the endpoint's failing-since after the attempt.
   */
  finish(
    deliveryId: number,
    owner: string,
    attempt: HandoffAttemptRecord,
    next: { status: "pending" | "delivered" | "failed"; nextAttemptAt: number },
  ): Promise<{ failingSince: number | null } | false>;
  /** Disables the endpoint; its pending deliveries fail. */
  disable(endpointId: string, now: number): Promise<void>;
  /** The endpoint's attempts, newest first. */
  log(endpointId: string, limit: number): Promise<HandoffLogRow[]>;
  /** A new pending delivery of the same event to the same endpoint; false when not found. */
  resend(dealershipId: string, deliveryId: number, now: number): Promise<boolean>;
  /** Drops every lease (one process on SQLite starting: whoever held them is gone). */
  releaseLeases(): Promise<void>;
  /**
   * Issue #47: the quotes (at most `limit`) with payment requests held for their next lead whose
   * window is over: none of the quote's requests went out within `windowMs` (the store's clock).
   */
  heldPaymentRequests(windowMs: number, limit: number): Promise<HeldPaymentRequests[]>;
  /**
   * Issue #47: sends a quote's held requests as `event` (stored with its deliveries, timed by the
   * store's clock) and marks them as sent by it, in one transaction. False, with nothing written,
   * when one of them went out meanwhile or another of the quote's went out within `windowMs`.
   */
  releasePaymentRequests(
    held: HeldPaymentRequests,
    windowMs: number,
    event: HandoffEventRecord,
  ): Promise<boolean>;
}

/** Issue #37: a unique index refused the vehicle (its stock number or VIN is another vehicle's). */
export class DuplicateVehicleError extends Error {
  constructor(readonly field: "stockNumber" | "vin") {
    super(`duplicate ${field}`);
    this.name = "DuplicateVehicleError";
  }
}

/** A vehicle's own fields, as a create or an update writes them. */
export type VehicleFields = Omit<VehicleRow, "id" | "dealerId" | "createdAt" | "updatedAt">;

/** The Inventory page's filter: a status, and text matched in stock number, VIN, make, model and trim. */
export type VehicleFilter = { status?: VehicleRow["status"]; q?: string };

/** Issue #37: the dealership's stock; every call is scoped to one dealership. */
export interface VehicleStore {
  /** Stock numbers in order, each with how many of the dealership's quotes were made from it. */
  list(dealershipId: string, filter: VehicleFilter): Promise<(VehicleRow & { quoteCount: number })[]>;
  /** The dealership's vehicle, or undefined (unknown id or another dealership's). */
  find(dealershipId: string, id: string): Promise<VehicleRow | undefined>;
  /** Every vehicle of the dealership (the import matches rows against them). */
  all(dealershipId: string): Promise<VehicleRow[]>;
  /** Throws DuplicateVehicleError when the stock number or VIN is taken. */
  create(row: VehicleRow): Promise<void>;
  /** Undefined when not the dealership's; throws DuplicateVehicleError. */
  update(
    dealershipId: string,
    id: string,
    fields: VehicleFields,
    at: number,
  ): Promise<VehicleRow | undefined>;
  /** Deletes the vehicle; false when not the dealership's. */
  delete(dealershipId: string, id: string): Promise<boolean>;
  /**
   * A new status (only stock-status.ts calls it), if the vehicle's status is still `from`, with
   * the change's outbox events (issue #39, `inventory.status_changed`) in the same transaction.
   * Undefined, with nothing stored, when it is not the dealership's or its status is no longer `from`.
   */
  setStatus(
    dealershipId: string,
    id: string,
    change: { from: VehicleRow["status"]; to: VehicleRow["status"] },
    at: number,
    handoff?: readonly HandoffEventRecord[],
  ): Promise<VehicleRow | undefined>;
  /** New vehicles and changed ones, in one transaction; throws DuplicateVehicleError (nothing stored). */
  importBatch(
    dealershipId: string,
    creates: readonly VehicleRow[],
    updates: readonly { id: string; fields: VehicleFields }[],
    at: number,
  ): Promise<void>;
  /** Issue #51: keeps the dealership's last import report (JSON), replacing the one before. */
  saveImportReport(dealershipId: string, importedAt: number, report: string): Promise<void>;
  /** The dealership's last import report as saved, or undefined before its first import. */
  importReport(dealershipId: string): Promise<{ importedAt: number; report: string } | undefined>;
  /** How many quotes were made from the vehicle. */
  quoteCount(id: string): Promise<number>;
  /** The quotes made from the vehicle whose deal is accepted and locked, earliest acceptance first. */
  acceptedQuotes(id: string): Promise<{ id: string; lockedAt: number }[]>;
  /**
   * The dealership's quotes made from the same vehicles as these quotes (these included), for the
   * dashboard's "working the same vehicle" signal.
   */
  sameVehicleQuotes(
    dealershipId: string,
    quoteIds: readonly string[],
  ): Promise<{ id: string; inventoryId: string }[]>;
}

/** Everything the app stores, on one backend. */
export type Stores = {
  kind: "sqlite" | "postgres";
  /** Whether storage takes writes right now (GET /api/health). */
  writable(): Promise<boolean>;
  users: UserStore;
  dealerships: DealershipStore;
  resetTokens: ResetTokenStore;
  quotes: QuoteStore;
  versions: VersionStore;
  history: HistoryStore;
  analytics: AnalyticsStore;
  documents: DocumentStore;
  defaults: DefaultsStore;
  lists: DefaultLists;
  attempts: AttemptStore;
  handoff: HandoffStore;
  vehicles: VehicleStore;
};
