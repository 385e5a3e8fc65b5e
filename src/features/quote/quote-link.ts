/** The shopper's link (spec §9): the site origin plus /quote/{id}. */
export const quoteLink = (origin: string, quoteId: string): string =>
  `${origin}/quote/${encodeURIComponent(quoteId)}`;
