// One open quote: the deal document (and, for the dealer, the private one, and the economics one
// when they see gross: issue #38) kept in sync with the server by the stock y-websocket provider
// and kept on this device by y-indexeddb, so edits made offline merge on reconnect. A plain object
// with subscribe/getSnapshot for useSyncExternalStore.
//
// The client never seeds content: the server wrote the documents when the quote was created
// (DESIGN.md), and writing defaults here is how line items get duplicated after reconnects.

import {
  encodeHistoryWanted,
  type HistoryPush,
  MESSAGE_HISTORY,
  parseHistoryPush,
} from "@shared/history/history-push";
import { type DealState, MESSAGE_DEAL_STATE, parseDealState } from "@shared/live/deal-state";
import { LIVE_CLOSE_CODES, liveProtocols, withHeldState } from "@shared/live/live-protocol";
import {
  assemble,
  dealArray,
  dealDocName,
  docArray,
  economicsDocName,
  fieldOfKey,
  privateArray,
  privateDocName,
  readEntries,
} from "@shared/live/quote-doc";
import { MESSAGE_STALE_EDITS, type OfflineConflict, parseStaleEdits } from "@shared/live/stale-edits-wire";
import type { CustomerInfo, QuoteData } from "@shared/schemas/quote-schema";
import * as decoding from "lib0/decoding";
import { IndexeddbPersistence } from "y-indexeddb";
import type { Awareness } from "y-protocols/awareness";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { announcePresence } from "../presence/presence-state";
import {
  docKindOf,
  FieldAdapter,
  type LiveRole,
  type QuoteUpdatedEvent,
  type UpdateField,
  type UpdateResult,
  type UpdateValue,
} from "./field-adapter";
import { readCustomerInfo, readQuoteData } from "./quote-reader";
import { keepSyncTime } from "./sync-time";

type ConnectionStatus = "connected" | "disconnected";
/** Why the live channel ended for good ("reassigned": the deal went to `reassignedTo`, issue #33). */
type LiveEnd = "quoteDeleted" | "sessionEnded" | "reassigned" | "replaced" | null;

export interface LiveQuoteSnapshot {
  status: ConnectionStatus;
  /** The deal, or null until a document holding it arrived (from the server or this device). */
  data: QuoteData | null;
  /** Dealer only. */
  customerInfo: CustomerInfo | null;
  /**
   * Issue #38, a dealer who sees gross only: the economics document as stored (the Desk panel
   * reads it); null when this page does not hold it.
   */
  economicsRaw: Record<string, unknown> | null;
  /** Issue #38: the server closed the economics document (the gross right was lost meanwhile). */
  economicsClosed: boolean;
  /** Why the server ended the connection for good, if it did. */
  ended: LiveEnd;
  /** Set with ended "reassigned": the full name of the salesperson the deal went to. */
  reassignedTo: string | null;
  /**
   * Issue #36: this browser's edits the server did not apply because someone else had changed the
   * value since this browser last synced (until each is answered: Use mine or OK).
   */
  conflicts: readonly OfflineConflict[];
  /**
   * The server's last refusal of a change from this page (its close code and reason; the page
   * starts again from the server's copy). Issue #47: a payment request over its cap names the wait.
   */
  refused?: { code: number; reason: string };
}

export interface LiveQuoteOptions {
  quoteId: string;
  role: LiveRole;
  /** The dealer's token (also on the shopper page in a dealer preview); a shopper has none. */
  token?: string | null;
  /** ws(s)://host/yjs */
  serverUrl: string;
  readOnly?: boolean;
  /** Keep a local copy in IndexedDB (default true). */
  persist?: boolean;
  /** Node tests pass the `ws` package. */
  WebSocketPolyfill?: typeof WebSocket;
  /** This browser's device id (device-id.ts): the server lets it write under its own earlier Yjs client ids. */
  device?: string | null;
  /**
   * Issue #38: open the economics document (a dealer who sees gross; the server admits nobody
   * else). Never on the shopper's page.
   */
  economics?: boolean;
}

