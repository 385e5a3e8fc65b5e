// Reads the deal document into QuoteData for display, through the shared quote template
// (shared/schemas/quote-template.ts): the same defaults the schema applies, without zod, whose 26 KiB
// the shopper's opening page cannot carry. Every write is still checked with the shared schema
// (field-adapter.ts loads it on first use, as the dialogs do, and the server on every update);
// this read only has to be tolerant: a value of the wrong kind reads as its default and a
// malformed line item is dropped, so one bad field never blanks the page.

import type { CustomerInfo, QuoteData } from "@shared/schemas/quote-schema";
import { conform, customerInfoTemplate, quoteTemplate } from "@shared/schemas/quote-template";

export type Raw = Record<string, unknown>;

/** True once the document holds a quote at all (the server writes the vehicle at creation). */
function hasQuoteContent(raw: Raw): boolean {
  return typeof raw.vehicle === "object" && raw.vehicle !== null && !Array.isArray(raw.vehicle);
}

/** The deal as QuoteData, or null while the document is still empty. */
export function readQuoteData(raw: Raw): QuoteData | null {
  return hasQuoteContent(raw) ? (conform(raw, quoteTemplate()) as QuoteData) : null;
}

/** The private document's customer info, or null when none was saved. */
export function readCustomerInfo(raw: Raw): CustomerInfo | null {
  const info = conform(raw.customerInfo, customerInfoTemplate()) as CustomerInfo;
  if (info.name.trim() === "") return null;
  const out: CustomerInfo = { name: info.name };
  if (info.email) out.email = info.email;
  if (info.phone) out.phone = info.phone;
  return out;
}
