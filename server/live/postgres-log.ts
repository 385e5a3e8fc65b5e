import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live-protocol";
import * as Y from "yjs";
import type { ClientIdClaim } from "../db/sqlite/document-store";
import { DocumentMissingError, docFromStored, encodeState } from "../db/stored-doc";
import { liveMetrics } from "../metrics/metrics";
import { listingFiguresOfDoc } from "../quotes/listing-total";
import { broadcastCommitted } from "./broadcast";
import type { LiveBus } from "./bus";
import type { DocumentLog, Pipeline } from "./document-log";
import { judge } from "./judge";
import { grossSiblingName, roomGrossCents, storedFromLoaded } from "./listing-gross";
import {
  capRefusal,
  capWindowMs,
  paymentRequestOf,
  paymentRequestRecord,
  requesterOf,
} from "./payment-request";
import { acceptInto, historyChange, listingChange, outgoingMessage, staleEditsOf, withAmend } from "./record";
import type { Conn, Room, SharedRooms } from "./room-types";
import { firstWriteOf, shopperWriters, WROTE_BEFORE_RECORDS } from "./shopper-slots";
import { EXPIRED_REASON, unchangedVerdict } from "./update-guard";
import { rebuildScratch, type Workspace } from "./workspace";

// The document log of several processes (DATABASE_URL, ../shared/design/SCALE.md §5): PostgreSQL
// holds each document's ordered log and any process may append to it. The follower
// (fanout/doc-follower.ts) keeps every loaded document at its head and runs each document's writes
// in one serial queue, with other processes' commits.
//
// Guarantees:
// - An update is judged on `scratch` at the head and appended with a compare-and-set on the head
//   seq and on the quote's state seq (`dealdesk_live_append`): someone else appended first, or the
//   deal's state changed, and nothing is written; the room catches up and judges again.
// - A refusal is final only when judged at the head: a stale judgement catches up first, and one
//   refused for the lock or expiry is judged again once if another process just changed the state.
// - Only once committed is an update applied to `doc`, sent to the room and published to the other
//   processes: `doc` is always the committed head, so whatever a client receives is stored.
// - The sender gone meanwhile: nothing is stored (its page sends it again when it comes back).
// - Issue #47: a shopper's payment request over its caps is refused at the head and stores nothing.
// - A room is loaded once however many sockets ask at once, and unloaded in its queue after the
//   appends still in it, its log folded into its state on the way out (an older snapshot never
//   replaces a newer one).

