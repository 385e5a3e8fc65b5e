import type { HistoryPush } from "@shared/history-push";
import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live-protocol";
import type { OfflineConflict } from "@shared/offline-conflicts";
import { docArray, type FlatEntries, readEntries, removeUnknownPairs } from "@shared/quote-doc";
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from "y-protocols/awareness";
import * as Y from "yjs";
import type { LiveBounds } from "../config";
import { HISTORY_MERGE_MS, type RecordedChange } from "../db/history/recorder";
import type { LoggedUpdate } from "../db/postgres/document-log";
import type { SharedLiveStore } from "../db/postgres/live-store";
import type { ClientIdClaim, DocStore, ListingChange } from "../db/sqlite/document-store";
import { DocumentMissingError, docFromStored, encodeState, loadStoredDoc } from "../db/stored-doc";
import type { HandoffEventRecord } from "../db/stores";
import { liveMetrics } from "../metrics/metrics";
import { listingFiguresOfDoc } from "../quotes/listing-total";
import { addToWindow, takeToken } from "./bounds";
import { isNamed, isStaff } from "./client-ids";
import { createCommitBatch, type QueuedUpdate } from "./commit-batch";
import type { DocFollower } from "./fanout/doc-follower";
import { grossSiblingName, roomGrossCents, storedFromLoaded } from "./listing-gross";
import { paymentRequestEvent } from "./payment-request-event";
import {
  decodeAwarenessUpdate,
  encodeAwarenessMessage,
  encodeHistoryMessage,
  encodeStaleEditsMessage,
  encodeSyncStep1,
  encodeUpdateMessage,
} from "./protocol";
import {
  applyVerdict,
  type DocKind,
  EXPIRED_REASON,
  type GuardVerdict,
  judgeUpdate,
  unchangedVerdict,
} from "./update-guard";

// Rooms: one per loaded document, after the reference y-websocket server's getYDoc pattern, but
// loading synchronously from SQLite (better-sqlite3), so no message can arrive while a room is
// half loaded. A room is dropped from memory as soon as its last connection leaves, after its
// update log is compacted into the state blob.
//
// One process: an update is judged on `doc` itself, and `scratch` is the copy a refusal restores
// `doc` from. Accepted updates reach `scratch` later, in one rebuild per SCRATCH_BEHIND_MAX of
// them (or at the refusal that needs them), so an accepted edit is applied once, not twice.
//
// With several processes (DATABASE_URL, ../shared/design/SCALE.md §5) the rooms run in shared
// mode: PostgreSQL holds each document's ordered log and any process may append to it. Every
// write of a document then runs in that document's serial queue (the follower's, which also
// delivers other processes' commits): judge on `scratch`, append with a compare-and-set on the
// head seq, and only after the commit apply to `doc`, send, and publish. `doc` is always the
// committed head, so whatever a client receives is stored. A refusal is final only when judged at
// the head: a stale judgment catches up first and judges again.

import type { AcceptedUpdate, Conn, Room } from "./room-types";

export type { AcceptedUpdate, Conn, Room };

export type RoomsOptions = {
  /** The SQLite document store (one process); null in shared mode. */
  store: DocStore | null;
  log: (line: string) => void;
  /** Compact the log into the state blob once it holds more rows than this. */
  compactAfter: number;
  onAcceptedUpdate?: (event: AcceptedUpdate) => void;
  /** Issue #39: an append stored outbox events (a payment request): the delivery worker may start. */
  onHandoffStored?: () => void;
  /** Records a deal document's accepted change inside the append's transaction (the deal's history). */
  recordChange?: (change: RecordedChange) => HistoryPush;
  bounds: LiveBounds;
  /** Several processes on PostgreSQL (shared mode); undefined on SQLite. */
  shared?: SharedRooms;
  /**
   * Issue #33: reads the quote's state from the database into its rooms (lifecycle-watch.ts);
   * shared mode calls it when an append finds the state changed since the update was judged.
   */
  refreshState(quoteId: string): Promise<void>;
  /** As refreshState, only when the database's state seq differs from the rooms' (one indexed read). */
  refreshStateIfChanged(quoteId: string): Promise<void>;
};

/** Shared mode's storage, the follower that keeps loaded documents at their heads, and presence out. */
export type SharedRooms = {
  store: SharedLiveStore;
  follower: DocFollower;
  /** Sends this process's presence changes, with the principal who made them, to the other processes. */
  publishAwareness(docName: string, update: Uint8Array, owner: string): void;
};

/** Origin of updates other processes committed, and of presence they relayed (not any local connection). */
const REMOTE = Symbol("remote");

/** Why an update was refused, and the close code its socket gets (shared/live-protocol.ts). */
export type Refusal = {
  ok: false;
  reason: string;
  /** The update builds on changes the server does not have: the sender is asked for them instead (issue #36). */
  missing?: true;
  close?: "updateTooLarge" | "documentTooLarge" | "tooManyUpdates" | "dealLocked";
};

/** What a room judges by when it loads: the quote row as the upgrade read it (issue #33). */
export type RoomState = {
  /** The quote's dealership (issue #39: the events a room's updates store are the dealership's). */
  dealerId: string;
  expiresAt: number;
  /** Whose quote it is: their changes are "the dealer's" in a stale-edit notice (issue #36). */
  salespersonId: string;
  lockedAt: number | null;
  acceptedVersion: number | null;
  stateSeq: number;
};

