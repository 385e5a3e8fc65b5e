// The dashboard feature's calls to the quotes API (spec §7).

import type { QuoteListItem, TeamMember } from "@shared/core/api-types";
import { formatQuoteDate } from "@shared/core/format";
import type { CreateQuoteBody } from "@shared/schemas/quote-schema";
import { QUOTE_COPY_TEXT } from "@shared/text/dealer-messages";
import { apiRequest, errorText } from "@/lib/api";
import { notify } from "@/lib/notify";

export function listQuotes(signal?: AbortSignal): Promise<QuoteListItem[]> {
  return apiRequest<QuoteListItem[]>("/quotes", { auth: true, signal });
}

/**
 * The members a quote can be reassigned to. The team feature lists the same members for its own
 * page; features do not import each other (issue #53), and this one line is the dashboard's question.
 */
export function listReassignTargets(): Promise<TeamMember[]> {
  return apiRequest<TeamMember[]>("/team", { auth: true });
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

/**
 * Renew or duplicate with the user told (issue #14), from a dashboard row or the quote page: a
 * toast either way; the renewed expiry (ISO) or the copy's id, or null when it failed.
 */
export async function renewAndTell(id: string): Promise<string | null> {
  try {
    const renewed = await renewQuote(id);
    notify(QUOTE_COPY_TEXT.renewed(formatQuoteDate(Date.parse(renewed.expires_at))));
    return renewed.expires_at;
  } catch (error) {
    notify(errorText(error, QUOTE_COPY_TEXT.renewFailed), false);
    return null;
  }
}

export async function duplicateAndTell(id: string): Promise<string | null> {
  try {
    const copy = await duplicateQuote(id);
    notify(QUOTE_COPY_TEXT.duplicated);
    return copy.id;
  } catch (error) {
    notify(errorText(error, QUOTE_COPY_TEXT.duplicateFailed), false);
    return null;
  }
}