interface Replica {
  name: string;
  doc: Y.Doc;
  provider: WebsocketProvider;
  persistence: IndexeddbPersistence | null;
}

/** y-indexeddb names: the role is part of it, so a dealer previewing the shopper link keeps separate copies. */
export const localCopyName = (role: LiveRole, docName: string): string => `dealdesk:${role}:${docName}`;

/** How long a page waits after 4429 (too many updates) before it starts again from the server's copy. */
const RATE_LIMITED_PAUSE_MS = 5_000;

export class LiveQuote {
  private deal: Replica;
  private private: Replica | null;
  private economics: Replica | null;
  private economicsClosed = false;
  private adapter: FieldAdapter;
  private snapshot: LiveQuoteSnapshot;
  private readonly storeListeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: QuoteUpdatedEvent) => void>();
  private readonly historyListeners = new Set<(push: HistoryPush) => void>();
  private readonly dealStateListeners = new Set<(state: DealState) => void>();
  private stopAdapterEvents: () => void = () => {};
  // The last parse of each document, reused while the adapter hands out the same object.
  private parsedDeal: { raw: Record<string, unknown>; data: QuoteData | null } | null = null;
  private parsedPrivate: { raw: Record<string, unknown>; data: CustomerInfo | null } | null = null;
  private destroyed = false;
  private ended: LiveEnd = null;
  /** Issue #33: the server said the deal went to this salesperson just before it closes this page's socket. */
  private reassignedTo: string | null = null;
  private conflicts: readonly OfflineConflict[] = [];
  // Declared only: a field initialiser would cost the opening JavaScript bytes it does not have.
  declare private refused?: { code: number; reason: string };

  constructor(private readonly options: LiveQuoteOptions) {
    this.deal = this.open(dealDocName(options.quoteId));
    // Presence from the socket's first message (the provider sends this state when it opens): the
    // other side sees this page arrive without waiting for it to render; use-presence.ts renews it.
    if (typeof document !== "undefined") announcePresence(this.deal.provider.awareness, null);
    this.private = options.role === "dealer" ? this.open(privateDocName(options.quoteId)) : null;
    const economicsName = economicsDocName(options.quoteId);
    this.economics = options.role === "dealer" && options.economics ? this.open(economicsName) : null;
    // Issue #38: a dealer page without the gross right leaves no economics on the device (a copy
    // kept from when this member still saw gross goes; deleting one that does not exist is a no-op).
    if (options.role === "dealer" && !this.economics && options.persist !== false)
      globalThis.indexedDB?.deleteDatabase(localCopyName("dealer", economicsName));
    this.adapter = this.bindAdapter();
    this.snapshot = this.read();
    if (typeof window !== "undefined") {
      window.addEventListener("offline", this.goOffline);
      window.addEventListener("online", this.goOnline);
    }
  }

  // A dropped network can leave a socket looking open for the provider's 30 s watchdog. The
  // browser knows sooner: say Disconnected at once (edits keep landing in the local copy) and
  // reconnect, exchanging everything missed, as soon as it is back.
  private readonly goOffline = () => {
    for (const replica of this.replicas()) replica.provider.disconnect();
    this.changed();
  };

  private readonly goOnline = () => {
    if (this.ended) return;
    for (const replica of this.replicas()) replica.provider.connect();
  };

  private replicas(): Replica[] {
    return [this.deal, this.private, this.economics].filter(
      (replica): replica is Replica => replica !== null,
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.storeListeners.add(listener);
    return () => this.storeListeners.delete(listener);
  };

  getSnapshot = (): LiveQuoteSnapshot => this.snapshot;

  /** The deal document's awareness (presence, issue #9); a new one after a resync. */
  get awareness(): Awareness {
    return this.deal.provider.awareness;
  }

  async update<F extends UpdateField>(field: F, value: UpdateValue<F>): Promise<UpdateResult> {
    // Issue #36: an edit replaces the values this copy holds. Written into a copy that holds none
    // yet (the page shows the server-rendered deal while the live document is on its way), it would
    // replace nothing, and the server would judge it stale; so it waits for the document.
    await this.documentArrived(this.replicaOf(field));
    if (this.destroyed) return { ok: false, errors: [] };
    return this.adapter.update(field, value);
  }

  /** Resolves once `replica` holds its document: from this device's copy or the server's first sync. */
  private documentArrived(replica: Replica | null): Promise<void> {
    if (!replica) return Promise.resolve();
    const holds = () =>
      this.destroyed ||
      // Replaced meanwhile (a resync): the edit goes on, to the new copy.
      !this.replicas().includes(replica) ||
      replica.provider.synced ||
      (replica === this.deal ? dealArray(replica.doc).length > 0 : false);
    if (holds()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!holds()) return;
        replica.doc.off("update", check);
        replica.provider.off("sync", check);
        resolve();
      };
      replica.doc.on("update", check);
      replica.provider.on("sync", check);
    });
  }

  /** The replica of the document `field` lives in (null: this page does not hold it). */
  private replicaOf(field: UpdateField): Replica | null {
    const kind = docKindOf(field);
    return kind === "deal" ? this.deal : kind === "private" ? this.private : this.economics;
  }

  /** One conflict notice answered "OK": the value that stayed stays. */
  dismissConflict = (key: string): void => {
    this.conflicts = this.conflicts.filter((c) => c.key !== key);
    this.changed();
  };

  /**
   * One conflict notice answered "Use mine": the value this browser wrote, written again now that
   * it has seen the other one (a fresh edit, judged as any other).
   */
  keepMine = (key: string): Promise<UpdateResult> => {
    const conflict = this.conflicts.find((c) => c.key === key);
    this.dismissConflict(key);
    const field = fieldOfKey(key) as UpdateField;
    const replica = this.replicaOf(field);
    if (!conflict || !replica) return Promise.resolve({ ok: false, errors: [] });
    const array = docArray(replica.doc, docKindOf(field));
    const own = new Map([...readEntries(array)].filter(([k]) => fieldOfKey(k) === field));
    if (conflict.mine === undefined) own.delete(key);
    else own.set(key, conflict.mine);
    return this.update(field, assemble(own)[field] as never);
  };

  /** Why the viewer may not write `field` (undefined when it may). */
  refusal(field: UpdateField): string | undefined {
    return this.adapter.refusal(field);
  }

  /** `quote_updated {field, value}` for every change of a top-level field, local or remote. */
  onQuoteUpdated(listener: (event: QuoteUpdatedEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * History rows the server pushes to the dealer after each recorded change (shared/history/history-push.ts).
   * The server pushes only while someone listens here (the History panel on screen). Pushes missed
   * while nobody listened or while disconnected are not replayed: read the history again then.
   */
  onHistory(listener: (push: HistoryPush) => void): () => void {
    this.historyListeners.add(listener);
    if (this.historyListeners.size === 1) this.askForHistory();
    return () => {
      this.historyListeners.delete(listener);
      if (this.historyListeners.size === 0) this.askForHistory();
    };
  }

  /** Tells the server whether this page wants history pushes; sent again on every (re)connect. */
  private askForHistory(): void {
    if (this.options.role !== "dealer" || this.destroyed) return;
    const socket = this.deal.provider.ws;
    // 1: OPEN (the global WebSocket is not there in every runtime this runs in).
    if (socket && socket.readyState === 1) socket.send(encodeHistoryWanted(this.historyListeners.size > 0));
  }

  /** The deal's lock as the server pushes it when it changes (issue #19; both sides). */
  onDealState(listener: (state: DealState) => void): () => void {
    this.dealStateListeners.add(listener);
    return () => this.dealStateListeners.delete(listener);
  }

  /** Resolves once the local copy (if any) has been read, so offline reloads show the deal. */
  whenLocalCopyRead(): Promise<void> {
    return Promise.all(this.replicas().map((r) => r.persistence?.whenSynced)).then(() => undefined);
  }

  destroy(): void {
    this.destroyed = true;
    if (typeof window !== "undefined") {
      window.removeEventListener("offline", this.goOffline);
      window.removeEventListener("online", this.goOnline);
    }
    this.stopAdapterEvents();
    this.adapter.destroy();
    for (const replica of this.replicas()) this.close(replica);
    this.storeListeners.clear();
    this.eventListeners.clear();
    this.historyListeners.clear();
  }

  private open(name: string): Replica {
    const doc = new Y.Doc();
    const persistence =
      this.options.persist === false
        ? null
        : new IndexeddbPersistence(localCopyName(this.options.role, name), doc);
    const provider = new WebsocketProvider(this.options.serverUrl, name, doc, {
      // A dealer previewing the shopper page connects as themselves: never "customer looking".
      protocols: liveProtocols(this.options.token ?? null, this.options.device),
      // Tabs of one browser must not pass updates around the server: a shopper tab would then
      // hold dealer changes it could later send as its own, and the server refuses those.
      disableBc: true,
      ...(this.options.WebSocketPolyfill ? { WebSocketPolyfill: this.options.WebSocketPolyfill } : {}),
    });
    if (this.options.role === "dealer" && name === dealDocName(this.options.quoteId)) {
      provider.messageHandlers[MESSAGE_HISTORY] = (_encoder, decoder) => {
        const push = parseHistoryPush(decoding.readVarString(decoder));
        if (push) for (const listener of this.historyListeners) listener(push);
      };
      // A new socket starts without pushes: ask again when the panel is listening.
      provider.on("status", ({ status }: { status: string }) => {
        if (status === "connected" && this.historyListeners.size > 0) this.askForHistory();
      });
    }
    if (name === dealDocName(this.options.quoteId)) {
      keepSyncTime(provider, this.options.role, this.options.quoteId);
      provider.messageHandlers[MESSAGE_DEAL_STATE] = (_encoder, decoder) => {
        const state = parseDealState(decoding.readVarString(decoder));
        if (state?.reassignedTo) this.reassignedTo = state.reassignedTo;
        if (state) for (const listener of this.dealStateListeners) listener(state);
      };
    }
    // Issue #36: the server did not apply some of this browser's edits (stale: someone else had
    // changed those values since it last synced). One notice per key, the newest kept.
    provider.messageHandlers[MESSAGE_STALE_EDITS] = (_encoder, decoder) => {
      const lost = parseStaleEdits(decoding.readVarString(decoder));
      if (!lost || lost.length === 0 || this.destroyed) return;
      this.conflicts = [...this.conflicts.filter((c) => !lost.some((l) => l.key === c.key)), ...lost];
      this.changed();
    };
    // Decision 034: once this copy has synced, its later sockets say so, and the server sends them
    // only what the copy lacks instead of the whole document unasked.
    provider.on("sync", (synced: boolean) => {
      if (synced) provider.protocols = withHeldState(provider.protocols);
    });
    const replica: Replica = { name, doc, provider, persistence };
    provider.on("status", () => this.changed());
    provider.on("closed", (event) => this.onClosed(replica, event));
    return replica;
  }

  private close(replica: Replica): void {
    replica.provider.destroy();
    void replica.persistence?.destroy();
    replica.doc.destroy();
  }

  private onClosed(replica: Replica, closed: { code: number; reason: string }): void {
    const { code } = closed;
    if (this.destroyed) return;
    // Issue #38: the economics document alone closed for a lost right: the member no longer sees
    // gross (the owner turned "Salespeople see gross" off). The deal stays open; the economics
    // leave this device. A session that ended closes the deal's socket too (handled below).
    if (replica === this.economics && code === LIVE_CLOSE_CODES.tokenRevoked) {
      this.dropEconomics(replica);
      return;
    }
    // A refused change, or a message the server could not read: either way this replica holds
    // something the server will never take, so start again from the server's document.
    if (
      code === LIVE_CLOSE_CODES.changeRefused ||
      code === LIVE_CLOSE_CODES.malformed ||
      code === LIVE_CLOSE_CODES.updateTooLarge ||
      code === LIVE_CLOSE_CODES.documentTooLarge ||
      code === LIVE_CLOSE_CODES.dealLocked
    ) {
      this.refused = closed;
      void this.resync(replica);
      return;
    }
    // Over a rate bound: the same, after a pause, so a runaway client does not knock again at once.
    if (code === LIVE_CLOSE_CODES.tooManyUpdates) {
      setTimeout(() => void this.resync(replica), RATE_LIMITED_PAUSE_MS);
      return;
    }
    if (code === LIVE_CLOSE_CODES.quoteDeleted) {
      this.ended = "quoteDeleted";
      // Nothing left to merge into: do not keep the deal (or the customer) on this device.
      for (const other of this.replicas()) {
        other.provider.disconnect();
        void other.persistence?.clearData();
      }
    } else if (code === LIVE_CLOSE_CODES.replaced) {
      // Issue #36: the customer's own device took this page's place on the quote.
      this.ended = "replaced";
      for (const other of this.replicas()) other.provider.disconnect();
    } else if (code === LIVE_CLOSE_CODES.tokenRevoked) {
      // The token is still good when the deal went to a colleague: only this quote is closed to us.
      this.ended = this.reassignedTo ? "reassigned" : "sessionEnded";
      for (const other of this.replicas()) other.provider.disconnect();
    }
    this.changed();
  }

  private dropEconomics(replica: Replica): void {
    replica.provider.destroy();
    void replica.persistence?.clearData();
    replica.doc.destroy();
    this.economics = null;
    this.economicsClosed = true;
    this.stopAdapterEvents();
    this.adapter.destroy();
    this.adapter = this.bindAdapter();
    this.changed();
  }

  /**
   * The server refused one of our updates whole: our replica now holds changes it will never
   * accept, and every later update would depend on them. Drop the local copy (memory and
   * IndexedDB) and start again from the server's document.
   */
  private async resync(replica: Replica): Promise<void> {
    const which = replica === this.deal ? "deal" : replica === this.private ? "private" : "economics";
    replica.provider.destroy();
    await replica.persistence?.clearData();
    replica.doc.destroy();
    if (this.destroyed || (which === "economics" && this.economics !== replica)) return;
    const fresh = this.open(replica.name);
    if (which === "deal") this.deal = fresh;
    else if (which === "private") this.private = fresh;
    else this.economics = fresh;
    this.stopAdapterEvents();
    this.adapter.destroy();
    this.adapter = this.bindAdapter();
    this.changed();
  }

  private bindAdapter(): FieldAdapter {
    const adapter = new FieldAdapter({
      deal: dealArray(this.deal.doc),
      private: this.private ? privateArray(this.private.doc) : null,
      economics: this.economics ? docArray(this.economics.doc, "economics") : null,
      role: this.options.role,
      readOnly: this.options.readOnly ?? false,
    });
    const stopEvents = adapter.onQuoteUpdated((event) => {
      for (const listener of this.eventListeners) listener(event);
    });
    // One new snapshot per change, however many fields it touched.
    const stopChanges = adapter.onChanged(() => this.changed());
    this.stopAdapterEvents = () => {
      stopEvents();
      stopChanges();
    };
    return adapter;
  }

  private read(): LiveQuoteSnapshot {
    const deal = this.adapter.readDeal();
    if (this.parsedDeal?.raw !== deal) this.parsedDeal = { raw: deal, data: readQuoteData(deal) };
    let customerInfo: CustomerInfo | null = null;
    if (this.private) {
      const raw = this.adapter.readPrivate();
      if (this.parsedPrivate?.raw !== raw) this.parsedPrivate = { raw, data: readCustomerInfo(raw) };
      customerInfo = this.parsedPrivate.data;
    }
    return {
      status: this.deal.provider.wsconnected ? "connected" : "disconnected",
      data: this.parsedDeal.data,
      customerInfo,
      economicsRaw: this.economics ? this.adapter.readEconomics() : null,
      economicsClosed: this.economicsClosed,
      ended: this.ended,
      reassignedTo: this.reassignedTo,
      conflicts: this.conflicts,
      refused: this.refused,
    };
  }

  private changed(): void {
    if (this.destroyed) return;
    this.snapshot = this.read();
    for (const listener of this.storeListeners) listener();
  }
}
