// The deal's history for the dealer's History panel (issue #9): fetched when the panel opens and
// again after every change of the deal (local or remote, as the field adapter reports it). The
// server records a change when it accepts the update, a moment after the adapter sees it, so a
// change is followed by two fetches: a quick one and a late one for a slow round trip.

import type { HistoryEvent, HistoryResponse } from "@shared/history-text";
import { useEffect, useState } from "react";
import { apiRequest } from "@/lib/api";
import type { QuoteUpdatedEvent } from "../live/field-adapter";

export type HistoryState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; events: HistoryEvent[] };

const REFETCH_AFTER_MS = [400, 2000];

export function useQuoteHistory(
  quoteId: string,
  onQuoteUpdated: (listener: (event: QuoteUpdatedEvent) => void) => () => void,
): HistoryState {
  const [state, setState] = useState<HistoryState>({ status: "loading" });

  useEffect(() => {
    let controller: AbortController | null = null;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const load = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      apiRequest<HistoryResponse>(`/quotes/${encodeURIComponent(quoteId)}/history`, {
        auth: true,
        signal: current.signal,
      }).then(
        (body) => setState({ status: "ready", events: body.events }),
        (error: unknown) => {
          if (current.signal.aborted) return;
          console.error("The history could not be loaded", error);
          // Keep what is shown when a refresh fails; say so only when there is nothing to show.
          setState((previous) => (previous.status === "ready" ? previous : { status: "failed" }));
        },
      );
    };
    load();
    const stop = onQuoteUpdated(() => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const delay of REFETCH_AFTER_MS) timers.add(setTimeout(load, delay));
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
      controller?.abort();
    };
  }, [quoteId, onQuoteUpdated]);

  return state;
}
