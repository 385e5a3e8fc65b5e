import { createHash } from "node:crypto";
import type { QuoteDealership } from "@shared/api-types";
import { choiceMonthly, choiceText, type StructureGrids, structureGrids } from "@shared/deal/structure-grid";
import { formatMoney } from "@shared/money";
import { type Breakdown, computeBreakdown } from "@shared/pricing";
import { dealDocName } from "@shared/quote-doc";
import { type CustomerInfo, type QuoteData, quoteDataSchema, type ShopperChoice } from "@shared/quote-schema";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { quoteVersions } from "../db/schema";
import type { LiveControl } from "../live/live-control";
import type { QuoteRow } from "../policies/quote-access";
import { documentContent, latestVersion, quoteDealership, storedCustomerInfo } from "./read-quote";

// Issue #19: versions, immutable snapshots of the shopper-visible deal: every line, every
// structure shown, the computed figures, the dealership, who and when. Stored once, never
// changed (the API answers 405 to any change), each with a short fingerprint that a printed
// sheet carries so that paper can be matched to its stored version.

export type VersionKind = "saved" | "accepted" | "counter";

/** What the shopper sent when accepting: their own contact details and the structure chosen. */
export type ShopperContact = { name: string; phone: string; email: string };

export type VersionSnapshot = {
  data: QuoteData;
  breakdown: Breakdown;
  grids: StructureGrids;
  dealership: QuoteDealership;
  /** The structure chosen (the shopper's, or the one accepted). */
  choice: ShopperChoice | null;
  /** Accepted versions: what the shopper confirmed. */
  shopperContact: ShopperContact | null;
  /** The dealer's customer record at the time (dealer's copy only: never sent to a shopper). */
  customer: CustomerInfo | null;
};

export type VersionRow = {
  number: number;
  kind: VersionKind;
  createdAt: string;
  actor: string;
  fingerprint: string;
};

/** The current deal as a snapshot; throws when the stored deal does not parse (never expected). */
export function currentSnapshot(
  db: Db,
  live: LiveControl,
  quote: QuoteRow,
  extra: { choice?: ShopperChoice | null; shopperContact?: ShopperContact | null } = {},
): VersionSnapshot {
  const data = quoteDataSchema.parse({
    customInterestRates: {},
    ...documentContent(db, live, dealDocName(quote.id), "deal"),
  });
  return {
    data,
    breakdown: computeBreakdown(data),
    grids: structureGrids(data),
    dealership: quoteDealership(db, quote),
    choice: extra.choice ?? data.shopperChoice ?? null,
    shopperContact: extra.shopperContact ?? null,
    customer: storedCustomerInfo(db, live, quote.id),
  };
}

/** sha-256 of the snapshot's JSON, first 12 hex digits in three groups: "3f9a-c01b-77de". */
export function fingerprintOf(snapshot: VersionSnapshot): string {
  const hex = createHash("sha256").update(JSON.stringify(snapshot)).digest("hex").slice(0, 12);
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}

const toRow = (
  row: Pick<typeof quoteVersions.$inferSelect, "number" | "kind" | "createdAt" | "actor" | "fingerprint">,
): VersionRow => ({
  number: row.number,
  kind: row.kind as VersionKind,
  createdAt: new Date(row.createdAt).toISOString(),
  actor: row.actor,
  fingerprint: row.fingerprint,
});

/** Stores the next version of the quote in one transaction; returns it. */
export function saveVersion(
  db: Db,
  quoteId: string,
  kind: VersionKind,
  actor: string,
  snapshot: VersionSnapshot,
  alsoInTransaction?: (number: number, at: number) => void,
): VersionRow {
  const createdAt = Date.now();
  const fingerprint = fingerprintOf(snapshot);
  return db.transaction((tx) => {
    const last = tx
      .select({ number: quoteVersions.number })
      .from(quoteVersions)
      .where(eq(quoteVersions.quoteId, quoteId))
      .orderBy(desc(quoteVersions.number))
      .limit(1)
      .get();
    const number = (last?.number ?? 0) + 1;
    tx.insert(quoteVersions).values({ quoteId, number, kind, createdAt, actor, fingerprint, snapshot }).run();
    alsoInTransaction?.(number, createdAt);
    return { number, kind, createdAt: new Date(createdAt).toISOString(), actor, fingerprint };
  });
}

/** The newest version's kind (after an acceptance, the dealer's next version is a counter-offer). */
export function latestVersionKind(db: Db, quoteId: string): VersionKind | undefined {
  return latestVersion(db, quoteId)?.kind as VersionKind | undefined;
}

/** The versions newest first, without their snapshots. */
export function listVersions(db: Db, quoteId: string): VersionRow[] {
  return db
    .select({
      number: quoteVersions.number,
      kind: quoteVersions.kind,
      createdAt: quoteVersions.createdAt,
      actor: quoteVersions.actor,
      fingerprint: quoteVersions.fingerprint,
    })
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId))
    .orderBy(desc(quoteVersions.number))
    .all()
    .map(toRow);
}

/** One version; a shopper's copy leaves out the dealer's customer record. */
export function readVersion(
  db: Db,
  quoteId: string,
  number: number,
  forDealer: boolean,
): (VersionRow & { snapshot: VersionSnapshot }) | undefined {
  const row = db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.number, number)))
    .get();
  if (!row) return undefined;
  const snapshot = row.snapshot as VersionSnapshot;
  return { ...toRow(row), snapshot: forDealer ? snapshot : { ...snapshot, customer: null } };
}

/** "version 3 (Lease 36 mo, $2,000.00 down, $413.01/mo)" for the history and the dealer's mail. */
export function versionSummary(number: number, snapshot: VersionSnapshot): string {
  const { choice } = snapshot;
  if (!choice) return `version ${number} (${formatMoney(snapshot.breakdown.outTheDoorPrice)} out the door)`;
  const monthly = choiceMonthly(snapshot.grids, choice);
  const detail =
    choice.structure === "cash"
      ? `Cash, ${formatMoney(snapshot.grids.cash.outTheDoor)}`
      : `${choiceText(choice)}${monthly === null ? "" : `, ${formatMoney(monthly)}/mo`}`;
  return `version ${number} (${detail})`;
}
