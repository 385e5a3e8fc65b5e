import { LEAD_EVENT_TYPES } from "@shared/schemas/handoff";
import type { HeldPaymentRequests } from "./payment-requests";

// Issue #39: events to other systems, their endpoints and deliveries (the outbox). One repository of the storage seam (server/db/stores.ts).

/** Whether a lead address receives events of this type (every lead address does). */
export const isLeadEvent = (type: string) => (LEAD_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Issue #39: an event for the dealership's other systems, stored in the transaction of the change
 * that caused it, with a pending delivery to each enabled endpoint subscribed to its type (or, for
 * a test event or a resend, to `endpointId` alone).
 */
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

/** A webhook or lead address as stored. */
export type HandoffEndpointRow = {
  id: string;
  createdAt: number;
  updatedAt: number;
  dealershipId: string;
  kind: "webhook" | "lead";
  url: string;
  events: string;
  includeGross: boolean;
  secret: string;
  enabled: boolean;
  failingSince: number | null;
  disabledAt: number | null;
};

/** A delivery a process has leased: the event and where it goes. */
export type LeasedDelivery = {
  id: number;
  attempts: number;
  event: { publicId: string; type: string; quoteId: string | null; createdAt: number; payload: string };
  endpoint: HandoffEndpointRow;
};

/** One attempt, as the delivery log keeps it. */
type HandoffAttemptRecord = {
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
