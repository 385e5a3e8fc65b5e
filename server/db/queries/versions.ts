import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { acceptedName } from "../accepted-name";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";
import { nextStateSeq, type QuoteEvents, type Quotes } from "./quotes";

// The versions and history stores' drizzle text, built once for both backends (sqlite/versions.ts
// and postgres/versions.ts run it; see quotes.ts here on the selections' types).

export type Versions = typeof lite.quoteVersions | typeof pg.quoteVersions;

/** A quote's versions, newest first (`newestFirst`). */
export const ofQuote = (t: Versions, quoteId: string) => eq(t.quoteId, quoteId);
export const newestFirst = (t: Versions) => desc(t.number);

export const latestColumns = <T extends Versions>(t: T): Pick<T, "number" | "kind"> => ({
  number: t.number,
  kind: t.kind,
});

export const listColumns = <T extends Versions>(
  t: T,
): Pick<T, "number" | "kind" | "createdAt" | "actor" | "fingerprint"> => ({
  number: t.number,
  kind: t.kind,
  createdAt: t.createdAt,
  actor: t.actor,
  fingerprint: t.fingerprint,
});

export const numbered = (t: Versions, quoteId: string, number: number) =>
  and(eq(t.quoteId, quoteId), eq(t.number, number));

/** The quote's columns set by accepting version `number` (saved at `at` with `snapshot`). */
export const accepting = (t: Quotes, at: number, number: number, snapshot: unknown) => ({
  lockedAt: at,
  acceptedVersion: number,
  stateSeq: nextStateSeq(t),
  acceptedAt: sql`coalesce(${t.acceptedAt}, ${at})`,
  // Issue #46: the desk log names the customer of an accepted deal: the name the shopper typed,
  // while the dealer's customer record has none.
  customerName: sql`CASE WHEN ${t.customerName} = '' THEN ${acceptedName(snapshot)} ELSE ${t.customerName} END`,
});

/** A history row as the history panel reads it, newest first (`historyOrder`). */
export const historyColumns = <T extends QuoteEvents>(
  t: T,
): Pick<T, "id" | "at" | "role" | "field" | "oldValue" | "newValue"> & { actor: T["actorName"] } => ({
  id: t.id,
  at: t.at,
  role: t.role,
  actor: t.actorName,
  field: t.field,
  oldValue: t.oldValue,
  newValue: t.newValue,
});

export const historyOrder = (t: QuoteEvents): SQL[] => [desc(t.at), desc(t.id)];
