import type { QuoteDealership } from "@shared/core/api-types";
import { toCents } from "@shared/core/money";
import { dealFingerprint } from "@shared/deal/deal-fingerprint";
import { type SheetSource, selectionForSheet, sheetSelection } from "@shared/deal/deal-sheet";
import type { DealEconomics, GrossInDollars } from "@shared/deal/gross";
import { type Breakdown, computeBreakdown } from "@shared/deal/pricing";
import { selectedStructure } from "@shared/deal/selected-structure";
import { type StructureGrids, structureGrids } from "@shared/deal/structure-grid";
import type { HistoryEvent } from "@shared/history/history-text";
import { dealDocName } from "@shared/live/quote-doc";
import type { WebhookEventType } from "@shared/schemas/handoff";
import {
  type CustomerInfo,
  type QuoteData,
  quoteDataSchema,
  type ShopperChoice,
} from "@shared/schemas/quote-schema";
import { withPlainText } from "@shared/schemas/schema-fields";
import type { RestEvent } from "../db/repositories/history";
import type { VersionRecord } from "../db/repositories/versions";
import type { Stores } from "../db/stores";
import type { QuoteRow } from "../policies/quote-access";
import { eventGross, type QuoteFacts, quoteEventData, quoteEventRecord, withGross } from "./event-data";
import type { HandoffEmitter } from "./handoff-emitter";
import type { LiveControl } from "./live-control";
import { documentContentAt, quoteDealership, storedCustomerInfo } from "./read-quote";

// Issue #19: versions, immutable snapshots of the shopper-visible deal: every line, every
// structure shown, the computed figures, the dealership, who and when. Stored once, never
// changed (the API answers 405 to any change), each with a short fingerprint that a printed
// sheet carries so that paper can be matched to its stored version.

type VersionKind = "saved" | "accepted" | "counter";

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
  /** Issue #34: the one structure presented (absent in versions stored before it). */
  selected?: SheetSource["selected"];
  /**
   * Issue #46: the fingerprint of the deal as shown (an acceptance: the one the shopper accepted);
   * absent in versions stored before it, whose row keeps the digest of their snapshot.
   */
  fingerprint?: string;
};

/**
 * Issue #38: what a version stores of the deal economics (dealer-private): the private document's
 * economics when it was saved and the gross they made for the version's structure. Kept beside the
 * snapshot (not in its fingerprint); only a dealer who sees gross is ever answered it.
 */
type VersionEconomics = { economics: DealEconomics; gross: GrossInDollars };

/** The stored JSON of a version: the snapshot, and (issue #38, versions saved since) its economics. */
type StoredSnapshot = VersionSnapshot & { dealerEconomics?: VersionEconomics };

export type VersionRow = {
  number: number;
  kind: VersionKind;
  createdAt: string;
  actor: string;
  fingerprint: string;
};

/** The current deal as a snapshot; throws when the stored deal does not parse (never expected). */
export async function currentSnapshot(
  stores: Stores,
  live: LiveControl,
  quote: QuoteRow,
  extra: { choice?: ShopperChoice | null; shopperContact?: ShopperContact | null } = {},
): Promise<VersionSnapshot> {
  return (await currentSnapshotAt(stores, live, quote, extra)).snapshot;
}

/** As currentSnapshot, with the deal document's log seq it was read at (issue #33). */
export async function currentSnapshotAt(
  stores: Stores,
  live: LiveControl,
  quote: QuoteRow,
  extra: { choice?: ShopperChoice | null; shopperContact?: ShopperContact | null } = {},
): Promise<{ snapshot: VersionSnapshot; dealSeq: number; shownFingerprint: string }> {
  const [deal, dealership, customer] = await Promise.all([
    documentContentAt(stores, live, dealDocName(quote.id), "deal"),
    quoteDealership(stores, quote),
    storedCustomerInfo(stores, live, quote.id),
  ]);
  // A name stored before control characters were refused reads with spaces instead (#35).
  const data = quoteDataSchema.parse({ customInterestRates: {}, ...(withPlainText(deal.content) as object) });
  // Issue #46: read from the document as the pages and GET /api/quotes/:id read it.
  const shownFingerprint = dealFingerprint(withPlainText(deal.content));
  const snapshot = snapshotOf(data, dealership, customer, extra);
  return {
    snapshot: extra.choice ? snapshot : { ...snapshot, fingerprint: shownFingerprint },
    dealSeq: deal.seq,
    shownFingerprint,
  };
}