export function createPostgresLog(pipeline: Pipeline, sharedRooms: SharedRooms, bus: LiveBus): DocumentLog {
  const { options, rooms } = pipeline;
  const { log } = options;
  const { follower, store } = sharedRooms;
  const space: Workspace = { inPlace: false };
  /** Rooms being loaded (single flight: one load per document however many sockets ask). */
  const loading = new Map<string, Promise<Room>>();

  /** Whether `conn` may still write to `room`: both still here, its socket open. */
  const writing = (room: Room, conn: Conn) =>
    rooms.get(room.name) === room && room.conns.has(conn) && conn.ws.readyState === conn.ws.OPEN;

  /** Inside the document's queue: judge at the head, append with the CAS, then apply, send, publish. */
  async function commitAtHead(room: Room, conn: Conn, update: Uint8Array, wire: Uint8Array | null) {
    let stateChecked = false;
    for (let attempt = 0; ; attempt += 1) {
      // A socket being closed (its holder lost the right to write here) writes nothing more.
      if (!writing(room, conn)) return;
      room.scratchV2 = null;
      const judged = judge(space, options.bounds, room, conn, update);
      if (!judged.ok) {
        // Refused for the deal's state (locked, expired): judged again if another process has
        // changed it since (unlocked, renewed) and this one has not heard yet (issue #33).
        if (!stateChecked && (judged.close === "dealLocked" || judged.reason === EXPIRED_REASON)) {
          stateChecked = true;
          const seq = room.stateSeq;
          await options.refreshStateIfChanged(room.quoteId);
          if (room.stateSeq !== seq) continue;
        }
        // A change this process has not received yet may be what the update builds on.
        const seq = room.lastSeq;
        if (attempt < 3 && !judged.close) {
          await follower.catchUp(room.name);
          if (room.lastSeq !== seq) continue;
        }
        if (rooms.get(room.name) === room) pipeline.refuse(room, conn, judged);
        return;
      }
      const { verdict, claims } = judged;
      const delta = room.scratchV2 as Uint8Array | null;
      room.scratchV2 = null;
      if (!verdict.changedDoc || !delta) return;
      // Issue #47: a payment request over its caps (the rows any process stored; one another process
      // stores for this quote meanwhile moves the head, so this append is stale and judged again).
      const request = paymentRequestOf(room, conn.role, verdict, room.entries);
      if (request) {
        const requester = requesterOf(conn);
        const caps = options.bounds.paymentRequestCaps;
        const recent = await store.recentPaymentRequests(room.quoteId, requester, capWindowMs(caps));
        if (rooms.get(room.name) !== room) return;
        const refusal = capRefusal(caps, recent);
        // Refused, or its sender left while the rows were read: nothing is stored.
        if (refusal || !writing(room, conn)) {
          rebuildScratch(space, room);
          if (refusal && writing(room, conn)) pipeline.refuse(room, conn, refusal);
          return;
        }
      }
      const claimed: ClientIdClaim[] = claims
        .filter((clientId) => room.owners.get(clientId) !== conn.principal)
        .map((clientId) => ({ clientId, principal: conn.principal }));
      const stale = staleEditsOf(room, verdict);
      const committed = liveMetrics.commitTimer();
      const result = await store.append({
        docName: room.name,
        quoteId: room.quoteId,
        expectedSeq: room.lastSeq,
        expectedState: room.stateSeq,
        update: delta,
        listing: listingChange(room, verdict),
        claims: claimed,
        paymentRequest: request ? paymentRequestRecord(room, conn, request) : null,
        firstWrite: firstWriteOf(conn),
        change:
          room.kind === "deal" && (verdict.keys.length > 0 || stale !== null)
            ? historyChange(room, conn, verdict, stale)
            : null,
      });
      if (rooms.get(room.name) !== room) return;
      if (result.status === "claimed") {
        // Another process's connection claimed the id first: refused, and the owners read again.
        room.owners = await store.owners(room.name);
        rebuildScratch(space, room);
        if (rooms.get(room.name) === room)
          pipeline.refuse(room, conn, { reason: "client id claimed elsewhere" });
        return;
      }
      if (result.status === "gone") {
        pipeline.discard(room, LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
        return;
      }
      if (result.status === "stale") {
        rebuildScratch(space, room);
        await follower.catchUp(room.name);
        continue;
      }
      if (result.status === "state") {
        // The deal's state changed (locked, renewed, reassigned, a role) since the judgement:
        // read it, then judge again at it (the lock refuses, a lost right closes the socket).
        rebuildScratch(space, room);
        await options.refreshState(room.quoteId);
        continue;
      }
      committed();
      liveMetrics.accepted(1);
      // Apply: `doc` moves to the committed head.
      Y.applyUpdateV2(room.doc, delta, conn);
      room.lastSeq = result.seq;
      room.logLength += 1;
      const accepted = acceptInto(room, conn, verdict, options.onAcceptedUpdate !== undefined);
      room.approxBytes += delta.length;
      for (const clientId of claims) {
        room.writers.set(clientId, conn);
        room.owners.set(clientId, conn.principal);
      }
      // Broadcast: the other processes (the bus), then this process's sockets.
      const message = outgoingMessage(update, withAmend(update, verdict), wire);
      bus.committed(room.name, result.seq, delta, message);
      broadcastCommitted(room, conn, message, stale?.toSender ?? null, result.history);
      // Issue #48: the dealers' History panels on the other processes get the rows too.
      if (result.history) bus.history(room.name, result.history);
      // Record: the outbox worker and the accepted-update listeners hear of it.
      if (result.handoffStored) options.onHandoffStored?.();
      if (accepted)
        options.onAcceptedUpdate?.({ ...accepted, committedAt: performance.timeOrigin + performance.now() });
      if (room.logLength > options.compactAfter) await compact(room);
      return;
    }
  }

  /** Folds the log into the state (an older snapshot never replaces a newer one). */
  async function compact(room: Room) {
    if (room.logLength === 0) return;
    const state = encodeState(room.doc);
    const seq = room.lastSeq;
    const figures = room.kind === "deal" ? listingFiguresOfDoc(room.doc) : null;
    try {
      await store.log.compact(room.name, state, seq);
      room.logLength = 0;
      if (figures) await store.setListingFigures(room.quoteId, figures);
      // Issue #38: the Gross column follows the deal and the economics documents (listing-gross.ts).
      const sibling = grossSiblingName(room);
      if (!sibling) return;
      const siblingDoc = rooms.get(sibling)?.doc;
      const stored = siblingDoc ? null : await store.log.load(sibling);
      const gross = roomGrossCents(room, siblingDoc ?? (stored ? storedFromLoaded(stored) : null));
      await store.setListingGross(room.quoteId, gross);
    } catch (error) {
      log(`live: compaction of ${room.name} failed: ${String(error)}`);
    }
  }

  /**
   * The last connection left. Unloaded in the document's queue, after the appends still in it,
   * unless someone joined meanwhile; the log is folded into the state on the way out.
   */
  function unload(room: Room): Promise<void> {
    return follower
      .enqueue(room.name, async () => {
        const wanted = () => room.conns.size > 0 || room.pins > 0 || rooms.get(room.name) !== room;
        if (wanted()) return;
        await compact(room);
        if (wanted()) return;
        pipeline.destroy(room);
      })
      .catch((error: unknown) => log(`live: unloading ${room.name} failed: ${String(error)}`));
  }

  return {
    space,

    /**
     * Loads (or returns) the room, once however many sockets ask at the same time, and follows its
     * log from the seq it loaded at; each caller pins it until its socket joins (or never will).
     * Throws DocumentLoadError when the document is missing (its quote deleted) or unusable.
     */
    open(name, quoteId, kind, state) {
      const pin = (room: Room) => {
        room.pins += 1;
        return room;
      };
      const existing = rooms.get(name);
      if (existing) return Promise.resolve(pin(existing));
      const inFlight = loading.get(name);
      if (inFlight) return inFlight.then(pin);
      const load = (async () => {
        const [loaded, owners] = await Promise.all([store.log.load(name), store.owners(name)]);
        if (!loaded) throw new DocumentMissingError(name);
        const doc = docFromStored(storedFromLoaded(loaded), name);
        // Issue #47: devices whose writes predate the kept first writes rank before everyone since.
        const writers = kind === "deal" ? shopperWriters(doc, owners) : [];
        if (writers.length > 0)
          await store
            .recordFirstWrites(quoteId, writers, WROTE_BEFORE_RECORDS)
            // The document is still served; the next load records them.
            .catch((error: unknown) =>
              log(`live: keeping the first writes of ${name} failed: ${String(error)}`),
            );
        const room = pipeline.makeRoom(name, quoteId, kind, state, {
          doc,
          lastSeq: loaded.headSeq,
          logLength: loaded.updates.length,
          owners,
        });
        // Subscribes, then delivers whatever was committed since the load (the remote stage).
        await follower.track(name, loaded.headSeq);
        return room;
      })();
      loading.set(name, load);
      return load.finally(() => loading.delete(name)).then(pin);
    },

    write(room, conn, update, wire) {
      // Judged, stored and sent in the document's queue, at its head (commitAtHead).
      follower
        .enqueue(room.name, () => commitAtHead(room, conn, update, wire))
        .catch((error: unknown) => {
          log(`live: storing an update of ${room.name} failed: ${String(error)}`);
          pipeline.discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
        });
      return unchangedVerdict();
    },

    // Nothing waits outside the document's queue, and nothing uncommitted is ever in `doc`.
    flush() {},
    drop() {},

    claim(room, claims) {
      store
        .claim(room.name, room.quoteId, claims)
        // Another process's connection claimed one first: its owner stands.
        .then((stored) => {
          for (const [clientId, principal] of stored) room.owners.set(clientId, principal);
        })
        .catch((error: unknown) =>
          log(`live: storing presence claims of ${room.name} failed: ${String(error)}`),
        );
    },

    unload,

    async closeAll(all) {
      // Each room's queued appends finish first; then its log is folded into its state.
      await Promise.all(all.map((room) => unload(room)));
    },
  };
}
