import type { StockStatus } from "./inventory-text";

/** Issue #37: the dealer's answer of GET /api/quotes/:id names the stock vehicle the quote was made from. */
export type QuoteStock = {
  id: string;
  stockNumber: string;
  status: StockStatus;
  /** When another of the dealership's deals on this vehicle was accepted (ISO), else null. */
  otherAcceptedAt: string | null;
};
