// The dealer's calls to the quotes API from the quote page (spec §7): a lazy part, so the
// shopper's opening bundle carries none of them. The reading of the quote itself, which both sides
// make, is in ../quote-api.ts.

import type { ShareChannel } from "@shared/analytics/analytics-text";
import type { GrossInDollars } from "@shared/deal/gross";
import type { HistoryResponse } from "@shared/history/history-text";
import type { QuoteStock } from "@shared/inventory/quote-stock";
import type { ChecklistMark } from "@shared/schemas/checklist";
import { apiRequest } from "@/lib/api";

const quotePath = (quoteId: string) => `/quotes/${encodeURIComponent(quoteId)}`;

/** Issue #19: a row of the quote's versions (newest first). */
export type VersionRow = {
  number: number;
  kind: string;
  createdAt: string;
  actor: string;
  fingerprint: string;
};
/** Issue #38: what GET /versions/:n adds for a dealer who sees gross (versions saved before: nothing). */
type VersionDetail = { number: number; gross?: GrossInDollars };

export const deleteQuote = (quoteId: string): Promise<void> =>
  apiRequest<void>(quotePath(quoteId), { method: "DELETE", auth: true });

/** Issue #19: the dealer reopens the deal the customer accepted. */
export const unlockQuote = (quoteId: string): Promise<{ locked: boolean }> =>
  apiRequest<{ locked: boolean }>(`${quotePath(quoteId)}/unlock`, { method: "POST", body: {}, auth: true });

/** Issue #37: the stock vehicle the quote was made from is sold. */
export const markStockSold = (quoteId: string): Promise<{ status: QuoteStock["status"] }> =>
  apiRequest<{ status: QuoteStock["status"] }>(`${quotePath(quoteId)}/sold`, {
    method: "POST",
    body: {},
    auth: true,
  });

/** Issue #14: a new expiry for an expired quote. */
export const renewQuote = (quoteId: string): Promise<{ id: string; expires_at: string }> =>
  apiRequest(`${quotePath(quoteId)}/renew`, { method: "POST", auth: true });

/** Issue #14: the same deal for another shopper (fresh id and link, no customer info). */
export const duplicateQuote = (quoteId: string): Promise<{ id: string }> =>
  apiRequest(`${quotePath(quoteId)}/duplicate`, { method: "POST", auth: true });

export const listVersions = (quoteId: string): Promise<VersionRow[]> =>
  apiRequest<VersionRow[]>(`${quotePath(quoteId)}/versions`, { auth: true });

export const readVersion = (quoteId: string, number: number): Promise<VersionDetail> =>
  apiRequest<VersionDetail>(`${quotePath(quoteId)}/versions/${number}`, { auth: true });

/**
 * Saves the deal as a version (after the customer's acceptance, a counter-offer). Issue #46: bound
 * to the fingerprint of the deal the page shows.
 */
export const saveVersion = (
  quoteId: string,
  fingerprint: string,
): Promise<{ number: number; fingerprint: string }> =>
  apiRequest<{ number: number; fingerprint: string }>(`${quotePath(quoteId)}/versions`, {
    method: "POST",
    body: { fingerprint },
    auth: true,
  });

/** Issue #9: the deal's history for the History panel. */
export const readHistory = (quoteId: string, signal: AbortSignal): Promise<HistoryResponse> =>
  apiRequest<HistoryResponse>(`${quotePath(quoteId)}/history`, { auth: true, signal });

/**
 * The quote's link went to a customer (Share, Copy link): the owner's checklist's last step (issue
 * #14) and the quote's "shared" step for analytics (issue #40). Never in the way.
 */
export function markShared(quoteId: string, via: ShareChannel): void {
  apiRequest("/dealership/checklist", {
    method: "POST",
    body: { mark: "shared" } satisfies { mark: ChecklistMark },
    auth: true,
  }).catch(() => {});
  apiRequest<void>(`${quotePath(quoteId)}/shared`, { method: "POST", body: { via }, auth: true }).catch(
    () => {},
  );
}
