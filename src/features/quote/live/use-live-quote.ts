// React binding of LiveQuote. The providers are created inside an effect (StrictMode runs
// useMemo/useState initialisers twice and would leave a second socket open) and read through
// useSyncExternalStore.

import type { HistoryPush } from "@shared/history/history-push";
import type { DealState } from "@shared/live/deal-state";
import { liveServerUrl } from "@shared/live/live-protocol";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Awareness } from "y-protocols/awareness";
import { deviceId } from "./device-id";
import type { LiveRole, QuoteUpdatedEvent, UpdateField, UpdateResult, UpdateValue } from "./field-adapter";
import type { LiveQuote, LiveQuoteSnapshot } from "./live-quote";

interface LiveQuoteParams {
  quoteId: string;
  role: LiveRole;
  token: string | null;
  readOnly: boolean;
  /** Issue #38: the dealer sees gross: the economics document opens too (never for a shopper). */
  economics?: boolean;
}

export interface LiveQuoteState extends LiveQuoteSnapshot {
  update<F extends UpdateField>(field: F, value: UpdateValue<F>): Promise<UpdateResult>;
  onQuoteUpdated(listener: (event: QuoteUpdatedEvent) => void): () => void;
  /** History rows pushed by the server (dealer only). */
  onHistory(listener: (push: HistoryPush) => void): () => void;
  /** The deal's lock as the server pushes it (issue #19). */
  onDealState(listener: (state: DealState) => void): () => void;
  /** The deal document's awareness while open (presence). */
  awareness: Awareness | null;
  /** Issue #36: a stale-edit notice answered "OK" (the value that stayed stays). */
  dismissConflict(key: string): void;
  /** Issue #36: a stale-edit notice answered "Use mine" (a fresh edit of the value written before). */
  keepMine(key: string): Promise<UpdateResult>;
}

const EMPTY: LiveQuoteSnapshot = {
  status: "disconnected",
  data: null,
  customerInfo: null,
  economicsRaw: null,
  economicsClosed: false,
  ended: null,
  reassignedTo: null,
  conflicts: [],
};
const noSubscription = () => () => {};

const paramsKey = (p: LiveQuoteParams) =>
  JSON.stringify([p.quoteId, p.role, p.token ?? null, p.readOnly, p.economics ?? false]);

/** A connection started before the page hydrated, waiting for the page's first useLiveQuote. */
let started: { key: string; live: Promise<LiveQuote> } | null = null;

function openLive(params: LiveQuoteParams): Promise<LiveQuote> {
  return import("./live-quote").then(
    ({ LiveQuote }) =>
      new LiveQuote({
        ...params,
        economics: params.economics ?? false,
        serverUrl: liveServerUrl(window.location.origin),
        device: deviceId(),
      }),
  );
}

/**
 * Starts the live connection while the page still hydrates (the shopper's entry, when the page
 * data already says which quote and role it is): the socket opens and presence reaches the dealer
 * in parallel with the first render instead of after it. The first useLiveQuote with the same
 * parameters takes it over; with other parameters it is closed and a new one opened.
 */
export function startLiveQuote(params: LiveQuoteParams): void {
  started = { key: paramsKey(params), live: openLive(params) };
}

function takeStarted(params: LiveQuoteParams): Promise<LiveQuote> {
  const pending = started;
  started = null;
  if (pending?.key === paramsKey(params)) return pending.live;
  void pending?.live.then((unused) => unused.destroy());
  return openLive(params);
}
const notOpen: UpdateResult = { ok: false, errors: [] };

/** Opens the quote's live documents while `params` is non-null (after the REST load decided the role). */
export function useLiveQuote(params: LiveQuoteParams | null): LiveQuoteState {
  const [live, setLive] = useState<LiveQuote | null>(null);
  const quoteId = params?.quoteId;
  const role = params?.role;
  const token = params?.token ?? null;
  const readOnly = params?.readOnly ?? false;
  const economics = params?.economics ?? false;

  useEffect(() => {
    if (quoteId === undefined || role === undefined) return;
    // Yjs and the providers are a chunk of their own, fetched with the page (modulepreload); the
    // shopper's entry starts them beside the first render (startLiveQuote), which never waits for them.
    let opened: LiveQuote | null = null;
    let cancelled = false;
    void takeStarted({ quoteId, role, token, readOnly, economics }).then((live) => {
      if (cancelled) {
        live.destroy();
        return;
      }
      opened = live;
      setLive(live);
    });
    return () => {
      cancelled = true;
      if (!opened) return;
      const closing = opened;
      closing.destroy();
      setLive((current) => (current === closing ? null : current));
    };
  }, [quoteId, role, token, readOnly, economics]);

  const snapshot = useSyncExternalStore(
    live?.subscribe ?? noSubscription,
    live?.getSnapshot ?? (() => EMPTY),
    // Server-rendered: the page shows the stored deal, not yet connected (as the browser starts).
    () => EMPTY,
  );

  // The figures are derived by the page from the deal's selected structure (issue #34).
  // Stable while the same quote is open, so a subscriber does not resubscribe on every change.
  const onHistory = useCallback(
    (listener: (push: HistoryPush) => void) => (live ? live.onHistory(listener) : () => {}),
    [live],
  );

  const onDealState = useCallback(
    (listener: (state: DealState) => void) => (live ? live.onDealState(listener) : () => {}),
    [live],
  );

  return useMemo(
    () => ({
      ...snapshot,
      update: (field, value) => (live ? live.update(field, value) : Promise.resolve(notOpen)),
      onQuoteUpdated: (listener) => (live ? live.onQuoteUpdated(listener) : () => {}),
      onHistory,
      onDealState,
      awareness: live ? live.awareness : null,
      dismissConflict: (key) => live?.dismissConflict(key),
      keepMine: (key) => (live ? live.keepMine(key) : Promise.resolve(notOpen)),
    }),
    [snapshot, live, onHistory, onDealState],
  );
}
