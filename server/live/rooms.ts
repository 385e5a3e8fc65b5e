import { dealArray, type FlatEntries, privateArray, readEntries } from "@shared/quote-doc";
import type { WebSocket } from "ws";
import { Awareness, encodeAwarenessUpdate, removeAwarenessStates } from "y-protocols/awareness";
import * as Y from "yjs";
import type { RecordedChange } from "../history/recorder";
import { liveMetrics } from "../metrics/metrics";
import type { LiveIdentity, QuoteRole } from "../policies/quote-access";
import type { DocStore, ListingChange } from "./persistence";
import { encodeAwarenessMessage, encodeUpdateMessage } from "./protocol";
import { encodeState, loadStoredDoc } from "./stored-doc";
import { type DocKind, type GuardVerdict, judgeUpdate } from "./update-guard";

// Rooms: one per loaded document, after the reference y-websocket server's getYDoc pattern, but
// loading synchronously from SQLite (better-sqlite3), so no message can arrive while a room is
// half loaded. A room is dropped from memory as soon as its last connection leaves, after its
// update log is compacted into the state blob.

export type Conn = {
  ws: WebSocket;
  identity: LiveIdentity;
  role: QuoteRole;
  ip: string;
  quoteId: string;
  room: Room;
  /** Awareness client ids this connection announced (removed when it leaves). */
  awarenessIds: Set<number>;
  alive: boolean;
};

export type Room = {
  name: string;
  quoteId: string;
  kind: DocKind;
  expiresAt: number;
  doc: Y.Doc;
  /** Guard copy: same content as `doc`, no observers; updates are tried here first. */
  scratch: Y.Doc;
  awareness: Awareness;
  conns: Set<Conn>;
  entries: FlatEntries;
  /** Highest stored log seq and number of log rows since the last compaction. */
  lastSeq: number;
  logLength: number;
  /** The delta of the update being applied, from the doc's events: V1 for the wire, V2 for storage. */
  captured: Uint8Array | null;
  capturedV2: Uint8Array | null;
};

export type AcceptedUpdate = {
  quoteId: string;
  docName: string;
  role: QuoteRole;
  changedFields: Set<string>;
  before: FlatEntries;
  after: FlatEntries;
  /** When the update's row was committed (performance.timeOrigin + performance.now(), ms). */
  committedAt: number;
};

export type RoomsOptions = {
  store: DocStore;
  log: (line: string) => void;
  /** Compact the log into the state blob once it holds more rows than this. */
  compactAfter: number;
  onAcceptedUpdate?: (event: AcceptedUpdate) => void;
  /** Records a deal document's accepted change inside the append's transaction (the deal's history). */
  recordChange?: (change: RecordedChange) => void;
};

export type ApplyResult = GuardVerdict | { ok: false; reason: string; storageFailed: true };

export function send(conn: Conn, message: Uint8Array): void {
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(message, (error) => error && conn.ws.terminate());
}

const entriesOf = (doc: Y.Doc, kind: DocKind) =>
  readEntries(kind === "deal" ? dealArray(doc) : privateArray(doc));

