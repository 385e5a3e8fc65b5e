import { removeAwarenessStates } from "y-protocols/awareness";
import type { ClientIdClaim } from "../db/sqlite/document-store";
import { admitUpdate, refuse } from "./admit";
import { localBus, sharedBus } from "./bus";
import type { DocumentLog, Pipeline } from "./document-log";
import { createPostgresLog } from "./postgres-log";
import { createRemoteStage } from "./remote";
import { createRoomRegistry } from "./room-registry";
import type { Conn, Refusal, Room, RoomState, RoomsOptions } from "./room-types";
import { createSqliteLog } from "./sqlite-log";
import type { DocKind, GuardVerdict } from "./update-guard";

// The live pipeline, assembled (docs/ARCHITECTURE.md, "The live path"). One path for both
// deployments; each stage is a module that says what it guarantees:
//
//   decode     protocol.ts, connection.ts   a socket's bytes into messages; malformed closes it
//   admit      admit.ts                     size, rate, a closing socket; identity and bounds
//   judge      judge.ts, update-guard.ts    the permissions table, values, deal rules, the lock
//   cap        payment-request.ts           a shopper's payment requests per quote and device (#47)
//   commit     sqlite-log.ts | postgres-log.ts   the document log (document-log.ts)
//   apply      workspace.ts                 the judged update stays in (or reaches) `doc`
//   broadcast  broadcast.ts, bus.ts         the room's sockets, then other processes
//   record     record.ts                    history, listing columns, outbox events, entries
//
// What differs between one process and several is the document log and the bus, chosen here
// once; rooms (room-registry.ts) and other processes' commits (remote.ts) are the same for both.

export function createRooms(options: RoomsOptions) {
  const { shared } = options;
  const rooms = new Map<string, Room>();
  const bus = shared ? sharedBus(shared) : localBus;
  const space = { inPlace: !shared };
  const registry = createRoomRegistry(rooms, space, bus);

  const pipeline: Pipeline = {
    options,
    rooms,
    makeRoom: registry.makeRoom,
    destroy: registry.destroy,
    discard(room, code, reason) {
      documentLog.drop(room);
      if (rooms.get(room.name) === room) registry.destroy(room);
      for (const conn of [...room.conns]) conn.ws.close(code, reason);
      room.conns.clear();
    },
    refuse: (room, conn, refusal) => refuse(options.log, room, conn, refusal),
  };

  const documentLog: DocumentLog = shared
    ? createPostgresLog(pipeline, shared, bus)
    : createSqliteLog(pipeline, sqliteStore(options));

  /** Admitted, then judged, committed, applied, broadcast and recorded by the document log. */
  function applyUpdate(
    room: Room,
    conn: Conn,
    update: Uint8Array,
    wire: Uint8Array | null,
  ): GuardVerdict | Refusal {
    return admitUpdate(options.bounds, conn, update) ?? documentLog.write(room, conn, update, wire);
  }

  return {
    rooms,
    applyUpdate,
    get: (name: string) => rooms.get(name),
    /** One process: loads (or returns) the room; throws DocumentLoadError when the stored document is unusable. */
    open(name: string, quoteId: string, kind: DocKind, state: RoomState): Room {
      if (shared) throw new Error("open runs on SQLite: use openShared");
      return documentLog.open(name, quoteId, kind, state) as Room;
    },
    /** Several processes: loads (or returns) the room and pins it until its socket joins (see unpin). */
    openShared(name: string, quoteId: string, kind: DocKind, state: RoomState): Promise<Room> {
      if (!shared) throw new Error("openShared needs shared mode");
      return documentLog.open(name, quoteId, kind, state) as Promise<Room>;
    },
    /** Removes a connection; the last one out folds the room's log into its state and unloads it. */
    leave(conn: Conn) {
      const room = conn.room;
      if (!room.conns.delete(conn)) return;
      for (const [clientId, writer] of room.writers) if (writer === conn) room.writers.delete(clientId);
      // The leaving connection as origin: its removals reach the other processes as its own.
      if (conn.awarenessIds.size > 0) removeAwarenessStates(room.awareness, [...conn.awarenessIds], conn);
      if (room.conns.size === 0 && rooms.get(room.name) === room) void documentLog.unload(room);
    },
    /** Shared mode: an admitted socket joined (`joined`) or never will; the room may unload once unpinned. */
    unpin(room: Room, joined: boolean) {
      room.pins = Math.max(0, room.pins - 1);
      if (shared && !joined && room.conns.size === 0 && rooms.get(room.name) === room)
        void documentLog.unload(room);
    },
    /** Shared mode: the follower's handlers (other processes' commits, reloads, deletions, presence). */
    remote: createRemoteStage(pipeline, space),
    discard: pipeline.discard,
    refuse: pipeline.refuse,
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

/** The SQLite document store, which one process needs. */
function sqliteStore(options: RoomsOptions) {
  if (!options.store)
    throw new Error("the rooms run on SQLite without PostgreSQL: a document store is needed");
  return options.store;
}

export type Rooms = ReturnType<typeof createRooms>;
