import type { QuoteDealership } from "@shared/core/api-types";
import { createContext, type ReactNode, useContext } from "react";

// What the server rendered a page from (server/http/pages.ts), handed to the app so that its first
// render in the browser is the same markup: hydration then changes nothing the shopper sees.

/** GET /api/quotes/{id} as a shopper receives it (no customer contact data). */
export interface QuoteSnapshot {
  id: string;
  created_at: string;
  expires_at: string;
  expired: boolean;
  data: Record<string, unknown>;
  dealership: QuoteDealership;
}

export interface PageData {
  /** The shopper's quote page: the quote it was rendered with, or null for "not found". */
  quote?: { id: string; answer: QuoteSnapshot | null };
}

const PAGE_DATA_ELEMENT_ID = "dd-page-data";

const PageDataContext = createContext<PageData>({});

export function PageDataProvider({ value, children }: { value: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export const usePageData = (): PageData => useContext(PageDataContext);

/** The JSON block the server put in the page; {} for pages the browser renders itself. */
export function readPageData(): PageData {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return {};
  }
}

/** Serialises page data for a `<script type="application/json">` block (no `</script>` can end it early). */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
