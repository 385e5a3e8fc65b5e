import { removeAwarenessStates } from "y-protocols/awareness";
import type { ClientIdClaim } from "../../db/repositories/documents";
import { DocumentMissingError } from "../../db/stored-doc";
import type { LiveBus } from "../fanout/bus";
import type { DocumentLog, LoadedRoomDocument, RoomSet } from "../logs/document-log";
import { refuse } from "../stages/admit";
import type { Conn, Room, RoomState } from "../stages/room-types";
import type { DocKind } from "../stages/update-guard";
import { createPipeline, type PipelineOptions } from "./pipeline";
import { createRemoteStage } from "./remote";
import { createRoomRegistry } from "./room-registry";

// The rooms of this process, with the live pipeline (pipeline.ts) that writes to them. One path for
// both deployments: the document log and the bus, chosen once by the wiring (deployment.ts), are
// what differs.
//
// Guarantees:
// - A room is loaded once however many sockets ask at the same time, and pinned for each asker
//   until its socket joins (or never will): it is not unloaded under a socket being admitted.
// - The last connection out (and no pin left) folds the room's log into its state and unloads it.
// - Where the log reads several documents at once (PostgreSQL), the first load of a dealer's
//   documents reads the quote's others with it; each is kept as read for READ_AHEAD_MS, and its
//   room made only when its own socket asks. A room made from a read ahead is brought to the head
//   when it is opened (the follower catches up from the seq it was read at), like any load.
// - A discarded room (its quote deleted, its storage failed) closes every socket and stores nothing
//   more; what waited for the group commit is forgotten (nobody saw it).

/** How long documents read with a sibling wait for their own socket. */
const READ_AHEAD_MS = 5000;

type Sibling = { name: string; kind: DocKind };
type ReadAhead = Promise<(() => Promise<LoadedRoomDocument>) | undefined>;

type RoomsOptions = PipelineOptions & {
  log: (line: string) => void;
  /** How this process tells the others (bus.ts): nobody on SQLite, Redis with several processes. */
  bus: LiveBus;
  /** Makes the deployment's document log for these rooms (sqlite-log.ts or postgres-log.ts). */
  documentLog(set: RoomSet): DocumentLog;
};

export function createRooms(options: RoomsOptions) {
  const { bus } = options;
  const rooms = new Map<string, Room>();
  /** Rooms being loaded (single flight: one load per document however many sockets ask). */
  const loading = new Map<string, Promise<Room>>();

  const set: RoomSet = {
    rooms,
    destroy: (room) => registry.destroy(room),
    discard(room, code, reason) {
      documentLog.drop(room);
      if (rooms.get(room.name) === room) registry.destroy(room);
      for (const conn of [...room.conns]) conn.ws.close(code, reason);
      room.conns.clear();
    },
    refuse: (room, conn, refusal) => refuse(options.log, room, conn, refusal),
  };
  const documentLog = options.documentLog(set);
  const { space } = documentLog;
  const registry = createRoomRegistry(rooms, space, bus);
  const pipeline = createPipeline(set, documentLog, bus, options);

  const unloadIfUnwanted = (room: Room) => {
    if (room.conns.size === 0 && room.pins === 0 && rooms.get(room.name) === room)
      void documentLog.unload(room);
  };

  /** Documents read with a sibling's load, until their own socket asks (or READ_AHEAD_MS passes). */
  const readAhead = new Map<string, ReadAhead>();

  /** The document as stored: read ahead with a sibling, read together with `siblings`, or alone. */
  async function read(name: string, quoteId: string, kind: DocKind, siblings: readonly Sibling[]) {
    const ahead = readAhead.get(name);
    if (ahead) {
      readAhead.delete(name);
      const made = await ahead;
      if (made) return made();
      // Not read (the read failed, or found no such document): read alone, which says why.
    }
    const together = siblings.filter(
      (s) => !rooms.has(s.name) && !loading.has(s.name) && !readAhead.has(s.name),
    );
    if (!documentLog.loadTogether || together.length === 0) return documentLog.load(name, quoteId, kind);
    const all = documentLog.loadTogether(quoteId, [{ name, kind }, ...together]);
    for (const sibling of together) {
      const entry: ReadAhead = all.then(
        (made) => made.get(sibling.name),
        () => undefined,
      );
      readAhead.set(sibling.name, entry);
      setTimeout(() => {
        if (readAhead.get(sibling.name) === entry) readAhead.delete(sibling.name);
      }, READ_AHEAD_MS).unref();
    }
    const made = (await all).get(name);
    if (!made) throw new DocumentMissingError(name);
    return made();
  }

  /** Loads the document and makes its room (the load's single flight). */
  async function load(
    name: string,
    quoteId: string,
    kind: DocKind,
    state: RoomState,
    siblings: readonly Sibling[],
  ): Promise<Room> {
    const loaded = await read(name, quoteId, kind, siblings);
    const room = registry.makeRoom(name, quoteId, kind, state, loaded);
    await documentLog.opened(room, loaded);
    return room;
  }

  return {
    rooms,
    get: (name: string) => rooms.get(name),
    /**
     * Loads (or returns) the room and pins it until its socket joins (see unpin). Rejects with a
     * DocumentLoadError when the stored document is unusable (DocumentMissingError: its quote is gone).
     * `siblings`: the quote's other documents the same page opens next (a dealer's), read with it.
     */
    open(
      name: string,
      quoteId: string,
      kind: DocKind,
      state: RoomState,
      siblings: readonly Sibling[] = [],
    ): Promise<Room> {
      const pin = (room: Room) => {
        room.pins += 1;
        return room;
      };
      const existing = rooms.get(name);
      if (existing) return Promise.resolve(pin(existing));
      let inFlight = loading.get(name);
      if (!inFlight) {
        inFlight = load(name, quoteId, kind, state, siblings).finally(() => loading.delete(name));
        loading.set(name, inFlight);
      }
      return inFlight.then(pin);
    },
    /** An admitted socket joined (`joined`) or never will; the room may unload once unpinned. */
    unpin(room: Room, joined: boolean) {
      room.pins = Math.max(0, room.pins - 1);
      if (!joined) unloadIfUnwanted(room);
    },
    /** An update from a socket: the live pipeline. */
    write: pipeline.write,
    /** Removes a connection; the last one out folds the room's log into its state and unloads it. */
    leave(conn: Conn) {
      const room = conn.room;
      if (!room.conns.delete(conn)) return;
      for (const [clientId, writer] of room.writers) if (writer === conn) room.writers.delete(clientId);
      // The leaving connection as origin: its removals reach the other processes as its own.
      if (conn.awarenessIds.size > 0) removeAwarenessStates(room.awareness, [...conn.awarenessIds], conn);
      unloadIfUnwanted(room);
    },
    /** Several processes: the follower's handlers (other processes' commits, reloads, deletions, presence). */
    remote: createRemoteStage(set, options.log, space),
    discard: set.discard,
    refuse: set.refuse,
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
      if (claims.length > 0) documentLog.claim(room, claims);
    },
    /** Commits the updates queued for the group commit now, if any (before a room's content is read). */
    commitPending: () => documentLog.flush(),
    /** Brings a loaded room to its stored head before its content is read for someone. */
    current: (room: Room) => documentLog.current(room),
    /** Closes every socket, then each room's pending writes finish, its log is folded and it unloads (shutdown). */
    async closeAll(code: number, reason: string) {
      const all = [...rooms.values()];
      for (const room of all) {
        for (const conn of [...room.conns]) conn.ws.close(code, reason);
        room.conns.clear();
      }
      await documentLog.closeAll(all);
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
