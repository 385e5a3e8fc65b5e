// The VIN decode calls (issue #50) behind the shared VIN field: src/components/ cannot import a
// feature, so its requests live beside it.
import { apiRequest } from "@/lib/api";

/** Decodes a checked VIN to its description (the member's or the shopper's endpoint). */
export type DecodeVin = (vin: string, signal: AbortSignal) => Promise<{ description: string }>;

/** A member's decode (GET /api/vehicles/decode). */
export const decodeForMember: DecodeVin = (vin, signal) =>
  apiRequest<{ description: string }>(`/vehicles/decode?vin=${encodeURIComponent(vin)}`, {
    auth: true,
    signal,
  });

/** A shopper's decode through the quote they hold (GET /api/quotes/:id/decode-vin). */
export const decodeThroughQuote =
  (quoteId: string): DecodeVin =>
  (vin, signal) =>
    apiRequest<{ description: string }>(
      `/quotes/${encodeURIComponent(quoteId)}/decode-vin?vin=${encodeURIComponent(vin)}`,
      { signal },
    );
