import { randomBytes } from "node:crypto";
import { type Economics, newQuoteEconomics, readEconomics } from "@shared/deal/economics";
import type { DealEconomics } from "@shared/deal/gross";
import { dealerSideOf, newQuoteData } from "@shared/deal/new-quote";
import { dealArray, economicsArray, writeFields } from "@shared/live/quote-doc";
import type { ListingFigures } from "@shared/rules/quote-list";
import { type CreateQuoteBody, quoteDataSchema } from "@shared/schemas/quote-schema";
import * as Y from "yjs";
import type { HandoffEventRecord } from "../db/repositories/handoff";
import type { Stores } from "../db/stores";
import { readEconomicsSettings } from "../defaults/economics-store";
import { dealerDefaultsSnapshot } from "./defaults-snapshot";
import { eventGross, quoteEventData, quoteEventRecord, withGross } from "./event-data";
import type { HandoffEmitter } from "./handoff-emitter";
import { listingFiguresOf, listingGrossCentsOf } from "./listing-total";
import { quoteDealership } from "./read-quote";
import { snapshotOf } from "./versions";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A quote's expiry (ms): QUOTE_VALIDITY_DAYS from `now`, for a new, copied or renewed quote. */
export const expiryFrom = (now: number, validityDays: number) => now + validityDays * DAY_MS;

/** 128 random bits, URL-safe: the plain link is the shopper's only key (docs/decisions/009). */
export const newQuoteId = () => randomBytes(16).toString("base64url");

/**
 * Creates the quote row and writes its documents' initial content, server-side and once, in one
 * transaction (clients never seed content: that is how line items get duplicated). The private
 * document starts with no customer info; the economics document (issue #38) with the deal economics.
 */
export async function createQuote(
  stores: Stores,
  member: QuoteMember,
  body: CreateQuoteBody,
  validityDays: number,
  /** Issue #37: the stock vehicle the quote is made from (its id stays on the quote row only). */
  inventoryId: string | null = null,
  /** Issue #38: the stock vehicle's cost in dollars (dealer-private: the private document only). */
  vehicleCost?: number,
  handoff?: HandoffEmitter,
): Promise<string> {
  const [defaults, economics] = await Promise.all([
    dealerDefaultsSnapshot(stores, member.dealershipId),
    readEconomicsSettings(stores.defaults, member.dealershipId),
  ]);
  const data = newQuoteData(body, defaults);
  return insertQuote(
    stores,
    member,
    data as unknown as Record<string, unknown>,
    validityDays,
    {
      vehicleDescription: data.vehicle.description,
      ...listingFiguresOf(data as unknown as Record<string, unknown>),
      inventoryId,
    },
    // Issue #38: the deal economics start from the dealership's defaults, in the economics
    // document, with the stock vehicle's cost when the quote is made from inventory (#37).
    newQuoteEconomics(
      economics,
      defaults.addOns,
      vehicleCost,
      defaults.dealerFees.map((fee) => fee.id),
    ),
    handoff,
  );
}

/**
 * Issue #14: the same deal for another shopper. A fresh id (so a fresh link), a fresh expiry, the
 * member who copies it as its salesperson, and no customer info, versions, acceptance or history.
 * Issue #34: only the dealer's side of the deal; what a shopper writes starts from the defaults.
 */
export function duplicateQuote(
  stores: Stores,
  member: QuoteMember,
  deal: Record<string, unknown>,
  source: { vehicleDescription: string; inventoryId: string | null },
  validityDays: number,
  handoff?: HandoffEmitter,
): Promise<string> {
  const content = dealerSideOf(deal);
  return insertQuote(
    stores,
    member,
    content,
    validityDays,
    {
      vehicleDescription: source.vehicleDescription,
      ...listingFiguresOf(content),
      inventoryId: source.inventoryId,
    },
    undefined,
    handoff,
  );
}

type QuoteMember = {
  dealershipId: string;
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
};

/** Issue #39: the quote.created event of a new quote, from its first content. */
async function createdEvent(
  stores: Stores,
  handoff: HandoffEmitter,
  member: QuoteMember,
  id: string,
  content: Record<string, unknown>,
  economics: DealEconomics,
  at: number,
): Promise<HandoffEventRecord> {
  const facts = {
    id,
    dealerId: member.dealershipId,
    salesperson: {
      id: member.id,
      name: `${member.firstName ?? ""} ${member.lastName ?? ""}`.trim(),
      email: member.email ?? null,
    },
  };
  const parsed = quoteDataSchema.safeParse({ customInterestRates: {}, ...content });
  const snapshot = parsed.success
    ? snapshotOf(
        parsed.data,
        await quoteDealership(stores, { dealerId: member.dealershipId, salespersonId: member.id }),
        null,
        {},
      )
    : null;
  const data = withGross(quoteEventData(handoff.appUrl, facts, snapshot), eventGross(snapshot, economics));
  return quoteEventRecord("quote.created", facts, data, at);
}

async function insertQuote(
  stores: Stores,
  member: QuoteMember,
  content: Record<string, unknown>,
  validityDays: number,
  listing: { vehicleDescription: string; inventoryId: string | null } & ListingFigures,
  /** Issue #38: the economics document's content (a duplicate starts without any). */
  economics?: Economics,
  handoff?: HandoffEmitter,
): Promise<string> {
  const deal = new Y.Doc({ guid: "new-quote" });
  writeFields(dealArray(deal), content);
  const dealState = Y.encodeStateAsUpdateV2(deal);
  // The private document starts empty: the customer record is filled in later.
  const priv = new Y.Doc({ guid: "new-quote-private" });
  const privateState = Y.encodeStateAsUpdateV2(priv);
  const economicsContent: Record<string, unknown> = economics ? { economics } : {};
  const econ = new Y.Doc({ guid: "new-quote-economics" });
  writeFields(economicsArray(econ), economicsContent);
  const economicsState = Y.encodeStateAsUpdateV2(econ);
  deal.destroy();
  priv.destroy();
  econ.destroy();

  const id = newQuoteId();
  const now = Date.now();
  const events = handoff
    ? [await createdEvent(stores, handoff, member, id, content, readEconomics(economics), now)]
    : [];
  await stores.quotes.create(
    {
      id,
      dealerId: member.dealershipId,
      salespersonId: member.id,
      createdAt: now,
      expiresAt: expiryFrom(now, validityDays),
      updatedAt: now,
      stateSeq: 0,
      vehicleDescription: listing.vehicleDescription,
      customerName: "",
      outTheDoorCents: listing.outTheDoorCents,
      stockNumber: listing.stockNumber,
      selectedStructure: listing.selectedStructure,
      monthlyCents: listing.monthlyCents,
      grossCents: listingGrossCentsOf(content, economicsContent),
      sharedAt: null,
      openedAt: null,
      acceptedAt: null,
      lockedAt: null,
      acceptedVersion: null,
      inventoryId: listing.inventoryId,
    },
    { deal: dealState, private: privateState, economics: economicsState },
    events,
  );
  handoff?.wake();
  return id;
}