export function snapshotOf(
  data: QuoteData,
  dealership: QuoteDealership,
  customer: CustomerInfo | null,
  extra: { choice?: ShopperChoice | null; shopperContact?: ShopperContact | null },
): VersionSnapshot {
  const choice = extra.choice ?? data.shopperChoice ?? null;
  // Issue #34: the breakdown of the structure presented (its down payment), and the structure itself.
  const selected = selectedStructure(choice ? { ...data, shopperChoice: choice } : data);
  return {
    data,
    breakdown: computeBreakdown(selected.data),
    grids: structureGrids(data),
    dealership,
    choice,
    shopperContact: extra.shopperContact ?? null,
    customer,
    selected: selectionForSheet(selected),
  };
}

/**
 * Issue #46: a version's fingerprint is the deal's (shared/deal/deal-fingerprint.ts) as the version
 * presents it: an accepted version's is the very fingerprint the shopper accepted, and a printed
 * sheet, the page and GET /api/quotes/:id all carry the same figure for the same deal.
 */
export function fingerprintOf(snapshot: Pick<VersionSnapshot, "data" | "choice" | "fingerprint">): string {
  const { data, choice } = snapshot;
  return snapshot.fingerprint ?? dealFingerprint(choice ? { ...data, shopperChoice: choice } : data);
}

const toRow = (
  row: Pick<VersionRecord, "number" | "kind" | "createdAt" | "actor" | "fingerprint">,
): VersionRow => ({
  number: row.number,
  kind: row.kind as VersionKind,
  createdAt: new Date(row.createdAt).toISOString(),
  actor: row.actor,
  fingerprint: row.fingerprint,
});

/**
 * The snapshot's presented deal and figures, kept in columns for analytics and the export (issue
 * #40): issue #46, the deal as presented (its structure, term, down and monthly payment), not a
 * grid cell looked up again.
 */
function versionFigures(
  snapshot: Pick<VersionSnapshot, "data" | "choice" | "breakdown" | "grids" | "selected">,
): Required<
  Pick<
    VersionRecord,
    "choiceStructure" | "choiceMonths" | "choiceDownCents" | "outTheDoorCents" | "monthlyCents"
  >
> {
  const presented = sheetSelection({ ...snapshot } as SheetSource);
  const financed = presented.structure !== undefined && presented.structure !== "cash";
  return {
    choiceStructure: presented.structure ?? null,
    choiceMonths: financed ? (presented.months ?? null) : null,
    choiceDownCents: financed ? toCents(presented.down ?? 0) : null,
    outTheDoorCents: snapshot.breakdown.outTheDoorPrice,
    monthlyCents: presented.monthlyPayment === undefined ? null : toCents(presented.monthlyPayment),
  };
}

/** Issue #39: the events a new version sends to the dealership's other systems. */
export type VersionEvents = {
  emitter: HandoffEmitter;
  quote: QuoteFacts;
  types: WebhookEventType[];
  /** Issue #38: the deal economics as they stand, for the gross "include gross" endpoints get. */
  economics: DealEconomics | null;
};

/** What storeVersion stores: the version, its history row, and what moves with it. */
type NewVersion = {
  quoteId: string;
  kind: VersionKind;
  /** Who made it, as the version list names them ("Dana (manager)", "Shopper"). */
  actor: string;
  snapshot: VersionSnapshot;
  /** The history row of the version, once its number and time are known. */
  historyEvent: (number: number, at: number) => RestEvent;
  /** The quote's lock moves with it: an acceptance locks the deal, a counter-offer reopens it. */
  lock?: "accept" | "unlock";
  /** Issue #33: the deal document's log seq the snapshot was read at (refused when it moved since). */
  dealSeq?: number;
  /** Issue #39: the events it sends, stored in the same transaction. */
  events?: VersionEvents;
};

