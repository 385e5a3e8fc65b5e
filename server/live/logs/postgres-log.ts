import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import type { LiveBounds } from "../../config";
import type { LoadedDocument } from "../../db/postgres/document-log";
import type { PostgresLiveStore } from "../../db/postgres/live-store";
import { DocumentMissingError, docFromStored, encodeState } from "../../db/stored-doc";
import { liveMetrics } from "../../metrics/metrics";
import { listingFiguresOfDoc } from "../../quotes/listing-total";
import type { DocFollower } from "../fanout/doc-follower";
import { grossSiblingName, roomGrossCents, storedFromLoaded } from "../stages/listing-gross";
import { capWindowMs } from "../stages/payment-request";
import type { Room } from "../stages/room-types";
import { shopperWriters, WROTE_BEFORE_RECORDS } from "../stages/shopper-slots";
import { type DocKind, EXPIRED_REASON } from "../stages/update-guard";
import { rebuildScratch, type Workspace } from "../stages/workspace";
import type { Appended, DocumentLog, LoadedRoomDocument, RoomSet } from "./document-log";

// The document log of several processes (DATABASE_URL, ../shared/design/SCALE.md §5): PostgreSQL
// holds each document's ordered log and any process may append to it. The follower
// (fanout/doc-follower.ts) keeps every loaded document at its head and runs each document's writes
// in one serial queue, with other processes' commits.
//
// Guarantees:
// - An update is judged on `scratch` at the head and appended with a compare-and-set on the head
//   seq and on the quote's state seq (`dealdesk_live_append`): someone else appended first, or the
//   deal's state changed, and nothing is written; the room catches up and the pipeline judges again.
// - A refusal is final only when judged at the head: a stale judgement catches up first, and one
//   refused for the lock or expiry is judged again once if another process just changed the state.
// - Only once committed does the pipeline apply an update to `doc`, send it to the room and publish
//   it: `doc` is always the committed head, so whatever a client receives is stored.
// - A room is loaded once however many sockets ask at once (rooms.ts), and unloaded in its queue
//   after the appends still in it, its log folded into its state on the way out (an older snapshot
//   never replaces a newer one).

type PostgresLogDeps = {
  store: PostgresLiveStore;
  follower: DocFollower;
  log: (line: string) => void;
  bounds: LiveBounds;
  /** Issue #33: reads the quote's state into its rooms (an append found it changed since the judgement). */
  refreshState(quoteId: string): Promise<void>;
  /** As refreshState, only when the database's state seq differs from the rooms' (one indexed read). */
  refreshStateIfChanged(quoteId: string): Promise<void>;
};

const ENDED: Appended = { status: "ended" };
const AGAIN: Appended = { status: "again" };
/** A judgement refused for a change not yet received here is judged again after catching up, this often. */
const CATCH_UPS = 3;

