import type { DealState } from "@shared/live/deal-state";
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import { quoteDocNames } from "@shared/live/quote-doc";
import type { DealLifecycle, DealLifecycleState } from "../../quotes/deal-lifecycle";
import { send } from "../stages/broadcast";
import { encodeDealStateMessage } from "../stages/protocol";
import type { Conn, Room } from "../stages/room-types";
import type { Rooms } from "./rooms";

// Issue #33: the deal's state binds every socket on every process. Each loaded room carries the
// state it judges by (lock, expiry, the state seq it was read at); this watch brings it to the
// database's:
// - at once in the process that made the change (the REST route calls `refresh`), and in every
//   other process through the bus ("quote-state");
// - within LIFECYCLE_POLL_MS without the bus: one indexed read of the open quotes' state seqs;
// - before an append commits, on PostgreSQL: the append compares the seq the update was judged
//   at, and a changed state sends it back here to be judged again (rooms.ts, commitShared).
// Expiry is a time, not a change: the watch tells a room's sockets the moment it passes.
// A dealer socket whose holder may no longer work the quote (reassigned, demoted, removed, token
// revoked) closes with 4401; a reassigned salesperson's page is told to whom it went first.
// Issue #38: an economics socket whose holder no longer sees gross (demoted to salesperson, or the
// owner turned "Salespeople see gross" off, which bumps the dealership's state seqs) closes the same way.

const LIFECYCLE_POLL_MS = 250;

const sameState = (a: DealState, b: DealState) =>
  a.locked === b.locked &&
  a.acceptedVersion === b.acceptedVersion &&
  a.counterOffer === b.counterOffer &&
  (a.expired ?? false) === (b.expired ?? false);

export type LifecycleWatch = {
  /** Reads the quote's state now and applies it to its rooms here (after a change made here). */
  refresh(quoteId: string): Promise<void>;
  /** As refresh, only when the database's state seq differs from the quote's rooms' (one indexed read). */
  refreshIfChanged(quoteId: string): Promise<void>;
  /** Every open quote's state, read again (the team's roles changed). */
  refreshAll(): Promise<void>;
  /**
   * Tells a shopper's socket that just joined its deal's state, whatever it is (read first when
   * its room does not know the counter-offer yet): the page's answer may predate an unlock, a
   * renewal or a counter-offer made before the socket joined.
   */
  tellJoinedShopper(conn: Conn): Promise<void>;
  stop(): void;
};

