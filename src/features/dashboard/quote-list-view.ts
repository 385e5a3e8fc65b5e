// What the dashboard shows of the dealer's quotes: spec §4 expiry and sort,
// spec §5 search. Pure, so a dealer with thousands of quotes gets one cheap
// pass per keystroke, and the rules are tested without a browser.

import type { QuoteListItem } from "@shared/core/api-types";
import { formatDollars } from "@shared/core/money";
import { matchesQuoteSearch } from "@shared/rules/quote-list";

export type SortColumn = "vehicle" | "created" | "gross";
type SortDirection = "asc" | "desc";
export type QuoteSort = { column: SortColumn; direction: SortDirection };

/** Rows rendered at once; the rest wait behind the pagination. */
export const PAGE_SIZE = 25;

/** Spec §4: created date, newest first. */
export const DEFAULT_SORT: QuoteSort = { column: "created", direction: "desc" };

/** Spec §4: the active column flips; another column starts ascending. */
export function nextSort(current: QuoteSort, clicked: SortColumn): QuoteSort {
  if (current.column === clicked) {
    return { column: clicked, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { column: clicked, direction: "asc" };
}

/** A list row with its dates parsed once, not on every comparison. */
export type DashboardQuote = QuoteListItem & { createdMs: number; expiresMs: number };

export function toDashboardQuotes(items: readonly QuoteListItem[]): DashboardQuote[] {
  return items.map((item) => ({
    ...item,
    createdMs: Date.parse(item.created_at),
    expiresMs: Date.parse(item.expires_at),
  }));
}

/** The desk log's out-the-door figure: "$31,245.50", or a dash while the deal cannot be priced. */
export const outTheDoorText = (quote: Pick<QuoteListItem, "outTheDoorPrice">): string =>
  quote.outTheDoorPrice === null ? "—" : formatDollars(quote.outTheDoorPrice);

/** Issue #38: the Gross column: "$2,150.00", or a dash while it is not known (no vehicle cost yet). */
export const grossText = (quote: Pick<QuoteListItem, "gross">): string =>
  quote.gross === undefined || quote.gross === null ? "—" : formatDollars(quote.gross);

/** Issue #38: whether the list carries the Gross column (the server answers it only to those who see gross). */
export const listHasGross = (quotes: readonly Pick<QuoteListItem, "gross">[]): boolean =>
  quotes.some((quote) => quote.gross !== undefined);

/** Spec §4: expired when expires_at is earlier than now. */
export const isExpiredAt = (quote: Pick<DashboardQuote, "expiresMs">, nowMs: number): boolean =>
  quote.expiresMs < nowMs;

const vehicleOrder = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });

function compare(a: DashboardQuote, b: DashboardQuote, sort: QuoteSort): number {
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.column === "gross") {
    // Deals whose gross is not known come last in either direction.
    const ga = a.gross ?? null;
    const gb = b.gross ?? null;
    if (ga === null || gb === null) {
      if (ga !== gb) return ga === null ? 1 : -1;
    } else if (ga !== gb) return sign * (ga - gb);
    return b.createdMs - a.createdMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  }
  const primary =
    sort.column === "vehicle"
      ? vehicleOrder.compare(a.vehicleDescription, b.vehicleDescription)
      : a.createdMs - b.createdMs;
  if (primary !== 0) return sign * primary;
  // Equal vehicles: newest first; equal times: by id, so the order never jumps between renders.
  return b.createdMs - a.createdMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

interface ListViewOptions {
  query: string;
  showExpired: boolean;
  sort: QuoteSort;
  nowMs: number;
}

/** The quotes to show, in order: expired ones only when asked for, then the search, then the sort. */
export function visibleQuotes(quotes: readonly DashboardQuote[], options: ListViewOptions): DashboardQuote[] {
  const shown = quotes.filter(
    (quote) =>
      (options.showExpired || !isExpiredAt(quote, options.nowMs)) && matchesQuoteSearch(quote, options.query),
  );
  return shown.sort((a, b) => compare(a, b, options.sort));
}

/** The link a shopper opens (spec §9: the site origin plus /quote/{id}). */
export const shopperLink = (origin: string, id: string): string =>
  `${origin}/quote/${encodeURIComponent(id)}`;
