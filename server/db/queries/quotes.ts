import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { ListedQuote, QuoteScope } from "../repositories/quotes";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";

// The quotes store's drizzle text, built once for both backends (sqlite/quotes.ts and
// postgres/quotes.ts run it): conditions, selections and orderings, each over the table it is given,
// so each backend's select infers its own row type. A selection names its return type (`Pick<T, ...>`):
// TypeScript reads `t.id` of a generic table as the union's column, unless told it is T's own.

export type Quotes = typeof lite.quotes | typeof pg.quotes;
export type QuoteEvents = typeof lite.quoteEvents | typeof pg.quoteEvents;

/** The quotes a scope sees: the dealership's, or one salesperson's of it. */
export const inScope = (t: Quotes, scope: QuoteScope) =>
  and(
    eq(t.dealerId, scope.dealershipId),
    scope.salespersonId === undefined ? undefined : eq(t.salespersonId, scope.salespersonId),
  );

/** Issue #33: a change of the deal's state; live writes judged before it are judged again. */
export const nextStateSeq = (t: Quotes) => sql`${t.stateSeq} + 1`;

/** The quote's column set by any other change of its state. */
export const nextState = (t: Quotes) => ({ stateSeq: nextStateSeq(t) });

/** The quote's columns set by renewing it until `expiresAt` (at `at`). */
export const renewed = (t: Quotes, expiresAt: number, at: number) => ({
  expiresAt,
  updatedAt: at,
  stateSeq: nextStateSeq(t),
});

/** The quote's columns set by passing it to another salesperson. */
export const reassigned = (t: Quotes, salespersonId: string) => ({
  salespersonId,
  stateSeq: nextStateSeq(t),
});

/** The quote's columns set by unlocking it. */
export const unlocked = (t: Quotes) => ({ lockedAt: null, stateSeq: nextStateSeq(t) });

/** The desk log's row of a quote, newest first (`byNewest`). */
export const listColumns = <T extends Quotes>(t: T): Pick<T, keyof ListedQuote> => ({
  id: t.id,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  vehicleDescription: t.vehicleDescription,
  customerName: t.customerName,
  salespersonId: t.salespersonId,
  outTheDoorCents: t.outTheDoorCents,
  lockedAt: t.lockedAt,
  grossCents: t.grossCents,
});

export const byNewest = (t: Quotes) => desc(t.createdAt);

/** The quotes after the cursor `after` whose desk-log figures are not computed yet (by id). */
export const withoutListingFigures = (t: Quotes, after: string) =>
  and(or(isNull(t.outTheDoorCents), isNull(t.stockNumber)), gt(t.id, after));

export const acceptedColumns = <T extends Quotes>(
  t: T,
): Pick<T, "id" | "acceptedVersion" | "lockedAt" | "vehicleDescription" | "customerName"> => ({
  id: t.id,
  acceptedVersion: t.acceptedVersion,
  lockedAt: t.lockedAt,
  vehicleDescription: t.vehicleDescription,
  customerName: t.customerName,
});

/** The scope's deals accepted (and still locked) since `since`, newest first (`byNewestLock`). */
export const acceptedSince = (t: Quotes, scope: QuoteScope, since: number) =>
  and(inScope(t, scope), isNotNull(t.acceptedVersion), gte(t.lockedAt, since));

export const byNewestLock = (t: Quotes) => desc(t.lockedAt);

export const labelColumns = <T extends Quotes>(
  t: T,
): Pick<T, "id" | "vehicleDescription" | "customerName"> => ({
  id: t.id,
  vehicleDescription: t.vehicleDescription,
  customerName: t.customerName,
});

export const labelsOf = (t: Quotes, scope: QuoteScope, ids: readonly string[]) =>
  and(inScope(t, scope), inArray(t.id, [...ids]));

export const stateSeqColumns = <T extends Quotes>(t: T): Pick<T, "id" | "stateSeq"> => ({
  id: t.id,
  stateSeq: t.stateSeq,
});

/** A step of the same kind recorded for the quote since `since` (the step is then not recorded again). */
export const recentStep = (events: QuoteEvents, quoteId: string, field: string, since: number) =>
  and(eq(events.quoteId, quoteId), eq(events.field, field), gt(events.at, since));

/**
 * The quote whose first share or open (`field`) is not before `at`: the column keeps the
 * earliest time.
 */
export function firstStep(
  t: Quotes,
  quoteId: string,
  field: "shared" | "opened",
  at: number,
): SQL | undefined {
  const column = field === "shared" ? t.sharedAt : t.openedAt;
  return and(eq(t.id, quoteId), or(isNull(column), gt(column, at)));
}

/** The column `firstStep` writes. */
export const stepColumn = (field: "shared" | "opened") => (field === "shared" ? "sharedAt" : "openedAt");