/**
 * A deal's history rows to the room's dealers whose page shows the history (it is theirs: shoppers
 * never receive it, whatever they ask), encoded once and only when someone is to get it.
 */
export function sendHistory(room: Room, push: HistoryPush): void {
  if (push.events.length === 0 && push.removed.length === 0) return;
  let message: Uint8Array | null = null;
  for (const conn of room.conns) {
    if (conn.role !== "DEALER" || !conn.wantsHistory) continue;
    message ??= encodeHistoryMessage(push);
    send(conn, message);
  }
}

/** The accepted-update event of a judged update (history and presence work hook in here). */
function acceptedEvent(
  room: Room,
  conn: Conn,
  verdict: GuardVerdict & { ok: true },
  entries: { before: FlatEntries; after: FlatEntries },
  committedAt: number,
): AcceptedUpdate {
  return {
    quoteId: room.quoteId,
    docName: room.name,
    role: conn.role,
    changedFields: verdict.fields,
    before: entries.before,
    after: entries.after,
    committedAt,
  };
}

export function send(conn: Conn, message: Uint8Array): void {
  // No callback: a failed write ends in the socket's `error` handler, which terminates it.
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(message);
}

const entriesOf = (doc: Y.Doc, kind: DocKind) => readEntries(docArray(doc, kind));

/** Issue #39: the outbox events an accepted update stores with it (a shopper's payment request). */
function handoffOf(
  room: Room,
  conn: Conn,
  verdict: { keys: readonly string[]; before: FlatEntries; after: FlatEntries },
): HandoffEventRecord[] {
  const event = paymentRequestEvent(room, conn.role, verdict, room.entries);
  return event ? [event] : [];
}

