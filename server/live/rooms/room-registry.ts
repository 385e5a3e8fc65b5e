import { Awareness, encodeAwarenessUpdate } from "y-protocols/awareness";
import { encodeState } from "../../db/stored-doc";
import type { LiveBus } from "../fanout/bus";
import type { LoadedRoomDocument } from "../logs/document-log";
import { send } from "../stages/broadcast";
import { entriesOf } from "../stages/judge";
import { encodeAwarenessMessage } from "../stages/protocol";
import type { Conn, Room, RoomState } from "../stages/room-types";
import type { DocKind } from "../stages/update-guard";
import { captureScratch, newCopy, releasingTransactions, type Workspace } from "../stages/workspace";

// The rooms: one per loaded document, after the reference y-websocket server's getYDoc pattern.
// A document log loads the document (once however many sockets ask, before any of them joins:
// rooms.ts); this module makes the room around it and lets it go. A room is dropped from memory as soon as its last connection leaves,
// after its log is folded into its stored state.
//
// Guarantees:
// - A room starts from the stored document only: `doc` and its copy equal, its entries read from
//   it, the deal's state as the handshake read it (lifecycle-watch.ts keeps it current).
// - Presence changes go to every socket of the room, the sender included (it keeps the provider's
//   30 s watchdog fed), and this process's own sockets' changes go out on the bus with whose they
//   are (a state timed out here is not this process's to tell).

export function createRoomRegistry(rooms: Map<string, Room>, space: Workspace, bus: LiveBus) {
  function makeRoom(
    name: string,
    quoteId: string,
    kind: DocKind,
    state: RoomState,
    loaded: LoadedRoomDocument,
  ): Room {
    const doc = releasingTransactions(loaded.doc);
    const storedState = loaded.storedState ?? null;
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
      stateRead: false,
      doc,
      ...newCopy(space, { name, doc }, storedState),
      awareness,
      conns: new Set(),
      entries: entriesOf(doc, kind),
      entriesStale: false,
      lastSeq: loaded.lastSeq,
      logLength: loaded.logLength,
      owners: loaded.owners,
      writers: new Map(),
      approxBytes: (storedState ?? encodeState(doc)).length,
      scratchV2: null,
      scratchBehind: [],
      pins: 0,
      remoteOwners: new Map(),
      labels: new Map(),
    };
    // In place: nothing listens for `doc`'s updates, so Yjs encodes none; the log and the wire get
    // the update as the client sent it (sqlite-log.ts).
    if (!space.inPlace) captureScratch(room);
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
        // This process's own sockets' presence changes go to the other processes' rooms too, with
        // whose they are (a state timed out here is not this process's to tell).
        if (origin && typeof origin === "object" && "principal" in origin)
          bus.publishAwareness(name, update, (origin as Conn).principal);
      },
    );
    rooms.set(name, room);
    return room;
  }

  function destroy(room: Room) {
    rooms.delete(room.name);
    bus.untrack(room.name);
    room.awareness.destroy();
    room.doc.destroy();
    room.scratch?.destroy();
  }

  return { makeRoom, destroy };
}