/**
 * Stores the next version of the quote with its history row in one transaction; `lock` moves the
 * quote's lock with it and `events` are stored in the same transaction. The commands in
 * ./commands/ call it (server/quotes/commands/save-version.ts, counter-offer.ts, accept-quote.ts).
 */
export async function storeVersion(
  stores: Stores,
  { quoteId, kind, actor, snapshot, historyEvent, lock, dealSeq, events }: NewVersion,
): Promise<{ version: VersionRow; event: HistoryEvent }> {
  const createdAt = Date.now();
  const fingerprint = fingerprintOf(snapshot);
  // Issue #38: the economics as they stand (read once with the events') and the gross they make,
  // for the version's dealer copy and the events' "include gross" endpoints alike.
  const gross = eventGross(snapshot, events?.economics ?? null);
  const handoff =
    events &&
    ((number: number) => {
      const data = withGross(
        quoteEventData(events.emitter.appUrl, events.quote, snapshot, { number, kind, fingerprint }),
        gross,
      );
      return events.types.map((type) => quoteEventRecord(type, events.quote, data, createdAt));
    });
  const dealerEconomics: VersionEconomics | undefined =
    events?.economics && gross ? { economics: events.economics, gross } : undefined;
  const saved = await stores.versions.save(
    {
      quoteId,
      kind,
      createdAt,
      actor,
      fingerprint,
      snapshot: dealerEconomics ? ({ ...snapshot, dealerEconomics } satisfies StoredSnapshot) : snapshot,
      ...versionFigures(snapshot),
    },
    (number) => historyEvent(number, createdAt),
    lock,
    dealSeq,
    handoff,
  );
  if (events) events.emitter.wake();
  return {
    version: toRow({ number: saved.number, kind, createdAt, actor, fingerprint }),
    event: saved.event,
  };
}

/** The newest version's kind (after an acceptance, the dealer's next version is a counter-offer). */
export async function latestVersionKind(stores: Stores, quoteId: string): Promise<VersionKind | undefined> {
  return (await stores.versions.latest(quoteId))?.kind as VersionKind | undefined;
}

/** The versions newest first, without their snapshots. */
export async function listVersions(stores: Stores, quoteId: string): Promise<VersionRow[]> {
  return (await stores.versions.list(quoteId)).map(toRow);
}

/** "S. R." for "Sam Rivera": how a link's sheet names who accepted (issue #33). */
const initialsOf = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${Array.from(part)[0]?.toUpperCase() ?? ""}.`)
    .join(" ");

/**
 * One version; a shopper's copy leaves out the dealer's customer record, and of the contact the
 * shopper typed when accepting keeps only the initials (a forwarded link shows no contact details).
 * Issue #38: the stored economics never go into the snapshot answered; a dealer who sees gross
 * (`withGross`) gets them beside it, with the version's gross (versions saved before: none).
 */
export async function readVersion(
  stores: Stores,
  quoteId: string,
  number: number,
  forDealer: boolean,
  withGross = false,
): Promise<(VersionRow & { snapshot: VersionSnapshot } & Partial<VersionEconomics>) | undefined> {
  const row = await stores.versions.read(quoteId, number);
  if (!row) return undefined;
  const { dealerEconomics, ...snapshot } = row.snapshot as StoredSnapshot;
  if (forDealer) return { ...toRow(row), snapshot, ...(withGross && dealerEconomics ? dealerEconomics : {}) };
  const contact = snapshot.shopperContact;
  const shopperContact = contact ? { name: initialsOf(contact.name), phone: "", email: "" } : null;
  return { ...toRow(row), snapshot: { ...snapshot, customer: null, shopperContact } };
}

/**
 * "version 3 (Lease, 36 months, $2,000.00 down, $413.01/mo, $2,913.01 due at signing)" for the
 * history and the dealer's mail: the selected structure, the one the sheet's box names.
 */
export function versionSummary(number: number, snapshot: VersionSnapshot): string {
  return `version ${number} (${sheetSelection(snapshot).text})`;
}