export function createPostgresLog(set: RoomSet, deps: PostgresLogDeps): DocumentLog {
  const { rooms } = set;
  const { store, follower, log } = deps;
  const space: Workspace = { inPlace: false };

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
        set.destroy(room);
      })
      .catch((error: unknown) => log(`live: unloading ${room.name} failed: ${String(error)}`));
  }

  /** A stored document as its room holds it; a deal's shopper writers before the kept first writes are kept now. */
  async function roomDocument(
    name: string,
    quoteId: string,
    kind: DocKind,
    loaded: LoadedDocument,
    owners: Map<number, string>,
  ): Promise<LoadedRoomDocument> {
    const doc = docFromStored(storedFromLoaded(loaded), name);
    // Issue #47: devices whose writes predate the kept first writes rank before everyone since.
    const writers = kind === "deal" ? shopperWriters(doc, owners) : [];
    if (writers.length > 0)
      await store
        .recordFirstWrites(quoteId, writers, WROTE_BEFORE_RECORDS)
        // The document is still served; the next load records them.
        .catch((error: unknown) => log(`live: keeping the first writes of ${name} failed: ${String(error)}`));
    return { doc, lastSeq: loaded.headSeq, logLength: loaded.updates.length, owners };
  }

  return {
    space,

    async load(name, quoteId, kind) {
      const [loaded, owners] = await Promise.all([store.log.load(name), store.owners(name)]);
      liveMetrics.documentsRead(loaded ? 1 : 0);
      if (!loaded) throw new DocumentMissingError(name);
      return roomDocument(name, quoteId, kind, loaded, owners);
    },

    async loadTogether(quoteId, docs) {
      const names = docs.map((d) => d.name);
      // One statement for the states and logs (one snapshot), one for the owners, sent together.
      const [loaded, owners] = await Promise.all([store.log.loadMany(names), store.ownersOf(names)]);
      liveMetrics.documentsRead(loaded.size);
      const made = new Map<string, () => Promise<LoadedRoomDocument>>();
      for (const { name, kind } of docs) {
        const stored = loaded.get(name);
        if (stored)
          made.set(name, () => roomDocument(name, quoteId, kind, stored, owners.get(name) ?? new Map()));
      }
      return made;
    },

    // Subscribes, then delivers whatever was committed since the load (remote.ts).
    opened: (room, loaded) => follower.track(room.name, loaded.lastSeq),

    inOrder(room, write) {
      follower.enqueue(room.name, write).catch((error: unknown) => {
        log(`live: storing an update of ${room.name} failed: ${String(error)}`);
        set.discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
      });
    },

    async judgeAgain(room, refusal, tries) {
      // Refused for the deal's state (locked, expired): judged again if another process has
      // changed it since (unlocked, renewed) and this one has not heard yet (issue #33).
      if (!tries.stateChecked && (refusal.close === "dealLocked" || refusal.reason === EXPIRED_REASON)) {
        tries.stateChecked = true;
        const seq = room.stateSeq;
        await deps.refreshStateIfChanged(room.quoteId);
        if (room.stateSeq !== seq) return true;
      }
      // A change this process has not received yet may be what the update builds on.
      const seq = room.lastSeq;
      if (tries.count < CATCH_UPS && !refusal.close) {
        await follower.catchUp(room.name);
        if (room.lastSeq !== seq) return true;
      }
      return false;
    },

    // The rows any process stored; one another process stores for this quote meanwhile moves the
    // head, so the append is stale and judged again.
    recentRequests: (quoteId, requester) =>
      store.recentPaymentRequests(quoteId, requester, capWindowMs(deps.bounds.paymentRequestCaps)),

    async append(room, conn, entry) {
      const committed = liveMetrics.commitTimer();
      const result = await store.append({
        docName: room.name,
        quoteId: room.quoteId,
        expectedSeq: room.lastSeq,
        expectedState: room.stateSeq,
        update: entry.update,
        listing: entry.listing,
        claims: entry.claims,
        paymentRequest: entry.paymentRequest,
        firstWrite: entry.firstWrite,
        change: entry.change,
      });
      if (rooms.get(room.name) !== room) return ENDED;
      switch (result.status) {
        case "claimed":
          // Another process's connection claimed the id first: refused, and the owners read again.
          room.owners = await store.owners(room.name);
          rebuildScratch(space, room);
          if (rooms.get(room.name) === room)
            set.refuse(room, conn, { reason: "client id claimed elsewhere" });
          return ENDED;
        case "gone":
          set.discard(room, LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
          return ENDED;
        case "stale":
          rebuildScratch(space, room);
          await follower.catchUp(room.name);
          return AGAIN;
        case "state":
          // The deal's state changed (locked, renewed, reassigned, a role) since the judgement:
          // read it, then judge again at it (the lock refuses, a lost right closes the socket).
          rebuildScratch(space, room);
          await deps.refreshState(room.quoteId);
          return AGAIN;
      }
      committed();
      liveMetrics.accepted(1);
      room.lastSeq = result.seq;
      room.logLength += 1;
      return {
        status: "committed",
        seq: result.seq,
        history: result.history,
        handoffStored: result.handoffStored,
      };
    },

    async current(room) {
      // One indexed read; a catch-up only when another process is ahead (SCALE.md §4, row 7).
      await follower.enqueue(room.name, async () => {
        const head = (await store.log.heads([room.name])).get(room.name);
        if (head !== undefined && head > room.lastSeq) await follower.catchUp(room.name);
      });
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

    compact,
    unload,

    async closeAll(all) {
      // Each room's queued appends finish first; then its log is folded into its state.
      await Promise.all(all.map((room) => unload(room)));
    },
  };
}
