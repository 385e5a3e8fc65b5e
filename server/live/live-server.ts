import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { deviceFromProtocols, LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live-protocol";
import { dealDocName, docArray, quoteDocNames, readDoc } from "@shared/quote-doc";
import { WebSocketServer } from "ws";
import type { TokenService } from "../auth/tokens";
import type { Config } from "../config";
import { createHistoryRecorder } from "../db/history/recorder";
import { createDocStore } from "../db/sqlite/document-store";
import { DocumentMissingError } from "../db/stored-doc";
import type { QuoteStore } from "../db/stores";
import { createPresenceTracker } from "../presence/presence-tracker";
import { shopperLooking } from "../presence/shopper-looking";
import type { DealLifecycle } from "../quotes/deal-lifecycle";
import type { LiveControl } from "../quotes/live-control";
import { fullBucket, newWindow } from "./bounds";
import { startCheckpointer } from "./checkpointer";
import { isNamed, principalOf } from "./client-ids";
import { startConversation } from "./connection";
import { createDocFollower } from "./fanout/doc-follower";
import { type LifecycleWatch, startLifecycleWatch } from "./lifecycle-watch";
import { createCounter, type LiveLimits, MAX_MESSAGE_BYTES, readLimits, upgradeIp } from "./limits";
import type { LiveStorage } from "./live-storage";
import { encodeDealStateMessage } from "./protocol";
import {
  type AcceptedUpdate,
  type Conn,
  createRooms,
  type Room,
  type SharedRooms,
  send,
  sendHistory,
} from "./rooms";
import { watchDealerTokens } from "./token-watch";
import {
  admit,
  offeredProtocols,
  originAllowed,
  parseLivePath,
  refuseUpgrade,
  selectProtocol,
} from "./upgrade";

export { MAX_MESSAGE_BYTES } from "./limits";
export { refuseUpgrade } from "./upgrade";

/** How often each process reports its shoppers' visits with DATABASE_URL. */
const VISIT_REPORT_MS = 2000;

export type LiveDeps = {
  config: Config;
  /** Where the documents live: the SQLite file (one process) or PostgreSQL (several). */
  storage: LiveStorage;
  /** Quote lookups at the upgrade. */
  quotes: QuoteStore;
  /** Issue #33: the deal's state as the database has it (every live write is judged by it). */
  lifecycle: DealLifecycle;
  tokens: TokenService;
  log: (line: string) => void;
  limits?: Partial<LiveLimits>;
  /** Compact a document's update log once it holds more rows than this (default 100). */
  compactAfter?: number;
  /** Called after each accepted update that changed fields (history and presence work hooks in here). */
  onAcceptedUpdate?: (event: AcceptedUpdate) => void;
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
  const sqlite = storage.kind === "sqlite" ? storage.db : null;
  const store = sqlite ? createDocStore(sqlite) : null;
  // Several processes: the follower keeps every loaded document at the head of its PostgreSQL log
  // (other processes' commits over Redis, gaps and Redis outages filled from PostgreSQL).
  let shared: SharedRooms | undefined;
  if (storage.kind === "shared") {
    const follower = createDocFollower({
      log: storage.store.log,
      bus: storage.bus,
      onUpdates: (name, updates) => rooms.remote.onUpdates(name, updates),
      onReload: (name, loaded) => rooms.remote.onReload(name, loaded),
      onGone: (name) => rooms.remote.onGone(name),
      report: (error) => log(`live: following other processes failed: ${String(error)}`),
    });
    const { bus } = storage;
    storage.events.onMessage = (message) => {
      if (message.type === "control" && message.control === "quote-deleted") closeQuoteHere(message.quoteId);
      else if (message.type === "control" && message.control === "quote-state")
        void watch.refresh(message.quoteId);
      else if (message.type === "control" && message.control === "team-state") void watch.refreshAll();
      else if (message.type === "awareness")
        rooms.remote.onAwareness(message.docName, message.update, message.owner);
      else follower.receive(message);
    };
    storage.events.onConnectionChange = (connected) => follower.connectionChanged(connected);
    shared = {
      store: storage.store,
      follower,
      publishAwareness: (docName, update, owner) =>
        bus?.publish({ type: "awareness", docName, owner, update }),
    };
  }
  const rooms = createRooms({
    store,
    shared,
    log,
    compactAfter: deps.compactAfter ?? 100,
    onAcceptedUpdate: deps.onAcceptedUpdate,
    onHandoffStored: deps.onHandoffStored,
    recordChange: sqlite ? createHistoryRecorder(sqlite) : undefined,
    bounds: config.liveBounds,
    refreshState: (quoteId) => watch.refresh(quoteId),
    refreshStateIfChanged: (quoteId) => watch.refreshIfChanged(quoteId),
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

  // Several processes: each reports its own shoppers every 2 s, seen for 5 s, so the dashboard,
  // served by any process, shows every visit (SCALE.md §5, dashboard live status).
  let visitTimer: NodeJS.Timeout | undefined;
  if (shared) {
    const { store: liveStore } = shared;
    let reporting = false;
    visitTimer = setInterval(() => {
      const visits = lookingHere();
      if (visits.length === 0 || reporting) return;
      reporting = true;
      const now = Date.now();
      liveStore
        .reportVisits(visits, now, now + VISIT_REPORT_MS * 2.5)
        .catch((error: unknown) => log(`live: reporting shopper visits failed: ${String(error)}`))
        .finally(() => {
          reporting = false;
        });
    }, VISIT_REPORT_MS);
    visitTimer.unref();
  }

  /** A loaded room's content; updates waiting for the group commit are committed first. */
  function readLoaded(docName: string): Record<string, unknown> | undefined {
    const room = rooms.get(docName);
    if (!room) return undefined;
    rooms.commitPending();
    if (rooms.get(docName) !== room) return undefined;
    return readDoc(docArray(room.doc, room.kind));
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
  const perIp = createCounter(limits.perIp);
  // Fair slots: anonymous (shopper) sockets count against their own, smaller cap per quote, so
  // they can never take the places of the dealership's staff, who count against the other one.
  const staffPerQuote = createCounter(limits.perQuote);
  const shoppersPerQuote = createCounter(config.liveBounds.maxShoppersPerQuote);
  let closed = false;
  // Started with the first live connection, so apps that never open one (API tests) pay nothing.
  let stopCheckpoints: (() => void) | undefined;

  // Pings are spread over the interval in HEARTBEAT_SLICES groups: pinging thousands of sockets
  // in one burst (one write each) stalled the event loop for tens of ms every interval.
  const HEARTBEAT_SLICES = 10;
  const heartbeatSlices = new WeakMap<Conn, number>();
  let nextSlot = 0;
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = tick++ % HEARTBEAT_SLICES;
    for (const conn of conns) {
      if (heartbeatSlices.get(conn) !== slice) continue;
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, limits.heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();
  // Every socket: those without a dealer token (shoppers) are skipped by the watch itself.
  const stopWatch = watchDealerTokens(tokens, () => conns, log);

  /** Whether `principal` wrote to `room`'s document: an id it owns has structs there (announcing alone does not count). */
  function wrote(room: Room | undefined, principal: string): boolean {
    if (!room) return false;
    for (const [clientId, owner] of room.owners)
      if (owner === principal && room.doc.store.clients.has(clientId)) return true;
    return false;
  }

  /**
   * Issue #36: when a quote's shopper slots are full, a device that has written to the quote before
   * takes the slot of the oldest shopper socket whose device never wrote (link holders' extra
   * sockets never lock the customer out). Null: this device never wrote, or nobody may be replaced.
   */
  function replaceable(quoteId: string, principal: string): Conn | null {
    if (!isNamed(principal)) return null;
    const deal = rooms.get(dealDocName(quoteId));
    if (!wrote(deal, principal)) return null;
    // `conns` keeps join order: the first match is the oldest.
    for (const conn of conns)
      if (
        conn.quoteId === quoteId &&
        conn.role === "SHOPPER" &&
        conn.principal !== principal &&
        conn.ws.readyState === conn.ws.OPEN &&
        !wrote(deal, conn.principal)
      )
        return conn;
    return null;
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const target = parseLivePath(request.url);
    if (!target) return refuseUpgrade(socket, 404, "Not Found");
    if (!originAllowed(request, config.appUrl)) return refuseUpgrade(socket, 403, "Forbidden");
    const ip = upgradeIp(request, config.trustProxy);
    if (!perIp.take(ip)) return refuseUpgrade(socket, 429, "Too Many Requests");
    // Slots go back when the TCP socket closes, whichever way: refused, failed handshake (ws then
    // never calls back), or a WebSocket that ends later.
    let quoteSlots: ReturnType<typeof createCounter> | null = null;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      perIp.release(ip);
      quoteSlots?.release(target.quoteId);
    };
    socket.once("close", release);
    const admission = await admit(deps.quotes, tokens, target, request, (quote, userId) =>
      deps.lifecycle.dealersSeeGross(quote, [userId]).then(([sees]) => sees === true),
    ).catch((error: unknown) => {
      log(`live: admission failed: ${String(error)}`);
      return null;
    });
    if (!admission?.ok || socket.destroyed || closed) {
      release();
      if (admission && !admission.ok) refuseUpgrade(socket, admission.status, admission.reason);
      else socket.destroy();
      return;
    }
    if (target.kind === "economics" && deps.ensureEconomics) {
      const ensured = await deps.ensureEconomics(target.quoteId).then(
        () => true,
        (error: unknown) => {
          log(`live: giving quote ${target.quoteId} its economics document failed: ${String(error)}`);
          return false;
        },
      );
      if (!ensured || socket.destroyed || closed) {
        release();
        if (!ensured) refuseUpgrade(socket, 503, "Service Unavailable");
        return;
      }
    }
    const slots = admission.identity.role === "DEALER" ? staffPerQuote : shoppersPerQuote;
    const principal = principalOf(admission.identity, deviceFromProtocols(offeredProtocols(request)));
    if (!slots.take(target.quoteId)) {
      // Issue #36: the customer's own phone always gets in, in place of a socket that never wrote.
      const replaced = admission.identity.role === "SHOPPER" ? replaceable(target.quoteId, principal) : null;
      if (!replaced) {
        release();
        return refuseUpgrade(socket, 429, "Too Many Requests");
      }
      log(`live: a shopper's device that wrote to quote ${target.quoteId} took a slot of one that never did`);
      replaced.ws.close(LIVE_CLOSE_CODES.replaced, LIVE_CLOSE_REASONS.replaced);
      // Over the cap until the replaced socket's close gives its slot back.
      slots.takeAnyway(target.quoteId);
    }
    quoteSlots = slots;
    if (socket.destroyed) return release();
    if (sqlite) stopCheckpoints ??= startCheckpointer(sqlite.$client, log);
    // Shared mode loads the room before the handshake (asynchronously, from PostgreSQL), so the
    // socket's message handler is attached together with the socket and no frame is missed. The
    // room stays loaded for this socket (pinned) until it joins or its handshake fails.
    let preloaded: Room | Error | undefined;
    let markJoined = () => {};
    if (shared) {
      preloaded = await rooms
        .openShared(target.docName, target.quoteId, target.kind, admission.quote)
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      const pinned = preloaded instanceof Error ? undefined : preloaded;
      let settled = false;
      const unpin = (joined: boolean) => {
        if (settled || !pinned) return;
        settled = true;
        rooms.unpin(pinned, joined);
      };
      markJoined = () => unpin(true);
      socket.once("close", () => unpin(false));
      if (socket.destroyed || closed) {
        unpin(false);
        release();
        return;
      }
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on("error", () => ws.terminate());
      let room: Room;
      if (preloaded instanceof Error) {
        log(`live: cannot load ${target.docName}: ${String(preloaded)}`);
        const code = preloaded instanceof DocumentMissingError ? "quoteDeleted" : "serverError";
        ws.close(LIVE_CLOSE_CODES[code], LIVE_CLOSE_REASONS[code]);
        return;
      }
      if (preloaded) room = preloaded;
      else {
        if (store && !store.quoteExists(target.quoteId)) {
          ws.close(LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
          return;
        }
        try {
          room = rooms.open(target.docName, target.quoteId, target.kind, admission.quote);
        } catch (error) {
          log(`live: cannot load ${target.docName}: ${String(error)}`);
          ws.close(LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
          return;
        }
      }
      const conn: Conn = {
        ws,
        identity: admission.identity,
        role: admission.identity.role,
        ip,
        quoteId: target.quoteId,
        room,
        awarenessIds: new Set(),
        alive: true,
        principal,
        updateBudget: fullBucket(config.liveBounds.updateBurst),
        awarenessBudget: fullBucket(config.liveBounds.awarenessPerSecond * 2),
        historyWindow: newWindow(),
        historyKeys: new Map(),
        wantsHistory: false,
      };
      room.conns.add(conn);
      if (admission.identity.dealer) room.labels.set(principal, admission.identity.dealer.label);
      markJoined();
      conns.add(conn);
      heartbeatSlices.set(conn, nextSlot++ % HEARTBEAT_SLICES);
      ws.once("close", () => conns.delete(conn));
      if (target.kind === "deal" && conn.role === "SHOPPER")
        ws.once("close", presence.shopperJoined(target.quoteId));
      startConversation(conn, rooms, config.liveBounds, log);
      // A page loads the deal's state over REST before its socket joins: a lock or an expiry that
      // came in between is told now, not at its first refused write (issue #33).
      if (target.kind === "deal" && (room.dealState.locked || room.dealState.expired))
        send(conn, encodeDealStateMessage(room.dealState));
      // The room was loaded at an older state than the upgrade read: bring it up to date now.
      if (room.stateSeq !== admission.quote.stateSeq) void watch.refresh(target.quoteId);
    });
  }

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
      if (storage.kind === "shared")
        storage.bus?.publish({ type: "control", control: "quote-deleted", quoteId });
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
      if (storage.kind === "shared")
        storage.bus?.publish({ type: "control", control: "quote-state", quoteId });
      await watch.refresh(quoteId);
    },
    async teamChanged() {
      if (storage.kind === "shared") storage.bus?.publish({ type: "control", control: "team-state" });
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
    },
    async readCurrent(docName) {
      const room = rooms.get(docName);
      if (!room) return undefined;
      if (shared) {
        const { follower, store: liveStore } = shared;
        // One indexed read; a catch-up only when another process is ahead (SCALE.md §4, row 7).
        await follower.enqueue(docName, async () => {
          const head = (await liveStore.log.heads([docName])).get(docName);
          if (head !== undefined && head > room.lastSeq) await follower.catchUp(docName);
        });
        if (rooms.get(docName) !== room) return undefined;
      }
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
      viewing: () => (shared ? shared.store.visitsNow(Date.now()) : lookingHere()),
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
      stopCheckpoints?.();
      clearInterval(heartbeat);
      clearInterval(visitTimer);
      stopWatch();
      watch.stop();
      shared?.follower.close();
      await rooms.closeAll(LIVE_CLOSE_CODES.goingAway, LIVE_CLOSE_REASONS.goingAway);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
