// Issue #19: the shopper's acceptance (POST /api/quotes/{id}/accept), in the accept dialog's own
// chunk: the shopper's opening bundle does not carry it.

import type { ShopperChoice } from "@shared/schemas/quote-schema";
import { apiRequest } from "@/lib/api";

interface AcceptBody {
  name: string;
  phone: string;
  email: string;
  structure: ShopperChoice;
  /** Issue #46: the deal as the shopper saw it; the server answers 409 when it has changed. */
  fingerprint: string;
}

export const acceptQuote = (quoteId: string, body: AcceptBody): Promise<{ version: number }> =>
  apiRequest<{ version: number }>(`/quotes/${encodeURIComponent(quoteId)}/accept`, {
    method: "POST",
    body,
  });