export function createRooms(options: RoomsOptions) {
  const { log, shared } = options;
  /** The SQLite store, for the one-process paths (never reached in shared mode). */
  const sqlite = (): DocStore => {
    if (!options.store) throw new Error("the rooms run on PostgreSQL: no SQLite document store");
    return options.store;
  };
  const rooms = new Map<string, Room>();
  /** Shared mode: rooms being loaded (single flight: one load per document however many sockets ask). */
  const loading = new Map<string, Promise<Room>>();

  function rebuildScratch(room: Room) {
    room.scratch.destroy();
    room.scratch = new Y.Doc({ guid: room.name });
    Y.applyUpdateV2(room.scratch, encodeState(room.doc));
    room.scratchBehind = [];
    if (shared) captureScratch(room);
  }

  /** Shared mode: what the guard's apply integrates into scratch is the delta the log stores. */
  const scratchCaptures = new WeakMap<Y.Doc, (update: Uint8Array) => void>();
  function captureScratch(room: Room) {
    const capture = (update: Uint8Array) => {
      room.scratchV2 = room.scratchV2 ? Y.mergeUpdatesV2([room.scratchV2, update]) : update;
    };
    room.scratch.on("updateV2", capture);
    scratchCaptures.set(room.scratch, capture);
  }

  /**
   * How many updates `scratch` may fall behind `doc` by before it is rebuilt from `doc` instead
   * (one rebuild costs about what a few applies do, so most of each update's apply is saved).
   */
  const SCRATCH_BEHIND_MAX = 64;

  /** One process: the update being judged in `doc` was refused; `doc` goes back to what it was. */
  function restoreDoc(room: Room) {
    const restored = room.scratch;
    for (const update of room.scratchBehind) Y.applyUpdate(restored, update);
    // The refused doc is dropped, not destroyed: the room's awareness was made on the first doc
    // and ends with the room (destroying a doc destroys its awareness).
    room.doc = restored;
    room.scratch = new Y.Doc({ guid: room.name });
    Y.applyUpdateV2(room.scratch, encodeState(restored));
    room.scratchBehind = [];
  }

  /** An update now in `doc` is owed to `scratch` (see scratchBehind); `doc` must be at a clean state here. */
  function owedToScratch(room: Room, update: Uint8Array) {
    room.scratchBehind.push(update);
    if (room.scratchBehind.length >= SCRATCH_BEHIND_MAX) rebuildScratch(room);
  }

  /** A refused judgement leaves nothing behind: the copy it was tried on goes back to the head. */
  function undoJudgement(room: Room) {
    if (shared) rebuildScratch(room);
    else restoreDoc(room);
  }

  /** Shared mode: `scratch` catches up with `doc` before a judgement (its capture is not wanted for these). */
  function catchUpScratch(room: Room) {
    const behind = room.scratchBehind;
    if (behind.length === 0) return;
    room.scratchBehind = [];
    const capture = scratchCaptures.get(room.scratch);
    if (capture) room.scratch.off("updateV2", capture);
    for (const update of behind) Y.applyUpdateV2(room.scratch, update);
    if (capture) room.scratch.on("updateV2", capture);
  }

  function destroy(room: Room) {
    rooms.delete(room.name);
    shared?.follower.untrack(room.name);
    room.awareness.destroy();
    room.doc.destroy();
    room.scratch.destroy();
  }

  function compact(room: Room) {
    if (room.logLength === 0) return;
    try {
      const store = sqlite();
      store.compact(room.name, encodeState(room.doc), room.lastSeq);
      room.logLength = 0;
      // The desk log's figure follows the deal at every compaction, the last one when the room empties.
      if (room.kind === "deal") store.setListingFigures(room.quoteId, listingFiguresOfDoc(room.doc));
      // Issue #38: its Gross column follows the deal and the economics documents (listing-gross.ts).
      const sibling = grossSiblingName(room);
      if (sibling)
        store.setListingGross(
          room.quoteId,
          roomGrossCents(room, rooms.get(sibling)?.doc ?? store.load(sibling)),
        );
    } catch (error) {
      // The log still holds every update; compaction is retried at the next opportunity.
      log(`live: compaction of ${room.name} failed: ${String(error)}`);
    }
  }

  /** A loaded room, registered; `doc` is the stored document. */
  function makeRoom(
    name: string,
    quoteId: string,
    kind: DocKind,
    state: RoomState,
    loaded: { doc: Y.Doc; lastSeq: number; logLength: number; owners: Map<number, string> },
  ): Room {
    const { doc } = loaded;
    const scratch = new Y.Doc({ guid: name });
    Y.applyUpdateV2(scratch, encodeState(doc));
    const awareness = new Awareness(doc);
    awareness.setLocalState(null);
    const room: Room = {
      name,
      quoteId,
      dealerId: state.dealerId,
      kind,
      expiresAt: state.expiresAt,
      stateSeq: state.stateSeq,
      salespersonId: state.salespersonId,
      dealState: {
        locked: state.lockedAt !== null,
        acceptedVersion: state.acceptedVersion,
        counterOffer: null,
        expired: state.expiresAt < Date.now(),
      },
      doc,
      scratch,
      awareness,
      conns: new Set(),
      entries: entriesOf(doc, kind),
      entriesStale: false,
      lastSeq: loaded.lastSeq,
      logLength: loaded.logLength,
      owners: loaded.owners,
      writers: new Map(),
      approxBytes: encodeState(doc).length,
      scratchV2: null,
      scratchBehind: [],
      pins: 0,
      remoteOwners: new Map(),
      labels: new Map(),
    };
    // One process: nothing listens for `doc`'s updates, so Yjs encodes none; the log and the wire
    // get the update as the client sent it (see applyUpdate).
    if (shared) captureScratch(room);
    awareness.on(
      "update",
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        for (const id of removed) room.remoteOwners.delete(id);
        if (origin && room.conns.has(origin as Conn)) {
          const conn = origin as Conn;
          for (const id of added) conn.awarenessIds.add(id);
          for (const id of removed) conn.awarenessIds.delete(id);
        }
        // Sent to everyone, the sender included: it keeps the provider's 30 s watchdog fed.
        const update = encodeAwarenessUpdate(awareness, changed);
        const message = encodeAwarenessMessage(update);
        for (const conn of room.conns) send(conn, message);
        // Shared mode: this process's own sockets' presence changes go to the other processes' rooms
        // too, with whose they are (a state timed out here is not this process's to tell).
        if (shared && origin && typeof origin === "object" && "principal" in origin)
          shared.publishAwareness(name, update, (origin as Conn).principal);
      },
    );
    rooms.set(name, room);
    return room;
  }

  /** Loads (or returns) the room; throws DocumentLoadError when the stored document is unusable. */
  function open(name: string, quoteId: string, kind: DocKind, state: RoomState): Room {
    const existing = rooms.get(name);
    if (existing) return existing;
    const store = sqlite();
    const { doc, lastSeq, logLength } = loadStoredDoc(store, name);
    // Pairs stored before the guard checked exact keys are removed once, stored by the compaction below.
    const junk = removeUnknownPairs(docArray(doc, kind));
    const room = makeRoom(name, quoteId, kind, state, {
      doc,
      lastSeq,
      logLength,
      owners: store.clientIdOwners(name),
    });
    if (junk > 0) {
      log(`live: removed ${junk} unknown pairs from ${name}`);
      room.logLength = Math.max(room.logLength, 1);
      compact(room);
    }
    return room;
  }

  /**
   * Shared mode: loads (or returns) the room from PostgreSQL, once however many sockets ask at the
   * same time, and follows its log from the seq it loaded at. Throws DocumentLoadError when the
   * document is missing (its quote deleted) or unusable.
   */
  function openShared(
    sharedRooms: SharedRooms,
    name: string,
    quoteId: string,
    kind: DocKind,
    state: RoomState,
  ): Promise<Room> {
    const pin = (room: Room) => {
      room.pins += 1;
      return room;
    };
    const existing = rooms.get(name);
    if (existing) return Promise.resolve(pin(existing));
    const inFlight = loading.get(name);
    if (inFlight) return inFlight.then(pin);
    const load = (async () => {
      const [loaded, owners] = await Promise.all([
        sharedRooms.store.log.load(name),
        sharedRooms.store.owners(name),
      ]);
      if (!loaded) throw new DocumentMissingError(name);
      const doc = docFromStored(
        {
          state: loaded.state,
          updates: loaded.updates.map((u) => u.update),
          updatesV1: [],
          lastSeq: loaded.headSeq,
        },
        name,
      );
      const room = makeRoom(name, quoteId, kind, state, {
        doc,
        lastSeq: loaded.headSeq,
        logLength: loaded.updates.length,
        owners,
      });
      // Subscribes, then delivers whatever was committed since the load (onRemoteUpdates).
      await sharedRooms.follower.track(name, loaded.headSeq);
      return room;
    })();
    loading.set(name, load);
    return load.finally(() => loading.delete(name)).then(pin);
  }

  /** Where an update is judged: `doc` itself in one process, `scratch` at the head in shared mode. */
  const judgedDoc = (room: Room) => (shared ? room.scratch : room.doc);

  /** The document's size and the sender's history budget, once the guard has the update applied. */
  function boundsAfter(
    room: Room,
    conn: Conn,
    update: Uint8Array,
    verdict: GuardVerdict & { ok: true },
  ): Refusal | null {
    const { bounds } = options;
    if (room.approxBytes + update.length > bounds.maxDocumentBytes) {
      const exact = Y.encodeStateAsUpdateV2(judgedDoc(room)).length;
      if (exact > bounds.maxDocumentBytes)
        return { ok: false, reason: `document of ${exact} bytes`, close: "documentTooLarge" };
      room.approxBytes = exact - update.length;
    }
    // A deal's change adds a history event per key it changes, unless the same key changed within
    // HISTORY_MERGE_MS (the recorder then extends its event): counted per connection, from memory.
    if (room.kind === "deal") {
      const now = Date.now();
      let events = 0;
      for (const key of verdict.keys) {
        const last = conn.historyKeys.get(key);
        if (last === undefined || now - last > HISTORY_MERGE_MS) events += 1;
      }
      if (!addToWindow(conn.historyWindow, events, bounds.historyEventsPerMinute, now))
        return { ok: false, reason: "over the history events per minute", close: "tooManyUpdates" };
      for (const key of verdict.keys) conn.historyKeys.set(key, now);
    }
    return null;
  }

  /** Whether another principal's open connection here announced `clientId` in its presence. */
  function announcedByOther(room: Room, conn: Conn, clientId: number): boolean {
    for (const other of room.conns)
      if (
        other !== conn &&
        other.awarenessIds.has(clientId) &&
        (other.principal !== conn.principal || !isNamed(conn.principal))
      )
        return true;
    return false;
  }

  /**
   * Who may write under the client ids the update wrote new structs under (the guard's `written`,
   * client-ids.ts): not under an id another principal owns or another principal's open connection
   * writes under, and not under an id stored without an owner unless staff. Answers the ids to
   * claim, or a refusal.
   */
  function checkWriters(room: Room, conn: Conn, written: Map<number, number>): number[] | Refusal {
    const claims: number[] = [];
    for (const [clientId, clockBefore] of written) {
      const writer = room.writers.get(clientId);
      // An id another open connection writes under is its own: a named principal (staff member,
      // device) may take it over from its own older socket, an unnamed shopper never.
      if (
        writer &&
        writer !== conn &&
        room.conns.has(writer) &&
        (writer.principal !== conn.principal || !isNamed(conn.principal))
      )
        return { ok: false, reason: `client id ${clientId} is another connection's` };
      const owner = room.owners.get(clientId);
      if (owner !== undefined && owner !== conn.principal)
        return { ok: false, reason: `client id ${clientId} belongs to someone else` };
      // Announced through another process by someone else: theirs to write under (shared mode).
      const remote = room.remoteOwners.get(clientId);
      if (remote !== undefined && remote !== conn.principal)
        return { ok: false, reason: `client id ${clientId} is another process's connection's` };
      // Announced in presence by another open connection of this process, never written under
      // yet: its announcer's (the other processes' announcements are remoteOwners, above).
      if (owner === undefined && announcedByOther(room, conn, clientId))
        return { ok: false, reason: `client id ${clientId} is announced by another connection` };
      if (owner === undefined && clockBefore > 0 && !isStaff(conn.principal))
        return { ok: false, reason: `client id ${clientId} was written before owners were kept` };
      if (owner === undefined || writer !== conn) claims.push(clientId);
    }
    return claims;
  }

  /**
   * An accepted update's changed keys into the room's entries, in place (the guard copies
   * nothing). The accepted-update event, when someone listens (the benchmarks), gets copies of the
   * whole entries before and after.
   */
  function acceptInto(room: Room, conn: Conn, verdict: GuardVerdict & { ok: true }): AcceptedUpdate | null {
    const listening = options.onAcceptedUpdate !== undefined && verdict.fields.size > 0;
    const before = listening ? new Map(room.entries) : null;
    applyVerdict(room.entries, verdict);
    return before ? acceptedEvent(room, conn, verdict, { before, after: new Map(room.entries) }, 0) : null;
  }

  /**
   * Issue #36: who set a value that stayed over a stale edit, in the stale editor's words: "the
   * shopper", "the dealer" (the quote's salesperson, or a value the server wrote at creation),
   * or another member by name, "Mia (manager)".
   */
  function setBy(room: Room, clientId: number): string {
    const principal = room.owners.get(clientId) ?? room.remoteOwners.get(clientId);
    if (principal === undefined) return "the dealer";
    if (!isStaff(principal)) return "the shopper";
    if (principal === `staff:${room.salespersonId}`) return "the dealer";
    return room.labels.get(principal) ?? "the dealer";
  }

  /**
   * An accepted update's stale edits (the guard took them out): what the history records, and
   * what the sender gets after the commit, the change that took its pairs out and the notice
   * (equal values were taken out without one). Null when the update had none.
   */
  function staleEditsOf(
    room: Room,
    verdict: GuardVerdict & { ok: true },
  ): { conflicts: OfflineConflict[]; toSender: Uint8Array[] } | null {
    if (!verdict.amend) return null;
    const conflicts = verdict.conflicts.map((c) => ({
      key: c.key,
      mine: c.mine,
      theirs: c.theirs,
      by: setBy(room, c.theirsBy),
    }));
    const toSender = [encodeUpdateMessage(verdict.amend)];
    if (conflicts.length > 0) toSender.push(encodeStaleEditsMessage(conflicts));
    return { conflicts, toSender };
  }

  /**
   * The guard, identity, the deal's lock and the bounds, all judged with the update applied (on
   * `judgedDoc`, which keeps it when it passes and is put back when it does not).
   */
  function judge(
    room: Room,
    conn: Conn,
    update: Uint8Array,
  ): { ok: true; verdict: GuardVerdict & { ok: true }; claims: number[] } | Refusal {
    if (shared) catchUpScratch(room);
    if (room.entriesStale) {
      room.entries = entriesOf(room.doc, room.kind);
      room.entriesStale = false;
    }
    const verdict = judgeUpdate(judgedDoc(room), update, {
      kind: room.kind,
      role: conn.role,
      expired: room.expiresAt < Date.now(),
      before: room.entries,
    });
    if (!verdict.ok) {
      undoJudgement(room);
      return verdict;
    }
    const claims = checkWriters(room, conn, verdict.written);
    if (!Array.isArray(claims)) {
      undoJudgement(room);
      return claims;
    }
    if (room.dealState.locked && verdict.changedDoc) {
      undoJudgement(room);
      return { ok: false, reason: "the deal is locked (accepted)", close: "dealLocked" };
    }
    const refusal = boundsAfter(room, conn, update, verdict);
    if (refusal) {
      undoJudgement(room);
      return refusal;
    }
    return { ok: true, verdict, claims };
  }

  /**
   * Bounds, identity and the guard, then apply; the update is queued for the group commit and
   * broadcast only after it (nothing is sent before it is stored). See `commit` below.
   */
  function applyUpdate(
    room: Room,
    conn: Conn,
    update: Uint8Array,
    wire: Uint8Array | null,
  ): GuardVerdict | Refusal {
    const { bounds } = options;
    // A socket being closed (its holder lost the right to write here, lifecycle-watch.ts) writes
    // nothing more, whatever it sent before the close reached it.
    if (conn.ws.readyState !== conn.ws.OPEN) return { ok: false, reason: "the connection is closing" };
    if (update.length > bounds.maxUpdateBytes)
      return { ok: false, reason: `update of ${update.length} bytes`, close: "updateTooLarge" };
    if (!takeToken(conn.updateBudget, bounds.updatesPerSecond, bounds.updateBurst))
      return { ok: false, reason: "over the update rate", close: "tooManyUpdates" };
    if (shared) {
      // Judged, stored and sent in the document's queue, at its head (see commitShared).
      shared.follower
        .enqueue(room.name, () => commitShared(shared, room, conn, update, wire))
        .catch((error: unknown) => {
          log(`live: storing an update of ${room.name} failed: ${String(error)}`);
          discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
        });
      return unchangedVerdict();
    }
    // Judged in `doc` itself: accepted, it is applied already.
    const judged = judge(room, conn, update);
    if (!judged.ok) return judged;
    const { verdict, claims } = judged;
    // Nothing integrated: nothing to store or send.
    if (!verdict.changedDoc) return verdict;
    // Stale edits were taken out again (the guard's amend): stored and sent with the update.
    const stale = staleEditsOf(room, verdict);
    const stored = verdict.amend ? Y.mergeUpdates([update, verdict.amend]) : update;
    owedToScratch(room, stored);
    const accepted = acceptInto(room, conn, verdict);
    room.approxBytes += stored.length;
    const claimed: ClientIdClaim[] = [];
    for (const clientId of claims) {
      room.writers.set(clientId, conn);
      if (room.owners.get(clientId) === conn.principal) continue;
      room.owners.set(clientId, conn.principal);
      claimed.push({ clientId, principal: conn.principal });
    }
    const recordChange = options.recordChange;
    const queued: QueuedUpdate = {
      room,
      sender: conn,
      // The guard let all of it in (no pending structs), so the update as received is what the
      // others need: an Update message goes out byte for byte, a SyncStep2 as an Update.
      message: stale ? encodeUpdateMessage(stored) : (wire ?? encodeUpdateMessage(update)),
      toSender: stale?.toSender ?? null,
      entry: {
        docName: room.name,
        quoteId: room.quoteId,
        // All of it was integrated (no pending structs), so the update as received is what is
        // stored: a duplicate part costs bytes in the log until the next compaction, never state.
        update: stored,
        listing: listingChange(room, verdict),
        claims: claimed,
        handoff: handoffOf(room, conn, verdict),
        alsoRecord:
          room.kind === "deal" && recordChange
            ? (at) => {
                queued.history = recordChange({
                  quoteId: room.quoteId,
                  role: conn.role,
                  before: verdict.before,
                  after: verdict.after,
                  keys: verdict.keys,
                  at,
                  actor: conn.identity.dealer?.label,
                  conflicts: stale?.conflicts,
                });
              }
            : undefined,
      },
      accepted,
      history: null,
    };
    batch.add(queued);
    return verdict;
  }

  /**
   * Group commit: every update accepted since the last commit goes into one SQLite transaction,
   * then each is broadcast in order. Runs once per event-loop turn (setImmediate, after all the
   * sockets read in this turn), and at once before anything reads a room's content for someone
   * (SyncStep2, REST reads, unload), so no one ever sees an uncommitted update. A failed commit
   * stored none of them and nobody saw them: those rooms are dropped from memory (their sockets
   * closed with 1011) and load again from disk; the clients still hold their edits and resend them.
   */
  function commit() {
    const pending = batch.take();
    if (pending.length === 0) return;
    let seqs: number[];
    const committed = liveMetrics.commitTimer();
    try {
      seqs = sqlite().appendMany(pending.map((item) => item.entry));
      committed();
      liveMetrics.accepted(pending.length);
    } catch (error) {
      const failed = new Map<Room, number>();
      for (const { room } of pending) failed.set(room, (failed.get(room) ?? 0) + 1);
      for (const [room, count] of failed) {
        const what = count === 1 ? "an update" : `${count} updates`;
        log(`live: storing ${what} of ${room.name} failed: ${String(error)}`);
        discard(room, LIVE_CLOSE_CODES.serverError, LIVE_CLOSE_REASONS.serverError);
      }
      return;
    }
    const committedAt = performance.timeOrigin + performance.now();
    const compactLater = new Set<Room>();
    pending.forEach((item, index) => {
      const { room } = item;
      room.lastSeq = seqs[index] as number;
      room.logLength += 1;
      for (const other of room.conns) if (other !== item.sender) send(other, item.message);
      if (item.toSender) for (const message of item.toSender) send(item.sender, message);
      if (item.history) sendHistory(room, item.history);
      if (room.logLength > options.compactAfter) compactLater.add(room);
    });
    for (const room of compactLater) if (rooms.get(room.name) === room) compact(room);
    if (pending.some((item) => (item.entry.handoff?.length ?? 0) > 0)) options.onHandoffStored?.();
    if (options.onAcceptedUpdate)
      for (const item of pending)
        if (item.accepted) options.onAcceptedUpdate({ ...item.accepted, committedAt });
  }
  const batch = createCommitBatch(commit);

  /** Refuses a connection's update for good: it is closed, and its page starts again from the server's copy. */
  function refuse(room: Room, conn: Conn, refusal: Pick<Refusal, "reason" | "close" | "missing">) {
    liveMetrics.refused(refusal.reason);
    if (refusal.missing) {
      // Nothing of it was applied, and nothing is wrong with it: the sender gets the server's
      // state vector and answers with everything the server lacks, the update included (issue #36).
      log(`live: asked a ${conn.role} on ${room.name} for changes an update builds on`);
      send(conn, encodeSyncStep1(room.doc));
      return;
    }
    log(`live: refused an update from a ${conn.role} on ${room.name}: ${refusal.reason}`);
    const close = refusal.close ?? "changeRefused";
    conn.ws.close(LIVE_CLOSE_CODES[close], LIVE_CLOSE_REASONS[close]);
  }

  /**
   * Shared mode, inside the document's queue: judge the update at the head, append it with a
   * compare-and-set on the head seq (claims and history in the same transaction), and only once
   * it committed apply it to `doc`, send it to the room and publish it to the other processes.
   * Someone else appended first: catch up, judge again. A refusal stands only when nothing newer
   * exists. The sender gone meanwhile: nothing is stored (its page sends it again when it comes back).
   */
  async function commitShared(
    sharedRooms: SharedRooms,
    room: Room,
    conn: Conn,
    update: Uint8Array,
    wire: Uint8Array | null,
  ) {
    const { follower } = sharedRooms;
    let stateChecked = false;
    for (let attempt = 0; ; attempt += 1) {
      // A socket being closed (its holder lost the right to write here) writes nothing more.
      if (rooms.get(room.name) !== room || !room.conns.has(conn) || conn.ws.readyState !== conn.ws.OPEN)
        return;
      room.scratchV2 = null;
      const judged = judge(room, conn, update);
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
        if (rooms.get(room.name) === room) refuse(room, conn, judged);
        return;
      }
      const { verdict, claims } = judged;
      const delta = room.scratchV2 as Uint8Array | null;
      room.scratchV2 = null;
      if (!verdict.changedDoc || !delta) return;
      const claimed: ClientIdClaim[] = claims
        .filter((clientId) => room.owners.get(clientId) !== conn.principal)
        .map((clientId) => ({ clientId, principal: conn.principal }));
      const stale = staleEditsOf(room, verdict);
      const committed = liveMetrics.commitTimer();
      const result = await sharedRooms.store.append({
        docName: room.name,
        quoteId: room.quoteId,
        expectedSeq: room.lastSeq,
        expectedState: room.stateSeq,
        update: delta,
        listing: listingChange(room, verdict),
        claims: claimed,
        handoff: handoffOf(room, conn, verdict),
        change:
          room.kind === "deal" && (verdict.keys.length > 0 || stale !== null)
            ? {
                quoteId: room.quoteId,
                role: conn.role,
                before: verdict.before,
                after: verdict.after,
                keys: verdict.keys,
                actor: conn.identity.dealer?.label,
                conflicts: stale?.conflicts,
              }
            : null,
      });
      if (rooms.get(room.name) !== room) return;
      if (result.status === "claimed") {
        // Another process's connection claimed the id first: refused, and the owners read again.
        room.owners = await sharedRooms.store.owners(room.name);
        rebuildScratch(room);
        if (rooms.get(room.name) === room) refuse(room, conn, { reason: "client id claimed elsewhere" });
        return;
      }
      if (result.status === "gone") {
        discard(room, LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
        return;
      }
      if (result.status === "stale") {
        rebuildScratch(room);
        await follower.catchUp(room.name);
        continue;
      }
      if (result.status === "state") {
        // The deal's state changed (locked, renewed, reassigned, a role) since the judgement:
        // read it, then judge again at it (the lock refuses, a lost right closes the socket).
        rebuildScratch(room);
        await options.refreshState(room.quoteId);
        continue;
      }
      committed();
      liveMetrics.accepted(1);
      Y.applyUpdateV2(room.doc, delta, conn);
      room.lastSeq = result.seq;
      room.logLength += 1;
      const accepted = acceptInto(room, conn, verdict);
      room.approxBytes += delta.length;
      for (const clientId of claims) {
        room.writers.set(clientId, conn);
        room.owners.set(clientId, conn.principal);
      }
      const message = verdict.amend
        ? encodeUpdateMessage(Y.mergeUpdates([update, verdict.amend]))
        : (wire ?? encodeUpdateMessage(update));
      follower.committed(room.name, result.seq, delta, message);
      for (const other of room.conns) if (other !== conn) send(other, message);
      if (stale) for (const toSender of stale.toSender) send(conn, toSender);
      if (result.history) sendHistory(room, result.history);
      if (result.handoffStored) options.onHandoffStored?.();
      if (accepted)
        options.onAcceptedUpdate?.({ ...accepted, committedAt: performance.timeOrigin + performance.now() });
      if (room.logLength > options.compactAfter) await compactShared(sharedRooms, room);
      return;
    }
  }

  /** Shared mode: folds the log into the state (an older snapshot never replaces a newer one). */
  async function compactShared(sharedRooms: SharedRooms, room: Room) {
    if (room.logLength === 0) return;
    const state = encodeState(room.doc);
    const seq = room.lastSeq;
    const figures = room.kind === "deal" ? listingFiguresOfDoc(room.doc) : null;
    try {
      await sharedRooms.store.log.compact(room.name, state, seq);
      room.logLength = 0;
      if (figures) await sharedRooms.store.setListingFigures(room.quoteId, figures);
      // Issue #38: the Gross column follows the deal and the economics documents (listing-gross.ts).
      const sibling = grossSiblingName(room);
      if (!sibling) return;
      const siblingDoc = rooms.get(sibling)?.doc;
      const stored = siblingDoc ? null : await sharedRooms.store.log.load(sibling);
      const gross = roomGrossCents(room, siblingDoc ?? (stored ? storedFromLoaded(stored) : null));
      await sharedRooms.store.setListingGross(room.quoteId, gross);
    } catch (error) {
      log(`live: compaction of ${room.name} failed: ${String(error)}`);
    }
  }

  /** Shared mode: updates other processes committed, in order (the follower calls this in the queue). */
  function applyRemote(docName: string, updates: readonly LoggedUpdate[]) {
    const room = rooms.get(docName);
    if (!room) return;
    for (const { seq, update, wire } of updates) {
      Y.applyUpdateV2(room.doc, update, REMOTE);
      owedToScratch(room, update);
      room.lastSeq = seq;
      room.logLength += 1;
      room.approxBytes += update.length;
      // The sender's clients' message when the bus brought it; from the log, encoded here.
      const message = wire ?? encodeUpdateMessage(Y.convertUpdateFormatV2ToV1(update));
      for (const conn of room.conns) send(conn, message);
    }
    room.entriesStale = true;
  }

  /** Shared mode: the missing updates were compacted away; merge the stored document and send the difference. */
  function reloadRemote(
    docName: string,
    loaded: { state: Uint8Array; updates: { update: Uint8Array }[]; headSeq: number },
  ) {
    const room = rooms.get(docName);
    if (!room) return;
    const before = Y.encodeStateVector(room.doc);
    Y.applyUpdateV2(room.doc, loaded.state, REMOTE);
    for (const { update } of loaded.updates) Y.applyUpdateV2(room.doc, update, REMOTE);
    room.lastSeq = loaded.headSeq;
    room.logLength = loaded.updates.length;
    room.entriesStale = true;
    room.approxBytes = encodeState(room.doc).length;
    rebuildScratch(room);
    const message = encodeUpdateMessage(Y.encodeStateAsUpdate(room.doc, before));
    for (const conn of room.conns) send(conn, message);
  }

  /**
   * Shared mode: the last connection left. Unloaded in the document's queue, after the appends
   * still in it, unless someone joined meanwhile; the log is folded into the state on the way out.
   */
  function unloadShared(sharedRooms: SharedRooms, room: Room): Promise<void> {
    return sharedRooms.follower
      .enqueue(room.name, async () => {
        const wanted = () => room.conns.size > 0 || room.pins > 0 || rooms.get(room.name) !== room;
        if (wanted()) return;
        await compactShared(sharedRooms, room);
        if (wanted()) return;
        destroy(room);
      })
      .catch((error: unknown) => log(`live: unloading ${room.name} failed: ${String(error)}`));
  }

  /** Closes every connection of a room and drops it without storing (deleted quote, storage failure). */
  function discard(room: Room, code: number, reason: string) {
    batch.drop(room);
    if (rooms.get(room.name) === room) destroy(room);
    for (const conn of [...room.conns]) conn.ws.close(code, reason);
    room.conns.clear();
  }

  function listingChange(room: Room, verdict: GuardVerdict & { ok: true }): ListingChange | null {
    if (room.kind === "deal" && verdict.keys.includes("vehicle.description"))
      return { vehicleDescription: String(verdict.after.get("vehicle.description") ?? "") };
    if (room.kind === "private" && verdict.keys.includes("customerInfo.name"))
      return { customerName: String(verdict.after.get("customerInfo.name") ?? "") };
    return null;
  }

  return {
    rooms,
    open,
    applyUpdate,
    get: (name: string) => rooms.get(name),
    /** Removes a connection; the last one out compacts and unloads the room. */
    leave(conn: Conn) {
      const room = conn.room;
      if (!room.conns.delete(conn)) return;
      for (const [clientId, writer] of room.writers) if (writer === conn) room.writers.delete(clientId);
      // The leaving connection as origin: its removals reach the other processes as its own.
      if (conn.awarenessIds.size > 0) removeAwarenessStates(room.awareness, [...conn.awarenessIds], conn);
      if (room.conns.size === 0 && rooms.get(room.name) === room) {
        if (shared) {
          unloadShared(shared, room);
          return;
        }
        batch.flush();
        compact(room);
        destroy(room);
      }
    },
    /** Shared mode: an admitted socket joined (`joined`) or never will; the room may unload once unpinned. */
    unpin(room: Room, joined: boolean) {
      room.pins = Math.max(0, room.pins - 1);
      if (shared && !joined && room.conns.size === 0 && rooms.get(room.name) === room)
        unloadShared(shared, room);
    },
    openShared: (name: string, quoteId: string, kind: DocKind, state: RoomState) => {
      if (!shared) throw new Error("openShared needs shared mode");
      return openShared(shared, name, quoteId, kind, state);
    },
    /** Shared mode: the follower's handlers (other processes' commits, reloads, deletions). */
    remote: {
      onUpdates: applyRemote,
      onReload: reloadRemote,
      /**
       * Presence another process relayed: applied as remote and sent to this process's sockets;
       * its client ids are `owner`'s (nobody here may announce or write under them).
       */
      onAwareness(docName: string, update: Uint8Array, owner: string) {
        const room = rooms.get(docName);
        if (!room) return;
        try {
          for (const entry of decodeAwarenessUpdate(update))
            if (entry.state === null) room.remoteOwners.delete(entry.clientId);
            else room.remoteOwners.set(entry.clientId, owner);
          applyAwarenessUpdate(room.awareness, update, REMOTE);
        } catch (error) {
          log(`live: presence from another process for ${docName} does not decode: ${String(error)}`);
        }
      },
      onGone(docName: string) {
        const room = rooms.get(docName);
        if (room) discard(room, LIVE_CLOSE_CODES.quoteDeleted, LIVE_CLOSE_REASONS.quoteDeleted);
      },
    },
    discard,
    refuse,
    /**
     * Issue #36: client ids `conn` announced in its presence become its principal's, exactly as
     * ids written under do, for the document's life (stored with the claims): nobody else may
     * write under them once its socket is gone. Ids someone owns already keep their owner.
     */
    reserve(conn: Conn, clientIds: readonly number[]) {
      const room = conn.room;
      const claims: ClientIdClaim[] = [];
      for (const clientId of clientIds)
        if (!room.owners.has(clientId)) {
          room.owners.set(clientId, conn.principal);
          claims.push({ clientId, principal: conn.principal });
        }
      if (claims.length === 0) return;
      if (!shared) {
        try {
          sqlite().claimClientIds(room.name, room.quoteId, claims);
        } catch (error) {
          // Not stored: the ids stay this open connection's (mayAnnounce made it their writer, as
          // before issue #36), and are claimed for good with the first update written under them.
          log(`live: storing presence claims of ${room.name} failed: ${String(error)}`);
          for (const claim of claims) room.owners.delete(claim.clientId);
        }
        return;
      }
      shared.store
        .claim(room.name, room.quoteId, claims)
        // Another process's connection claimed one first: its owner stands.
        .then((stored) => {
          for (const [clientId, principal] of stored) room.owners.set(clientId, principal);
        })
        .catch((error: unknown) =>
          log(`live: storing presence claims of ${room.name} failed: ${String(error)}`),
        );
    },
    /** Commits the updates queued for the group commit now, if any (before a room's content is read). */
    commitPending: () => batch.flush(),
    /** Flushes and unloads every room (shutdown). */
    async closeAll(code: number, reason: string) {
      if (shared) {
        const all = [...rooms.values()];
        for (const room of all) {
          for (const conn of [...room.conns]) conn.ws.close(code, reason);
          room.conns.clear();
        }
        // Each room's queued appends finish first; then its log is folded into its state.
        await Promise.all(all.map((room) => unloadShared(shared, room)));
        return;
      }
      batch.flush();
      for (const room of [...rooms.values()]) {
        compact(room);
        destroy(room);
        for (const conn of [...room.conns]) conn.ws.close(code, reason);
        room.conns.clear();
      }
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
