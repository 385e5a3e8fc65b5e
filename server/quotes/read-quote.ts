import type { QuoteDealership, QuoteListItem } from "@shared/core/api-types";
import { vehicleIsNew } from "@shared/core/constants";
import { dealFingerprint, shownDeal } from "@shared/deal/deal-fingerprint";
import { readEconomics } from "@shared/deal/economics";
import { type DealEconomics, dealGross, type GrossInDollars, grossInDollars } from "@shared/deal/gross";
import { type PresentedDeal, presentedDeal } from "@shared/deal/presented-deal";
import { dealDocName, docArray, economicsDocName, privateDocName, readDoc } from "@shared/live/quote-doc";
import type { DocKind } from "@shared/rules/permissions";
import { type Member, seesEveryQuote } from "@shared/rules/permissions";
import { type CustomerInfo, customerInfoSchema, quoteDataSchema } from "@shared/schemas/quote-schema";
import { withPlainText } from "@shared/schemas/schema-fields";
import { DocumentMissingError, docFromStored } from "../db/stored-doc";
import type { Stores } from "../db/stores";
import { memberSeesGross } from "../defaults/economics-store";
import { isExpired } from "../policies/policy";
import type { QuoteRow } from "../policies/quote-access";
import { ensureEconomicsDocument } from "./economics-move";
import { currentListingFigures } from "./listing-total";
import type { LiveControl } from "./live-control";
import { type QuoteStock, quoteStock } from "./quote-stock";

const iso = (ms: number) => new Date(ms).toISOString();

const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);

/**
 * GET /quotes: listing columns only, newest first; documents are never loaded. Owners and
 * managers get every quote of the dealership (the desk log), a salesperson their own. Issue #38:
 * `gross` (the total gross) only for members who see gross; absent for everyone else.
 */
export async function listQuotes(stores: Stores, member: Member): Promise<QuoteListItem[]> {
  // The few members' names in one query, rather than a join per quote row.
  const [members, rows, seesGross, pending] = await Promise.all([
    stores.users.members(member.dealershipId),
    stores.quotes.list(quoteScope(member)),
    memberSeesGross(stores.defaults, member),
    stores.documents.quotesWithPendingUpdates(member.dealershipId),
  ]);
  const names = new Map(members.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
  // Issue #46: a deal edited since its last compaction is read from its stored document, on every
  // process (the columns are written at compaction).
  const listedIds = new Set(rows.map((row) => row.id));
  const current = await currentListingFigures(
    stores,
    pending.filter((id) => listedIds.has(id)),
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    vehicleDescription: row.vehicleDescription,
    customerName: row.customerName,
    salesperson: { id: row.salespersonId, name: names.get(row.salespersonId) ?? "" },
    outTheDoorPrice: dollars(current.get(row.id)?.outTheDoorCents ?? row.outTheDoorCents),
    accepted: row.lockedAt !== null,
    ...(seesGross
      ? { gross: dollars(current.has(row.id) ? (current.get(row.id)?.grossCents ?? null) : row.grossCents) }
      : {}),
  }));
}

/** The quotes a member sees: the dealership's for owners and managers, their own for a salesperson. */
export const quoteScope = (member: Member) =>
  seesEveryQuote(member)
    ? { dealershipId: member.dealershipId }
    : { dealershipId: member.dealershipId, salespersonId: member.id };

/** A document's current content: from its room when loaded (same as storage: every update is stored first). */
export async function documentContent(
  stores: Stores,
  live: LiveControl,
  docName: string,
  kind: DocKind,
): Promise<Record<string, unknown>> {
  return (await documentContentAt(stores, live, docName, kind)).content;
}

