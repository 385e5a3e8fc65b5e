// The quote page's own call to the quotes API (spec §7), in the shopper's opening bundle: reading
// the quote. The dealer's calls are in dealer/dealer-api.ts, the shopper's acceptance in
// dialogs/accept-api.ts: each in the lazy part that makes it.

import type { QuoteStock } from "@shared/inventory/quote-stock";
import { apiRequest } from "@/lib/api";
import type { QuoteSnapshot } from "./rendered-quote";

/** GET /api/quotes/{id} (server/quotes/read-quote.ts). */
export interface QuoteAnswer extends QuoteSnapshot {
  /** Issue #19 (absent from an older server's answer: not locked). */
  locked?: boolean;
  acceptedVersion?: number | null;
  counterOffer?: number | null;
  /** Issue #37, the dealer's answer only: the stock vehicle the quote was made from. */
  stock?: QuoteStock | null;
  /** Issue #38: the gross, present only for a member who sees gross (dealer mode). */
  gross?: unknown;
  /** Issue #48, the dealer's answer only: the quote's state seq at the read. */
  stateSeq?: number;
}

/**
 * GET /api/quotes/{id}. `auth`: with the dealer's token (the dealer's answer, or 401/404 for
 * anyone else); without it, the shopper's answer.
 */
export const readQuote = (quoteId: string, auth: boolean, signal?: AbortSignal): Promise<QuoteAnswer> =>
  apiRequest<QuoteAnswer>(`/quotes/${encodeURIComponent(quoteId)}`, { auth, signal });