export function createRooms(options: RoomsOptions) {
  const { store, log } = options;
  const rooms = new Map<string, Room>();

  function rebuildScratch(room: Room) {
    room.scratch.destroy();
    room.scratch = new Y.Doc({ guid: room.name });
    Y.applyUpdateV2(room.scratch, encodeState(room.doc));
  }

  function destroy(room: Room) {
    rooms.delete(room.name);
    room.awareness.destroy();
    room.doc.destroy();
    room.scratch.destroy();
  }

  function compact(room: Room) {
    if (room.logLength === 0) return;
    try {
      store.compact(room.name, encodeState(room.doc), room.lastSeq);
      room.logLength = 0;
    } catch (error) {
      // The log still holds every update; compaction is retried at the next opportunity.
      log(`live: compaction of ${room.name} failed: ${String(error)}`);
    }
  }

  /** Loads (or returns) the room; throws DocumentLoadError when the stored document is unusable. */
  function open(name: string, quoteId: string, kind: DocKind, expiresAt: number): Room {
    const existing = rooms.get(name);
    if (existing) return existing;
    const { doc, lastSeq, logLength } = loadStoredDoc(store, name);
    const scratch = new Y.Doc({ guid: name });
    Y.applyUpdateV2(scratch, encodeState(doc));
    const awareness = new Awareness(doc);
    awareness.setLocalState(null);
    const room: Room = {
      name,
      quoteId,
      kind,
      expiresAt,
      doc,
      scratch,
      awareness,
      conns: new Set(),
      entries: entriesOf(doc, kind),
      lastSeq,
      logLength,
      captured: null,
      capturedV2: null,
    };
    doc.on("update", (update: Uint8Array) => {
      room.captured = room.captured ? Y.mergeUpdates([room.captured, update]) : update;
    });
    // Yjs encodes both formats straight from the transaction: cheaper than converting V1 to V2.
    doc.on("updateV2", (update: Uint8Array) => {
      room.capturedV2 = room.capturedV2 ? Y.mergeUpdatesV2([room.capturedV2, update]) : update;
    });
    awareness.on(
      "update",
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        if (origin && room.conns.has(origin as Conn)) {
          const conn = origin as Conn;
          for (const id of added) conn.awarenessIds.add(id);
          for (const id of removed) conn.awarenessIds.delete(id);
        }
        // Sent to everyone, the sender included: it keeps the provider's 30 s watchdog fed.
        const message = encodeAwarenessMessage(encodeAwarenessUpdate(awareness, changed));
        for (const conn of room.conns) send(conn, message);
      },
    );
    rooms.set(name, room);
    return room;
  }

  /** Guard, apply, append, then broadcast (in that order: nothing is sent before it is stored). */
  function applyUpdate(room: Room, conn: Conn, update: Uint8Array): ApplyResult {
    const before = room.entries;
    const verdict = judgeUpdate(room.scratch, update, {
      kind: room.kind,
      role: conn.role,
      expired: room.expiresAt < Date.now(),
      before,
    });
    if (!verdict.ok) {
      rebuildScratch(room);
      return verdict;
    }
    if (!verdict.changedDoc) return verdict;
    room.captured = null;
    room.capturedV2 = null;
    Y.applyUpdate(room.doc, update, conn);
    const delta = room.captured as Uint8Array | null;
    const deltaV2 = room.capturedV2 as Uint8Array | null;
    room.captured = null;
    room.capturedV2 = null;
    if (!delta || !deltaV2) return verdict;
    room.entries = verdict.after;
    let committedAt = 0;
    const committed = liveMetrics.commitTimer();
    try {
      room.lastSeq = store.append(
        room.name,
        room.quoteId,
        deltaV2,
        listingChange(room, verdict),
        room.kind === "deal" && options.recordChange
          ? (at) =>
              options.recordChange?.({
                quoteId: room.quoteId,
                role: conn.role,
                before,
                after: verdict.after,
                keys: verdict.keys,
                at,
              })
          : undefined,
      );
      committed();
      liveMetrics.accepted();
      room.logLength += 1;
      committedAt = performance.timeOrigin + performance.now();
    } catch (error) {
      // Not stored means not seen by anyone: drop the room so the next load comes from disk.
      log(`live: storing an update of ${room.name} failed: ${String(error)}`);
      return { ok: false, reason: "storage failed", storageFailed: true };
    }
    const message = encodeUpdateMessage(delta);
    for (const other of room.conns) if (other !== conn) send(other, message);
    if (room.logLength > options.compactAfter) compact(room);
    if (verdict.fields.size > 0)
      options.onAcceptedUpdate?.({
        quoteId: room.quoteId,
        docName: room.name,
        role: conn.role,
        changedFields: verdict.fields,
        before,
        after: verdict.after,
        committedAt,
      });
    return verdict;
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
      if (conn.awarenessIds.size > 0) removeAwarenessStates(room.awareness, [...conn.awarenessIds], null);
      if (room.conns.size === 0 && rooms.get(room.name) === room) {
        compact(room);
        destroy(room);
      }
    },
    /** Closes every connection of a room and drops it without storing (deleted quote, storage failure). */
    discard(room: Room, code: number, reason: string) {
      if (rooms.get(room.name) === room) destroy(room);
      for (const conn of [...room.conns]) conn.ws.close(code, reason);
      room.conns.clear();
    },
    /** Flushes and unloads every room (shutdown). */
    closeAll(code: number, reason: string) {
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
