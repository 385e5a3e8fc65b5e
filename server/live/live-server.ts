import { HISTORY_LIMIT } from "@shared/history/history-push";
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import { dealDocName, docArray, quoteDocNames, readDoc } from "@shared/live/quote-doc";
import { WebSocketServer } from "ws";
import type { TokenService } from "../auth/tokens";
import type { Config } from "../config";
import type { HistoryStore } from "../db/repositories/history";
import type { QuoteStore } from "../db/repositories/quotes";
import { createPresenceTracker } from "../presence/presence-tracker";
import { shopperLooking } from "../presence/shopper-looking";
import type { DealLifecycle } from "../quotes/deal-lifecycle";
import type { LiveControl } from "../quotes/live-control";
import { wireDeployment } from "./deployment";
import { startHeartbeat } from "./handshake/heartbeat";
import { createJoin } from "./handshake/join";
import { type LiveLimits, MAX_MESSAGE_BYTES, readLimits } from "./handshake/limits";
import { watchDealerTokens } from "./handshake/token-watch";
import { selectProtocol } from "./handshake/upgrade";
import type { LiveStorage } from "./live-storage";
import { type LifecycleWatch, startLifecycleWatch } from "./rooms/lifecycle-watch";
import { createRooms } from "./rooms/rooms";
import { sendHistory } from "./stages/broadcast";
import { encodeDealStateMessage } from "./stages/protocol";
import type { Conn } from "./stages/room-types";

export type LiveDeps = {
  config: Config;
  /** Where the documents live: the SQLite file (one process) or PostgreSQL (several). */
  storage: LiveStorage;
  /** Quote lookups at the upgrade. */
  quotes: QuoteStore;
  /**
   * Issue #48, several processes: the stored history, sent again to the open History panels when
   * Redis is back (rows published while it was away never arrived).
   */
  history?: HistoryStore;
  /** Issue #33: the deal's state as the database has it (every live write is judged by it). */
  lifecycle: DealLifecycle;
  tokens: TokenService;
  log: (line: string) => void;
  limits?: Partial<LiveLimits>;
  /** Compact a document's update log once it holds more rows than this (default 100). */
  compactAfter?: number;
  /** Issue #39: an append stored outbox events (a shopper's payment request). */
  onHandoffStored?: () => void;
  /**
   * Issue #38: makes sure a quote has its economics document before one is opened (a quote an
   * older process stored without one gets it now; one indexed read otherwise).
   */
  ensureEconomics?: (quoteId: string) => Promise<void>;
};

