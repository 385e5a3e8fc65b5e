// Issue #46: the fingerprint of the deal the shopper is shown, so that an acceptance names exactly
// what was seen. A digest of every figure and term on the shopper's page: the deal document as the
// page reads it (the shared quote template, so the dealer's page, the shopper's page and the server
// read the same values) and the deal as presented. Not in it: the shopper's payment request and
// the dealer's answer (a conversation, not the deal), and anything dealer-private (the customer
// record and the economics live in other documents). Any other edit by anyone changes it.
//
// SHA-256 of the canonical JSON (keys sorted), first 12 hex digits in three groups, "3f9a-c01b-77de",
// the form a printed sheet has always carried.

import { sha256Hex } from "../core/sha256";
import type { QuoteData } from "../schemas/quote-schema";
import { conform, quoteTemplate } from "../schemas/quote-template";
import { withStructures } from "../schemas/read-structures";
import { presentedDeal } from "./presented-deal";

/** JSON with every object's keys in order, so that equal values always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The deal the shopper is shown, read as the page reads it: what the fingerprint covers. */
export function shownDeal(raw: unknown): QuoteData {
  const data = withStructures(conform(raw, quoteTemplate()) as QuoteData);
  const { paymentRequest: _request, paymentAnswer: _answer, ...deal } = data;
  return deal as QuoteData;
}

/** The fingerprint of a deal document's content (or of QuoteData: the template reads both alike). */
export function dealFingerprint(raw: unknown): string {
  const deal = shownDeal(raw);
  const hex = sha256Hex(canonicalJson({ deal, presented: presentedDeal(deal) })).slice(0, 12);
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}
