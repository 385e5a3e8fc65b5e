import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";

// Issue #47: the payment-request leads' drizzle text, built once for both backends
// (sqlite/payment-requests.ts and postgres/payment-requests.ts run it). Which quotes hold requests
// stays per backend: PostgreSQL reads the time from the database's clock, as the requests' own.

export type PaymentRequests = typeof lite.paymentRequests | typeof pg.paymentRequests;

/** The requests of these quotes that no lead has carried yet. */
export const heldFor = (t: PaymentRequests, quoteIds: readonly string[]) =>
  and(isNull(t.leadEventId), inArray(t.quoteId, [...quoteIds]));

/** The requests, while still held (a release that finds fewer writes nothing). */
export const stillHeld = (t: PaymentRequests, ids: readonly number[]) =>
  and(inArray(t.id, [...ids]), isNull(t.leadEventId));

/** A request of the quote released after `since`: the quote's window is still open. */
export const releasedSince = (t: PaymentRequests, quoteId: string, since: number) =>
  and(eq(t.quoteId, quoteId), gt(t.releasedAt, since));

/** The requests' columns once a lead event carries them. */
export const released = (leadEventId: string, now: number) => ({ leadEventId, releasedAt: now });