/** The y-websocket server of DESIGN.md: upgrade → role → room → guarded sync, persisted before broadcast. */
export function createLiveServer(deps: LiveDeps): LiveControl {
  const { config, tokens, log, storage } = deps;
  const limits = { ...readLimits(config), ...deps.limits };
  const wss = new WebSocketServer({
    noServer: true,
    // Frames up to twice the update bound reach the guard, which refuses with 4413 (final: the
    // client starts again from the server's copy); only larger ones get ws's own 1009.
    maxPayload: Math.max(MAX_MESSAGE_BYTES, 2 * config.liveBounds.maxUpdateBytes),
    handleProtocols: selectProtocol,
    perMessageDeflate: false,
  });
  // The wiring (deployment.ts): the one place that knows whether one process or several run.
  const deployment = wireDeployment({
    storage,
    bounds: config.liveBounds,
    log,
    events: {
      rooms: () => rooms,
      quoteDeleted: (quoteId) => closeQuoteHere(quoteId),
      quoteState: (quoteId) => void watch.refresh(quoteId),
      teamState: () => void watch.refreshAll(),
      history(docName, push) {
        // Issue #48: another process stored these rows (a live edit there, a REST write there).
        const room = rooms.get(docName);
        if (room) sendHistory(room, push);
      },
      reconnected: () => void historyAgain(),
      refreshState: (quoteId) => watch.refresh(quoteId),
      refreshStateIfChanged: (quoteId) => watch.refreshIfChanged(quoteId),
      lookingHere: () => lookingHere(),
    },
  });
  const { bus } = deployment;
  const rooms = createRooms({
    log,
    bus,
    documentLog: deployment.documentLog,
    bounds: config.liveBounds,
    compactAfter: deps.compactAfter ?? 100,
    onHandoffStored: deps.onHandoffStored,
  });
  const watch: LifecycleWatch = startLifecycleWatch({
    rooms,
    lifecycle: deps.lifecycle,
    log,
    closeQuote: (quoteId) => closeQuoteHere(quoteId),
  });

  /** Quotes with a shopper socket in this process whose page is seen now. */
  const lookingHere = () =>
    presence.viewing().filter((visit) => shopperLooking(rooms.get(dealDocName(visit.quoteId))?.awareness));

  /** A loaded room's content; updates waiting for the group commit are committed first. */
  function readLoaded(docName: string): Record<string, unknown> | undefined {
    const room = rooms.get(docName);
    if (!room) return undefined;
    rooms.commitPending();
    if (rooms.get(docName) !== room) return undefined;
    return readDoc(docArray(room.doc, room.kind));
  }

  /**
   * Issue #48: Redis is back. History rows other processes published while it was away never
   * arrived, so every open History panel here gets the stored history again (rows replace by id).
   */
  async function historyAgain() {
    const history = deps.history;
    if (!history) return;
    for (const room of [...rooms.rooms.values()]) {
      if (room.kind !== "deal" || ![...room.conns].some((c) => c.role === "DEALER" && c.wantsHistory))
        continue;
      try {
        const events = await history.read(room.quoteId, HISTORY_LIMIT);
        if (rooms.get(room.name) === room) sendHistory(room, { events, removed: [] });
      } catch (error) {
        log(`live: reading the history of ${room.quoteId} again failed: ${String(error)}`);
      }
    }
  }

  /** Closes every room of a deleted quote in this process. */
  function closeQuoteHere(quoteId: string) {
    for (const name of quoteDocNames(quoteId)) {
      const room = rooms.get(name);
      if (room) rooms.discard(room, LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
    }
  }
  const presence = createPresenceTracker();
  const conns = new Set<Conn>();
  let closed = false;
  const heartbeat = startHeartbeat(conns, limits.heartbeatMs);
  // Every socket: those without a dealer token (shoppers) are skipped by the watch itself.
  const stopWatch = watchDealerTokens(tokens, () => conns, log);
  const upgrade = createJoin({
    config,
    limits,
    quotes: deps.quotes,
    tokens,
    log,
    wss,
    rooms,
    presence,
    conns,
    joined: (conn) => heartbeat.add(conn),
    refreshState: (quoteId) => watch.refresh(quoteId),
    tellJoinedShopper: (conn) => watch.tellJoinedShopper(conn),
    // Issue #47: the devices' first writes, from the file or PostgreSQL (every process alike).
    firstWrites: deployment.firstWrites,
    seesGross: (quote, userId) =>
      deps.lifecycle.dealersSeeGross(quote, [userId]).then(([sees]) => sees === true),
    ensureEconomics: deps.ensureEconomics,
    // Started with the first live connection, so apps that never open one (API tests) pay nothing.
    firstJoin: deployment.firstJoin,
    closed: () => closed,
  });

  return {
    handleUpgrade(request, socket, head) {
      socket.on("error", () => socket.destroy());
      upgrade(request, socket, head).catch((error: unknown) => {
        log(`live: upgrade failed: ${String(error)}`);
        socket.destroy();
      });
    },
    closeQuote(quoteId) {
      closeQuoteHere(quoteId);
      // The other processes close theirs too (or find the document gone at their next poll or append).
      bus.control({ type: "control", control: "quote-deleted", quoteId });
    },
    setDealState(quoteId, state) {
      for (const name of quoteDocNames(quoteId)) {
        const room = rooms.get(name);
        if (room) room.dealState = { ...state, expired: room.dealState.expired };
      }
      // Both sides' pages turn read-only (or editable) at once.
      const room = rooms.get(dealDocName(quoteId));
      if (!room) return;
      const message = encodeDealStateMessage(state);
      for (const conn of room.conns) if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(message);
    },
    async stateChanged(quoteId) {
      // Every other process reads it at once (their poll covers a lost message), this one now.
      bus.control({ type: "control", control: "quote-state", quoteId });
      await watch.refresh(quoteId);
    },
    async teamChanged() {
      bus.control({ type: "control", control: "team-state" });
      await watch.refreshAll();
    },
    setExpiry(quoteId, expiresAt) {
      for (const name of quoteDocNames(quoteId)) {
        const room = rooms.get(name);
        if (room) room.expiresAt = expiresAt;
      }
    },
    pushHistory(quoteId, push) {
      const room = rooms.get(dealDocName(quoteId));
      if (room) sendHistory(room, push);
      // Issue #48: the dealer's socket may be on another process (the REST call came here).
      bus.history(dealDocName(quoteId), push);
    },
    async readCurrent(docName) {
      const room = rooms.get(docName);
      if (!room) return undefined;
      // Nothing waits uncommitted; with several processes, another's commit is not missed.
      await rooms.current(room);
      if (rooms.get(docName) !== room) return undefined;
      return readLoaded(docName);
    },
    async readCurrentAt(docName) {
      const content = await this.readCurrent(docName);
      const room = rooms.get(docName);
      return content && room ? { content, seq: room.lastSeq } : undefined;
    },
    readLoaded,
    loadedRooms: () => rooms.rooms.size,
    openConnections: () => conns.size,
    presence: {
      viewing: () => deployment.viewing(),
      dealersWorking() {
        const working: { quoteId: string; userId: string }[] = [];
        for (const conn of conns)
          if (conn.room.kind === "deal" && conn.identity.dealer)
            working.push({ quoteId: conn.quoteId, userId: conn.identity.dealer.userId });
        return working;
      },
    },
    async close() {
      closed = true;
      heartbeat.stop();
      stopWatch();
      watch.stop();
      deployment.close();
      await rooms.closeAll(LIVE_CLOSE_CODES.goingAway, LIVE_CLOSE_REASONS.goingAway);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
