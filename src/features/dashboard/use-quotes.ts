// Loads the dealer's quote list (GET /api/quotes) and keeps it in memory, so
// search, sort and paging never go back to the server.

import type { QuoteListItem } from "@shared/api-types";
import { useCallback, useEffect, useState } from "react";
import { ApiError, getStoredToken } from "@/lib/api";
import { type DashboardQuote, toDashboardQuotes } from "./quote-list-view";
import { listQuotes } from "./quotes-api";

// The list request starts when the dashboard's code arrives, not after its first render: with
// thousands of quotes, that overlap is a good part of the time to the first rows.
const EARLY_MAX_AGE_MS = 5_000;
let early: { promise: Promise<QuoteListItem[]>; at: number } | null = null;
if (getStoredToken()) {
  const promise = listQuotes();
  // Failures are reported by the hook that takes the promise; this only avoids an unhandled rejection.
  promise.catch(() => {});
  early = { promise, at: Date.now() };
}

/** The request started at load time, once, if it is still fresh; later loads ask again. */
function takeEarlyList(): Promise<QuoteListItem[]> | null {
  const taken = early && Date.now() - early.at < EARLY_MAX_AGE_MS ? early.promise : null;
  early = null;
  return taken;
}

export type QuotesState =
  | { status: "loading" }
  | { status: "failed"; reason: string }
  | { status: "ready"; quotes: DashboardQuote[] };

export function useQuotes() {
  const [state, setState] = useState<QuotesState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // `attempt` is the reload trigger (Try Again).
    void attempt;
    const controller = new AbortController();
    setState({ status: "loading" });
    (takeEarlyList() ?? listQuotes(controller.signal))
      .then((items) => {
        if (!controller.signal.aborted) setState({ status: "ready", quotes: toDashboardQuotes(items) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const reason =
          error instanceof ApiError || error instanceof Error ? error.message : String(error ?? "");
        setState({ status: "failed", reason });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Drops a deleted quote from the list without a reload. */
  const remove = useCallback((id: string) => {
    setState((current) =>
      current.status === "ready"
        ? { status: "ready", quotes: current.quotes.filter((quote) => quote.id !== id) }
        : current,
    );
  }, []);

  return { state, reload, remove };
}
