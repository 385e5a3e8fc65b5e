// Dashboard rules of spec §4 and §5 that both the list query and the page may
// apply: search matching and expiry.

/** Search matches the vehicle description or the customer name, case-insensitively; blank matches all. */
export function matchesQuoteSearch(
  quote: { vehicleDescription?: string | null; customerName?: string | null },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  return [quote.vehicleDescription, quote.customerName].some((text) =>
    (text ?? "").toLowerCase().includes(needle),
  );
}

/** A quote is expired when expires_at is earlier than now (spec §4). */
export function isQuoteExpired(expiresAt: string | Date, now: Date = new Date()): boolean {
  const time = typeof expiresAt === "string" ? Date.parse(expiresAt) : expiresAt.getTime();
  return Number.isFinite(time) && time < now.getTime();
}

/**
 * The deal's figures kept in the quotes row's listing columns, so that the desk log and its
 * export never open a document: the out-the-door price (issue #20), and (issue #40) the stock
 * number, the shopper's chosen structure as the page words it and that choice's monthly payment.
 */
export type ListingFigures = {
  outTheDoorCents: number | null;
  stockNumber: string;
  selectedStructure: string | null;
  monthlyCents: number | null;
};
