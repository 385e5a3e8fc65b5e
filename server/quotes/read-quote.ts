import type { QuoteDealership, QuoteListItem } from "@shared/api-types";
import { type Member, seesEveryQuote } from "@shared/permissions";
import { dealArray, dealDocName, privateArray, privateDocName, readDoc } from "@shared/quote-doc";
import { type CustomerInfo, customerInfoSchema } from "@shared/quote-schema";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { quotes, quoteVersions, users } from "../db/schema";
import type { LiveControl } from "../live/live-control";
import { createDocStore } from "../live/persistence";
import { loadStoredDoc } from "../live/stored-doc";
import { isExpired, type QuoteRow } from "../policies/quote-access";
import { dealershipProfile } from "../teams/dealerships";
import { outTheDoorCentsOf } from "./listing-total";

const iso = (ms: number) => new Date(ms).toISOString();

/** The quote's newest version (number and kind), if it has any. */
export function latestVersion(db: Db, quoteId: string): { number: number; kind: string } | undefined {
  return db
    .select({ number: quoteVersions.number, kind: quoteVersions.kind })
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId))
    .orderBy(desc(quoteVersions.number))
    .limit(1)
    .get();
}
const dollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);

/** A deal being edited right now: its figure from the room, ahead of the column (set at compaction). */
function liveOutTheDoor(live: Pick<LiveControl, "readLoaded"> | undefined, quoteId: string): number | null {
  const deal = live?.readLoaded(dealDocName(quoteId));
  return deal ? outTheDoorCentsOf(deal) : null;
}

/**
 * GET /quotes: listing columns only, newest first; documents are never loaded. Owners and
 * managers get every quote of the dealership (the desk log), a salesperson their own.
 */
export function listQuotes(db: Db, member: Member, live?: Pick<LiveControl, "readLoaded">): QuoteListItem[] {
  const scope = seesEveryQuote(member)
    ? eq(quotes.dealerId, member.dealershipId)
    : and(eq(quotes.dealerId, member.dealershipId), eq(quotes.salespersonId, member.id));
  // The few members' names in one query, rather than a join per quote row.
  const names = new Map(
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.dealershipId, member.dealershipId))
      .all()
      .map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
  );
  return db
    .select({
      id: quotes.id,
      createdAt: quotes.createdAt,
      expiresAt: quotes.expiresAt,
      vehicleDescription: quotes.vehicleDescription,
      customerName: quotes.customerName,
      salespersonId: quotes.salespersonId,
      outTheDoorCents: quotes.outTheDoorCents,
      lockedAt: quotes.lockedAt,
    })
    .from(quotes)
    .where(scope)
    .orderBy(desc(quotes.createdAt))
    .all()
    .map((row) => ({
      id: row.id,
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
      vehicleDescription: row.vehicleDescription,
      customerName: row.customerName,
      salesperson: { id: row.salespersonId, name: names.get(row.salespersonId) ?? "" },
      outTheDoorPrice: dollars(liveOutTheDoor(live, row.id) ?? row.outTheDoorCents),
      accepted: row.lockedAt !== null,
    }));
}

/** A document's current content: from its room when loaded (same as storage: every update is stored first). */
export function documentContent(db: Db, live: LiveControl, docName: string, kind: "deal" | "private") {
  const loaded = live.readLoaded(docName);
  if (loaded) return loaded;
  const { doc } = loadStoredDoc(createDocStore(db), docName);
  try {
    return readDoc(kind === "deal" ? dealArray(doc) : privateArray(doc));
  } finally {
    doc.destroy();
  }
}

export type QuoteView = {
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
};

/** The quote's dealership profile and its salesperson's name (empty strings when not filled in). */
export function quoteDealership(
  db: Db,
  quote: Pick<QuoteRow, "dealerId" | "salespersonId">,
): QuoteDealership {
  const row = db.select().from(users).where(eq(users.id, quote.salespersonId)).get();
  return {
    ...dealershipProfile(db, quote.dealerId),
    consultant: row ? `${row.firstName} ${row.lastName}`.trim() : "",
  };
}

/** The newest version's number when it is a counter-offer (the shopper is shown it), else null. */
export function counterOfferOf(db: Db, quoteId: string): number | null {
  const latest = latestVersion(db, quoteId);
  return latest?.kind === "counter" ? latest.number : null;
}

/** The dealer's customer record of the quote (private document), or null when none parses. */
export function storedCustomerInfo(db: Db, live: LiveControl, quoteId: string): CustomerInfo | null {
  const info = customerInfoSchema.safeParse(
    documentContent(db, live, privateDocName(quoteId), "private").customerInfo,
  );
  return info.success ? info.data : null;
}

/** GET /quotes/{id}: the deal; customerInfo only for its dealer (shoppers never receive it). */
export function readQuote(db: Db, live: LiveControl, quote: QuoteRow, withPrivate: boolean): QuoteView {
  const deal = documentContent(db, live, dealDocName(quote.id), "deal");
  const data: Record<string, unknown> = { customInterestRates: {}, ...deal };
  if (withPrivate) {
    const priv = documentContent(db, live, privateDocName(quote.id), "private");
    data.customerInfo = priv.customerInfo ?? { name: "" };
  }
  return {
    id: quote.id,
    created_at: iso(quote.createdAt),
    expires_at: iso(quote.expiresAt),
    expired: isExpired(quote),
    data,
    dealership: quoteDealership(db, quote),
    locked: quote.lockedAt !== null,
    acceptedVersion: quote.acceptedVersion,
    counterOffer: counterOfferOf(db, quote.id),
  };
}
