import type { QuoteDealership, QuoteListItem } from "@shared/api-types";
import { dealArray, dealDocName, privateArray, privateDocName, readDoc } from "@shared/quote-doc";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { quotes, users } from "../db/schema";
import type { LiveControl } from "../live/live-control";
import { createDocStore } from "../live/persistence";
import { loadStoredDoc } from "../live/stored-doc";
import { isExpired, type QuoteRow } from "../policies/quote-access";

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /quotes: listing columns only, newest first; documents are never loaded. */
export function listQuotes(db: Db, dealerId: string): QuoteListItem[] {
  return db
    .select({
      id: quotes.id,
      createdAt: quotes.createdAt,
      expiresAt: quotes.expiresAt,
      vehicleDescription: quotes.vehicleDescription,
      customerName: quotes.customerName,
    })
    .from(quotes)
    .where(eq(quotes.dealerId, dealerId))
    .orderBy(desc(quotes.createdAt))
    .all()
    .map((row) => ({
      id: row.id,
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
      vehicleDescription: row.vehicleDescription,
      customerName: row.customerName,
    }));
}

/** A document's current content: from its room when loaded (same as storage: every update is stored first). */
function documentContent(db: Db, live: LiveControl, docName: string, kind: "deal" | "private") {
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
};

/** The quote owner's dealership profile and name (empty strings when the profile is not filled in). */
export function quoteDealership(db: Db, dealerId: string): QuoteDealership {
  const row = db.select().from(users).where(eq(users.id, dealerId)).get();
  return {
    dealershipName: row?.dealershipName ?? "",
    streetAddress: row?.streetAddress ?? "",
    city: row?.city ?? "",
    state: row?.state ?? "",
    zipCode: row?.zipCode ?? "",
    phoneNumber: row?.phoneNumber ?? "",
    consultant: row ? `${row.firstName} ${row.lastName}`.trim() : "",
  };
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
    dealership: quoteDealership(db, quote.dealerId),
  };
}
