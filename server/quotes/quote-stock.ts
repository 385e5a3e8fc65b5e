import type { QuoteStock } from "@shared/inventory/quote-stock";
import type { QuoteRow } from "../db/repositories/quotes";
import type { Stores } from "../db/stores";

export type { QuoteStock };

/**
 * The dealer's view of the stock vehicle a quote was made from: its status, and when another deal
 * on it was accepted (the quote page warns). Null for a vehicle typed by hand or since deleted.
 */
export async function quoteStock(
  stores: Stores,
  quote: Pick<QuoteRow, "id" | "dealerId" | "inventoryId">,
): Promise<QuoteStock | null> {
  if (!quote.inventoryId) return null;
  const [vehicle, accepted] = await Promise.all([
    stores.vehicles.find(quote.dealerId, quote.inventoryId),
    stores.vehicles.acceptedQuotes(quote.inventoryId),
  ]);
  if (!vehicle) return null;
  const other = accepted.find((row) => row.id !== quote.id);
  return {
    id: vehicle.id,
    stockNumber: vehicle.stockNumber,
    status: vehicle.status,
    otherAcceptedAt: other ? new Date(other.lockedAt).toISOString() : null,
  };
}
