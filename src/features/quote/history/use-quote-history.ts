// The deal's history for the dealer's History panel (issue #9): fetched when the panel opens and
// again after every change of the deal (local or remote, as the field adapter reports it). The
// server records a change when it accepts the update, a moment after the adapter sees it, so a
// change is followed by two fetches: a quick one and a late one for a slow round trip.

import type { HistoryEvent, HistoryResponse } from "@shared/history-text";
import { useEffect, useRef, useState } from "react";
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
  /** Bump to load again after a failure. */
  attempt: number,
): HistoryState {
  const [state, setState] = useState<HistoryState>({ status: "loading" });
  const load = useRef<() => void>(() => {});
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let controller: AbortController | null = null;
    const pending = timers.current;
    load.current = () => {
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
    setState((previous) => (previous.status === "failed" ? { status: "loading" } : previous));
    load.current();
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      controller?.abort();
      load.current = () => {};
    };
  }, [quoteId, attempt]);

  // The live state hands out a new subscribe function with every snapshot: re-subscribing must
  // not cancel the refetches already scheduled, so those live in a ref.
  useEffect(
    () =>
      onQuoteUpdated(() => {
        for (const timer of timers.current) clearTimeout(timer);
        timers.current.clear();
        for (const delay of REFETCH_AFTER_MS) timers.current.add(setTimeout(() => load.current(), delay));
      }),
    [onQuoteUpdated],
  );

  return state;
}
