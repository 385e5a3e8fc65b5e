// The deal's history for the dealer's History panel (issue #9): read when the panel comes on
// screen, then kept current by the rows the live server pushes after each recorded change (issue
// #12, shared/history/history-push.ts); no polling. The server pushes only while the panel listens (on
// screen), and pushes are not replayed after a lost connection, so the history is read again each
// time the panel comes back on screen and each time the live connection comes back.

import { applyHistoryPush, type HistoryPush } from "@shared/history/history-push";
import type { HistoryEvent } from "@shared/history/history-text";
import { useEffect, useRef, useState } from "react";
import { readHistory } from "../dealer/dealer-api";

type HistoryState =
  /** Not read yet: the panel has not been on screen. */
  | { status: "idle" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; events: HistoryEvent[] };

export function useQuoteHistory(
  quoteId: string,
  onHistory: (listener: (push: HistoryPush) => void) => () => void,
  /** Whether the live connection is open. */
  connected: boolean,
  /** Bump to load again after a failure. */
  attempt: number,
  /** Whether the panel is on screen: pushes are asked for, and the history read, only then. */
  onScreen: boolean,
): HistoryState {
  const [state, setState] = useState<HistoryState>({ status: "idle" });
  // Pushes that arrive while a read is under way, applied again on top of its answer.
  const duringRead = useRef<HistoryPush[] | null>(null);
  const [reconnects, setReconnects] = useState(0);
  const wasConnected = useRef(connected);

  useEffect(() => {
    if (connected && !wasConnected.current) setReconnects((n) => n + 1);
    wasConnected.current = connected;
  }, [connected]);

  // Listening asks the server for pushes: declared before the read below, so that the ask goes
  // out before the read does, and pushes that arrive while the read is under way are kept.
  useEffect(() => {
    if (!onScreen) return;
    return onHistory((push) => {
      duringRead.current?.push(push);
      setState((previous) =>
        previous.status === "ready"
          ? { status: "ready", events: applyHistoryPush(previous.events, push) }
          : previous,
      );
    });
  }, [onHistory, onScreen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` and `reconnects` are read triggers.
  useEffect(() => {
    if (!onScreen) return;
    const controller = new AbortController();
    const pushes: HistoryPush[] = [];
    duringRead.current = pushes;
    setState((previous) =>
      previous.status === "failed" || previous.status === "idle" ? { status: "loading" } : previous,
    );
    readHistory(quoteId, controller.signal).then(
      (body) => {
        if (duringRead.current === pushes) duringRead.current = null;
        setState({ status: "ready", events: pushes.reduce(applyHistoryPush, body.events) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (duringRead.current === pushes) duringRead.current = null;
        console.error("The history could not be loaded", error);
        // Keep what is shown when a refresh fails; say so only when there is nothing to show.
        setState((previous) => (previous.status === "ready" ? previous : { status: "failed" }));
      },
    );
    return () => controller.abort();
  }, [quoteId, attempt, reconnects, onScreen]);

  return state;
}
