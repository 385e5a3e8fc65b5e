// The dashboard's list request (GET /api/quotes), started as early as possible: by the entry
// script when the page opened is the dashboard (in parallel with /api/auth/me and the route's
// code), else when the dashboard's code arrives. With thousands of quotes, that overlap is a good
// part of the time to the first rows. Tiny on purpose: the entry script imports it.

import type { QuoteListItem } from "@shared/core/api-types";
import { getStoredToken } from "@/lib/api";
import { listQuotes } from "./quotes-api";

const EARLY_MAX_AGE_MS = 5_000;
let early: { promise: Promise<QuoteListItem[]>; at: number } | null = null;

/** Starts the list request once, for a signed-in browser; `pathname` limits it to one page. */
export function startEarlyQuoteList(pathname?: string): void {
  if (early || !getStoredToken()) return;
  if (pathname !== undefined && window.location.pathname !== pathname) return;
  const promise = listQuotes();
  // Failures are reported by the hook that takes the promise; this only avoids an unhandled rejection.
  promise.catch(() => {});
  early = { promise, at: Date.now() };
}

/** The request started early, once, if it is still fresh; later loads ask again. */
export function takeEarlyQuoteList(): Promise<QuoteListItem[]> | null {
  const taken = early && Date.now() - early.at < EARLY_MAX_AGE_MS ? early.promise : null;
  early = null;
  return taken;
}