export function startLifecycleWatch(options: {
  rooms: Rooms;
  lifecycle: DealLifecycle;
  log: (line: string) => void;
  /** Closes every room of a quote that no longer exists. */
  closeQuote(quoteId: string): void;
}): LifecycleWatch {
  const { rooms, lifecycle, log } = options;
  /** Per quote: the read in flight, and whether another was asked for meanwhile. */
  const running = new Map<string, { done: Promise<void>; again: boolean }>();

  const roomsOf = (quoteId: string): Room[] =>
    quoteDocNames(quoteId).flatMap((name) => {
      const room = rooms.get(name);
      return room ? [room] : [];
    });

  function pushState(room: Room, state: DealState) {
    const message = encodeDealStateMessage(state);
    for (const conn of room.conns) send(conn, message);
  }

  async function apply(quoteId: string) {
    const state = await lifecycle.read(quoteId);
    if (!state) {
      if (roomsOf(quoteId).length > 0) options.closeQuote(quoteId);
      return;
    }
    const { quote, deal } = state;
    const dealers: Conn[] = [];
    for (const room of roomsOf(quoteId)) {
      room.expiresAt = quote.expiresAt;
      const moved = room.stateSeq !== quote.stateSeq;
      room.stateSeq = quote.stateSeq;
      room.salespersonId = quote.salespersonId;
      // Both pages turn read-only (or editable) at once. Issue #48: whenever the state seq moved
      // (a right, the salesperson, the stock vehicle's status, a renewal), with the seq, so that
      // the pages read the quote again and their words follow; an unchanged state is not sent again.
      if ((moved || !sameState(room.dealState, deal)) && room.kind === "deal")
        pushState(room, { ...deal, seq: quote.stateSeq });
      room.dealState = deal;
      room.stateRead = true;
      for (const conn of room.conns) if (conn.identity.dealer) dealers.push(conn);
    }
    await closeLostDealers(state, dealers);
  }

  async function closeLostDealers(state: DealLifecycleState, dealers: Conn[]) {
    if (dealers.length === 0) return;
    const verdicts = await lifecycle.dealersMayWork(
      state.quote,
      dealers.map((conn) => conn.identity.dealer as NonNullable<Conn["identity"]["dealer"]>),
    );
    // Issue #38: the economics document keeps only those who still see gross (read now).
    const economics = dealers.filter((conn, i) => verdicts[i] === "ok" && conn.room.kind === "economics");
    const seeGross = await lifecycle.dealersSeeGross(
      state.quote,
      economics.map((conn) => (conn.identity.dealer as NonNullable<Conn["identity"]["dealer"]>).userId),
    );
    const lostGross = new Set(economics.filter((_conn, i) => !seeGross[i]));
    dealers.forEach((conn, i) => {
      if (verdicts[i] === "ok" && !lostGross.has(conn)) return;
      // Still a member with a good session: the quote went to someone else. Their page says to whom.
      if (verdicts[i] === "lostQuote" && state.salesperson !== "" && conn.room.kind === "deal")
        send(conn, encodeDealStateMessage({ ...state.deal, reassignedTo: state.salesperson }));
      conn.ws.close(LIVE_CLOSE_CODES.tokenRevoked, LIVE_CLOSE_REASONS.tokenRevoked);
    });
  }

  function refresh(quoteId: string): Promise<void> {
    const current = running.get(quoteId);
    if (current) {
      // A read already in flight may have started before the change: one more after it.
      current.again = true;
      return current.done;
    }
    const entry = { done: Promise.resolve(), again: false };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await apply(quoteId);
        } while (entry.again);
      } catch (error) {
        log(`live: reading the state of quote ${quoteId.slice(0, 6)}… failed: ${String(error)}`);
      } finally {
        running.delete(quoteId);
      }
    })();
    running.set(quoteId, entry);
    return entry.done;
  }

  /** The quotes of these rooms, each once. */
  const quoteIdsOf = (open: readonly Room[]) => [...new Set(open.map((room) => room.quoteId))];
  const openQuotes = () => quoteIdsOf([...rooms.rooms.values()]);

  let polling = false;
  /**
   * The state clock and the rooms of the last poll that found every open room in step. Rooms, not
   * quotes: a room that loads later for an open quote (a dealer's economics document opened while
   * "Salespeople see gross" was turned off) was judged by its handshake's read, which may be older
   * than the change the poll saw, so the next poll reads again.
   */
  let inStep: { clock: string; rooms: WeakSet<Room> } | null = null;
  async function poll() {
    const now = Date.now();
    // Expiry passing while sockets are open: the shopper's page turns read-only at that moment.
    for (const room of rooms.rooms.values()) {
      if (room.kind !== "deal" || room.expiresAt >= now || room.dealState.expired) continue;
      room.dealState = { ...room.dealState, expired: true };
      pushState(room, room.dealState);
    }
    const open = [...rooms.rooms.values()];
    if (open.length === 0) return;
    // Issue #52: nothing changed since a read that found every open room in step, and no room
    // opened since: nothing to read (an idle server with a thousand open quotes stays idle).
    const clock = await lifecycle.stateClock();
    const known = inStep;
    if (clock !== null && known?.clock === clock && open.every((room) => known.rooms.has(room))) return;
    const quoteIds = quoteIdsOf(open);
    const seqs = await lifecycle.stateSeqs(quoteIds);
    const behind = quoteIds.filter((id) => {
      const seq = seqs.get(id);
      return seq === undefined || roomsOf(id).some((room) => room.stateSeq !== seq);
    });
    // Rooms behind are read again; until a poll finds them all in step, every poll reads.
    inStep = clock !== null && behind.length === 0 ? { clock, rooms: new WeakSet(open) } : null;
    await Promise.all(behind.map(refresh));
  }

  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    poll()
      .catch((error: unknown) => log(`live: reading the deals' state failed: ${String(error)}`))
      .finally(() => {
        polling = false;
      });
  }, LIFECYCLE_POLL_MS);
  timer.unref();

  return {
    refresh,
    async refreshIfChanged(quoteId) {
      const seq = (await lifecycle.stateSeqs([quoteId])).get(quoteId);
      if (seq === undefined || roomsOf(quoteId).some((room) => room.stateSeq !== seq)) await refresh(quoteId);
    },
    refreshAll: () => Promise.all(openQuotes().map(refresh)).then(() => undefined),
    async tellJoinedShopper(conn) {
      if (!conn.room.stateRead) await refresh(conn.quoteId);
      const { room } = conn;
      if (conn.ws.readyState !== conn.ws.OPEN || !room.conns.has(conn)) return;
      // The read failed: the lock and the expiry are known from the handshake's row, the
      // counter-offer is not (a message without one would hide the page's notice).
      if (!room.stateRead && !room.dealState.locked && !room.dealState.expired) return;
      // The room's state as of now: any push after this one is newer, so the page ends at the newest.
      send(conn, encodeDealStateMessage(room.dealState));
    },
    stop: () => clearInterval(timer),
  };
}
