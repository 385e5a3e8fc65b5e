// Issue #47: shoppers' payment requests, stored with their live update, held for the next lead. One repository of the storage seam (server/db/stores.ts).

/** Issue #47: a shopper's accepted payment request, stored with its live update (payment_requests). */
export type PaymentRequestRecord = {
  dealershipId: string;
  /** Who asked: "shopper:<device id>", or "ip:<address>" for a page that names no device. */
  requester: string;
  /** JSON of the request (amount, structure, note, asked). */
  request: string;
};

/** Issue #47: the ages (ms, at the store's clock) of the requests accepted within a window. */
export type RecentRequests = { quote: readonly number[]; requester: readonly number[] };

/** Issue #47: a quote's payment requests held for its next lead, oldest first. */
export type HeldPaymentRequests = {
  quoteId: string;
  dealershipId: string;
  requests: { id: number; at: number; request: string }[];
};

/** Held request rows (oldest first) as one entry per quote, in the order of each quote's first row. */
export function groupHeldRequests(
  rows: readonly { id: number; quoteId: string; dealershipId: string; at: number; request: string }[],
): HeldPaymentRequests[] {
  const held = new Map<string, HeldPaymentRequests>();
  for (const row of rows) {
    const quote = held.get(row.quoteId) ?? {
      quoteId: row.quoteId,
      dealershipId: row.dealershipId,
      requests: [],
    };
    quote.requests.push({ id: row.id, at: row.at, request: row.request });
    held.set(row.quoteId, quote);
  }
  return [...held.values()];
}
