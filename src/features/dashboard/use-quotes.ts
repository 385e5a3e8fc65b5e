// Loads the dealer's quote list (GET /api/quotes) and keeps it in memory, so
// search, sort and paging never go back to the server.

import { useCallback, useEffect, useState } from "react";
import { ApiError } from "@/lib/api";
import { startEarlyQuoteList, takeEarlyQuoteList } from "./early-list";
import { type DashboardQuote, toDashboardQuotes } from "./quote-list-view";
import { listQuotes } from "./quotes-api";

// The list request starts when the dashboard's code arrives (or earlier, from the entry script:
// early-list.ts), not after its first render.
startEarlyQuoteList();

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
    (takeEarlyQuoteList() ?? listQuotes(controller.signal))
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

  /** Shows a quote's new salesperson (reassigned) or expiry (renewed) without a reload. */
  const patch = useCallback((id: string, changes: Partial<DashboardQuote>) => {
    setState((current) =>
      current.status === "ready"
        ? {
            status: "ready",
            quotes: current.quotes.map((quote) => (quote.id === id ? { ...quote, ...changes } : quote)),
          }
        : current,
    );
  }, []);

  return { state, reload, remove, patch };
}
