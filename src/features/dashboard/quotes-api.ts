// The dashboard feature's calls to the quotes API (spec §7).

import type { QuoteListItem } from "@shared/api-types";
import type { CreateQuoteBody } from "@shared/quote-schema";
import { apiRequest } from "@/lib/api";

export function listQuotes(signal?: AbortSignal): Promise<QuoteListItem[]> {
  return apiRequest<QuoteListItem[]>("/quotes", { auth: true, signal });
}

export function createQuote(quote: CreateQuoteBody): Promise<{ id: string }> {
  return apiRequest<{ id: string }>("/quotes", { method: "POST", body: quote, auth: true });
}

export function deleteQuote(id: string): Promise<void> {
  return apiRequest<void>(`/quotes/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });
}

/** Owners and managers hand a quote to another member (issue #20). */
export function reassignQuote(
  id: string,
  userId: string,
): Promise<{ salesperson: { id: string; name: string } }> {
  return apiRequest(`/quotes/${encodeURIComponent(id)}/salesperson`, {
    method: "PUT",
    body: { userId },
    auth: true,
  });
}

/** Issue #14: a new expiry for an expired quote. */
export function renewQuote(id: string): Promise<{ id: string; expires_at: string }> {
  return apiRequest(`/quotes/${encodeURIComponent(id)}/renew`, { method: "POST", auth: true });
}

/** Issue #14: the same deal for another shopper (fresh id and link, no customer info). */
export function duplicateQuote(id: string): Promise<{ id: string }> {
  return apiRequest(`/quotes/${encodeURIComponent(id)}/duplicate`, { method: "POST", auth: true });
}
