import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { HandoffEventRecord } from "../repositories/handoff";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";
import type { QuoteEvents } from "./quotes";

// Issue #39: the outbox's and the endpoints' drizzle text, built once for both backends
// (sqlite/handoff.ts and postgres/handoff.ts run it; see quotes.ts here on the selections' types).
// The statements that fan an event out to its deliveries and lease them stay per backend: they
// are SQL written by hand, and PostgreSQL leases with FOR UPDATE SKIP LOCKED.

export type Endpoints = typeof lite.handoffEndpoints | typeof pg.handoffEndpoints;
export type Events = typeof lite.handoffEvents | typeof pg.handoffEvents;
export type Deliveries = typeof lite.handoffDeliveries | typeof pg.handoffDeliveries;
export type Attempts = typeof lite.handoffAttempts | typeof pg.handoffAttempts;

/** The quote's "opened" history rows since `since`: an event sent only on the first visit of the day. */
export const openedSince = (t: QuoteEvents, quoteId: string, since: number) =>
  and(eq(t.quoteId, quoteId), eq(t.field, "opened"), gte(t.at, since));

/** The event's row (its deliveries are written after it). */
export const eventValues = (event: HandoffEventRecord) => ({
  publicId: event.publicId,
  dealershipId: event.dealershipId,
  type: event.type,
  quoteId: event.quoteId,
  createdAt: event.createdAt,
  payload: event.payload,
});

/** The event while its payload is still the pending one. */
export const stillPending = (t: Events, publicId: string, pending: string) =>
  and(eq(t.publicId, publicId), eq(t.payload, pending));

/** The dealership's endpoints of a kind, oldest first (`endpointOrder`). */
export const endpointsOf = (t: Endpoints, dealershipId: string, kind: Endpoints["$inferSelect"]["kind"]) =>
  and(eq(t.dealershipId, dealershipId), eq(t.kind, kind));

export const endpointOrder = (t: Endpoints): SQL[] => [asc(t.createdAt), asc(t.id)];

/** One endpoint of the dealership's. */
export const ownEndpoint = (t: Endpoints, dealershipId: string, id: string) =>
  and(eq(t.dealershipId, dealershipId), eq(t.id, id));

/** What an endpoint has not received yet fails (it was disabled). */
export const pendingFor = (t: Deliveries, endpointId: string) =>
  and(eq(t.endpointId, endpointId), eq(t.status, "pending"));

export const failed = { status: "failed", leaseOwner: null, leaseUntil: null } as const;

export const deliveryEvent = (events: Events, t: Deliveries) => eq(events.id, t.eventId);
export const deliveryEndpoint = (endpoints: Endpoints, t: Deliveries) => eq(endpoints.id, t.endpointId);

/** A leased delivery with its event and endpoint (joined by `deliveryEvent`, `deliveryEndpoint`). */
export const leasedColumns = <D extends Deliveries, E extends Events, P extends Endpoints>(
  t: D,
  events: E,
  endpoints: P,
): Pick<D, "id" | "attempts"> & {
  event: Pick<E, "publicId" | "type" | "quoteId" | "createdAt" | "payload">;
  endpoint: P;
} => ({
  id: t.id,
  attempts: t.attempts,
  event: {
    publicId: events.publicId,
    type: events.type,
    quoteId: events.quoteId,
    createdAt: events.createdAt,
    payload: events.payload,
  },
  endpoint: endpoints,
});

/** The delivery, while `owner` still holds its lease. */
export const leasedBy = (t: Deliveries, deliveryId: number, owner: string) =>
  and(eq(t.id, deliveryId), eq(t.leaseOwner, owner));

/** The delivery's columns after an attempt: its next status and time, the lease given back. */
export const attempted = (
  t: Deliveries,
  next: { status: "pending" | "delivered" | "failed"; nextAttemptAt: number },
) => ({
  status: next.status,
  attempts: sql`${t.attempts} + 1`,
  nextAttemptAt: next.nextAttemptAt,
  leaseOwner: null,
  leaseUntil: null,
});

export const attemptedColumns = <D extends Deliveries>(t: D): Pick<D, "endpointId" | "attempts"> => ({
  endpointId: t.endpointId,
  attempts: t.attempts,
});

/** An endpoint's delivery log, newest attempt first (`newestAttempt`). */
export const logColumns = <A extends Attempts, E extends Events, D extends Deliveries>(
  t: A,
  events: E,
  deliveries: D,
): Pick<A, "id" | "deliveryId" | "at" | "attempt" | "statusCode" | "durationMs" | "response" | "ok"> & {
  eventType: E["type"];
  eventId: E["publicId"];
  deliveryStatus: D["status"];
} => ({
  id: t.id,
  deliveryId: t.deliveryId,
  at: t.at,
  attempt: t.attempt,
  statusCode: t.statusCode,
  durationMs: t.durationMs,
  response: t.response,
  ok: t.ok,
  eventType: events.type,
  eventId: events.publicId,
  deliveryStatus: deliveries.status,
});

export const attemptDelivery = (deliveries: Deliveries, t: Attempts) => eq(deliveries.id, t.deliveryId);
export const newestAttempt = (t: Attempts) => desc(t.id);

/** A delivery to send again: its event and endpoint, if the endpoint is the dealership's. */
export const resentColumns = <D extends Deliveries>(t: D): Pick<D, "eventId" | "endpointId"> => ({
  eventId: t.eventId,
  endpointId: t.endpointId,
});

export const ownDelivery = (t: Deliveries, endpoints: Endpoints, dealershipId: string, deliveryId: number) =>
  and(eq(t.id, deliveryId), eq(endpoints.dealershipId, dealershipId));

/** The endpoint's columns when it is disabled (by hand or after failing too long). */
export const disabled = (now: number) => ({ enabled: false, disabledAt: now, updatedAt: now });

/** A new pending delivery of the same event to the same endpoint. */
export const resentValues = (found: { eventId: number; endpointId: string }, now: number) => ({
  ...found,
  status: "pending" as const,
  attempts: 0,
  nextAttemptAt: now,
  createdAt: now,
});
