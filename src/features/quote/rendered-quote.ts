// The one place the quote feature reads what the server rendered the shopper's page from (the page
// data of src/app/page-data.tsx): the quote the HTML shows, so that hydration shows the same
// numbers and asks for nothing. The app shell owns that context; this seam is where the feature
// meets it.

import { type QuoteSnapshot, usePageData } from "@/lib/page-data";

export type { QuoteSnapshot };

/**
 * The quote the server rendered this page with, when it is `quoteId` (the answer, or null for
 * "not found"); undefined when the page was not rendered for it (the dealer's view, the full app).
 */
export function useRenderedQuote(quoteId: string): { answer: QuoteSnapshot | null } | undefined {
  const rendered = usePageData().quote;
  return rendered?.id === quoteId ? rendered : undefined;
}