/** As documentContent, with the log seq it was read at. */
export async function documentContentAt(
  stores: Stores,
  live: LiveControl,
  docName: string,
  kind: DocKind,
): Promise<{ content: Record<string, unknown>; seq: number }> {
  const loaded = await live.readCurrentAt(docName);
  if (loaded) return loaded;
  const stored = await stores.documents.load(docName);
  if (!stored) throw new DocumentMissingError(docName);
  const doc = docFromStored(stored, docName);
  try {
    return { content: readDoc(docArray(doc, kind)), seq: stored.lastSeq };
  } finally {
    doc.destroy();
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type QuoteView = {
  id: string;
  created_at: string;
  expires_at: string;
  expired: boolean;
  data: Record<string, unknown>;
  dealership: QuoteDealership;
  /** Issue #19: accepted by the shopper and locked for both sides. */
  locked: boolean;
  acceptedVersion: number | null;
  /** The dealer's counter-offer (the newest version's number while it is one), else null. */
  counterOffer: number | null;
  /** Issue #37, the dealer's answer only: the stock vehicle the quote was made from. */
  stock?: QuoteStock | null;
  /**
   * The dealer's answer only: the quote's state seq as read before the rest of the answer (the
   * live server's message 101 carries it; a page whose answer is older reads it again).
   */
  stateSeq?: number;
  /**
   * Issue #38: the deal's gross (dollars) for its selected structure; only for members who see
   * gross (owners, managers, and salespeople when the owner turned it on), never for a shopper.
   */
  gross?: GrossInDollars;
  /** Issue #38: the deal economics (dealer-private), with `gross` and under the same rule. */
  economics?: DealEconomics;
  /** Issue #46: the deal as presented ("You are agreeing to"), and the fingerprint an acceptance names. */
  selected?: PresentedDeal;
  fingerprint?: string;
};

/** The quote's dealership profile and its salesperson's name (empty strings when not filled in). */
export async function quoteDealership(
  stores: Stores,
  quote: Pick<QuoteRow, "dealerId" | "salespersonId">,
): Promise<QuoteDealership> {
  const [row, profile] = await Promise.all([
    stores.users.byId(quote.salespersonId),
    stores.dealerships.profile(quote.dealerId),
  ]);
  return { ...profile, consultant: row ? `${row.firstName} ${row.lastName}`.trim() : "" };
}

/** The newest version's number when it is a counter-offer (the shopper is shown it), else null. */
export async function counterOfferOf(stores: Stores, quoteId: string): Promise<number | null> {
  const latest = await stores.versions.latest(quoteId);
  return latest?.kind === "counter" ? latest.number : null;
}

/** The dealer's customer record of the quote (private document), or null when none parses. */
export async function storedCustomerInfo(
  stores: Stores,
  live: LiveControl,
  quoteId: string,
): Promise<CustomerInfo | null> {
  const info = customerInfoSchema.safeParse(
    withPlainText((await documentContent(stores, live, privateDocName(quoteId), "private")).customerInfo),
  );
  return info.success ? info.data : null;
}

/** Issue #38: the quote's deal economics (its economics document), the defaults' empties where unset. */
export async function storedEconomics(
  stores: Stores,
  live: LiveControl,
  quoteId: string,
): Promise<DealEconomics> {
  const name = economicsDocName(quoteId);
  const content = await documentContent(stores, live, name, "economics").catch(async (error: unknown) => {
    // A quote stored without one (before the start-up move saw it): moved now, then read.
    if (!(error instanceof DocumentMissingError)) throw error;
    await ensureEconomicsDocument(stores, quoteId);
    return documentContent(stores, live, name, "economics");
  });
  return readEconomics(withPlainText(content.economics));
}

/** The deal as presented and its fingerprint, read from the deal document as the pages read it. */
function presentedAndFingerprint(deal: Record<string, unknown>): {
  selected?: PresentedDeal;
  fingerprint?: string;
} {
  const shown = shownDeal(withPlainText(deal));
  try {
    return { selected: presentedDeal(shown), fingerprint: dealFingerprint(shown) };
  } catch {
    // A document that does not make a deal (never expected: every write passed the guard).
    return {};
  }
}

/** GET /quotes/{id}: the deal; customerInfo only for its dealer (shoppers never receive it). */
export async function readQuote(
  stores: Stores,
  live: LiveControl,
  quote: QuoteRow,
  withPrivate: boolean,
  /** Issue #38: the economics and the gross, for a member who sees gross. */
  withGross = false,
): Promise<QuoteView> {
  const deal = await documentContent(stores, live, dealDocName(quote.id), "deal");
  const data: Record<string, unknown> = { customInterestRates: {}, ...deal };
  // Issue #34: `vehicle.isNew` is always answered; a quote from before the forms asked reads as
  // the form's default (used above 1,000 miles), as the sheet prints it. `msrp` only when set.
  const vehicle = data.vehicle;
  if (isRecord(vehicle) && typeof vehicle.isNew !== "boolean" && typeof vehicle.mileage === "number")
    data.vehicle = { ...vehicle, isNew: vehicleIsNew({ mileage: vehicle.mileage }) };
  let gross: GrossInDollars | undefined;
  let economics: DealEconomics | undefined;
  if (withPrivate) {
    const priv = await documentContent(stores, live, privateDocName(quote.id), "private");
    data.customerInfo = priv.customerInfo ?? { name: "" };
    if (withGross) {
      economics = await storedEconomics(stores, live, quote.id);
      const parsed = quoteDataSchema.safeParse(withPlainText({ customInterestRates: {}, ...deal }));
      if (parsed.success) gross = grossInDollars(dealGross(parsed.data, economics));
    }
  }
  const [dealership, counterOffer, stock] = await Promise.all([
    quoteDealership(stores, quote),
    counterOfferOf(stores, quote.id),
    withPrivate ? quoteStock(stores, quote) : undefined,
  ]);
  return {
    id: quote.id,
    created_at: iso(quote.createdAt),
    expires_at: iso(quote.expiresAt),
    expired: isExpired(quote),
    data,
    dealership,
    locked: quote.lockedAt !== null,
    acceptedVersion: quote.acceptedVersion,
    counterOffer,
    // Issue #46: the deal as presented and the fingerprint of what the shopper is shown, from the
    // deal document alone (the same for the dealer's answer and the shopper's).
    ...presentedAndFingerprint(deal),
    ...(withPrivate ? { stock: stock ?? null, stateSeq: quote.stateSeq } : {}),
    ...(gross ? { gross } : {}),
    ...(economics ? { economics } : {}),
  };
}
