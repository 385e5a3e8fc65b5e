import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import {
  deviceFromProtocols,
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_HELD_PROTOCOL,
} from "@shared/live/live-protocol";
import { docNameOf, quoteDocNames } from "@shared/live/quote-doc";
import { DOC_KINDS } from "@shared/rules/permissions";
import type { WebSocketServer } from "ws";
import type { TokenService } from "../../auth/tokens";
import type { Config } from "../../config";
import type { QuoteStore } from "../../db/repositories/quotes";
import { DocumentMissingError } from "../../db/stored-doc";
import { maySeePrivate } from "../../policies/quote-access";
import type { PresenceTracker } from "../../presence/presence-tracker";
import type { Rooms } from "../rooms/rooms";
import { fullBucket, newWindow } from "../stages/bounds";
import { send } from "../stages/broadcast";
import { isNamed, principalOf } from "../stages/client-ids";
import { encodeDealStateMessage } from "../stages/protocol";
import type { Conn } from "../stages/room-types";
import { newcomerToReplace } from "../stages/shopper-slots";
import { startConversation } from "./connection";
import { createCounter, type LiveLimits, upgradeIp } from "./limits";
import { admit, offeredProtocols, originAllowed, parseLivePath, refuseUpgrade } from "./upgrade";

// The handshake: an HTTP upgrade becomes a socket joined to its room (before the pipeline's first
// stage, decode, which connection.ts runs for the socket's whole life).
//
// Guarantees:
// - Refused before any WebSocket exists, with an HTTP status: an unknown path (404), a foreign
//   Origin (403), over the per-IP or per-quote socket caps (429), no right to the document
//   (upgrade.ts: 401/403/404). A refused upgrade takes no slot and loads no room.
// - Slots go back when the TCP socket closes, whichever way it ends.
// - Staff and shoppers count against separate caps per quote, so link holders never take the
//   staff's places; when the shopper slots are full, a device that first wrote to the quote
//   earlier takes the place of the most recent newcomer (shopper-slots.ts; it closes with 4409).
// - A joined socket of a deal is told the deal's state at once, and a room loaded at an older state
//   than the upgrade read is brought up to date (issue #33).

type JoinDeps = {
  config: Config;
  limits: LiveLimits;
  quotes: QuoteStore;
  tokens: TokenService;
  log: (line: string) => void;
  wss: WebSocketServer;
  rooms: Rooms;
  presence: PresenceTracker;
  /** Every joined socket of this process, in join order. */
  conns: Set<Conn>;
  joined(conn: Conn): void;
  /** Issue #38: whether the member sees gross now (the economics document admits no one else). */
  seesGross: Parameters<typeof admit>[4];
  /**
   * Issue #38: makes sure a quote has its economics document before one is opened (a quote an
   * older process stored without one gets it now; one indexed read otherwise).
   */
  ensureEconomics?: (quoteId: string) => Promise<void>;
  /**
   * Issue #47: when each of these shopper devices first wrote to the quote, as stored (the SQLite
   * file or PostgreSQL, so every process ranks alike).
   */
  firstWrites(quoteId: string, principals: readonly string[]): Promise<Map<string, number>>;
  /** Reads the quote's state into its rooms (lifecycle-watch.ts). */
  refreshState(quoteId: string): Promise<void>;
  /** Tells a shopper's socket that just joined its deal's state (lifecycle-watch.ts). */
  tellJoinedShopper(conn: Conn): Promise<void>;
  /** The first socket of the process is about to join (starts what only live sockets need). */
  firstJoin(): void;
  closed(): boolean;
};

export function createJoin(deps: JoinDeps) {
  const { config, tokens, log, wss, rooms, conns } = deps;
  const perIp = createCounter(deps.limits.perIp);
  // Fair slots: anonymous (shopper) sockets count against their own, smaller cap per quote, so
  // they can never take the places of the dealership's staff, who count against the other one.
  const staffPerQuote = createCounter(deps.limits.perQuote);
  const shoppersPerQuote = createCounter(config.liveBounds.maxShoppersPerQuote);

  /** This process's open shopper sockets of the quote but `principal`'s, in join order. */
  const shopperSockets = (quoteId: string, principal: string) =>
    [...conns].filter(
      (conn) =>
        conn.quoteId === quoteId &&
        conn.role === "SHOPPER" &&
        conn.principal !== principal &&
        conn.ws.readyState === conn.ws.OPEN,
    );

  /**
   * Issue #47: the quote's shopper slots are full. Closes (4409) the most recent newcomer's socket
   * when `principal`'s device first wrote to the quote before it (shopper-slots.ts) and answers
   * true: the slot is the joining socket's. False: nobody may be replaced.
   */
  async function takeNewcomersSlot(
    quoteId: string,
    principal: string,
    stillJoining: () => boolean,
  ): Promise<boolean> {
    if (!isNamed(principal)) return false;
    const asked = new Set([principal, ...shopperSockets(quoteId, principal).map((conn) => conn.principal)]);
    const firstWrites = await deps.firstWrites(quoteId, [...asked]);
    if (!firstWrites.has(principal)) return false;
    // Sockets that joined or closed while the store answered: only those it ranked may go.
    const holders = shopperSockets(quoteId, principal).filter((conn) => asked.has(conn.principal));
    const replaced = newcomerToReplace(principal, holders, firstWrites);
    if (!replaced || !stillJoining()) return false;
    log(`live: a shopper's device that wrote to quote ${quoteId} earlier took the slot of a later newcomer`);
    replaced.ws.close(LIVE_CLOSE_CODES.replaced, LIVE_CLOSE_REASONS.replaced);
    return true;
  }

  return async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
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
    const admission = await admit(deps.quotes, tokens, target, request, deps.seesGross).catch(
      (error: unknown) => {
        log(`live: admission failed: ${String(error)}`);
        return null;
      },
    );
    if (!admission?.ok || socket.destroyed || deps.closed()) {
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
      if (!ensured || socket.destroyed || deps.closed()) {
        release();
        if (!ensured) refuseUpgrade(socket, 503, "Service Unavailable");
        return;
      }
    }
    const slots = admission.identity.role === "DEALER" ? staffPerQuote : shoppersPerQuote;
    const principal = principalOf(admission.identity, deviceFromProtocols(offeredProtocols(request)));
    if (!slots.take(target.quoteId)) {
      // Issues #36, #47: the customer's own phone gets in, in place of the most recent newcomer.
      const replaced =
        admission.identity.role === "SHOPPER" &&
        (await takeNewcomersSlot(target.quoteId, principal, () => !socket.destroyed && !deps.closed()).catch(
          (error: unknown) => {
            log(`live: reading the first writes of quote ${target.quoteId} failed: ${String(error)}`);
            return false;
          },
        ));
      // Gone while the store answered: nothing taken (release gives the address's slot back).
      if (socket.destroyed || deps.closed()) return release();
      // A slot may have come free meanwhile.
      if (!replaced && !slots.take(target.quoteId)) {
        release();
        return refuseUpgrade(socket, 429, "Too Many Requests");
      }
      // Over the cap until the replaced socket's close gives its slot back.
      if (replaced) slots.takeAnyway(target.quoteId);
    }
    quoteSlots = slots;
    if (socket.destroyed) return release();
    deps.firstJoin();
    // The room is loaded before the handshake, so the socket's message handler is attached together
    // with the socket and no frame is missed. The room stays loaded for this socket (pinned) until
    // it joins or its handshake fails.
    // A dealer's page opens the quote's other documents next: read with this one (rooms.ts).
    const siblings = maySeePrivate(admission.identity.role)
      ? DOC_KINDS.filter((kind) => kind !== target.kind).map((kind) => ({
          name: docNameOf(target.quoteId, kind),
          kind,
        }))
      : [];
    const opened = await rooms
      .open(target.docName, target.quoteId, target.kind, admission.quote, siblings)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const pinned = opened instanceof Error ? undefined : opened;
    let settled = false;
    const unpin = (joined: boolean) => {
      if (settled || !pinned) return;
      settled = true;
      rooms.unpin(pinned, joined);
    };
    socket.once("close", () => unpin(false));
    if (socket.destroyed || deps.closed()) {
      unpin(false);
      release();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on("error", () => ws.terminate());
      if (!pinned) {
        log(`live: cannot load ${target.docName}: ${String(opened)}`);
        const code = opened instanceof DocumentMissingError ? "quoteDeleted" : "serverError";
        ws.close(LIVE_CLOSE_CODES[code], LIVE_CLOSE_REASONS[code]);
        return;
      }
      const room = pinned;
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
      unpin(true);
      conns.add(conn);
      deps.joined(conn);
      ws.once("close", () => conns.delete(conn));
      if (target.kind === "deal" && conn.role === "SHOPPER")
        ws.once("close", deps.presence.shopperJoined(target.quoteId));
      // A shopper's socket is told the deal's state once its content went out (issue #52: the read
      // of the counter-offer a newly loaded room does not know yet never delays the first sync).
      const shopperOfDeal = target.kind === "deal" && !conn.identity.dealer;
      const synced = shopperOfDeal ? () => void deps.tellJoinedShopper(conn) : undefined;
      // Decision 034: a page that has not synced this document yet gets its content unasked.
      const held = offeredProtocols(request).includes(LIVE_HELD_PROTOCOL);
      startConversation(conn, rooms, config.liveBounds, log, synced, !held);
      // A page loads the deal's state over REST before its socket joins: a change that came in
      // between (or while this socket was away: a page opened offline, a reconnect) is told now,
      // not at its first refused write (issue #33). A dealer's page is told the state seq (issue
      // #48): its answer may predate a change made while this socket was on its way (the seq moved
      // before this room loaded, so no push will come), and the page reads the answer again when
      // its own `stateSeq` is older. A shopper's page is told a lock or an expiry at once, and the
      // deal's state whatever it is (an unlock, a renewal, a counter-offer) after its first sync
      // (above), without the seq.
      if (target.kind === "deal" && conn.identity.dealer)
        send(conn, encodeDealStateMessage({ ...room.dealState, seq: room.stateSeq }));
      else if (shopperOfDeal && (room.dealState.locked || room.dealState.expired))
        send(conn, encodeDealStateMessage(room.dealState));
      // The room was loaded at an older state than the upgrade read, or the upgrade read an older
      // state than a sibling room of the quote already holds (the state changed between this
      // socket's admission and its room's load): bring the quote's rooms and sockets up to date now.
      const newest = Math.max(
        admission.quote.stateSeq,
        ...quoteDocNames(target.quoteId).map((name) => rooms.get(name)?.stateSeq ?? 0),
      );
      if (room.stateSeq !== newest || admission.quote.stateSeq !== newest)
        void deps.refreshState(target.quoteId);
    });
  };
}
